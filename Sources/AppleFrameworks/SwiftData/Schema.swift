/// The models a container keeps, and the versions of their shape.
public final class Schema: Sendable {
    public let entities: [Entity]
    public let version: Version

    public init(_ types: [any PersistentModel.Type], version: Version = Version(1, 0, 0)) {
        entities = types.map { Entity(name: String(describing: $0)) }
        self.version = version
    }

    public convenience init(_ types: any PersistentModel.Type..., version: Version = Version(1, 0, 0)) {
        self.init(types, version: version)
    }

    public convenience init(versionedSchema: any VersionedSchema.Type) {
        self.init(versionedSchema.models, version: versionedSchema.versionIdentifier)
    }

    /// One model's place in the schema.
    public struct Entity: Sendable, Hashable {
        public let name: String
    }

    /// A schema's version, as three numbers.
    public struct Version: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
        public let major: Int, minor: Int, patch: Int
        public init(_ major: Int, _ minor: Int, _ patch: Int) {
            self.major = major
            self.minor = minor
            self.patch = patch
        }
        public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch) }
        public var description: String { "\(major).\(minor).\(patch)" }
    }

    public enum Attribute {
        /// How a store keeps a property (`@Attribute`'s options).
        public struct Option: Sendable, Hashable {
            let name: String
            public static let unique = Option(name: "unique")
            public static let externalStorage = Option(name: "externalStorage")
            public static let allowsCloudEncryption = Option(name: "allowsCloudEncryption")
            public static let preserveValueOnDeletion = Option(name: "preserveValueOnDeletion")
            public static let ephemeral = Option(name: "ephemeral")
            public static let spotlight = Option(name: "spotlight")
            public static func transformable(by transformerName: String) -> Option { Option(name: "transformable(\(transformerName))") }
            public static func transformable(by transformerType: AnyClass) -> Option {
                Option(name: "transformable(\(String(describing: transformerType)))")
            }
        }
    }

    public enum Relationship {
        /// What deleting a model does to the models it relates to.
        public enum DeleteRule: Sendable, Hashable, Codable {
            case nullify, cascade, deny, noAction
        }

        public struct Option: Sendable, Hashable {
            let name: String
            public static let unique = Option(name: "unique")
        }
    }
}

/// One version of an app's models, for migrations.
public protocol VersionedSchema {
    static var versionIdentifier: Schema.Version { get }
    static var models: [any PersistentModel.Type] { get }
}

/// How a store moves from one schema version to the next. Kept, never run: the in-memory
/// store starts empty each run, so there is nothing to migrate.
public protocol SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { get }
    static var stages: [MigrationStage] { get }
}

public enum MigrationStage {
    case lightweight(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type)
    case custom(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type,
                willMigrate: (@Sendable (ModelContext) throws -> Void)?, didMigrate: (@Sendable (ModelContext) throws -> Void)?)
}
