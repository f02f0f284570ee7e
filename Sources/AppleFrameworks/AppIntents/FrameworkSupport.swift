import Foundation

// What the framework stand-ins (HealthKit, CoreMotion, WatchKit, os) share. `package`: the
// modules of this package use it; an app's own code never sees it.

/// State behind a lock, for the stand-ins' reference types. Apple's delegates are plain
/// objects (not `Sendable`), held weakly; the lock is what makes the holder safe to share.
package final class LockedState<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Dates the stand-ins hand back: a fixed day plus the engine's time, so that two runs of a
/// scenario see the same dates (and outside a simulated watch, the real date).
package enum SimulatedDate {
    /// 2025-01-01T00:00:00Z, when every simulation begins.
    package static let origin = Date(timeIntervalSince1970: 1_735_689_600)

    package static func at(_ time: Duration) -> Date {
        let (seconds, attoseconds) = time.components
        return origin.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }

    package static func now(on host: any ActionButtonHost) -> Date { at(host.now) }

    package static var now: Date { ActionButtonRuntime.host.map(now(on:)) ?? Date() }
}
