import Synchronization

/// A class the store keeps: `@Model` adds the conformance.
public protocol PersistentModel: AnyObject, Observable, Hashable, Identifiable {
    /// Where the model is in a context: written by `@Model`, read by the store.
    var _modelBacking: ModelBacking { get }
    /// The models this one's `.cascade` relationships hold now: written by `@Model`, read
    /// when the model is deleted.
    func _cascadedModels() -> [any PersistentModel]
}

extension PersistentModel {
    public func _cascadedModels() -> [any PersistentModel] { [] }

    /// The model's identity in its store, stable for the run.
    public var persistentModelID: PersistentIdentifier { _modelBacking.identifier(for: Self.self) }
    /// The context the model was inserted in, nil before (and after it is deleted and saved).
    public var modelContext: ModelContext? { _modelBacking.context }
    /// Deleted from its context, and not yet saved.
    public var isDeleted: Bool { _modelBacking.state.withLock { $0.deleted } }
    /// Changed since its context last saved (inserted or deleted, here).
    public var hasChanges: Bool { modelContext?.hasChanges(self) ?? false }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var id: PersistentIdentifier { persistentModelID }
}

/// What `@Model` adds to a model: its identifier and its context. Not for apps' use.
public final class ModelBacking: Sendable {
    struct State {
        var number: Int?
        weak var context: ModelContext?
        var deleted = false
    }
    let state = Mutex(State())
    private static let next = Atomic<Int>(1)

    public init() {}

    var context: ModelContext? { state.withLock { $0.context } }

    func identifier(for type: Any.Type) -> PersistentIdentifier {
        let number = state.withLock { state in
            if let number = state.number { return number }
            let number = Self.next.add(1, ordering: .relaxed).oldValue
            state.number = number
            return number
        }
        return PersistentIdentifier(entityName: String(describing: type), number: number)
    }
}

/// A model's identity: the entity (its class) and a number the store gave it.
public struct PersistentIdentifier: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let entityName: String
    let number: Int
    /// The store the model lives in (one per run here).
    public var storeIdentifier: String? { "actionsim.memory" }

    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.entityName, lhs.number) < (rhs.entityName, rhs.number) }
    public var description: String { "\(entityName)/p\(number)" }
}

/// What `@Model` calls for each `.cascade` relationship: a to-one (optional or not) model.
public func _appendRelated<Model: PersistentModel>(_ value: Model?, to models: inout [any PersistentModel]) {
    if let value { models.append(value) }
}

/// What `@Model` calls for each `.cascade` relationship: a to-many array or set.
public func _appendRelated<Models: Sequence>(_ values: Models?, to models: inout [any PersistentModel])
    where Models.Element: PersistentModel {
    guard let values else { return }
    for value in values { models.append(value) }
}
