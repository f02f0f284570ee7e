import Foundation

// Apple's property-matched entity queries (Apple's pages: "EntityPropertyQuery",
// "EntityQueryProperties", "EntityQueryProperty", "EntityQueryComparator"), and the
// `@Property` of an entity they match against. The Action button never searches entities:
// these compile and keep what they declare, and an app or a test may call them.

/// A property of an entity the system can see and query (Apple's page: "EntityProperty"):
/// `@Property(title: "Name") var name: String` in an `AppEntity`.
@propertyWrapper
public final class EntityProperty<Value: Sendable>: @unchecked Sendable {
    // @unchecked: the value is behind the lock.
    private let lock = NSLock()
    private var value: Value?
    public let title: LocalizedStringResource?

    public init(title: LocalizedStringResource? = nil) {
        self.title = title
    }

    public init(wrappedValue: Value, title: LocalizedStringResource? = nil) {
        self.title = title
        self.value = wrappedValue
    }

    public var wrappedValue: Value {
        get {
            lock.lock()
            defer { lock.unlock() }
            if let value { return value }
            if let none = (Value.self as? any ExpressibleByNilLiteral.Type)?.init(nilLiteral: ()) as? Value { return none }
            fatalError("@Property \(title.map { "\"\($0.key)\"" } ?? "") was read before a value was set")
        }
        set {
            lock.lock()
            value = newValue
            lock.unlock()
        }
    }

    /// `$name`: the property itself, as queries name it.
    public var projectedValue: EntityProperty<Value> { self }
}

extension AppEntity {
    /// Apple's `@Property` inside an entity.
    public typealias Property<Value: Sendable> = EntityProperty<Value>
}

/// Whether an entity must match all of a query's comparators or any of them.
public enum EntityQueryComparatorMode: Sendable, Hashable {
    case and
    case or
}

/// One comparison a query property offers (Apple's page: "EntityQueryComparator"): it maps
/// the value someone gives into the app's own `ComparatorMappingType` (a predicate, say).
public class EntityQueryComparator<Property: EntityProperty<PropertyType>, PropertyType: Sendable, InputType, ComparatorMappingType>:
    @unchecked Sendable {
    // @unchecked: the transform is only called, never changed.
    public let mappingTransform: (InputType) -> ComparatorMappingType

    public init(mappingTransform: @escaping (InputType) -> ComparatorMappingType) {
        self.mappingTransform = mappingTransform
    }
}

public final class EqualToComparator<Property: EntityProperty<PropertyType>, PropertyType: Sendable, ComparatorMappingType>:
    EntityQueryComparator<Property, PropertyType, PropertyType, ComparatorMappingType>, @unchecked Sendable {}
public final class NotEqualToComparator<Property: EntityProperty<PropertyType>, PropertyType: Sendable, ComparatorMappingType>:
    EntityQueryComparator<Property, PropertyType, PropertyType, ComparatorMappingType>, @unchecked Sendable {}
public final class LessThanComparator<Property: EntityProperty<PropertyType>, PropertyType: Sendable, ComparatorMappingType>:
    EntityQueryComparator<Property, PropertyType, PropertyType, ComparatorMappingType>, @unchecked Sendable {}
public final class LessThanOrEqualToComparator<Property: EntityProperty<PropertyType>, PropertyType: Sendable, ComparatorMappingType>:
    EntityQueryComparator<Property, PropertyType, PropertyType, ComparatorMappingType>, @unchecked Sendable {}
public final class GreaterThanComparator<Property: EntityProperty<PropertyType>, PropertyType: Sendable, ComparatorMappingType>:
    EntityQueryComparator<Property, PropertyType, PropertyType, ComparatorMappingType>, @unchecked Sendable {}
public final class GreaterThanOrEqualToComparator<Property: EntityProperty<PropertyType>, PropertyType: Sendable, ComparatorMappingType>:
    EntityQueryComparator<Property, PropertyType, PropertyType, ComparatorMappingType>, @unchecked Sendable {}
