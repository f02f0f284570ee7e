import ActionButtonCore
import Foundation
import LiveLoop
import Scenarios
import Simulation
import SimulationEvents
import Testing
import TestSupport
import YAMLDocuments

private let trailRunner = repository + "/scenarios/apps/trailrunner.yaml"

@Suite("Recording real presses as scenarios (S3)")
struct RecordingTests {
    @Test("S3: a recorded session, written and read back, replays to the same gestures and intents")
    func roundTrip() async throws {
        // A "live" session whose time line starts 5 s before the first press, with odd
        // kernel times: a press, a chord (pause), a bouncing press, a chord (resume).
        let origin: Int64 = 5_123_456_789
        let edges: [(Int64, Button, EdgeDirection)] = [
            (0, .action, .down), (91_234_567, .action, .up),
            (2_000_000_001, .action, .down), (2_031_000_007, .side, .down), (2_140_000_003, .side, .up), (2_150_000_011, .action, .up),
            (4_000_000_000, .action, .down), (4_002_000_123, .action, .up), (4_003_000_456, .action, .down), (4_300_000_000, .action, .up),
            (6_000_000_000, .action, .down), (6_020_000_000, .side, .down), (6_120_000_000, .side, .up), (6_130_000_000, .action, .up),
        ]
        let setup = try SessionSetup.fromOptions(appFiles: [trailRunner], action: "workout", app: nil, firstPress: "running", seed: 3)
        let recognizer = PressRecognizer.Configuration.gpio
        let recorder = InputRecorder()
        let live = EventRecorder()
        let engine = try SimulationEngine(apps: setup.apps.map(\.definition), settings: setup.settings, recognizer: recognizer,
                                          sink: EventFanOut([live, recorder]))
        let inputs = edges.map { TimedInput(at: Timestamp(nanoseconds: origin + $0.0), .edge(Edge($0.1, $0.2, at: Timestamp(nanoseconds: origin + $0.0)))) }
        for (time, button, direction) in edges { recorder.record(.edge(button, direction), at: Timestamp(nanoseconds: origin + time)) }
        try await engine.runVirtual(inputs, until: Timestamp(nanoseconds: origin + 8_000_000_000))
        recorder.finish(at: Timestamp(nanoseconds: origin + 8_000_000_000))

        let directory = ScratchRoot.newDirectory("record")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let header = RecordedScenario.Header(name: "round trip", comments: ["a test"],
                                             apps: [.file(ScenarioText.relativePath(trailRunner, from: directory))],
                                             settings: setup.settings, seed: setup.seed, recognizer: recognizer)
        let file = directory + "/recorded.yaml"
        try recorder.recording.yaml(header).write(toFile: file, atomically: true, encoding: .utf8)

        let scenario = try ScenarioParser.load(contentsOf: file)
        #expect(scenario.recognizer == recognizer)
        // The run's own time line: the first press 5.12 s in, as in its session log.
        #expect(scenario.steps.map(\.time.nanoseconds) == edges.map { origin + $0.0 })
        #expect(scenario.until == Timestamp(nanoseconds: origin + 8_000_000_000))
        let replay = try await ScenarioRunner.run(scenario)
        #expect(replay.failures.isEmpty, "\(replay.failures.map(\.message))")
        #expect(replay.results.count == recorder.recording.expectations.count)

        func gestures(_ events: [SimulationEvent], shift: Int64) -> [String] {
            events.compactMap { if case .gesture(let g) = $0.kind { "\(g.kind)@\(g.time.nanoseconds - shift)" } else { nil } }
        }
        func intents(_ events: [SimulationEvent]) -> [String] {
            events.compactMap { if case .performing(let invocation, _) = $0.kind { invocation.intent.name } else { nil } }
        }
        #expect(gestures(replay.events, shift: 0) == gestures(live.events, shift: 0))
        #expect(intents(replay.events) == intents(live.events))
        #expect(intents(live.events) == ["StartTrailWorkoutIntent", "PauseTrailWorkoutIntent", "MarkLapIntent", "ResumeTrailWorkoutIntent"])
        let drops = live.events.filter { if case .edgeDropped(_, .bounce) = $0.kind { true } else { false } }
        #expect(drops.count == 2)
    }
}
