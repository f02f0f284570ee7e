import ActionButtonCore
import Scenarios
import Testing
import TestSupport
import YAMLDocuments

// What `record` and `import-evemu` write (RecordedScenario, ScenarioText, in Scenarios):
// split from LiveLoopTests' RecordingTests when writing a scenario moved out of the live loop.

private let trailRunner = Repository.path("scenarios/apps/trailrunner.yaml")

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

@Suite("Writing recorded presses as scenarios (S3)")
struct RecordedScenarioTests {
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
