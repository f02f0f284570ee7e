import ActionButtonCore
import Foundation
import Scenarios
import Testing
import TestSupport
import YAMLDocuments

/// A scenario's steps file (`steps-file:`): steps and expectations in JSON Lines, read a
/// line at a time, checked as the scenario's own are.
@Suite("Steps files (S1, S3)")
struct StepsFileTests {
    static let header = """
        name: steps file
        app: \(Repository.path("scenarios/apps/trailrunner.yaml"))
        settings: {action: workout, first-press: running}
        sensors: {rate: 1 Hz}
        seed: 3
        """

    /// The same steps and expectations, written in YAML and in a steps file's JSON.
    static let steps: [(yaml: String, json: String, at: Double)] = [
        ("{at: 0s, button: action, edge: down}", #"{"at":"0s","button":"action","edge":"down"}"#, 0),
        ("{at: 90ms, button: action, edge: up}", #"{"at":0.09,"button":"action","edge":"up"}"#, 0.09),
        ("{at: 600ms, gesture: press}", #"{"at":"600ms","gesture":"press"}"#, 0.6),
        ("{at: 1m, gesture: press}", #"{"at":"1m","gesture":"press"}"#, 60),
        ("{at: 1m 30s, key: KEY_A}", #"{"at":"1m 30s","key":"KEY_A"}"#, 90),
        ("{at: 2m, gesture: both}", #"{"at":"2m","gesture":"both"}"#, 120),
        ("{at: 3m, gesture: both}", #"{"at":"3m","gesture":"both"}"#, 180),
        ("{at: 4m, gesture: press}", #"{"at":"4m","gesture":"press"}"#, 240),
        ("{at: 5m, wrist: down}", #"{"at":"5m","wrist":"down"}"#, 300),
        ("{at: 6m, end: session}", #"{"at":"6m","end":true}"#, 360),
    ]

    static let expectations: [(yaml: String, json: String, at: Double)] = [
        ("{at: 0s, within: 100ms, intent: StartTrailWorkoutIntent, parameters: {workoutStyle: running}}",
         #"{"expect":{"at":"0s","within":"100ms","intent":"StartTrailWorkoutIntent","parameters":{"workoutStyle":"running"}}}"#, 0),
        ("{at: 600ms, within: 0s, ignored: busy}", #"{"expect":{"at":"600ms","within":"0s","ignored":"busy"}}"#, 0.6),
        ("{at: 1m, within: 0s, intent: MarkLapIntent}", #"{"expect":{"at":"1m","within":"0s","intent":"MarkLapIntent"}}"#, 60),
        ("{at: 1m 30s, within: 0s, ignored: other-key}", #"{"expect":{"at":"1m 30s","within":"0s","ignored":"other-key"}}"#, 90),
        ("{at: 2m 30s, state: paused}", #"{"expect":{"at":"2m 30s","state":"paused"}}"#, 150),
        ("{between: [3m, 4m], log: resumed}", #"{"expect":{"between":["3m","4m"],"log":"resumed"}}"#, 180),
        ("{at: 4m, within: 0s, intent: MarkLapIntent}", #"{"expect":{"at":"4m","within":"0s","intent":"MarkLapIntent"}}"#, 240),
        ("{at: 7m, state: none, next-action: none}", #"{"expect":{"at":"7m","state":"none","next-action":"none"}}"#, 420),
    ]

    static func temporaryDirectory() -> String {
        ScratchRoot.newDirectory("steps")
    }

    static func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test("S1: a steps file plays the same run, with the same verdicts, as the same steps written in the scenario")
    func sameAsYAML() async throws {
        let directory = Self.temporaryDirectory()
        let inline = Self.header + "\nsteps:\n" + Self.steps.map { "  - \($0.yaml)\n" }.joined()
            + "expect:\n" + Self.expectations.map { "  - \($0.yaml)\n" }.joined()
        // Steps and expectations interleaved by time, as a recorder writes them.
        let lines = (Self.steps + Self.expectations).sorted { $0.at < $1.at }.map(\.json)
        try Self.write(lines.joined(separator: "\n") + "\n", to: directory + "/run.steps.jsonl")
        try Self.write(Self.header + "\nsteps-file: run.steps.jsonl\n", to: directory + "/run.yaml")

        let yaml = try await ScenarioRunner.run(try ScenarioParser.parse(YAMLDocument(text: inline, file: "inline.yaml")))
        let file = try ScenarioParser.load(contentsOf: directory + "/run.yaml")
        #expect(file.stepCount == Self.steps.count && file.expectationCount == Self.expectations.count)
        let streamed = try await ScenarioRunner.run(file)
        #expect(jsonLines(streamed.events) == jsonLines(yaml.events))
        #expect(yaml.failures.map(\.message) == [])
        #expect(streamed.failures.map(\.message) == [])
        #expect(streamed.checkCount == yaml.checkCount)
    }

    @Test("S2: a failed check of a steps file names its line; the run keeps only failures, and counts the rest")
    func failureNamesItsLine() async throws {
        let directory = Self.temporaryDirectory()
        try Self.write("""
            {"at":"0s","gesture":"press"}
            {"expect":{"at":"0s","within":"100ms","intent":"StartTrailWorkoutIntent"}}
            {"at":"1m","gesture":"press"}
            {"expect":{"at":"1m","within":"0s","intent":"MarkSegmentIntent"}}

            """, to: directory + "/run.steps.jsonl")
        try Self.write(Self.header + "\nsteps-file: run.steps.jsonl\n", to: directory + "/run.yaml")
        let outcome = try await ScenarioRunner.run(try ScenarioParser.load(contentsOf: directory + "/run.yaml"), keepEvents: false)
        #expect(outcome.checkCount == 2 && outcome.failureCount == 1)
        let failure = try #require(outcome.failures.first)
        #expect(failure.location.description == directory + "/run.steps.jsonl:4:1")
        #expect(failure.message.hasPrefix("expected MarkSegmentIntent to be performed at 0:01:00.000, but it never happened"))
    }

    @Test("S2: a steps file's failed check says where the event did happen, as the scenario's own checks do")
    func failureSaysWhereItHappened() async throws {
        let directory = Self.temporaryDirectory()
        var lines = #"{"expect":{"at":"30s","within":"0s","gesture":"press"}}"# + "\n"
        for minute in 1...7 { lines += #"{"at":"\#(minute)m","gesture":"press"}"# + "\n" }
        try Self.write(lines, to: directory + "/run.steps.jsonl")
        try Self.write(Self.header + "\nsteps-file: run.steps.jsonl\nexpect:\n  - {at: 30s, within: 0s, gesture: press}\n",
                       to: directory + "/run.yaml")
        let outcome = try await ScenarioRunner.run(try ScenarioParser.load(contentsOf: directory + "/run.yaml"), keepEvents: false)
        #expect(outcome.failureCount == 2)
        let said = "expected a press gesture at 0:00:30.000, but it happened only at 0:01:00.000, 0:02:00.000, 0:03:00.000, 0:04:00.000, 0:05:00.000"
        #expect(outcome.failures.map(\.message) == [said, said])
        #expect(outcome.failures.map(\.location.line) == [8, 1])
    }

    struct BadLine: CustomTestStringConvertible, Sendable {
        var line: String
        var says: String
        var testDescription: String { says }
    }

    static let badLines: [BadLine] = [
        BadLine(line: #"{"at":"1s","gesture":"press""#, says: ":2:29: invalid JSON: expected ',' or '}'"),
        BadLine(line: #"{"at":"1s","gesutre":"press"}"#, says: ":2:1: unknown key \"gesutre\" in a step; expected one of at, button, edge, gesture, key, wrist, end, suggested-workouts, settings (did you mean \"gesture\"?)"),
        BadLine(line: #"{"at":"1s","gesture":"dobule"}"#, says: ":2:1: unknown gesture \"dobule\"; expected one of press, both, hold, side"),
        BadLine(line: #"{"at":"-1s","gesture":"press"}"#, says: ":2:1: at: \"-1s\" is negative"),
        BadLine(line: #"{"at":"0s","gesture":"press"}"#, says: ":2:1: steps out of order: this step is at 0:00:00.000 but the one before it (line 1) is at 0:00:05.000"),
        BadLine(line: #"{"at":"6s","settings":{"action":"dive"}}"#, says: ":2:1: a steps file holds button, gesture, key, wrist and end steps"),
        BadLine(line: #"{"expect":{"at":"1s","intent":"MarkLapIntnet"}}"#, says: ":2:1: unknown intent \"MarkLapIntnet\""),
        BadLine(line: #"{"expect":{"at":"1s","gesture":"press"},"at":"1s"}"#, says: ":2:1: an expectation's line holds only \"expect\": {...}"),
        BadLine(line: "[1, 2]", says: ":2:1: expected a step or an expectation as a JSON object"),
        BadLine(line: "{\"at\":\"6s\",\"key\":\"A\u{1}\"}", says: ":2:20: invalid JSON: a control character in a string; write it escaped"),
    ]

    @Test("S1: a bad line of a steps file is refused at load with file:line:column and what is wrong", arguments: badLines)
    func badLine(_ bad: BadLine) throws {
        let directory = Self.temporaryDirectory()
        try Self.write(#"{"at":"5s","gesture":"press"}"# + "\n" + bad.line + "\n", to: directory + "/run.steps.jsonl")
        try Self.write(Self.header + "\nsteps-file: run.steps.jsonl\n", to: directory + "/run.yaml")
        let error = #expect(throws: DocumentError.self) { _ = try ScenarioParser.load(contentsOf: directory + "/run.yaml") }
        #expect(error?.description.hasPrefix(directory + "/run.steps.jsonl" + bad.says) == true, "\(error?.description ?? "") vs \(bad.says)")
    }

    @Test("S1: a steps file that is missing, a directory or not a regular file is refused where the scenario names it")
    func missingFile() throws {
        let directory = Self.temporaryDirectory()
        for (name, says) in [("none.jsonl", "no such file"), (".", "is a directory"), ("/dev/zero", "is not a regular file")] {
            try Self.write(Self.header + "\nsteps-file: \(name)\n", to: directory + "/run.yaml")
            let error = #expect(throws: DocumentError.self) { _ = try ScenarioParser.load(contentsOf: directory + "/run.yaml") }
            #expect(error?.description.hasPrefix("\(directory)/run.yaml:6:13: steps file \(name): \(says)") == true,
                    "\(error?.description ?? "")")
        }
    }

    @Test("S3: a steps file's times are read to the nanosecond, however they are written")
    func exactTimes() throws {
        let directory = Self.temporaryDirectory()
        let times: [(String, Int64)] = [
            ("\"0s\"", 0), ("0.000000001", 1), ("\"0.112345678s\"", 112_345_678), ("\"2m 3.000000001s\"", 123_000_000_001),
            ("\"1h 150ms\"", 3_600_150_000_000), ("\"1h 2m 0.25s\"", 3_720_250_000_000), ("\"1h30m\"", 5_400_000_000_000),
            ("\"999h 59m 59.999999999s\"", 3_599_999_999_999_999), ("3599999.999999999", 3_599_999_999_999_999),
        ]
        let lines = times.map { "{\"at\":\($0.0),\"gesture\":\"press\"}\n" }.joined()
        try Self.write(lines, to: directory + "/run.steps.jsonl")
        try Self.write(Self.header + "\nsteps-file: run.steps.jsonl\n", to: directory + "/run.yaml")
        let scenario = try ScenarioParser.load(contentsOf: directory + "/run.yaml")
        let read = IteratorSequence(ScenarioSteps(scenario)).map(\.time.nanoseconds)
        #expect(read == times.map(\.1))
        // Past 1000 hours is refused, as in YAML.
        try Self.write("{\"at\":\"1000h 0.000000001s\",\"gesture\":\"press\"}\n", to: directory + "/run.steps.jsonl")
        let error = #expect(throws: DocumentError.self) { _ = try ScenarioParser.load(contentsOf: directory + "/run.yaml") }
        #expect(error?.message.contains("is too large; times up to 1000 hours are supported") == true, "\(error?.description ?? "")")
    }
}
