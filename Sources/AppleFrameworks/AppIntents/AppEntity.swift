/// Something of the app's an intent can take or return, such as a saved route or a dive
/// site (Apple's page: "AppEntity"): an identifier, how it shows itself, and the query that
/// finds it again from its identifier.
public protocol AppEntity: InstanceDisplayRepresentable, TypeDisplayRepresentable, Identifiable, Sendable
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
