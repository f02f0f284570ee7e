import ActionButtonCore
import ActionButtonHarness
import AppIntents
import Scenarios
import Testing

@Suite("Virtual time and the start deadline")
struct VirtualTimeTests {
    @Test("A5: a perform() that sleeps 31 simulated seconds misses the deadline, and the test does not wait for the hour after it",
          .timeLimit(.minutes(15)))
    func deadlineOnVirtualTime() async throws {
        let started = ContinuousClock.now
        let watch = try ActionButtonHarness(app: workoutApp(SlowStartIntent.self), settings: settings())
        try await watch.press()
        try await watch.advance(by: .seconds(29))
        watch.expectNoErrors()
        try await watch.advance(by: .seconds(2))
        watch.expectError(.startDeadline)
        #expect(watch.startOutcomes == [.missed(returned: false, sessionStarted: false)])
        // The session still starts, late; the app stays in the foreground (A5).
        #expect(watch.session == .running)
        #expect(watch.appPresence == .foreground)
        // Functional, not a speed target: an hour of real waiting would mean time was not
        // virtual. The bound is far from both (a loaded machine took 26 s for the first 31 s).
        try await watch.advance(by: .seconds(3600))
        #expect(ContinuousClock.now - started < .seconds(600))
    }

    @Test("A5: a perform() that returns without starting a session misses the deadline for that reason")
    func deadlineWantsASession() async throws {
        let watch = try ActionButtonHarness(app: workoutApp(NoSessionStartIntent.self), settings: settings())
        try await watch.press()
        try await watch.advance(by: .seconds(31))
        #expect(watch.errors.map(\.message) == ["TestApp could not start: NoSessionStartIntent failed because it did not start a session within 30 seconds"])
        try await watch.wristDown()
        #expect(watch.appPresence == .background)
    }

    @Test("S2: the harness replays a scenario file to the same log as actionsim replay")
    func harnessMatchesReplay() async throws {
        let path = repositoryRoot + "/scenarios/demo.yaml"
        let scenario = try ScenarioParser.load(contentsOf: path)
        let replayed = try await ScenarioRunner.run(scenario)

        let watch = try ActionButtonHarness(scenarioAt: path)
        try await watch.replayScenario()
        #expect(watch.events == replayed.events)
        #expect(try await watch.scenarioResults.allSatisfy { $0.passed })
        try await watch.expectScenarioPasses()
    }

    @Test("AppIntent: Apple's `static var description = IntentDescription(...)` is the intent's description")
    func descriptionIsWitnessed() {
        func described<I: AppIntent>(_: I.Type) -> String { I.description.descriptionText.key }
        #expect(described(DescribedIntent.self) == "Order a vinyl record album.")
        #expect(described(MarkAIntent.self) == "")
    }
}

/// The package root, found from this file's path.
let repositoryRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()
