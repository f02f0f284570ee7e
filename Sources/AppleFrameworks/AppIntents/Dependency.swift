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

    /// A dependency is found by its type, and by the key it was added with (nil for none),
    /// kept as its type and text: `AnyHashable` is not `Sendable`, and keys are strings or
    /// enum cases.
    private struct Entry: Hashable, Sendable {
        var type: ObjectIdentifier
        var key: String?

        init(_ type: Any.Type, key: AnyHashable?) {
            self.type = ObjectIdentifier(type)
            self.key = key.map { "\(Swift.type(of: $0.base)):\($0)" }
        }
    }

    private let entries = Mutex<[Entry: any Sendable]>([:])

    public init() {}

    /// Adds (or replaces) the dependency of the closure's result type. Apple's spelling is
    /// the trailing closure: `AppDependencyManager.shared.add { MyWorkoutManager() }`.
    public func add<Dependency: Sendable>(key: AnyHashable? = nil, dependency: @Sendable () -> Dependency) {
        if let scope = watchScope {
            scope.add(key: key, dependency: dependency)
            return
        }
        let value = dependency()
        let entry = Entry(Dependency.self, key: key)
        entries.withLock { $0[entry] = value }
    }

    /// Adds a value: `AppDependencyManager.shared.add(dependency: model)`, Apple's other
    /// spelling. The value is made at once (Apple's may wait for the first use).
    @_disfavoredOverload
    public func add<Dependency: Sendable>(key: AnyHashable? = nil, dependency: @autoclosure @Sendable () -> Dependency) {
        add(key: key) { dependency() }
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
    public func resolve<Dependency>(_ type: Dependency.Type, key: AnyHashable? = nil) -> Dependency? {
        if let scope = watchScope, let value = scope.resolve(type, key: key) { return value }
        let entry = Entry(type, key: key)
        return entries.withLock { $0[entry] as? Dependency }
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
    private let key: Key?
    private let fallback: Fallback?

    /// A dependency's key as the wrapper keeps it. @unchecked: the key (a string, as apps
    /// write it) is only ever hashed and compared.
    private struct Key: @unchecked Sendable {
        let value: AnyHashable
    }

    /// What `init(key:manager:default:)` was given, made on first use and kept by the
    /// wrapper. @unchecked: Apple's closure is not `@Sendable`; it is called once, under the lock.
    private final class Fallback: @unchecked Sendable {
        private let make: () -> Value
        private let made = Mutex<Value?>(nil)

        init(_ make: @escaping () -> Value) { self.make = make }

        func value() -> Value {
            made.withLock { made in
                if let made { return made }
                let value = make()
                made = value
                return value
            }
        }
    }

    public init(key: AnyHashable? = nil, manager: AppDependencyManager = .shared) {
        self.key = key.map(Key.init)
        self.manager = manager
        self.fallback = nil
    }

    /// With a value to use while nothing of the type was added (Apple's page:
    /// "init(key:manager:default:)"). Made the first time it is read while nothing is
    /// registered, then kept.
    public init(key: AnyHashable? = nil, manager: AppDependencyManager = .shared,
                default defaultValueProvider: @autoclosure @escaping () -> Value) {
        self.key = key.map(Key.init)
        self.manager = manager
        self.fallback = Fallback(defaultValueProvider)
    }

    public var wrappedValue: Value {
        guard let value = manager.resolve(Value.self, key: key?.value) ?? fallback?.value() else {
            fatalError("@Dependency \(Value.self) was read but never added; call AppDependencyManager.shared.add { ... } at launch")
        }
        return value
    }
}

/// Apple's newer name for `@Dependency` (Apple's page: "AppDependency"): an object the app
/// registered with `AppDependencyManager`, resolved on the watch the code runs on.
public typealias AppDependency<Value: Sendable> = Dependency<Value>
