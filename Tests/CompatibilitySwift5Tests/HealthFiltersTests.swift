// Issue 24: who saved what (HKSource, HKSourceRevision, source queries, statistics by source),
// HealthKit's ready-made predicates and the rest of HKUnit, as a Swift 5 app calls them
// (WatchApp/HealthFilters.swift), with what each finds in the simulated watch's database.
import ActionButtonHarness
import AppIntents
import HealthKit
import Telemetry
import Testing

private let filtersApp = AppDefinition.workoutApp("Filters5", start: StartLogbookIntent.self)

@Suite("Swift 5: sources, predicates and units, as apps use them", .serialized)
struct HealthFiltersSwift5Tests {
    @Test("Sensor samples come from the watch, the app's from the app; predicates pick a workout's samples and route, metadata, devices, quantities")
    func sourcesAndPredicates() async throws {
        let watch = try ActionButtonHarness(app: filtersApp, settings: .workout(app: "Filters5", firstPress: "run"),
                                            instruments: SensorSuite.instruments(for: SensorSettings(), seed: 7))
        watch.stallLimit = .seconds(300)
        let filters = HealthFilters()
        try await watch.runInApp("start") { try? filters.start() }
        try await watch.advance(by: .seconds(30))
        try await watch.runInApp("save") { filters.saveOwn() }
        try await watch.advance(by: .seconds(30))
        try await watch.runInApp("finish") { filters.finish() }
        try await watch.runInApp("query") { filters.query() }
        let lines = filters.lines
        #expect(lines.contains("saved true"), "\(lines)")
        #expect(lines.contains("added true"))
        #expect(lines.contains("workout source true true 26"), "\(lines)")
        #expect(lines.contains("heart sources 2 true true"), "\(lines)")
        #expect(lines.contains("by source 2 150 true true"), "\(lines)")
        #expect(lines.contains("not separated true true"))
        #expect(lines.contains("hourly sources 2 2 150"), "\(lines)")
        #expect(lines.contains("workout's heart rates true 1"), "\(lines)")
        #expect(lines.contains("workout's body mass 0"))
        #expect(lines.contains("workout's routes 1"), "\(lines)")
        // Body mass: 80 kg is heavier than 75; both have a scale; one at the gym; one low
        // battery; both from the app; no correlations.
        #expect(lines.contains("mass 1 2 1 1 2 2 true"), "\(lines)")
        #expect(lines.contains("devices true true 0"), "\(lines)")
        #expect(lines.contains("workouts 1 0 1 1"), "\(lines)")
        #expect(lines.contains("async sources 2"), "\(lines)")
        // A run of one running leg, with distance, energy and heart rate; no strokes or floors.
        #expect(lines.contains("more workouts 10011010111110"), "\(lines)")
        #expect(lines.contains("by sets 2 2 1"), "\(lines)")
    }

    @Test("Volumes, moles, frequency, electricity, angles, light and the levels that convert only to themselves")
    func units() async throws {
        let filters = HealthFilters()
        filters.units()
        #expect(filters.lines == ["more units "])
    }

    @Test("Every case docs/apple-coverage.md lists, with Apple's raw values; what the watch can do; the rest listed by name")
    func everyMember() {
        #expect(EveryMember.rawValues() == [
            "CLActivityType": [1, 2, 3, 4, 5], "CLAuthorizationStatus": [0, 1, 2, 3, 4], "CLAccuracyAuthorization": [0, 1],
            "CMPedometerEventType": [0, 1], "CMAuthorizationStatus": [0, 1, 2, 3], "DepthState": [0, 100, 200, 300, 400, 500, 600],
        ])
        #expect(EveryMember.capabilities().allSatisfy { $0 })
        #expect(EveryMember.rest() == Array(repeating: true, count: 9))
    }
}
