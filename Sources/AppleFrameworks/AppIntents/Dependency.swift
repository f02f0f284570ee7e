import Synchronization

/// Registers the objects an app's intents reach through `@Dependency`, as early as the
/// app launches (`AppDependencyManager.shared.add { MyWorkoutManager() }`).
///
/// On a watch there is one app process, so `shared` is simply the app's. A test process
/// runs many simulated watches at once, so while app code runs inside one (its launch,
/// its intents, the tasks they start) `shared` adds to and reads from that watch's own
/// manager first; outside any watch it is one process-wide manager, as on a device.
public final class AppDependencyManager: Sendable {
    /// Why a dependency could not be handed out (Apple's page: "AppDependencyManager.Error").
    /// Here a missing dependency stops the program with its name, as a watch app crashes.
    public enum Error<Value>: Swift.Error, @unchecked Sendable {
        case failedToLoadDependency(AnyHashable, Value.Type)
        case failedToRetrieveDependency(AnyHashable, Value.Type)
        case incorrectDependencyType(AnyHashable, Value.Type, any Any.Type)
    }

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
    /// Dependencies added with an `async` or throwing closure, not made yet: the simulated
    /// watch makes each before an intent that reads it performs.
    private let providers = Mutex<[Entry: @Sendable () async throws -> any Sendable]>([:])

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

    /// Adds a dependency an `async` or throwing closure makes (Apple's third form:
    /// `add { try await Store.open() }`). It is made once, before the first intent that
    /// reads it through `@Dependency` performs; if it throws, that intent fails with the error.
    public func add<Dependency: Sendable>(key: AnyHashable? = nil,
                                          dependency dependencyProvider: @escaping @Sendable () async throws -> Dependency) {
        if let scope = watchScope {
            scope.add(key: key, dependency: dependencyProvider)
            return
        }
        let entry = Entry(Dependency.self, key: key)
        entries.withLock { _ = $0.removeValue(forKey: entry) }
        providers.withLock { $0[entry] = { try await dependencyProvider() } }
    }

    /// Forgets every dependency (of the current watch, inside one).
    public func removeAll() {
        if let scope = watchScope {
            scope.removeAll()
            return
        }
        entries.withLock { $0.removeAll() }
        providers.withLock { $0.removeAll() }
    }

    /// The registered dependency of this type: the current watch's, else the process-wide one.
    public func resolve<Dependency>(_ type: Dependency.Type, key: AnyHashable? = nil) -> Dependency? {
        if let scope = watchScope, let value = scope.resolve(type, key: key) { return value }
        let entry = Entry(type, key: key)
        return entries.withLock { $0[entry] as? Dependency }
    }

    /// Whether a dependency of this type was added with an `async` closure that has not run yet.
    func isPending<Dependency>(_ type: Dependency.Type, key: AnyHashable?) -> Bool {
        if let scope = watchScope, scope.isPending(type, key: key) { return true }
        let entry = Entry(type, key: key)
        return providers.withLock { $0[entry] != nil }
    }

    /// Makes the dependency of this type and key if it was added with an `async` closure and
    /// not made yet (the current watch's first, then the process-wide one): what the watch's
    /// runtime does for each `@Dependency` of an intent before it performs.
    func makePending<Dependency>(_ type: Dependency.Type, key: AnyHashable?) async throws {
        if let scope = watchScope, scope.isPending(type, key: key) {
            try await scope.makePending(type, key: key)
            return
        }
        let entry = Entry(type, key: key)
        guard let provider = providers.withLock({ $0[entry] }) else { return }
        let value = try await provider()
        providers.withLock { _ = $0.removeValue(forKey: entry) }
        entries.withLock { $0[entry] = value }
    }

    /// The current watch's manager, when this is `shared` and app code runs on a watch.
    private var watchScope: AppDependencyManager? {
        guard self === Self.shared, let scope = ActionButtonRuntime.current?.dependencies, scope !== self else { return nil }
        return scope
    }
}

/// An object an intent gets from `AppDependencyManager`, resolved each time it is read (so
/// inside a simulated watch it is that watch's).
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
    fileprivate let manager: AppDependencyManager
    fileprivate let key: Key?
    fileprivate let fallback: Fallback?

    /// A dependency's key as the wrapper keeps it. @unchecked: the key (a string, as apps
    /// write it) is only ever hashed and compared.
    fileprivate struct Key: @unchecked Sendable {
        let value: AnyHashable
    }

    /// What `init(key:manager:default:)` was given, made on first use and kept by the
    /// wrapper. @unchecked: Apple's closures are not `@Sendable`; each is called once, under
    /// the lock (the `async` one before the intent that holds the wrapper performs).
    fileprivate final class Fallback: @unchecked Sendable {
        private let make: (() -> Value)?
        private let makeAsync: (() async throws -> Value)?
        private let made = Mutex<Value?>(nil)

        init(_ make: @escaping () -> Value) {
            self.make = make
            self.makeAsync = nil
        }

        init(async make: @escaping () async throws -> Value) {
            self.make = nil
            self.makeAsync = make
        }

        func value() -> Value? {
            made.withLock { made in
                if let made { return made }
                guard let make else { return nil }
                let value = make()
                made = value
                return value
            }
        }

        func prepare() async throws {
            guard let makeAsync, made.withLock({ $0 == nil }) else { return }
            let value = try await makeAsync()
            made.withLock { $0 = $0 ?? value }
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

    /// With a default an `async` or throwing closure makes (Apple's other
    /// `init(key:manager:default:)`): made before the intent that holds it performs, if
    /// nothing of the type was added by then.
    public init(key: AnyHashable? = nil, manager: AppDependencyManager = .shared,
                default defaultValueProvider: @escaping () async throws -> Value) {
        self.key = key.map(Key.init)
        self.manager = manager
        self.fallback = Fallback(async: defaultValueProvider)
    }

    public var wrappedValue: Value {
        if let value = manager.resolve(Value.self, key: key?.value) ?? fallback?.value() { return value }
        if manager.isPending(Value.self, key: key?.value) {
            fatalError("@Dependency \(Value.self) was added with an async closure and read before any intent ran; "
                       + "the watch makes such dependencies just before an intent performs")
        }
        fatalError("@Dependency \(Value.self) was read but never added; call AppDependencyManager.shared.add { ... } at launch")
    }

    /// The wrapper itself, as Apple's `$name` gives it.
    public var projectedValue: Dependency<Value> { self }
}

/// What the simulated watch does with an intent's dependencies before `perform()`: for each
/// of the intent's `@Dependency` properties, makes the dependency if it was added with an
/// `async` closure, else the property's `async` default.
package enum DependencyPreparation {
    package static func prepare(_ intent: any Sendable) async throws {
        for child in Mirror(reflecting: intent).children {
            if let wrapper = child.value as? any PreparedDependency { try await wrapper.prepare() }
        }
    }
}

private protocol PreparedDependency: Sendable {
    func prepare() async throws
}

extension Dependency: PreparedDependency {
    fileprivate func prepare() async throws {
        guard manager.resolve(Value.self, key: key?.value) == nil else { return }
        try await manager.makePending(Value.self, key: key?.value)
        if manager.resolve(Value.self, key: key?.value) == nil { try await fallback?.prepare() }
    }
}

/// Apple's newer name for `@Dependency` (Apple's page: "AppDependency"): an object the app
/// registered with `AppDependencyManager`, resolved on the watch the code runs on.
public typealias AppDependency<Value: Sendable> = Dependency<Value>
