import Synchronization

/// What an app reads and changes its models through. Inserted and deleted models are pending
/// until `save()` (or the next autosave: after each change here, when `autosaveEnabled`, as a
/// watch saves at its next moment); a fetch sees pending changes as Apple's does.
public final class ModelContext: @unchecked Sendable {
    public let container: ModelContainer
    /// Saves after each change when true (the main context's default on a watch).
    public var autosaveEnabled: Bool
    private struct Pending {
        var inserted: [any PersistentModel] = []
        var deleted: [any PersistentModel] = []
    }
    private let pending = Locked(Pending())

    public init(_ container: ModelContainer) {
        self.container = container
        autosaveEnabled = true
    }

    /// Changes not saved yet.
    public var hasChanges: Bool { pending.withLock { !$0.inserted.isEmpty || !$0.deleted.isEmpty } }

    func hasChanges(_ model: any PersistentModel) -> Bool {
        pending.withLock { state in
            state.inserted.contains { $0 === model } || state.deleted.contains { $0 === model }
        }
    }

    public var insertedModelsArray: [any PersistentModel] { pending.withLock { $0.inserted } }
    public var deletedModelsArray: [any PersistentModel] { pending.withLock { $0.deleted } }

    public func insert<T: PersistentModel>(_ model: T) {
        model._modelBacking.state.withLock { state in
            state.context = self
            state.deleted = false
        }
        pending.withLock { state in
            state.deleted.removeAll { $0 === model }
            if !state.inserted.contains(where: { $0 === model }), !container.store.contains(model) { state.inserted.append(model) }
        }
        autosave()
    }

    /// Deletes `model`, and with it the models its `.cascade` relationships hold (and
    /// theirs), as Apple's store does. Once saved, the models that stay no longer hold it.
    public func delete<T: PersistentModel>(_ model: T) {
        markDeleted(model)
        autosave()
    }

    private func markDeleted(_ model: some PersistentModel) {
        model._modelBacking.state.withLock { $0.deleted = true }
        pending.withLock { state in
            let wasPending = state.inserted.contains { $0 === model }
            state.inserted.removeAll { $0 === model }
            if !wasPending, !state.deleted.contains(where: { $0 === model }) { state.deleted.append(model) }
        }
        for related in model._cascadedModels() where !related.isDeleted { markDeleted(related) }
    }

    /// Deletes every model of `model` that `predicate` (all, when nil) selects.
    public func delete<T: PersistentModel>(model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true) throws {
        for found in try fetch(FetchDescriptor<T>(predicate: predicate)) { delete(found) }
    }

    /// Makes the pending changes the store's.
    public func save() throws {
        let (inserted, deleted) = pending.withLock { state in
            defer { state = Pending() }
            return (state.inserted, state.deleted)
        }
        container.store.save(inserted: inserted, deleted: deleted)
        for model in deleted { model._modelBacking.state.withLock { $0.context = nil } }
        // The models that stay let go of the deleted ones (SwiftData's default rule, `.nullify`):
        // a to-one relationship becomes nil, a to-many one loses them.
        if !deleted.isEmpty {
            let gone = Set(deleted.map(ObjectIdentifier.init))
            let pendingInserts = pending.withLock { $0.inserted }
            for model in container.store.all() + pendingInserts { model._releaseDeleted(gone) }
        }
    }

    /// Forgets the pending changes.
    public func rollback() {
        let (inserted, deleted) = pending.withLock { state in
            defer { state = Pending() }
            return (state.inserted, state.deleted)
        }
        for model in inserted { model._modelBacking.state.withLock { $0.context = nil } }
        for model in deleted { model._modelBacking.state.withLock { $0.deleted = false } }
    }

    /// Nothing is pending beyond what `save()` takes: kept for code that calls it.
    public func processPendingChanges() {}

    /// Runs `block`, then saves.
    public func transaction(block: () throws -> Void) throws {
        try block()
        try save()
    }

    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        var found = candidates(T.self, includePending: descriptor.includePendingChanges)
        if let predicate = descriptor.predicate { found = try found.filter { try predicate.evaluate($0) } }
        if !descriptor.sortBy.isEmpty { found.sort(using: descriptor.sortBy) }
        let start = min(descriptor.fetchOffset ?? 0, found.count)
        let end = descriptor.fetchLimit.map { min(start + $0, found.count) } ?? found.count
        return Array(found[start..<end])
    }

    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        var counted = descriptor
        counted.fetchLimit = nil
        counted.fetchOffset = nil
        let all = try fetch(counted).count
        let afterOffset = max(0, all - (descriptor.fetchOffset ?? 0))
        return descriptor.fetchLimit.map { min($0, afterOffset) } ?? afterOffset
    }

    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [PersistentIdentifier] {
        try fetch(descriptor).map(\.persistentModelID)
    }

    /// Calls `block` with each model `descriptor` fetches.
    public func enumerate<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, batchSize: Int = 5000,
                                              allowEscapingMutations: Bool = false, block: (T) throws -> Void) throws {
        for model in try fetch(descriptor) { try block(model) }
    }

    /// The model with this identifier, if the context knows it.
    public func registeredModel<T: PersistentModel>(for identifier: PersistentIdentifier) -> T? {
        candidates(T.self, includePending: true).first { $0.persistentModelID == identifier }
    }

    /// The model with this identifier (`registeredModel`, for a type known at run time).
    public func model(for identifier: PersistentIdentifier) -> any PersistentModel {
        let all = container.store.all() + pending.withLock { $0.inserted }
        guard let found = all.first(where: { $0.persistentModelID == identifier }) else {
            preconditionFailure("SwiftData: no model \(identifier) in this context")
        }
        return found
    }

    private func candidates<T: PersistentModel>(_ type: T.Type, includePending: Bool) -> [T] {
        let (inserted, deleted) = pending.withLock { ($0.inserted, $0.deleted) }
        var models = container.store.all().compactMap { $0 as? T }
        if includePending {
            models.removeAll { model in deleted.contains { $0 === model } }
            models += inserted.compactMap { $0 as? T }
        }
        return models
    }

    private func autosave() {
        if autosaveEnabled { try? save() }
    }
}

/// What to fetch: the models a predicate selects, in an order, some of them.
public struct FetchDescriptor<T: PersistentModel>: @unchecked Sendable {
    public var predicate: Predicate<T>?
    public var sortBy: [SortDescriptor<T>]
    public var fetchLimit: Int?
    public var fetchOffset: Int?
    public var includePendingChanges: Bool = true
    public var propertiesToFetch: [PartialKeyPath<T>] = []
    public var relationshipKeyPathsForPrefetching: [PartialKeyPath<T>] = []

    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}
