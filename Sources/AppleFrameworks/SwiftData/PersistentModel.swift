import Synchronization

/// A class the store keeps: `@Model` adds the conformance.
public protocol PersistentModel: AnyObject, Observable, Hashable, Identifiable {
    /// Where the model is in a context: written by `@Model`, read by the store.
    var _modelBacking: ModelBacking { get }
    /// The models this one's `.cascade` relationships hold now: written by `@Model`, read
    /// when the model is deleted.
    func _cascadedModels() -> [any PersistentModel]
    /// Lets go of the deleted models this one's properties hold (a to-one set to nil, a
    /// to-many without them): written by `@Model`, called when a context saves a deletion.
    func _releaseDeleted(_ deleted: Set<ObjectIdentifier>)
}

extension PersistentModel {
    public func _cascadedModels() -> [any PersistentModel] { [] }
    public func _releaseDeleted(_ deleted: Set<ObjectIdentifier>) {}

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

/// What `@Model` calls for each stored property when deleted models are let go of: nil for a
/// property that holds no model (the value stays as it is).
public func _withoutDeleted<Value>(_ value: Value, _ deleted: Set<ObjectIdentifier>) -> Value? { nil }

/// A to-one relationship holding a deleted model: nil (the rule `.nullify`, SwiftData's default).
public func _withoutDeleted<Model: PersistentModel>(_ value: Model?, _ deleted: Set<ObjectIdentifier>) -> Model?? {
    guard let value, deleted.contains(ObjectIdentifier(value)) else { return nil }
    return .some(nil)
}

/// A to-many relationship: the same models without the deleted ones, if it held any.
public func _withoutDeleted<Model: PersistentModel>(_ value: [Model], _ deleted: Set<ObjectIdentifier>) -> [Model]? {
    value.contains { deleted.contains(ObjectIdentifier($0)) } ? value.filter { !deleted.contains(ObjectIdentifier($0)) } : nil
}

/// An optional to-many relationship.
public func _withoutDeleted<Model: PersistentModel>(_ value: [Model]?, _ deleted: Set<ObjectIdentifier>) -> [Model]?? {
    guard let value, let kept = _withoutDeleted(value, deleted) else { return nil }
    return .some(kept)
}

/// A to-many relationship kept as a set.
public func _withoutDeleted<Model: PersistentModel>(_ value: Set<Model>, _ deleted: Set<ObjectIdentifier>) -> Set<Model>? {
    value.contains { deleted.contains(ObjectIdentifier($0)) } ? value.filter { !deleted.contains(ObjectIdentifier($0)) } : nil
}
