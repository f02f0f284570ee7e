import ActionButtonHarness
import Testing
@testable import TrailRunner

/// TrailRunner, built from its watch target's folder as it is, on simulated Apple Watch
/// Ultras. Each test launches watches of its own: each runs the app in a process of its
/// own, so `WorkoutManager.shared` starts fresh on every watch, as on a real one.
@Suite("TrailRunner and the Action button")
struct TrailRunnerTests {
    static let running = ActionButtonSettings.workout(app: "TrailRunner", firstPress: "running")

    @Test("A3, A5: the first press launches TrailRunner and starts the First Press workout in time")
    func firstPress() async throws {
        let watch = try await ActionButtonHarness.launch(settings: Self.running)
        try await watch.press()
        try await watch.advance(by: .seconds(1))
        #expect(watch.performedNames == ["StartTrailWorkoutIntent"])
        #expect(watch.performed.first?.parameters["workoutStyle"] == "running")
        #expect(watch.startOutcomes.count == 1)
        watch.expectSession(.running)
        #expect(watch.errors.isEmpty, "the watch showed \(watch.errors)")
    }

    @Test("A6: the start result donates Mark Lap, then the task that begins data collection donates it again")
    func donations() async throws {
        let watch = try await ActionButtonHarness.launch(settings: Self.running)
        try await watch.press()
        try await watch.advance(by: .seconds(1))
        let result = watch.events.firstIndex { event in
            if case .system(.intentReturned(_, let intent)) = event.kind { intent?.name == "MarkLapIntent" } else { false }
        }
        let donation = watch.events.firstIndex { event in
            if case .donation(let intent, let donor) = event.kind {
                intent.name == "MarkLapIntent" && donor.name == "StartTrailWorkoutIntent"
            } else { false }
        }
        let resultIndex = try #require(result, "the start intent's result named no next action")
        let donationIndex = try #require(donation, "WorkoutManager.startCollectingData() donated nothing")
        #expect(resultIndex < donationIndex, "the task's donation must come after the result it replaces (A6)")
        watch.expectNextAction(MarkLapIntent.self)

        try await watch.advance(by: .seconds(60))
        try await watch.press()
        #expect(watch.performed.last?.name == "MarkLapIntent")
        #expect(watch.performed.last?.role == .nextAction)
        #expect(watch.markers == [.lap])
    }

    @Test("A7: Action + side pauses the workout, and again resumes it")
    func pauseChord() async throws {
        let watch = try await ActionButtonHarness.launch(settings: Self.running)
        try await watch.press()
        try await watch.advance(by: .seconds(30))
        try await watch.pressBoth()
        try await watch.advance(by: .seconds(1))
        #expect(watch.performed.last?.name == "PauseTrailWorkoutIntent")
        watch.expectSession(.paused)
        try await watch.advance(by: .seconds(30))
        try await watch.pressBoth()
        try await watch.advance(by: .seconds(1))
        #expect(watch.performed.last?.name == "ResumeTrailWorkoutIntent")
        watch.expectSession(.running)
    }

    @Test("Two watches in one test run: each counts its own laps in WorkoutManager.shared")
    func freshSingletonPerWatch() async throws {
        let first = try await ActionButtonHarness.launch(settings: Self.running)
        try await first.press()
        for _ in 0..<2 {
            try await first.advance(by: .seconds(30))
            try await first.press()
        }
        let second = try await ActionButtonHarness.launch(settings: .workout(app: "TrailRunner", firstPress: "hiking"))
        try await second.press()
        try await second.advance(by: .seconds(30))
        try await second.press()
        #expect(first.appLog.filter { $0.hasPrefix("Lap ") } == ["Lap 1", "Lap 2"])
        #expect(second.appLog.filter { $0.hasPrefix("Lap ") } == ["Lap 1"])
        // The lap history the app keeps with SwiftData, per watch, newest first.
        #expect(first.appLog.filter { $0.hasPrefix("History: ") } == ["History: 1", "History: 2, 1"])
        #expect(second.appLog.filter { $0.hasPrefix("History: ") } == ["History: 1"])
        #expect(second.performed.first?.parameters["workoutStyle"] == "hiking")
    }
}
