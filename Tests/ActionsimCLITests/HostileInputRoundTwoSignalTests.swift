import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 25, item 7: input that never ends, and a replay too long to wait for, still stop at
/// a signal.
extension HostileInputRoundTwoTests {
    /// Whether process `pid` has a handler for `signal` (SigCgt in /proc/PID/status).
    static func catches(_ pid: Int32, _ signal: Int32) -> Bool {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }

    @Test("run with standard input from /dev/zero stops at SIGINT, exit 0 (it read forever and never looked at the signal)")
    func runStopsOnEndlessInput() async throws {
        let zero = try #require(FileHandle(forReadingAtPath: "/dev/zero"))
        let run = try ChildProcess(CLI.binary, ["run", "--no-log", "--no-store", "--json"], environment: CLI.environment,
                                   directory: CLI.temporaryDirectory(), input: .handle(zero), stdout: .discard)
        try zero.close()
        #expect(await run.waitFor("live input", in: .stderr))
        try await waitUntil("run to catch SIGINT") { run.catches(SIGINT) }
        run.signal(SIGINT)
        let result = await run.wait(watchdog: .ending(within: 60), thenSend: SIGKILL)
        #expect(!result.timedOut, "still running after SIGINT (60 s asleep or 60 s of CPU time): \(result.stderr.suffix(300))")
        #expect(result.status == 0, "\(result.stderr.suffix(300))")
        #expect(result.stderr.contains("live session ended (SIGINT)"), "\(result.stderr.suffix(300))")
    }

    @Test("yes a | actionsim run stops at SIGTERM, exit 0 (it spun reading presses and never looked at the signal)")
    func runStopsOnEndlessPresses() async throws {
        let directory = CLI.temporaryDirectory()
        // The pipeline's last command is actionsim itself: $! is its pid.
        let script = "yes a | \"$0\" run --no-log --no-store --json > /dev/null & echo \"pid $!\" > \"$1/pid\"; wait $!; echo \"status $?\""
        let shell = try ChildProcess("/bin/bash", ["-c", script, CLI.binary, directory], environment: CLI.environment, directory: directory)
        var pid: Int32 = 0
        try await waitUntil("the pipeline's pid") {
            let text = try String(contentsOfFile: directory + "/pid", encoding: .utf8)
            pid = Int32(text.dropFirst(4).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            return pid > 0
        }
        defer { kill(pid, SIGKILL) }
        #expect(await shell.waitFor("live input", in: .stderr))
        try await waitUntil("run to catch SIGTERM") { Self.catches(pid, SIGTERM) }
        kill(pid, SIGTERM)
        let result = await shell.wait(watchdog: .ending(within: 60), thenSend: SIGKILL)
        #expect(!result.timedOut, "still running after SIGTERM (60 s asleep or 60 s of CPU time): \(result.stderr.suffix(300))")
        #expect(result.stdout == "status 0\n", "\(result.stdout) \(result.stderr.suffix(300))")
        #expect(result.stderr.contains("live session ended (SIGTERM)"), "\(result.stderr.suffix(300))")
    }

    @Test("SIGTERM during a 1,000-hour virtual replay stops it where it is, exit 143 (it replayed and printed all 3.6 million samples first)")
    func replayStopsAtSignal() async throws {
        let directory = try CLI.longWorkoutScenario(hours: 1000)
        let replay = try ChildProcess(CLI.binary, ["replay", "long.yaml", "--json", "--no-log", "--no-store"], environment: CLI.environment,
                                      directory: directory, stdout: .file(directory + "/out"))
        // Samples are being written: the replay is under way.
        try await waitUntil("the replay's first samples") {
            ((try? FileManager.default.attributesOfItem(atPath: directory + "/out")[.size] as? Int) ?? 0) > 0
        }
        try await waitUntil("replay to catch SIGTERM") { replay.catches(SIGTERM) }
        replay.signal(SIGTERM)
        let result = await replay.wait(watchdog: .ending(within: 120), thenSend: SIGKILL)
        #expect(result.status == 143, "\(result.stderr)")
        let stopped = result.stderr.split(separator: "\n").first { $0.hasPrefix("stopped at ") }
        #expect(stopped != nil && !stopped!.hasPrefix("stopped at 1000:00:00"), "\(result.stderr)")
        let samples = (try String(contentsOfFile: directory + "/out", encoding: .utf8)).split(separator: "\n").count
        #expect(samples < 3_000_000, "\(samples) lines: the replay went on after the signal")
    }

    @Test("2,000 checks in a scenario's expect: are checked in about the time of the same checks in a steps file (they took 48 s against 3 s: every check looked at every event)")
    func expectationsLinear() async throws {
        let directory = CLI.temporaryDirectory()
        let count = 2000
        // A sample each second; check i looks for the sample of second i, in its own second.
        let window = { (i: Int) in (i + 1, i + 2) }
        var yaml = "app: \(CLI.packageRoot)/scenarios/apps/trailrunner.yaml\nsettings: {action: workout, first-press: running}\nuntil: \(count + 3)s\nsteps:\n  - {at: 0s, gesture: press}\n"
        var inScenario = yaml + "expect:\n"
        var lines = ""
        for i in 1...count {
            let (from, to) = window(i)
            inScenario += "  - {between: [\(from)s, \(to)s], log: '\"elapsed\":\(i),'}\n"
            lines += "{\"expect\":{\"between\":[\"\(from)s\",\"\(to)s\"],\"log\":\"\\\"elapsed\\\":\(i),\"}}\n"
        }
        yaml += "steps-file: checks.steps.jsonl\n"
        try inScenario.write(toFile: directory + "/scenario.yaml", atomically: true, encoding: .utf8)
        try yaml.write(toFile: directory + "/file.yaml", atomically: true, encoding: .utf8)
        try lines.write(toFile: directory + "/checks.steps.jsonl", atomically: true, encoding: .utf8)
        // The CPU time each run used (GNU time, a Debian package make installs), not the wall
        // time: how much work checking the list is, whatever else the machine is doing.
        func timed(_ file: String) async throws -> (Double, CLI.Result) {
            let result = try await ChildProcess.run("/usr/bin/time", ["-f", "cpu %U %S", CLI.binary, "test", file],
                                                    environment: CLI.environment, directory: directory)
            let last = result.stderr.split(separator: "\n").last { $0.hasPrefix("cpu ") } ?? ""
            let seconds = last.split(separator: " ").dropFirst().compactMap { Double($0) }.reduce(0, +)
            return (seconds, result)
        }
        let (fileSeconds, file) = try await timed("file.yaml")
        let (scenarioSeconds, scenario) = try await timed("scenario.yaml")
        #expect(file.status == 0 && file.stdout.contains("(\(count) checks,"), "\(file.stdout) \(file.stderr)")
        #expect(scenario.status == 0 && scenario.stdout.contains("(\(count) checks,"), "\(scenario.stdout) \(scenario.stderr)")
        // CPU time against each other in the same test, so that neither a busy machine nor a
        // slow one matters; quadratic was 16 times the steps file's.
        #expect(fileSeconds > 0, "no CPU time read from /usr/bin/time")
        #expect(scenarioSeconds < 4 * fileSeconds + 1, "scenario \(scenarioSeconds) s of CPU, steps file \(fileSeconds) s")
    }
}
