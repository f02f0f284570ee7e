import Foundation
import GRDB
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

// Faults in the live path, as a user meets them: `actionsim run` killed or stopped in the
// middle of a session, then started again. The terminal's keys are the buttons here (the
// host has no input devices); the real-kernel tests under qemu add a full disk, a clock
// jump, unplugging and load (Tests/kernel/).

/// A directory for one test, with a setup scenario: TrailRunner, its first press a run,
/// sensors at 10 Hz so that the store commits batches while presses come in.
private final class FaultScratch {
    let path = ScratchRoot.newDirectory("fault")
    var logs: String { path + "/logs" }
    var store: String { path + "/store" }
    var database: String { store + "/actionsim.sqlite" }
    var setup: String { path + "/setup.yaml" }

    init() throws {
        try """
            name: fault test
            apps: [\(CLI.packageRoot)/scenarios/apps/trailrunner.yaml]
            settings: {action: workout, first-press: running}
            sensors: {rate: 10 Hz}
            steps: []
            """.write(toFile: setup, atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The session logs, oldest first (their names start with the UTC time).
    func logFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: logs)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
            .map { logs + "/" + $0 }
    }

    /// The user's next start: `actionsim run` on these logs (and this store, unless `store`
    /// is false) with its input closed, so that it ends at once, having reported what it found.
    func startAgain(_ name: String, store: Bool = true) async throws -> LiveProcess {
        let arguments = ["run", "--json", "--log-dir", logs] + (store ? ["--data-dir", self.store] : ["--no-store"])
        let run = try LiveProcess(arguments, in: self, name: name, inputClosed: true)
        #expect(await run.finish() == 0, "\(name): \(run.errors)")
        return run
    }

    /// A start after a fault was dealt with: it reports nothing more of it.
    func expectNothingToReport(_ name: String) async throws {
        let run = try await startAgain(name)
        #expect(!run.errors.contains("cut short") && !run.errors.contains("was not ended"), "\(name): \(run.errors)")
    }
}

/// `actionsim` with its standard input a pipe we type into, output in files.
private final class LiveProcess {
    let process: ChildProcess

    init(_ arguments: [String], in scratch: FaultScratch, name: String, inputClosed: Bool = false, stdin: FileHandle? = nil) throws {
        process = try ChildProcess(CLI.binary, arguments, environment: .inherited(["SWIFT_BACKTRACE": "enable=no"]),
                                   input: stdin.map { .handle($0) } ?? (inputClosed ? .closed : .pipe),
                                   stdout: .file(scratch.path + "/\(name).out"), stderr: .file(scratch.path + "/\(name).err"))
    }

    var output: String { process.stdout }
    var errors: String { process.stderr }

    func type(_ text: String) { process.type(text) }

    /// Waits (up to 20 s) until standard output or error contains `text`.
    func waitFor(_ text: String) async -> Bool {
        await process.waitFor(text, in: .either)
    }

    /// Presses Action `presses` times, each once the one before it is logged as a gesture (a
    /// lap, or a press ignored while one runs): paced by the run, not by the clock, so a busy
    /// machine only makes it slower.
    func mash(presses: Int) async throws {
        let before = gestures
        for press in 1...presses {
            type("a")
            try await waitUntil("press \(press) of \(presses) to be logged as a gesture (stderr: \(errors))") {
                self.gestures >= before + press
            }
        }
    }

    /// The gestures standard output (`--json`) has shown so far.
    var gestures: Int { output.components(separatedBy: "\"event\":\"gesture\"").count - 1 }

    /// Waits for the exit status; ends it (SIGTERM) if it is found stuck (120 s asleep or of CPU time).
    func finish() async -> Int32 {
        await process.wait(watchdog: .ending(within: 120), thenSend: SIGTERM).status
    }
}

/// The JSON objects of a session log (a last line cut mid-way is left out).
private func logLines(_ path: String) -> [[String: Any]] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
}

/// Sample times in a log, in ns on the run's time line (the store's `t`).
private func sampleTimes(_ lines: [[String: Any]]) -> [Int64] {
    lines.filter { $0["event"] as? String == "sample" }.compactMap { ($0["t"] as? Double).map { Int64(($0 * 1e9).rounded()) } }
}

private struct StoredSession {
    var status: String
    var samples: [Int64]
    var interruptedEvents: Int
    var integrity: String
}

