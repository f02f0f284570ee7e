import Synchronization

/// Registers the objects an app's intents reach through `@Dependency`, as early as the
/// app launches (`AppDependencyManager.shared.add { MyWorkoutManager() }`).
///
/// On a watch there is one app process, so `shared` is simply the app's. A test process
/// runs many simulated watches at once, so while app code runs inside one (its launch,
/// its intents, the tasks they start) `shared` adds to and reads from that watch's own
/// manager first; outside any watch it is one process-wide manager, as on a device.
public final class AppDependencyManager: Sendable {
    public static let shared = AppDependencyManager()

    private let entries = Mutex<[ObjectIdentifier: any Sendable]>([:])

    public init() {}

    /// Adds (or replaces) the dependency of the closure's result type. Apple's spelling is
    /// the trailing closure: `AppDependencyManager.shared.add { MyWorkoutManager() }`.
    public func add<Dependency: Sendable>(dependency: @Sendable () -> Dependency) {
        if let scope = watchScope {
            scope.add(dependency: dependency)
            return
        }
        let value = dependency()
        entries.withLock { $0[ObjectIdentifier(Dependency.self)] = value }
    }

    /// Forgets every dependency (of the current watch, inside one).
    public func removeAll() {
        if let scope = watchScope {
            scope.removeAll()
            return
        }
        entries.withLock { $0.removeAll() }
    }

    /// The registered dependency of this type: the current watch's, else the process-wide one.
    public func resolve<Dependency>(_ type: Dependency.Type) -> Dependency? {
        if let scope = watchScope, let value = scope.resolve(type) { return value }
        return entries.withLock { $0[ObjectIdentifier(type)] as? Dependency }
    }

    /// The current watch's manager, when this is `shared` and app code runs on a watch.
    private var watchScope: AppDependencyManager? {
        guard self === Self.shared, let scope = ActionButtonRuntime.host?.dependencies, scope !== self else { return nil }
        return scope
    }
}

/// An object an intent gets from `AppDependencyManager`, resolved each time it is read (so
/// inside a simulated watch it is that watch's).
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

/// Apple's newer name for `@Dependency` (Apple's page: "AppDependency"): an object the app
/// registered with `AppDependencyManager`, resolved on the watch the code runs on.
public typealias AppDependency<Value: Sendable> = Dependency<Value>
