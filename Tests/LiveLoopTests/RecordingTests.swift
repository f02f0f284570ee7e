import ActionButtonCore
import Foundation
import LiveLoop
import Scenarios
import Simulation
import SimulationEvents
import Testing
import YAMLDocuments

private let trailRunner = repository + "/scenarios/apps/trailrunner.yaml"

/// A ten-line SplitMix64: deterministic "random" times for the round-trip tests.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Recording real presses as scenarios (S3)")
struct RecordingTests {
    @Test("S3: recorded times read back to the very nanosecond")
    func exactDurations() {
        var generator = SplitMix64(state: 7)
        var samples: [Int64] = [0, 1, 999, 1_000_000, 999_999_999, 1_000_000_000, 59_999_999_999, 60_000_000_000,
                                3_600_000_000_001, 999 * 3_600_000_000_000 + 59 * 60_000_000_000 + 59_999_999_999]
        for _ in 0..<2000 { samples.append(Int64.random(in: 0...(999 * 3_600_000_000_000), using: &generator)) }
        for nanoseconds in samples {
            let text = ScenarioText.duration(nanoseconds)
            #expect(DurationSyntax.parse(text) == .success(.nanoseconds(nanoseconds)), "\(nanoseconds) ns written as \(text)")
        }
        #expect(ScenarioText.duration(0) == "0s")
        #expect(ScenarioText.duration(112_345_678) == "0.112345678s")
        #expect(ScenarioText.duration(1_500_000_000) == "1.5s")
        #expect(ScenarioText.duration(3_723_250_000_000) == "1h 2m 3.25s")
    }

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

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("actionsim-record-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
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

    @Test("S3: a recording is refused by replay only if edited wrongly: steps stay in time order")
    func stepsSorted() throws {
        var recording = RecordedScenario()
        recording.steps = [(Timestamp(nanoseconds: 10), .edge(.action, .down)), (Timestamp(nanoseconds: 20), .key("KEY_A")),
                           (Timestamp(nanoseconds: 30), .wristDown), (Timestamp(nanoseconds: 40), .endSession)]
        let text = recording.yaml(.init(name: "x", comments: [], apps: [.file(trailRunner)], settings: .workout(app: "TrailRunner", firstPress: nil),
                                        seed: 0, recognizer: .evdev))
        let scenario = try ScenarioParser.parse(try YAMLDocument(text: text, file: "x.yaml"))
        #expect(scenario.steps.map(\.step) == [.edge(.action, .down), .key("KEY_A"), .wristDown, .endSession])
        #expect(scenario.steps.map(\.time.nanoseconds) == [10, 20, 30, 40])
    }

    @Test("relative paths from the scenario's directory to its apps")
    func relativePaths() {
        #expect(ScenarioText.relativePath("/a/b/apps/x.yaml", from: "/a/b/rec") == "../apps/x.yaml")
        #expect(ScenarioText.relativePath("/a/b/x.yaml", from: "/a/b") == "x.yaml")
        #expect(ScenarioText.relativePath("/files/x.yaml", from: "/tmp/rec") == "/files/x.yaml")
    }
}