/// Reads the store as any SQLite client would, checking its integrity first.
private func stored(_ database: String, session id: Int64) throws -> StoredSession {
    let queue = try DatabaseQueue(path: database)
    return try queue.read { db in
        StoredSession(
            status: try String.fetchOne(db, sql: "SELECT status FROM sessions WHERE id = ?", arguments: [id]) ?? "missing",
            samples: try Int64.fetchAll(db, sql: "SELECT t FROM samples WHERE session_id = ? ORDER BY t", arguments: [id]),
            interruptedEvents: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM events WHERE session_id = ? AND kind = 'interrupted'",
                                                arguments: [id]) ?? 0,
            integrity: try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; "))
    }
}

@Suite("Faults in the live path (T4)", .serialized)
struct LiveFaultTests {
    @Test("T4: SIGKILL at random points of a live session: the restart finds every committed sample, marks the session interrupted, the database passes integrity_check, the log is reported cut short",
          arguments: 1...4)
    func sigkill(round: Int) async throws {
        let scratch = try FaultScratch()
        let run = try LiveProcess(["run", scratch.setup, "--json", "--log-dir", scratch.logs, "--data-dir", scratch.store],
                                  in: scratch, name: "run")
        #expect(await run.waitFor("live input"))
        run.type("a")
        #expect(await run.waitFor("\"change\":\"started\""))
        // A random point: while presses come in, samples are logged, batches committed. The
        // kill comes once the log has a sample, after a random number of presses.
        let presses = Int.random(in: 1...30)
        try await run.mash(presses: presses)
        try await waitUntil("a sample in the run's log (stderr: \(run.errors))") {
            scratch.logFiles().first.map { !sampleTimes(logLines($0)).isEmpty } ?? false
        }
        run.process.signal(SIGKILL)
        #expect(await run.process.wait().reason == .uncaughtSignal, "round \(round): killed after \(presses) presses")

        let killedLog = try #require(scratch.logFiles().first)
        let logged = sampleTimes(logLines(killedLog))
        #expect(!logged.isEmpty, "round \(round): the log has no samples after \(presses) presses")

        // The restart: a run whose input ends at once.
        let restart = try await scratch.startAgain("restart")
        let session = try stored(scratch.database, session: 1)
        #expect(session.integrity == "ok")
        #expect(session.status == "interrupted")
        #expect(session.interruptedEvents == 1)
        #expect(restart.errors.contains("session 1 was not ended when its run stopped; marked interrupted, \(session.samples.count) samples kept (T4)"),
                "\(restart.errors)")
        #expect(restart.errors.contains("session log \(killedLog) was cut short"), "\(restart.errors)")
        // Every committed sample is one the run logged, in order and without a gap: the store
        // is the log up to its last commit. What only the log has is the last batch: the
        // store commits on the first event a second of real time after its last commit, so
        // about a second of samples (half a second more allowed for a loop the machine
        // starved, which then handles several samples at once).
        #expect(session.samples == Array(logged.prefix(session.samples.count)), "round \(round): killed after \(presses) presses")
        if session.samples.count < logged.count {
            let unstored = logged[session.samples.count...]
            #expect(unstored.last! - unstored.first! <= 1_500_000_000,
                    "round \(round): \(unstored.count) samples only in the log: \(Array(unstored)), the store's last \(session.samples.last ?? -1)")
        }
        // The log itself now says it was cut short, and is not reported again.
        #expect(logLines(killedLog).last?["event"] as? String == "log-cut-short")
        try await scratch.expectNothingToReport("again")
    }

    @Test("T4: SIGTERM in the middle of a session loses nothing acknowledged: the log has its footer and every event, the store every sample the log has")
    func sigterm() async throws {
        let scratch = try FaultScratch()
        let run = try LiveProcess(["run", scratch.setup, "--json", "--log-dir", scratch.logs, "--data-dir", scratch.store],
                                  in: scratch, name: "run")
        #expect(await run.waitFor("live input"))
        run.type("a")
        #expect(await run.waitFor("\"change\":\"started\""))
        try await run.mash(presses: Int.random(in: 5...25))
        run.process.signal(SIGTERM)
        #expect(await run.finish() == 0)

        let log = try #require(scratch.logFiles().first)
        let lines = logLines(log)
        #expect(lines.last?["event"] as? String == "log-end")
        #expect(lines.last?["events"] as? Int == lines.count - 2, "the footer counts every event line")
        // Standard output (--json) saw the same events as the log.
        let printed = run.output.split(separator: "\n").count
        #expect(printed == lines.count - 2)
        let session = try stored(scratch.database, session: 1)
        #expect(session.integrity == "ok")
        #expect(session.samples == sampleTimes(lines), "the store has exactly the samples the log has")
        // Stopped with the session still on: ended at once (SIGTERM is a stop request, as
        // systemctl stop sends), not left for a restart.
        #expect(session.status == "ended")
        #expect(run.errors.contains("session store: \(scratch.database) (session 1, \(session.samples.count) samples"))

        try await scratch.expectNothingToReport("restart")
    }

    @Test("T4: a log without its footer is reported once; the log of a run still going is not")
    func cutShortOnce() async throws {
        let scratch = try FaultScratch()
        let first = try LiveProcess(["run", "--json", "--no-store", "--log-dir", scratch.logs], in: scratch, name: "first")
        #expect(await first.waitFor("live input"))
        let running = try #require(scratch.logFiles().first)
        // Another run in the same directory while the first still writes its log.
        let beside = try await scratch.startAgain("beside", store: false)
        #expect(!beside.errors.contains("cut short"), "\(beside.errors)")

        first.process.signal(SIGKILL)
        await first.process.wait()
        let next = try await scratch.startAgain("next", store: false)
        #expect(next.errors.contains("warning: session log \(running) was cut short: it has no log-end footer"), "\(next.errors)")
        let replay = try LiveProcess(["replay", "scenarios/a03-first-press-starts-workout.yaml", "--no-store", "--log-dir", scratch.logs],
                                     in: scratch, name: "replay", inputClosed: true)
        #expect(await replay.finish() == 0)
        #expect(!replay.errors.contains("cut short"), "reported once only: \(replay.errors)")
    }

    @Test("P4: the log header's monotonic_origin puts the log's times on CLOCK_MONOTONIC, the kernel's input clock")
    func monotonicOrigin() async throws {
        let scratch = try FaultScratch()
        let run = try LiveProcess(["run", "--json", "--no-store", "--log-dir", scratch.logs], in: scratch, name: "run")
        #expect(await run.waitFor("live input"))
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let written = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        run.type("a")
        #expect(await run.waitFor("intent-performing"))
        run.process.signal(SIGTERM)
        #expect(await run.finish() == 0)
        let lines = logLines(try #require(scratch.logFiles().first))
        let origin = try #require(lines.first?["monotonic_origin"] as? Double)
        let edge = try #require(lines.first { $0["event"] as? String == "edge" }?["t"] as? Double)
        // The terminal's edge time is when the key was read: after it was written, and soon.
        let read = Int64(((origin + edge) * 1e9).rounded())
        #expect(read >= written - 1000 && read < written + 1_000_000_000, "written at \(written) ns, read at \(read) ns")
    }

    @Test("keys from a file or /dev/null (standard input that cannot be polled) are read at once, and the run ends")
    func inputFromFile() async throws {
        let scratch = try FaultScratch()
        let keys = scratch.path + "/keys"
        try "a".write(toFile: keys, atomically: true, encoding: .utf8)
        let run = try LiveProcess(["run", "--json", "--no-store", "--no-log"], in: scratch, name: "run",
                                  stdin: FileHandle(forReadingAtPath: keys))
        #expect(await run.finish() == 0, "\(run.errors)")
        #expect(run.output.contains("\"intent\":\"StartTrailWorkoutIntent\""))
        #expect(run.output.contains("live session ended (input ended)"))
        let empty = try LiveProcess(["run", "--json", "--no-store", "--no-log"], in: scratch, name: "empty", inputClosed: true)
        #expect(await empty.finish() == 0, "\(empty.errors)")
    }
}

@Suite("An idle live run")
struct LiveIdleTests {
    @Test("with no session no thread of the process wakes: Swift's executor (libdispatch's pool and its 1 Hz monitor) starts only with the first intent")
    func noSessionNoWakeUps() async throws {
        let scratch = try FaultScratch()
        let run = try LiveProcess(["run", "--json", "--no-store", "--log-dir", scratch.logs], in: scratch, name: "run")
        #expect(await run.waitFor("live input"))
        // Every thread asleep in the kernel with nothing due: blocked without a timeout, no
        // timer armed, so that none wakes until input or a signal comes. A thread that sleeps
        // with a timeout (libdispatch's monitor wakes once a second) is never seen so, and
        // the wait fails, saying what each thread was doing.
        try await waitUntil("every thread of the idle run to sleep with nothing due (now: \(run.process.threadStates))") {
            run.process.sleepsWithNothingDue(.every)
        }
        kill(run.process.processIdentifier, SIGTERM)
        #expect(await run.finish() == 0)
    }
}
