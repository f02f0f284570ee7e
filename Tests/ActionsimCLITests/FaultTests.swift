import Foundation
import GRDB
import Testing
import TestSupport

/// Faults a run must survive without losing what it acknowledged (T4): killed at a random
/// point, stopped with SIGTERM, or left without disk space for its log. Run on the built
/// binary, as a user's shell or service manager would.
@Suite("Faults: SIGKILL, SIGTERM and a full disk lose nothing acknowledged (T4)", .serialized)
struct FaultTests {
    /// A real-time workout sampled at 20 Hz, long enough never to end by itself here.
    static let scenario = """
        name: fault run
        app:
          app: Runner
          workout-kinds: {running: {title: Running, activity: running}}
          intents:
            - {name: StartIntent, role: start-workout, perform: {takes: 100ms}}
            - {name: LapIntent, role: action, perform: {takes: 50ms, marks: lap}}
          donations: [{when: session-started, donate: LapIntent}]
        settings: {action: workout, first-press: running}
        sensors: {rate: 20 Hz}
        seed: 11
        steps:
          - {at: 0s, gesture: press}
          - {at: 1s, gesture: press}
          - {at: 2s, gesture: press}
          - {at: 10m, end: session}
        """

    struct Sample: Equatable, CustomStringConvertible {
        var elapsed: Int64
        var heartRate: Double
        var description: String { "\(elapsed) ns: \(heartRate) bpm" }
    }

    /// A started `actionsim`, its output going to files.
    struct Started {
        var process: ChildProcess

        /// Waits for the process to end without holding one of the few threads that Swift
        /// Testing runs every test on (a real-time test in parallel needs them on time).
        func wait() async throws -> Int32 {
            await process.wait().status
        }

        var errorText: String { process.stderr }
    }

    static func start(_ arguments: [String], in directory: String) throws -> Started {
        Started(process: try ChildProcess(CLI.binary, arguments, environment: .inherited,
                                          stdout: .file(directory + "/stdout.txt"), stderr: .file(directory + "/stderr.txt")))
    }

