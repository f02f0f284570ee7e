import AppIntents
import Synchronization

/// What belongs to this watch rather than to the process (many simulated watches share one
/// test process): each app's own `@Dependency` scope, by app name, and the watch's one object
/// of a type (the health database, the running workout session). A lock for each: making an
/// object runs app-side code, which may well ask for the dependencies.
final class WatchObjects: Sendable {
    private let dependencyScopes = Mutex<[String: AppDependencyManager]>([:])
    private let objects = Mutex<[ObjectIdentifier: any AnyObject & Sendable]>([:])

    /// The app's dependency scope on this watch, made on first use.
    func dependencies(ofApp name: String) -> AppDependencyManager {
        dependencyScopes.withLock { scopes in
            if let scope = scopes[name] { return scope }
            let scope = AppDependencyManager()
            scopes[name] = scope
            return scope
        }
    }

    /// The watch's one object of `type`, made by `make` on first use.
    func object<Object: AnyObject & Sendable>(_ type: Object.Type, make: () -> Object) -> Object {
        objects.withLock { objects in
            if let object = objects[ObjectIdentifier(type)] as? Object { return object }
            let object = make()
            objects[ObjectIdentifier(type)] = object
            return object
        }
    }
}
