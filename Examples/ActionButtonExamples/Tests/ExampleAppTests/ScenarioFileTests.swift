import ActionButtonHarness
import Testing
@testable import DiveApp
@testable import WorkoutApp

/// The package's scenario files, loaded into the harness: the same checks `action-examples
/// test scenarios` makes, from a Swift test.
@Suite("Scenario files")
struct ScenarioFileTests {
    static let directory: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/scenarios"
    }()

    @Test("S1/S2: each scenario file passes against Apple's apps", arguments: ["workout.yaml", "dive.yaml"])
    func scenarioPasses(file: String) async throws {
        let watch = try ActionButtonHarness(scenarioAt: Self.directory + "/" + file, apps: [myWorkoutApp, myDiveApp])
        try await watch.replayScenario()
        #expect(!watch.scenarioResults.isEmpty)
        watch.expectScenarioPasses()
    }
}
