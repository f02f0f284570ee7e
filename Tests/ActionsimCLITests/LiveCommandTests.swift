import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A scratch directory removed when the test ends.
private final class Scratch {
    let path = ScratchRoot.newDirectory("live")
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func read(_ name: String) -> String { (try? String(contentsOfFile: path + "/" + name, encoding: .utf8)) ?? "" }
}

/// `actionsim` running with its output in files and its standard input a pipe we hold.
private final class Running {
    let process: ChildProcess
    let scratch: Scratch

    init(_ arguments: [String], in scratch: Scratch, stdin: FileHandle? = nil) throws {
        self.scratch = scratch
        process = try ChildProcess(CLI.binary, arguments, environment: .inherited(["SWIFT_BACKTRACE": "enable=no"]),
                                   input: stdin.map { .handle($0) } ?? .pipe,
                                   stdout: .file(scratch.path + "/out"), stderr: .file(scratch.path + "/err"))
    }

    var output: String { process.stdout }

    func type(_ text: String) { process.type(text) }

    func closeInput() { process.closeInput() }

    /// Waits (up to 120 s) until standard output contains `text`.
    func waitFor(_ text: String) async -> Bool {
        await process.waitFor(text, in: .stdout)
    }

    func signal(_ number: Int32) { process.signal(number) }

    /// Waits for the exit status; ends it (SIGTERM) if it is found stuck (120 s asleep or of
    /// CPU time: measured by its progress, so a busy machine does not count).
    func finish() async -> Int32 {
        await process.wait(watchdog: .ending(within: 120), thenSend: SIGTERM).status
    }

    /// JSON lines of the only session log in `directory`.
    func logLines(in directory: String) -> [[String: Any]] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        guard let name = names.first(where: { $0.hasSuffix(".jsonl") }),
              let text = try? String(contentsOfFile: directory + "/" + name, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }
}

@Suite("actionsim run, record, devices and import-evemu", .serialized)
struct LiveCommandTests {
    @Test("A3: with no device, the terminal's keys are the buttons: a first press starts the workout")
    func terminalRun() async throws {
        let scratch = Scratch()
        let run = try Running(["run", "--no-log", "--no-store", "--json"], in: scratch)
        run.type("a")
        run.closeInput()
        #expect(await run.finish() == 0)
        #expect(run.output.contains("\"intent\":\"StartTrailWorkoutIntent\""))
        #expect(run.output.contains("\"step\":\"live session ended (input ended)"))
    }

    @Test("q and SIGTERM (a service stopped) end the live session: stored as ended, said so; SIGINT stores it interrupted (issue 27)")
    func quitEndsTheSession() async throws {
        let scratch = Scratch()
        let store = scratch.path + "/store"
        let run = try Running(["run", "--no-log", "--data-dir", store, "--first-press", "running"], in: scratch)
        #expect(await run.waitFor("live input"))
        run.type("a")
        #expect(await run.waitFor("start deadline met"))
        run.type("q")
        #expect(await run.finish() == 0)
        #expect(scratch.read("err").contains("session 1 ended by the user (q), stored as ended"), "\(scratch.read("err"))")
        let listing = try await CLI.run(["sessions", "--data-dir", store])
        #expect(listing.stdout.contains("ended") && !listing.stdout.contains("interrupted"), "\(listing.stdout)")
        let shown = try await CLI.run(["show", "1", "--data-dir", store])
        #expect(shown.stdout.contains("session 1: workout (running) by TrailRunner, ended"), "\(shown.stdout)")

        let other = Scratch()
        let signalled = try Running(["run", "--no-log", "--data-dir", other.path + "/store", "--first-press", "running"], in: other)
        #expect(await signalled.waitFor("live input"))
        signalled.type("a")
        #expect(await signalled.waitFor("start deadline met"))
        signalled.signal(SIGINT)
        #expect(await signalled.finish() == 0)
        #expect(other.read("err").contains("session 1 was still running at "), "\(other.read("err"))")
        #expect(other.read("err").contains(", when the run stopped: stored as interrupted\n"), "\(other.read("err"))")
        let interrupted = try await CLI.run(["sessions", "--data-dir", other.path + "/store"])
        #expect(interrupted.stdout.contains("interrupted"), "\(interrupted.stdout)")

        // systemctl stop sends SIGTERM: the service's session ends, it did not crash.
        let service = Scratch()
        let stopped = try Running(["run", "--no-log", "--data-dir", service.path + "/store", "--first-press", "running"], in: service)
        #expect(await stopped.waitFor("live input"))
        stopped.type("a")
        #expect(await stopped.waitFor("start deadline met"))
        stopped.signal(SIGTERM)
        #expect(await stopped.finish() == 0)
        #expect(service.read("err").contains("session 1 ended by SIGTERM (a stop request), stored as ended"), "\(service.read("err"))")
        let ended = try await CLI.run(["sessions", "--data-dir", service.path + "/store"])
        #expect(ended.stdout.contains("ended") && !ended.stdout.contains("interrupted"), "\(ended.stdout)")
    }

