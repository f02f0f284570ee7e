import ActionButtonCore
import AppManifests
import Foundation
import Scenarios
import SessionLog
import Simulation
import SimulationEvents
import Telemetry
import Testing
import TestSupport
import YAMLDocuments

/// Button mashing: both buttons at 1,000 edges a second, with bounces (a 5 ms debounce, as
/// on GPIO) and edges that repeat a button's state. Deterministic for a seed.
struct Mashing {
    static let app = """
        app: Masher
        workout-kinds: {running: {title: Running, activity: running}}
        intents:
          - {name: StartIntent, role: start-workout, perform: {takes: 1s}}
          - {name: PauseIntent, role: pause-workout, perform: {takes: 20ms}}
          - {name: ResumeIntent, role: resume-workout, perform: {takes: 20ms}}
          - {name: LapIntent, role: action, perform: {takes: 20ms, marks: lap}}
        donations: [{when: session-started, donate: LapIntent}, {when: session-resumed, donate: LapIntent}]
        """
    static let recognizer = PressRecognizer.Configuration(debounce: .milliseconds(5))

    private var state: UInt64
    private var down: [Button: Bool] = [.action: false, .side: false]
    /// The next edge's time: one edge a millisecond.
    private(set) var next = Timestamp(nanoseconds: 1_000_000)

    init(seed: UInt64) { state = seed }

    /// SplitMix64: a tiny seeded generator, so a failure can be replayed.
    private mutating func random() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }

    /// The next `count` edges: Action 70 % of the time; 8 % of edges repeat the button's state.
    mutating func edges(_ count: Int) -> [Edge] {
        (0..<count).map { _ in
            let button: Button = random() < 0.7 ? .action : .side
            let isDown = random() < 0.08 ? down[button]! : !down[button]!
            down[button] = isDown
            defer { next = next.advanced(byNanoseconds: 1_000_000) }
            return Edge(button, isDown ? .down : .up, at: next)
        }
    }

    /// A scenario file replaying `edges`.
    static func scenario(_ edges: [Edge]) -> String {
        var text = "name: mashing\napp:\n" + app.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        text += "\nsettings: {action: workout, first-press: running}\nrecognizer: {debounce: 5ms}\nsteps:\n"
        for edge in edges {
            text += "  - {at: \(edge.time.nanoseconds / 1_000_000)ms, button: \(edge.button.rawValue), edge: \(edge.direction.rawValue)}\n"
        }
        return text
    }
}