public final class ContainsComparator<Property: EntityProperty<PropertyType>, PropertyType: Sendable, ComparatorMappingType>:
    EntityQueryComparator<Property, PropertyType, PropertyType, ComparatorMappingType>, @unchecked Sendable {}
public final class HasPrefixComparator<Property: EntityProperty<PropertyType>, PropertyType: Sendable, ComparatorMappingType>:
    EntityQueryComparator<Property, PropertyType, PropertyType, ComparatorMappingType>, @unchecked Sendable {}
public final class HasSuffixComparator<Property: EntityProperty<PropertyType>, PropertyType: Sendable, ComparatorMappingType>:
    EntityQueryComparator<Property, PropertyType, PropertyType, ComparatorMappingType>, @unchecked Sendable {}

/// A comparator with its types erased (Apple's page: "AnyEntityQueryComparator").
public struct AnyEntityQueryComparator<Entity, Subject, Property: EntityProperty<PropertyType>, PropertyType: Sendable, ComparatorMappingType>:
    @unchecked Sendable {
    /// Maps a value someone gives for the property, when it is of the comparator's input type.
    public let map: (Any) -> ComparatorMappingType?

    init<InputType>(_ comparator: EntityQueryComparator<Property, PropertyType, InputType, ComparatorMappingType>) {
        map = { ($0 as? InputType).map(comparator.mappingTransform) }
    }
}

/// Builds a property's comparators.
@resultBuilder
public enum EntityQueryComparatorsBuilder<Entity, Subject, Property: EntityProperty<PropertyType>, PropertyType: Sendable, ComparatorMappingType> {
    public typealias Component = AnyEntityQueryComparator<Entity, Subject, Property, PropertyType, ComparatorMappingType>

    /// Any of the comparators above (each a subclass of `EntityQueryComparator`).
    public static func buildExpression<InputType>(
        _ comparator: EntityQueryComparator<Property, PropertyType, InputType, ComparatorMappingType>
    ) -> Component { .init(comparator) }

    public static func buildBlock(_ components: Component...) -> [Component] { components }
}

/// A property a query matches, and its comparators (Apple's page: "EntityQueryPropertyDeclaration").
public class EntityQueryPropertyDeclaration<Entity, ComparatorMappingType>: @unchecked Sendable {
    /// The property's title, if it has one.
    public let title: LocalizedStringResource?
    /// Maps a value for the property through each comparator that takes it.
    public let mappings: (Any) -> [ComparatorMappingType]

    init(title: LocalizedStringResource?, mappings: @escaping (Any) -> [ComparatorMappingType]) {
        self.title = title
        self.mappings = mappings
    }
}

/// A property of the entity (or of an entity it leads to) with its comparators (Apple's page:
/// "EntityQueryProperty").
public final class EntityQueryProperty<Entity: AppEntity, Subject: AppEntity, Property: EntityProperty<PropertyType>, PropertyType: Sendable,
                                       ComparatorMappingType>: EntityQueryPropertyDeclaration<Entity, ComparatorMappingType>, @unchecked Sendable {
    public typealias QueryComparators = [AnyEntityQueryComparator<Entity, Subject, Property, PropertyType, ComparatorMappingType>]

    public let keyPath: KeyPath<Subject, Property>

    public init(_ keyPath: KeyPath<Subject, Property>, entityProvider: @escaping (Entity) -> Subject,
                @EntityQueryComparatorsBuilder<Entity, Subject, Property, PropertyType, ComparatorMappingType> comparators: () -> QueryComparators) {
        self.keyPath = keyPath
        let comparators = comparators()
        super.init(title: nil) { value in comparators.compactMap { $0.map(value) } }
    }
}

extension EntityQueryProperty where Subject == Entity {
    /// A property of the entity itself.
    public convenience init(_ keyPath: KeyPath<Entity, Property>,
                            @EntityQueryComparatorsBuilder<Entity, Subject, Property, PropertyType, ComparatorMappingType> comparators: () -> QueryComparators) {
        self.init(keyPath, entityProvider: { $0 }, comparators: comparators)
    }
}