    @Test("T4: SIGTERM ends the session cleanly, the log is flushed and closed; SIGHUP is logged; an idle loop does not wake")
    func sigterm() async throws {
        let scratch = Scratch()
        let logs = scratch.path + "/logs"
        let run = try Running(["run", "--log-dir", logs, "--data-dir", scratch.path + "/store", "--json", "--first-press", "running"], in: scratch)
        #expect(await run.waitFor("live input"))
        run.type("a")
        #expect(await run.waitFor("start-deadline"))
        run.signal(SIGHUP)
        #expect(await run.waitFor("no device profile to reload"))
        // Idle but for the workout's 1 Hz samples: the loop sleeps in the kernel, its one timer
        // set for the next sample, at least half a second away. A loop that polled would never
        // be seen so (and the wait fails, saying what the loop was doing).
        try await waitUntil("the live loop to sleep in epoll_wait with nothing due for 0.5 s (now: \(run.process.threadStates))") {
            run.process.sleepsWithNothingDue(.main, for: .milliseconds(500))
        }
        run.signal(SIGTERM)
        #expect(await run.finish() == 0)
        let lines = run.logLines(in: logs)
        #expect(lines.last?["event"] as? String == "log-end")
        let performed = lines.filter { $0["event"] as? String == "intent-performing" }.compactMap { $0["intent"] as? String }
        #expect(performed == ["StartTrailWorkoutIntent"])
        let ending = lines.compactMap { $0["step"] as? String }.first { $0.hasPrefix("live session ended (SIGTERM)") }
        let wakeUps = ending.flatMap { Int($0.split(separator: " ").dropLast(2).last ?? "") }
        // Start, the key, the start intent's reports, the deadline, SIGHUP, a sample a second,
        // SIGTERM: a handful. Polling every 10 ms would be 100 a second.
        #expect(wakeUps != nil && wakeUps! < 30, "\(ending ?? "no ending step")")
        // T1: the live workout was sampled and stored like a replayed one.
        #expect(lines.contains { $0["event"] as? String == "sample" })
        #expect(scratch.read("err").contains("session store: \(scratch.path)/store/actionsim.sqlite"))
    }

    @Test("idle means no wake-ups: with nothing pending the loop sleeps in the kernel until the signal")
    func idle() async throws {
        let scratch = Scratch()
        let run = try Running(["run", "--no-log", "--no-store", "--json"], in: scratch)
        #expect(await run.waitFor("live input"))
        // The loop asleep in the kernel with no timeout and no timer armed: nothing but input
        // or a signal can wake it. A loop that polled, or set a timer for later, is never seen
        // so (and the wait fails, saying what the loop was doing).
        try await waitUntil("the live loop to sleep in epoll_wait with nothing due (now: \(run.process.threadStates))") {
            run.process.sleepsWithNothingDue(.main)
        }
        run.signal(SIGTERM)
        #expect(await run.finish() == 0)
        // The only wake-up is SIGTERM's: no timer was armed, no descriptor was ready.
        #expect(run.output.contains("live session ended (SIGTERM) after 1 event-loop wake-ups"), "\(run.output)")
    }

