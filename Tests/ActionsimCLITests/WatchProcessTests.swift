import ActionButtonHarness
import Foundation
import Testing
import TestSupport

/// A simulated watch in a process of its own (`actionsim _watch`), as ActionButtonHarness
/// launches one per watch for apps built by init-package. The plain actionsim has manifest
/// apps only, which is enough to check that the watch and the log cross the process intact.
@Suite("A watch in a process of its own")
struct WatchProcessTests {
    static let scenario = CLI.packageRoot + "/scenarios/a07-pause-resume.yaml"

    @Test("S2: a launched watch replays a scenario to the same events, bit for bit, as a watch in the test's process")
    func sameEventsAsInProcess() async throws {
        let launched = try await ActionButtonHarness.launch(scenarioAt: Self.scenario, executable: CLI.binary)
        try await launched.replayScenario()
        let results = try await launched.scenarioResults
        #expect(!results.isEmpty)
        #expect(results.allSatisfy { $0.passed }, "\(results.filter { !$0.passed })")

        let here = try ActionButtonHarness(scenarioAt: Self.scenario)
        try await here.replayScenario()
        #expect(launched.events.count > 10)
        #expect(launched.events == here.events)
        #expect(launched.performedNames == here.performedNames)
        #expect(launched.now == here.now)
    }

    @Test("Two launched watches are two processes: what one does, the other does not see")
    func watchesAreSeparate() async throws {
        let first = try await ActionButtonHarness.launch(scenarioAt: Self.scenario, executable: CLI.binary)
        let second = try await ActionButtonHarness.launch(scenarioAt: Self.scenario, executable: CLI.binary)
        try await first.press()
        try await first.advance(by: .seconds(5))
        #expect(first.performedNames.count == 1)
        #expect(second.performedNames.isEmpty)
        #expect(second.session == .none)
    }

    @Test("Bad input: settings naming an app the executable lacks, or a process that is no watch, fail the test with what happened")
    func failures() async throws {
        do {
            _ = try await ActionButtonHarness.launch(settings: .workout(app: "TrailRunner"), executable: CLI.binary)
            Issue.record("installing an app actionsim does not have did not fail")
        } catch let failure as HarnessFailure {
            #expect(failure.message.contains("TrailRunner"), "\(failure)")
        }
        do {
            _ = try await ActionButtonHarness.launch(settings: .workout(app: "TrailRunner"), executable: "/bin/true")
            Issue.record("a process that is no watch did not fail")
        } catch {
            #expect("\(error)".contains("the watch process (/bin/true) exited with status 0"), "\(error)")
        }
    }
}
