// A watch app's models as apps write them with SwiftData (Swift 5 language mode): @Model
// classes with unique attributes, a cascading relationship and a transient property, a
// view model that holds a ModelContext, fetches with #Predicate and SortDescriptor.
import Foundation
import SwiftData

@Model
final class Routine {
    @Attribute(.unique) var name: String
    var createdAt: Date
    @Relationship(deleteRule: .cascade, inverse: \ExerciseSet.routine) var sets: [ExerciseSet] = []
    @Transient var isExpanded = false

    init(name: String, createdAt: Date) {
        self.name = name
        self.createdAt = createdAt
    }
}

@Model
final class ExerciseSet {
    var reps: Int
    var weight: Double
    var routine: Routine?

    init(reps: Int, weight: Double, routine: Routine? = nil) {
        self.reps = reps
        self.weight = weight
        self.routine = routine
    }
}

final class RoutineViewModel {
    let container: ModelContainer
    private let modelContext: ModelContext
    private(set) var lines: [String] = []

    init() throws {
        let schema = Schema([Routine.self, ExerciseSet.self])
        let configuration = ModelConfiguration(schema: schema, isStoredInMemoryOnly: false, cloudKitDatabase: .private("iCloud.example.routines"))
        container = try ModelContainer(for: schema, configurations: [configuration])
        modelContext = ModelContext(container)
        modelContext.autosaveEnabled = false
    }

    func addRoutines() throws {
        let legs = Routine(name: "Legs", createdAt: Date(timeIntervalSince1970: 200))
        let push = Routine(name: "Push", createdAt: Date(timeIntervalSince1970: 100))
        modelContext.insert(legs)
        modelContext.insert(push)
        let set = ExerciseSet(reps: 8, weight: 60, routine: legs)
        legs.sets.append(set)
        modelContext.insert(set)
        lines.append("pending \(modelContext.hasChanges) \(legs.hasChanges)")
        try modelContext.save()
        lines.append("saved \(modelContext.hasChanges)")
    }

    func query() throws {
        let newestFirst = FetchDescriptor<Routine>(sortBy: [SortDescriptor(\.createdAt, order: .reverse)])
        lines.append("routines " + (try modelContext.fetch(newestFirst)).map(\.name).joined(separator: ","))
        let heavy = #Predicate<ExerciseSet> { $0.weight >= 50 }
        lines.append("heavy sets \(try modelContext.fetchCount(FetchDescriptor(predicate: heavy)))")
        var first = FetchDescriptor<Routine>(predicate: #Predicate { $0.name.starts(with: "P") })
        first.fetchLimit = 1
        let found = try modelContext.fetch(first)
        lines.append("found \(found.first?.name ?? "none") \(found.first.map { $0.persistentModelID == $0.id } ?? false)")
        // Another context on the same container sees what was saved.
        let other = ModelContext(container)
        lines.append("other sees \(try other.fetchCount(FetchDescriptor<Routine>()))")
    }

    func deleteAndRollBack() throws {
        guard let push = try modelContext.fetch(FetchDescriptor<Routine>(predicate: #Predicate { $0.name == "Push" })).first else { return }
        modelContext.delete(push)
        lines.append("deleted \(push.isDeleted) \(try modelContext.fetchCount(FetchDescriptor<Routine>()))")
        modelContext.rollback()
        lines.append("rolled back \(push.isDeleted) \(try modelContext.fetchCount(FetchDescriptor<Routine>()))")
        try modelContext.delete(model: Routine.self, where: #Predicate { $0.name == "Push" })
        try modelContext.save()
        lines.append("after delete " + (try modelContext.fetch(FetchDescriptor<Routine>())).map(\.name).joined(separator: ","))
    }

    func more() throws {
        var names: [String] = []
        try modelContext.enumerate(FetchDescriptor<Routine>()) { names.append($0.name) }
        let identifiers = try modelContext.fetchIdentifiers(FetchDescriptor<Routine>())
        let again: Routine? = identifiers.first.flatMap { modelContext.registeredModel(for: $0) }
        try modelContext.transaction {
            modelContext.insert(Routine(name: "Pull", createdAt: Date(timeIntervalSince1970: 300)))
        }
        var paged = FetchDescriptor<Routine>(sortBy: [SortDescriptor(\.name)])
        paged.fetchOffset = 1
        lines.append("more \(names) \(again?.name ?? "none") \(try modelContext.fetch(paged).map(\.name))")
        let versioned = Schema(versionedSchema: RoutinesV1.self)
        lines.append("schema \(versioned.version) \(versioned.entities.map(\.name))")
        container.deleteAllData()
        lines.append("emptied \(try modelContext.fetchCount(FetchDescriptor<Routine>()))")
    }

    /// A routine's sets go with it (`deleteRule: .cascade`); a set deleted alone leaves its
    /// routine, and its routine's sets; a model that names a deleted one holds nil (`.nullify`).
    func cascade() throws {
        let arms = Routine(name: "Arms", createdAt: Date(timeIntervalSince1970: 400))
        modelContext.insert(arms)
        for reps in [10, 12] {
            let set = ExerciseSet(reps: reps, weight: 20, routine: arms)
            arms.sets.append(set)
            modelContext.insert(set)
        }
        try modelContext.save()
        let before = try modelContext.fetchCount(FetchDescriptor<ExerciseSet>())
        modelContext.delete(arms.sets[0])
        try modelContext.save()
        let afterSet = (try modelContext.fetchCount(FetchDescriptor<Routine>()), try modelContext.fetchCount(FetchDescriptor<ExerciseSet>()))
        // The deleted set is gone from its routine's sets (the inverse is nullified).
        let setsLeft = arms.sets.count
        // A set that names the routine without being one of its sets is not cascaded: it stays, its routine nil.
        let loose = ExerciseSet(reps: 5, weight: 10, routine: arms)
        modelContext.insert(loose)
        try modelContext.save()
        modelContext.delete(arms)
        try modelContext.save()
        let after = try modelContext.fetchCount(FetchDescriptor<ExerciseSet>())
        lines.append("cascade \(before) \(afterSet.0),\(afterSet.1) \(setsLeft) \(after) \(loose.routine == nil)")
    }
}

enum RoutinesV1: VersionedSchema {
    static var versionIdentifier: Schema.Version { Schema.Version(1, 0, 0) }
    static var models: [any PersistentModel.Type] { [Routine.self, ExerciseSet.self] }
}

@MainActor
func mainContextRoutines() throws -> Int {
    let container = try ModelContainer(for: Routine.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    container.mainContext.insert(Routine(name: "Core", createdAt: Date()))
    return try container.mainContext.fetchCount(FetchDescriptor<Routine>())
}
