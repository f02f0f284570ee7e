import Scenarios
import Telemetry
import Testing

@Suite("The demo with its sensors")
struct DemoTelemetryTests {
    @Test("S2, T3: the demo replays with its sensors, passes every expectation, and gives the same events twice")
    func demo() async throws {
        let scenario = try ScenarioParser.load(contentsOf: "scenarios/demo.yaml")
        func run() async throws -> ScenarioOutcome { try await ScenarioRunner.run(scenario) }
        let first = try await run()
        #expect(first.failures.map(\.message) == [])
        let samples = first.events.filter { if case .sample = $0.kind { true } else { false } }
        #expect(samples.count > 2500)
        let second = try await run()
        #expect(first.events == second.events)
    }
}
