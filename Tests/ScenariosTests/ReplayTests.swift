import ActionButtonCore
import Scenarios
import SessionLog
import SimulationEvents
import Testing
import TestSupport
import YAMLDocuments

func jsonLines(_ events: [SimulationEvent]) -> [String] {
    var writer = JSONLineWriter()
    return events.map { event in
        writer.removeAll()
        EventEncoding.write(event, into: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

@Suite("Scenario replay (S1, S2)")
struct ReplayTests {
    @Test("S2: replaying the same scenario twice gives the same log, event for event")
    func deterministic() async throws {
        let scenario = try ScenarioParser.load(contentsOf: Repository.path("scenarios/demo.yaml"))
        let first = try await ScenarioRunner.run(scenario)
        for _ in 0..<20 {
            let again = try await ScenarioRunner.run(scenario)
            #expect(jsonLines(again.events) == jsonLines(first.events))
        }
        #expect(first.passed)
    }

    @Test("S2: a failed expectation says what was expected and what happened")
    func failedExpectation() async throws {
        let scenario = try ScenarioParser.load(contentsOf: Repository.path("Tests/Fixtures/failing/wrong-next-action.yaml"))
        let outcome = try await ScenarioRunner.run(scenario)
        #expect(!outcome.passed)
        let messages = outcome.failures.map(\.message)
        #expect(messages.contains { $0.contains("expected next action MarkLapIntent at 0:03:30.000, but it was MarkSegmentIntent") })
        #expect(messages.contains { $0.contains("expected MarkSegmentIntent to be performed") && $0.contains("never happened") })
        #expect(outcome.failures.first?.location.line == 13)
    }

    /// TrailRunner's plan makes every fourth press a segment: 599 presses after the start are
    /// 149 cycles of lap, lap, lap, segment and three more laps.
    @Test("S2, A6: virtual time runs a 10-hour session with a press every minute to completion")
    func tenHourSession() async throws {
        var steps = "  - {at: 0s, gesture: press}\n"
        for minute in 1..<600 { steps += "  - {at: \(minute)m, gesture: press}\n" }
        let text = """
        app: \(Repository.path("scenarios/apps/trailrunner.yaml"))
        settings: {action: workout, first-press: running}
        steps:
        \(steps)expect:
          - {between: [1m, 10h], intent: MarkLapIntent, count: 450}
          - {between: [1m, 10h], intent: MarkSegmentIntent, count: 149}
        """
        let scenario = try ScenarioParser.parse(try YAMLDocument(text: text, file: "ten-hours.yaml"))
        let outcome = try await ScenarioRunner.run(scenario)
        #expect(outcome.failures.map(\.message) == [])
        #expect(outcome.endTime >= Timestamp(nanoseconds: 599 * 60 * 1_000_000_000))
    }

    @Test("A5: a perform() that takes an hour on the engine clock misses the deadline without the test waiting",
          .timeLimit(.minutes(15)))
    func virtualDeadline() async throws {
        // a05's scenario, its intent taking an hour instead of 31 s.
        let text = try String(contentsOfFile: Repository.path("scenarios/a05-start-deadline-missed.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "takes: 31s", with: "takes: 1h")
        let scenario = try ScenarioParser.parse(try YAMLDocument(text: text, file: "a05-an-hour.yaml"))
        let started = ContinuousClock.now
        let outcome = try await ScenarioRunner.run(scenario)
        // Not a speed target: waiting on a real clock would take the hour the intent sleeps.
        // The bound is far from both (a loaded machine took 11-14 s for a 31 s sleep).
        #expect(ContinuousClock.now - started < .seconds(600))
        #expect(outcome.passed, "\(outcome.failures.map(\.message))")
    }

    @Test("S1: every shipped scenario passes", arguments: try ScenarioCatalog.shipped())
    func shipped(_ file: String) async throws {
        let outcome = try await ScenarioRunner.run(try ScenarioParser.load(contentsOf: file))
        #expect(outcome.failures.map { "\($0.location): \($0.message)" } == [])
    }
}

enum ScenarioCatalog {
    static func shipped() throws -> [String] {
        let directory = Repository.path("scenarios")
        let names = try FileManagerShim.contents(of: directory).filter { $0.hasSuffix(".yaml") }.sorted()
        return names.map { directory + "/" + $0 }
    }
}

import Foundation
enum FileManagerShim {
    static func contents(of directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory)
    }
}
