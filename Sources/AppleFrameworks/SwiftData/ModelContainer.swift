/// Where a container keeps its models, and how. The simulated watch keeps every store in
/// memory for the run, whatever the configuration says (a file, an app group, CloudKit): a
/// session's models live as long as the process.
public struct ModelConfiguration: Hashable, Sendable, Identifiable {
    public var name: String
    public var schema: Schema?
    public var isStoredInMemoryOnly: Bool
    public var allowsSave: Bool
    public var groupContainer: GroupContainer
    public var cloudKitDatabase: CloudKitDatabase
    /// Where a watch would keep the store (nothing is written there here).
    public var url: URL
    public var id: String { name }

    public init(_ name: String? = nil, schema: Schema? = nil, isStoredInMemoryOnly: Bool = false, allowsSave: Bool = true,
                groupContainer: GroupContainer = .automatic, cloudKitDatabase: CloudKitDatabase = .automatic) {
        self.name = name ?? "default"
        self.schema = schema
        self.isStoredInMemoryOnly = isStoredInMemoryOnly
        self.allowsSave = allowsSave
        self.groupContainer = groupContainer
        self.cloudKitDatabase = cloudKitDatabase
        url = URL(fileURLWithPath: "/dev/null")
    }

    public init(_ name: String? = nil, schema: Schema? = nil, url: URL, allowsSave: Bool = true,
                cloudKitDatabase: CloudKitDatabase = .automatic) {
        self.init(name, schema: schema, isStoredInMemoryOnly: false, allowsSave: allowsSave, cloudKitDatabase: cloudKitDatabase)
        self.url = url
    }

    public init(isStoredInMemoryOnly: Bool) {
        self.init(nil, isStoredInMemoryOnly: isStoredInMemoryOnly)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.name == rhs.name && lhs.isStoredInMemoryOnly == rhs.isStoredInMemoryOnly && lhs.allowsSave == rhs.allowsSave
            && lhs.groupContainer == rhs.groupContainer && lhs.cloudKitDatabase == rhs.cloudKitDatabase && lhs.url == rhs.url
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The app group a store would be shared through.
    public struct GroupContainer: Hashable, Sendable {
        let identifier: String?
        public static let automatic = GroupContainer(identifier: "automatic")
        public static let none = GroupContainer(identifier: nil)
        public static func identifier(_ groupName: String) -> GroupContainer { GroupContainer(identifier: groupName) }
    }

    /// The CloudKit database a store would sync with (no iCloud here: nothing syncs).
    public struct CloudKitDatabase: Hashable, Sendable {
        let container: String?
        public static let automatic = CloudKitDatabase(container: "automatic")
        public static let none = CloudKitDatabase(container: nil)
        public static func `private`(_ container: String) -> CloudKitDatabase { CloudKitDatabase(container: container) }
    }
}

/// The models an app keeps, and the contexts it reads them through.
public final class ModelContainer: @unchecked Sendable {
    public let schema: Schema
    public var configurations: Set<ModelConfiguration>
    public let migrationPlan: (any SchemaMigrationPlan.Type)?
    let store = ModelStore()
    private let main = Mutex<ModelContext?>(nil)

    public init(for givenSchema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
                configurations: [ModelConfiguration]) throws {
        schema = givenSchema
        self.migrationPlan = migrationPlan
        self.configurations = Set(configurations.isEmpty ? [ModelConfiguration(schema: givenSchema)] : configurations)
    }

    public convenience init(for givenSchema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
                            configurations: ModelConfiguration...) throws {
        try self.init(for: givenSchema, migrationPlan: migrationPlan, configurations: configurations)
    }

    public convenience init(for forTypes: any PersistentModel.Type..., migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
                            configurations: ModelConfiguration...) throws {
        try self.init(for: Schema(forTypes), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// The context of the main actor, made once.
    @MainActor public var mainContext: ModelContext {
        main.withLock { context in
            if let context { return context }
            let made = ModelContext(self)
            context = made
            return made
        }
    }

    /// Removes every model from the store.
    public func deleteAllData() { store.removeAll() }
}

import Synchronization

/// The models a container holds, saved ones only, in the order they were saved.
final class ModelStore: @unchecked Sendable {
    private let models = Locked<[ObjectIdentifier: (order: Int, model: any PersistentModel)]>([:])
    private let counter = Atomic<Int>(0)

    func save(inserted: [any PersistentModel], deleted: [any PersistentModel]) {
        models.withLock { models in
            for model in deleted { models[ObjectIdentifier(model)] = nil }
            for model in inserted where models[ObjectIdentifier(model)] == nil {
                models[ObjectIdentifier(model)] = (counter.add(1, ordering: .relaxed).oldValue, model)
            }
        }
    }

    func all() -> [any PersistentModel] { models.withLock { $0.values.sorted { $0.order < $1.order }.map(\.model) } }

    func contains(_ model: any PersistentModel) -> Bool { models.withLock { $0[ObjectIdentifier(model)] != nil } }

    func removeAll() { models.withLock { $0.removeAll() } }
}
