import Synchronization

/// Registers the objects an app's intents reach through `@Dependency`, as early as the
/// app launches (`AppDependencyManager.shared.add { MyWorkoutManager() }`).
public final class AppDependencyManager: Sendable {
    public static let shared = AppDependencyManager()

    private let entries = Mutex<[ObjectIdentifier: any Sendable]>([:])

    public init() {}

    /// Adds (or replaces) the dependency of the closure's result type.
    public func add<Dependency: Sendable>(dependency: @Sendable () -> Dependency) {
        let value = dependency()
        entries.withLock { $0[ObjectIdentifier(Dependency.self)] = value }
    }

    /// Same as `add(dependency:)`, for the trailing-closure spelling Apple uses.
    public func add<Dependency: Sendable>(_ dependency: @Sendable () -> Dependency) {
        add(dependency: dependency)
    }

    /// Forgets every dependency (for tests that install apps one after another).
    public func removeAll() { entries.withLock { $0.removeAll() } }

    func resolve<Dependency>(_ type: Dependency.Type) -> Dependency? {
        entries.withLock { $0[ObjectIdentifier(type)] as? Dependency }
    }
}

/// An object an intent gets from `AppDependencyManager`, resolved when first read.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
    private let manager: AppDependencyManager

    public init(manager: AppDependencyManager = .shared) { self.manager = manager }

    public var wrappedValue: Value {
        guard let value = manager.resolve(Value.self) else {
            fatalError("@Dependency \(Value.self) was read but never added; call AppDependencyManager.shared.add { ... } at launch")
        }
        return value
    }
}