/// Builds a query's properties.
@resultBuilder
public enum EntityQueryPropertiesBuilder<Entity, ComparatorMappingType> {
    public static func buildBlock(_ components: EntityQueryPropertyDeclaration<Entity, ComparatorMappingType>...)
        -> [EntityQueryPropertyDeclaration<Entity, ComparatorMappingType>] { components }
}

/// The properties a query matches against (Apple's page: "EntityQueryProperties").
public struct EntityQueryProperties<Entity: AppEntity, ComparatorMappingType>: @unchecked Sendable {
    public let properties: [EntityQueryPropertyDeclaration<Entity, ComparatorMappingType>]

    public init(@EntityQueryPropertiesBuilder<Entity, ComparatorMappingType> properties: () -> [EntityQueryPropertyDeclaration<Entity, ComparatorMappingType>]) {
        self.properties = properties()
    }
}

/// A property results may be sorted by (Apple's page: "EntityQuerySortableByProperty").
public struct EntityQuerySortableByProperty<Entity: AppEntity>: @unchecked Sendable {
    public let keyPath: PartialKeyPath<Entity>

    public init<Property>(_ keyPath: KeyPath<Entity, Property>) { self.keyPath = keyPath }
}

/// The properties results may be sorted by (Apple's page: "EntityQuerySortingOptions").
public struct EntityQuerySortingOptions<Entity: AppEntity>: @unchecked Sendable {
    private let options: [EntityQuerySortableByProperty<Entity>]

    public init(@Builder sortingOptions: () -> [EntityQuerySortableByProperty<Entity>]) { options = sortingOptions() }

    public subscript(index: Int) -> EntityQuerySortableByProperty<Entity> { options[index] }
    public var count: Int { options.count }

    @resultBuilder
    public enum Builder {
        public static func buildBlock(_ components: EntityQuerySortableByProperty<Entity>...) -> [EntityQuerySortableByProperty<Entity>] { components }
    }
}

/// How results are to be sorted (Apple's page: "EntityQuerySort").
public struct EntityQuerySort<Entity: AppEntity>: @unchecked Sendable {
    public enum Ordering: Sendable, Hashable {
        case ascending
        case descending
    }

    public let by: PartialKeyPath<Entity>
    public let order: Ordering

    public init(by: PartialKeyPath<Entity>, order: Ordering) {
        self.by = by
        self.order = order
    }
}

/// A query that finds entities by their properties (Apple's page: "EntityPropertyQuery").
public protocol EntityPropertyQuery: EntityQuery {
    /// What the app's comparators map a value into, and `entities(matching:...)` takes.
    associatedtype ComparatorMappingType
    static var properties: EntityQueryProperties<Entity, ComparatorMappingType> { get }
    static var sortingOptions: EntityQuerySortingOptions<Entity> { get }
    func entities(matching comparators: [ComparatorMappingType], mode: EntityQueryComparatorMode,
                  sortedBy: [EntityQuerySort<Entity>], limit: Int?) async throws -> [Entity]
}

extension EntityPropertyQuery {
    public typealias QueryProperties = EntityQueryProperties<Entity, ComparatorMappingType>
    public typealias SortingOptions = EntityQuerySortingOptions<Entity>
    public typealias SortableBy = EntityQuerySortableByProperty<Entity>
    public typealias Sort = EntityQuerySort
    public typealias ComparatorMode = EntityQueryComparatorMode
    /// `Property(\.$name) { EqualToComparator { ... } }` inside `QueryProperties { ... }`.
    public typealias Property<EntityPropertyType: EntityProperty<PropertyType>, PropertyType: Sendable> =
        EntityQueryProperty<Entity, Entity, EntityPropertyType, PropertyType, ComparatorMappingType>
}