    /// The samples a store holds for a session, in time order (read-only, so that reading
    /// while the recorder writes sees exactly what it has committed).
    static func storedSamples(_ path: String, session: Int64 = 1) throws -> [Sample] {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        return try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT elapsed, heart_rate FROM samples WHERE session_id = ? ORDER BY t", arguments: [session])
                .map { Sample(elapsed: try $0.decode(atIndex: 0), heartRate: try $0.decode(atIndex: 1)) }
        }
    }

    static func integrityCheck(_ path: String) throws -> String {
        try DatabaseQueue(path: path).read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "" }
    }

    static func status(_ path: String, session: Int64 = 1) throws -> String? {
        try DatabaseQueue(path: path).read { db in
            try String.fetchOne(db, sql: "SELECT status FROM sessions WHERE id = ?", arguments: [session])
        }
    }

    /// The lines of a JSON Lines log, each decoded (a line that is not JSON fails the test).
    static func logLines(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return try #require(object, "not a JSON object: \(line)")
        }
    }

    /// Samples as a log line holds them. Numbers are read back by Swift (`Double(String)`),
    /// exactly; the log writes times as exact seconds.
    static func loggedSamples(_ path: String) throws -> [Sample] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("\"event\":\"sample\"") }
            .map { line in
                Sample(elapsed: try #require(nanoseconds(field("elapsed", in: line))),
                       heartRate: try #require(Double(field("heart_rate", in: line))))
            }
    }

    static func field(_ name: String, in line: Substring) -> String {
        guard let range = line.range(of: "\"\(name)\":") else { return "" }
        return String(line[range.upperBound...].prefix { $0 != "," && $0 != "}" })
    }

    static func nanoseconds(_ seconds: String) -> Int64? {
        let parts = seconds.split(separator: ".")
        guard let whole = Int64(parts.first ?? "") else { return nil }
        let fraction = parts.count > 1 ? Int64(String(parts[1]).padding(toLength: 9, withPad: "0", startingAt: 0)) ?? 0 : 0
        return whole * 1_000_000_000 + fraction
    }

    /// The same scenario replayed on virtual time: the samples every real-time run of it
    /// must have taken (the sensors depend on the seed and session time only, T3).
    static func expectedSamples(_ scenario: String) async throws -> [Sample] {
        let json = try await CLI.run(["replay", scenario, "--json", "--no-log", "--no-store", "--color", "never"])
        let path = CLI.temporaryDirectory() + "/virtual.jsonl"
        try json.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return try loggedSamples(path)
    }

    static func onlyLog(in directory: String) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jsonl") }
        try #require(names.count == 1, "\(names)")
        return directory + "/" + names[0]
    }

    /// The samples of the one log in `directory` so far, counting whole lines only (the
    /// replay may be mid-way through writing the last); 0 while there is no log.
    static func loggedSampleCount(in directory: String) -> Int {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".jsonl") }
        guard names.count == 1, let text = try? String(contentsOfFile: directory + "/" + names[0], encoding: .utf8) else { return 0 }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().filter { $0.contains("\"event\":\"sample\"") }.count
    }

    /// Whether the store has committed session 1 (read-only: a store not made yet is not
    /// made by the test).
    static func hasSession(_ path: String) -> Bool {
        var configuration = Configuration()
        configuration.readonly = true
        let count = try? DatabaseQueue(path: path, configuration: configuration).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sessions WHERE id = 1")
        }
        return (count ?? 0) == 1
    }

    @Test("T4: SIGKILL at random points: the next start finds every committed sample, the session interrupted, the database intact, the log reported cut short")
    func killedAtRandomPoints() async throws {
        let directory = CLI.temporaryDirectory()
        let scenario = directory + "/fault.yaml"
        try Self.scenario.write(toFile: scenario, atomically: true, encoding: .utf8)
        let expected = try await Self.expectedSamples(scenario)
        // Each kill waits for a point of the run, however slow the machine (the store open
        // with its session, its first samples committed, 20 samples in the log), then kills
        // once a random number of samples more is logged (0-40: up to 2 s at the scenario's 20 Hz),
        // a random point measured in the run's progress rather than in time.
        let points: [(what: String, reached: @Sendable (String, String) -> Bool)] = [
            ("its store to hold its session and its log to be made", { store, logs in
                Self.hasSession(store) && ((try? FileManager.default.contentsOfDirectory(atPath: logs)) ?? []).contains { $0.hasSuffix(".jsonl") }
            }),
            ("its store to commit its first samples", { store, _ in !((try? Self.storedSamples(store)) ?? []).isEmpty }),
            ("20 samples in its log", { _, logs in Self.loggedSampleCount(in: logs) >= 20 }),
        ]
        var random = SystemRandomNumberGenerator()
        for (index, point) in points.enumerated() {
            let more = Int.random(in: 0...40, using: &random)
            let run = directory + "/kill-\(index)"
            try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
            let store = run + "/actionsim.sqlite", logs = run + "/logs"
            let started = try Self.start(["replay", scenario, "--realtime", "--log-dir", logs, "--db", store], in: run)
            defer { if started.process.isRunning { started.process.signal(SIGKILL) } }
            try await waitUntil("the real-time replay \(index) for \(point.what) (stderr: \(started.errorText))") {
                point.reached(store, logs)
            }
            let reached = Self.loggedSampleCount(in: logs)
            try await waitUntil("\(more) samples more in the log of replay \(index) (stderr: \(started.errorText))") {
                Self.loggedSampleCount(in: logs) >= reached + more
            }
            // What the recorder has committed, read as another process would, then the kill.
            let committed = try Self.storedSamples(store)
            started.process.signal(SIGKILL)
            let when = "killed \(more) samples after \(point.what)"
            #expect(try await started.wait() == SIGKILL, "\(when)")
            if index == 1 { #expect(!committed.isEmpty, "\(when)") }

            // The next start: the store recovers the session, keeping every committed sample.
            let list = try await CLI.run(["sessions", "--db", store])
            #expect(list.stderr.contains("session 1 was not ended when its run stopped; marked interrupted"), "\(list.stderr)")
            #expect(try Self.status(store) == "interrupted")
            #expect(try Self.integrityCheck(store) == "ok")
            let recovered = try Self.storedSamples(store)
            #expect(recovered.count >= committed.count, "\(when)")
            #expect(Array(recovered.prefix(committed.count)) == committed)
            // Nothing torn or out of order: what is there is the start of the run, sample for sample.
            #expect(recovered == Array(expected.prefix(recovered.count)), "\(when)")

            // The log: reported cut short on the next start, closed so that it is reported once.
            let log = try Self.onlyLog(in: logs)
            let logged = try Self.loggedSamples(log)
            #expect(logged == Array(expected.prefix(logged.count)))
            if index == 2 { #expect(logged.count >= 20, "\(when)") }
            let next = try await CLI.run(["replay", "scenarios/a03-first-press-starts-workout.yaml", "--log-dir", logs, "--no-store"])
            #expect(next.stderr.contains("warning: session log \(log) was cut short: it has no log-end footer"), "\(next.stderr)")
            // Every line is still JSON (a line torn by the kill is removed), the last says so.
            let lines = try Self.logLines(log)
            #expect(lines.last?["event"] as? String == "log-cut-short" && lines.last?["by"] as? String == "replay")
            let again = try await CLI.run(["replay", "scenarios/a03-first-press-starts-workout.yaml", "--log-dir", logs, "--no-store"])
            #expect(!again.stderr.contains("cut short"))
        }
    }

    @Test("T4: SIGTERM stops a real-time replay cleanly: exit 143, the log has its footer, and the log and the store hold the same samples")
    func terminated() async throws {
        let directory = CLI.temporaryDirectory()
        let scenario = directory + "/fault.yaml"
        try Self.scenario.write(toFile: scenario, atomically: true, encoding: .utf8)
        let store = directory + "/actionsim.sqlite", logs = directory + "/logs"
        let started = try Self.start(["replay", scenario, "--realtime", "--log-dir", logs, "--db", store], in: directory)
        defer { if started.process.isRunning { started.process.signal(SIGKILL) } }
        // A second of samples in the log, however slow the start, then the signal.
        try await waitUntil("20 samples in the real-time replay's log in \(logs) (stderr: \(started.errorText))") {
            Self.loggedSampleCount(in: logs) >= 20
        }
        started.process.signal(SIGTERM)
        #expect(try await started.wait() == 128 + SIGTERM)
        #expect(started.errorText.contains("by a signal: the log and the store hold every event up to then"), "\(started.errorText)")

        let log = try Self.onlyLog(in: logs)
        let lines = try Self.logLines(log)
        #expect(lines.last?["event"] as? String == "log-end")
        #expect(lines.last?["events"] as? Int == lines.count - 2)
        let logged = try Self.loggedSamples(log)
        #expect(logged.count >= 20, "the 20 samples logged before SIGTERM")
        #expect(try Self.storedSamples(store) == logged)
        let expected = try await Self.expectedSamples(scenario)
        #expect(logged == Array(expected.prefix(logged.count)))
        // Closed by the run itself: interrupted, and nothing for the next start to recover.
        #expect(try Self.status(store) == "interrupted")
        let list = try await CLI.run(["sessions", "--db", store])
        #expect(!list.stderr.contains("was not ended"))
        #expect(SessionLogCheck.unfinished(in: logs).isEmpty)
    }

    /// Replays the demo with its log in `logs`, which runs out of room; checks what the user sees.
    static func replayWithFullLogDirectory(_ logs: String, store: String?, expectedError: String,
                                           wrapper: [String] = []) async throws {
        let arguments = ["replay", "scenarios/demo.yaml", "--log-dir", logs] + (store.map { ["--db", $0] } ?? ["--no-store"])
        let run = try await ChildProcess.run(wrapper.isEmpty ? CLI.binary : "/bin/bash",
                                             wrapper.isEmpty ? arguments : wrapper + [CLI.binary] + arguments)
        let (stdout, stderr) = (run.stdout, run.stderr)

        // The run goes on: it ends normally, its timeline and verdicts complete.
        #expect(run.status == 0, "\(stderr)")
        #expect(stdout.contains("expectations:") && stdout.contains("passed"))
        // Said when it happens, once, and again at the end with what the log holds.
        let errors = stderr.split(separator: "\n").filter { $0.hasPrefix("error: cannot write the session log") }
        #expect(errors.count == 1, "\(stderr)")
        #expect(errors.first?.contains(expectedError) == true, "\(stderr)")
        #expect(errors.first?.contains("the run goes on in memory") == true)
        #expect(stderr.contains("the run went on in memory"), "\(stderr)")
        // What the log holds is whole lines, as many as the end-of-run warning says.
        let held = stderr.split(separator: "\n").first { $0.contains("holds the first") }
            .flatMap { Int($0.split(separator: "holds the first ")[1].split(separator: " ")[0]) }
        let log = try Self.onlyLog(in: logs)
        let lines = try Self.logLines(log)
        #expect(held != nil && held == lines.count - 1, "\(stderr)")
        #expect(lines.count > 1 && lines.first?["event"] as? String == "log-start")
        // The store has the whole run.
        if let store {
            let list = try await CLI.run(["sessions", "--db", store])
            #expect(list.stdout.contains("ended") && list.stdout.contains("DeepLog"), "\(list.stdout)")
        }
    }

    @Test("T4: a full disk for the log directory (ENOSPC, a 16 KB tmpfs): a clear error, the run goes on in memory and says so",
          .enabled(if: getuid() == 0, "mounting a tmpfs needs root; the RLIMIT_FSIZE test covers the same path without it"))
    func diskFull() async throws {
        let directory = CLI.temporaryDirectory()
        let logs = directory + "/logs"
        try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        let mount = try CLI.runTool("/bin/mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", logs])
        try #require(mount == 0, "could not mount a tmpfs on \(logs)")
        defer { _ = try? CLI.runTool("/bin/umount", [logs]) }
        try await Self.replayWithFullLogDirectory(logs, store: directory + "/actionsim.sqlite", expectedError: "No space left on device")
    }

    @Test("T4: a log that may not grow (RLIMIT_FSIZE, EFBIG): a clear error, the run goes on in memory and says so")
    func fileTooLarge() async throws {
        let directory = CLI.temporaryDirectory()
        // SIGXFSZ ignored, as a service manager would, so that the write fails instead of
        // killing. No store: the limit is per process and would stop the store's writes too.
        try await Self.replayWithFullLogDirectory(directory + "/logs", store: nil, expectedError: "File too large",
                                            wrapper: ["-c", "trap '' XFSZ; ulimit -f 48; exec \"$@\"", "bash"])
    }
}

/// The check `actionsim` makes at start, from outside: logs without their footer.
enum SessionLogCheck {
    static func unfinished(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.filter { name in
            let text = (try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)) ?? ""
            return !(text.split(separator: "\n").last?.contains("\"event\":\"log-end\"") ?? false)
        }
    }
}