    @Test("S3: record from the terminal writes a scenario that replays to the same session")
    func recordThenTest() async throws {
        let scratch = Scratch()
        let file = scratch.path + "/recorded.yaml"
        let run = try Running(["record", "-o", file, "--no-log", "--no-store", "--json", "--first-press", "running"], in: scratch)
        #expect(await run.waitFor("live input"))
        run.type("a")
        #expect(await run.waitFor("start-deadline"))
        run.type("b")
        #expect(await run.waitFor("PauseTrailWorkoutIntent"))
        run.type("a")
        #expect(await run.waitFor("\"gesture\":\"press\",\"edge_t\""))
        run.signal(SIGINT)
        #expect(await run.finish() == 0)
        let scenario = scratch.read("recorded.yaml")
        #expect(scenario.contains("rules: [S3]"))
        // The press is at the second the session log has it: the run's time line, not one
        // that starts at the first edge.
        let firstEdge = run.output.split(separator: "\n").first { $0.contains("\"event\":\"edge\"") }
        let t = firstEdge.flatMap { $0.split(separator: ",").first?.split(separator: ":").last }.map(String.init) ?? "?"
        #expect(t != "0" && Double(t) != nil, "\(firstEdge ?? "no edge")")
        #expect(scenario.contains("{at: \(t)s, button: action, edge: down}"), "\(t): \(scenario)")
        let test = try Running(["test", file], in: scratch)
        #expect(await test.finish() == 0, "\(test.output)")
        #expect(test.output.contains("PASS"))
    }

    @Test("a GPIO profile on a machine without its chip exits 3 and says which chips exist")
    func missingChip() async throws {
        let scratch = Scratch()
        let run = try Running(["run", "--no-log", "--no-store", "--device", "devices/raspberry-pi-gpio.yaml"], in: scratch)
        #expect(await run.finish() == 3)
        let errors = scratch.read("err")
        #expect(errors.contains("error: none of the profile's GPIO chips exists (pinctrl-bcm2711, pinctrl-bcm2835, pinctrl-rp1)"))
    }

    @Test("a bad profile is refused before any device is touched (exit 2)")
    func badProfile() async throws {
        let scratch = Scratch()
        let profile = scratch.path + "/bad.yaml"
        try "kind: evdev\nbuttons: {action: KEY_PROGG1}\n".write(toFile: profile, atomically: true, encoding: .utf8)
        let run = try Running(["run", "--no-log", "--no-store", "--device", profile], in: scratch)
        #expect(await run.finish() == 2)
        #expect(scratch.read("err").contains("bad.yaml:2:19: buttons.action: unknown key \"KEY_PROGG1\""))
    }

    @Test("import-evemu writes a scenario that replays (P1: autorepeat left out)")
    func importEvemu() async throws {
        let scratch = Scratch()
        let evemu = scratch.path + "/presses.evemu"
        try EvemuRecording.presses.write(toFile: evemu, atomically: true, encoding: .utf8)
        let out = scratch.path + "/imported.yaml"
        let importer = try Running(["import-evemu", evemu, "--device", "devices/usb-keyboard.yaml", "-o", out], in: scratch)
        #expect(await importer.finish() == 0)
        let replay = try Running(["replay", "--json", "--no-log", "--no-store", out], in: scratch)
        #expect(await replay.finish() == 0)
        #expect(replay.output.contains("\"intent\":\"StartTrailWorkoutIntent\""))
        #expect(replay.output.contains("\"event\":\"ignored\",\"key\":\"KEY_A\""))
        #expect(!replay.output.contains("edge-dropped"))
    }
}
