import Foundation

/// A value behind a lock, for the models a store and a context hold: model classes are not
/// `Sendable` (an app's `@Model` class is a plain class), which `Mutex` would require to hand
/// them out; the lock is what makes sharing them between the app's tasks safe here.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
