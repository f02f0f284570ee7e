/// Something of the app's an intent can take or return, such as a saved route or a dive
/// site (Apple's page: "AppEntity"): an identifier, how it shows itself, and the query that
/// finds it again from its identifier.
public protocol AppEntity: AppValue, InstanceDisplayRepresentable, TypeDisplayRepresentable, Identifiable, Sendable
where ID: Sendable {
    associatedtype DefaultQuery: EntityQuery where DefaultQuery.Entity == Self
    static var defaultQuery: DefaultQuery { get }
}

/// Finds an app's entities from their identifiers (Apple's page: "EntityQuery"); the
/// system asks it when it resolves a parameter or a shortcut.
public protocol EntityQuery: Sendable {
    associatedtype Entity: AppEntity
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    /// What the system offers before anyone types (empty unless the app says).
    func suggestedEntities() async throws -> [Entity]
    init()
}

extension EntityQuery {
    public func suggestedEntities() async throws -> [Entity] { [] }
}

/// A query that also finds entities from text someone typed (Apple's page: "EntityStringQuery").
public protocol EntityStringQuery: EntityQuery {
    func entities(matching string: String) async throws -> [Entity]
}

/// A query over a small set it can list whole (Apple's page: "EnumerableEntityQuery").
public protocol EnumerableEntityQuery: EntityQuery {
    // Restated so that `allEntities()` alone names the entity type, as in Apple's.
    associatedtype Entity
    func allEntities() async throws -> [Entity]
}

extension EnumerableEntityQuery {
    public func entities(for identifiers: [Entity.ID]) async throws -> [Entity] {
        try await allEntities().filter { identifiers.contains($0.id) }
    }

    public func suggestedEntities() async throws -> [Entity] { try await allEntities() }
}

/// An intent that sets one value, such as a toggle's (Apple's page: "SetValueIntent").
public protocol SetValueIntent: AppIntent {
    associatedtype ValueType: Sendable
    var value: ValueType { get set }
}

/// An entity of which there is only ever one, such as the app's settings (Apple's page:
/// "UniqueAppEntity").
public protocol UniqueAppEntity: AppEntity where DefaultQuery: UniqueAppEntityQuery {}

/// The query of a unique entity (Apple's page: "UniqueAppEntityQuery"): it hands out the one
/// entity, and the other queries follow from it.
public protocol UniqueAppEntityQuery: EnumerableEntityQuery where Entity: UniqueAppEntity {
    associatedtype Unique where Entity == Unique
    func uniqueEntity() async throws -> Unique
}

extension UniqueAppEntityQuery {
    public func allEntities() async throws -> [Entity] { [try await uniqueEntity()] }
}

/// A unique entity's query made from a closure (Apple's page: "UniqueAppEntityProvider"):
/// `static let defaultQuery = UniqueAppEntityProvider { AppSettings() }`.
public struct UniqueAppEntityProvider<Entity: UniqueAppEntity>: UniqueAppEntityQuery {
    public typealias Unique = Entity
    private let provider: @Sendable () async throws -> Entity

    public init(_ provider: @escaping @Sendable () async throws -> Entity) { self.provider = provider }

    /// What the system would make on its own: it finds no entity.
    public init() { provider = { throw UniqueEntityUnavailable(entity: String(describing: Entity.self)) } }

    public func uniqueEntity() async throws -> Entity { try await provider() }
}

/// A `UniqueAppEntityProvider` made without its closure was asked for its entity.
public struct UniqueEntityUnavailable: Error, CustomStringConvertible, Sendable {
    public let entity: String
    public var description: String { "no \(entity): the UniqueAppEntityProvider was made without a closure" }
}