/// Load (the part 4): mashing through replay, every edge accounted for, memory flat.
@Suite("Load: 1,000 edges a second")
struct LoadTests {
    @Test("P1, P2, A10: a minute of mashing at 1,000 edges/s through replay: every edge and every gesture is in the log with what became of it")
    func minuteOfMashing() async throws {
        var mashing = Mashing(seed: 42)
        let edges = mashing.edges(60_000)
        // Seconds of parsing in a debug build: off Swift's few executor threads, which the
        // real-time tests running beside this one need on time.
        let scenario = try await offExecutor {
            try ScenarioParser.parse(YAMLDocument(text: Mashing.scenario(edges), file: "mashing.yaml"))
        }
        let directory = ScratchRoot.newDirectory("load")
        let log = try SessionLogFile(directory: directory, header: .init(
            source: "test", name: "mashing", app: "Masher", settings: "\(scenario.settings)", seed: 0, clock: "virtual"))
        let outcome = try await ScenarioRunner.run(scenario, sinks: [log], keepEvents: false)
        #expect(log.close(at: outcome.endTime) == nil)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let path = log.path
        let (counts, dropped, ignored, gestures) = try await offExecutor { try Self.tally(path) }
        // Every edge is in the log: accepted, or dropped with its reason (P1, P2).
        #expect(counts["edge", default: 0] + counts["edge-dropped", default: 0] == edges.count)
        #expect(Set(dropped.keys) == ["bounce", "unchanged"], "\(dropped)")
        #expect(dropped["bounce", default: 0] > 1_000 && dropped["unchanged", default: 0] > 1_000, "\(dropped)")
        // Every gesture either performed an intent or was ignored with a reason (A10, A12).
        #expect(counts["gesture", default: 0] == counts["intent-performing", default: 0] + counts["ignored", default: 0]
                    + counts["perform-skipped", default: 0], "\(counts)")
        #expect(counts["intent-performing", default: 0] == counts["intent-returned", default: 0] + counts["intent-threw", default: 0])
        #expect(ignored["busy", default: 0] > 0 && ignored["side-button", default: 0] > 0, "\(ignored)")
        #expect(Set(gestures.keys).isSuperset(of: ["press", "both", "side"]), "\(gestures)")
        #expect(counts["log-end"] == 1 && log.eventsWritten == outcome.eventCount)
    }

    /// How many lines of each event, and of each reason for drops and ignores, and of each gesture.
    static func tally(_ path: String) throws -> ([String: Int], [String: Int], [String: Int], [String: Int]) {
        var counts: [String: Int] = [:], dropped: [String: Int] = [:], ignored: [String: Int] = [:], gestures: [String: Int] = [:]
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let event = try #require(object["event"] as? String)
            counts[event, default: 0] += 1
            switch event {
            case "edge-dropped": dropped[object["reason"] as? String ?? "none", default: 0] += 1
            case "ignored": ignored[object["reason"] as? String ?? "none", default: 0] += 1
            case "gesture": gestures[object["gesture"] as? String ?? "none", default: 0] += 1
            default: break
            }
        }
        return (counts, dropped, ignored, gestures)
    }

    /// RSS is the whole process's: only meaningful with no other test running beside it, so
    /// this runs in `make test-long` (ACTIONSIM_LONG_TESTS=1 swift test --filter LoadTests).
    @Test("Twenty minutes of mashing (1,200,000 edges) straight through the engine: memory does not grow",
          .enabled(if: ProcessInfo.processInfo.environment["ACTIONSIM_LONG_TESTS"] == "1",
                   "measures the process's memory; run alone by make test-long"))
    func memoryStaysFlat() async throws {
        let counter = CountingSink()
        let app = try ManifestApp.parse(Mashing.app, file: "masher.yaml")
        let engine = try SimulationEngine(app: app.definition, settings: .workout(app: "Masher", firstPress: "running"),
                                          recognizer: Mashing.recognizer, clock: .virtual, sink: counter)
        engine.instruments = SensorSuite.instruments(for: SensorSettings(), seed: 1)
        var mashing = Mashing(seed: 7)
        var resident: [Int] = []
        for _ in 0..<(Int(ProcessInfo.processInfo.environment["MASH_MINUTES"] ?? "") ?? 20) {
            let inputs = mashing.edges(60_000).map { TimedInput(at: $0.time, .edge($0)) }
            try await engine.runVirtual(inputs, stallLimit: .seconds(30))
            resident.append(Self.residentBytes())
        }
        engine.finish(at: engine.now)
        #expect(counter.edges == resident.count * 60_000)
        // Once warm (the first half), the second half adds nothing that stays. The allocator
        // grows its heaps in steps of about 4 MB, so one step is allowed; a leak is not:
        // before the host's single watchdog, every settle's cancelled 30-second sleep held
        // its memory until its deadline, and this grew 5 MB every minute.
        let warm = resident.count / 2 - 1
        let growth = resident.last! - resident[warm]
        #expect(growth < 6 << 20, "RSS after each minute (MB): \(resident.map { $0 >> 20 }); grew \(growth >> 10) KB after minute \(warm + 1)")
    }

    static func residentBytes() -> Int {
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = Int(statm.split(separator: " ").dropFirst().first ?? "") ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// Counts edges (accepted or dropped) and keeps nothing.
final class CountingSink: SimulationEventSink {
    private(set) var edges = 0
    private(set) var events = 0

    func record(_ event: SimulationEvent) {
        events += 1
        switch event.kind {
        case .edge, .edgeDropped: edges += 1
        default: break
        }
    }
}
