// Issue 24: SwiftData as watch apps' models use it (GymStreak's view model holds a
// ModelContext), in Swift 5 language mode, on the simulated watch (WatchApp/RoutineStore.swift).
import ActionButtonHarness
import AppIntents
import Testing

private let routinesApp = AppDefinition.workoutApp("Routines5", start: StartLogbookIntent.self)

@Suite("Swift 5: SwiftData models, as watch apps keep them", .serialized)
struct SwiftDataSwift5Tests {
    @Test("@Model classes are inserted, saved, fetched with #Predicate and SortDescriptor, counted, deleted (a cascading relationship's models with their owner) and rolled back")
    func modelsThroughAContext() async throws {
        let watch = try ActionButtonHarness(app: routinesApp, settings: .workout(app: "Routines5", firstPress: "run"))
        let model = try RoutineViewModel()
        try await watch.runInApp("add") { try? model.addRoutines() }
        try await watch.runInApp("query") { try? model.query() }
        try await watch.runInApp("delete") { try? model.deleteAndRollBack() }
        try await watch.runInApp("more") { try? model.more() }
        try await watch.runInApp("cascade") { try? model.cascade() }
        #expect(model.lines == [
            "pending true true",
            "saved false",
            "routines Legs,Push",
            "heavy sets 1",
            "found Push true",
            "other sees 2",
            "deleted true 1",
            "rolled back false 2",
            "after delete Legs",
            "more [\"Legs\"] Legs [\"Pull\"]",
            "schema 1.0.0 [\"Routine\", \"ExerciseSet\"]",
            "emptied 0",
            "cascade 2 1,1 1 1 true",
        ])
        // The main actor's context, autosaving, as a view's model uses it.
        #expect(try await MainActor.run { try mainContextRoutines() } == 1)
    }
}
