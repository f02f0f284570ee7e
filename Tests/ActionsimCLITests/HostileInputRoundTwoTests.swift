import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 25, "Hostile input, round two": each row of docs/bad-input.md it added, given to the
/// built `actionsim` as a user would.
@Suite("Hostile input, round two (issue 25)")
struct HostileInputRoundTwoTests {
    /// A scratch directory holding the demo's sessions (workout 1, dive 2).
    static func storeWithSessions() async throws -> String {
        let directory = CLI.temporaryDirectory()
        let replay = try await CLI.run(["replay", "scenarios/demo.yaml", "--no-log", "--data-dir", directory])
        try #require(replay.status == 0, "\(replay.stderr)")
        return directory
    }

    @Test("Every numeric option is range-checked where it is parsed: 1e20, inf, nan are refused with exit 2, never a crash",
          arguments: [
              (["plot", "1"], "--max-heart-rate", "a heart rate from 100 to 230 bpm"),
              (["plot", "2"], "--ascent-rate-limit", "a rate from 1 to 60 m/min"),
              (["forward", "--db", "postgres://u@127.0.0.1:1/x"], "--wait", "0 to 86400 seconds"),
          ])
    func numericOptions(_ command: [String], _ option: String, _ expected: String) async throws {
        let directory = try await Self.storeWithSessions()
        for value in ["1e20", "inf", "-inf", "nan", "1e400", "-1e20", "0x1p99"] {
            // --option=VALUE: ArgumentParser takes a value of its own that starts with - for an option.
            let output = command[0] == "plot" ? ["-o", directory + "/x.svg"] : []
            let run = try await CLI.run(command + ["\(option)=\(value)"] + output + ["--data-dir", directory])
            #expect(run.status == 2, "\(value): \(run.stderr)")
            #expect(run.stderr.hasPrefix("error: The value '\(value)' is invalid for '\(option) <"), "\(value): \(run.stderr)")
            #expect(run.stderr.contains(": expected \(expected)\n"), "\(value): \(run.stderr)")
            #expect(!run.stderr.contains("Fatal error") && !run.stderr.contains("crashed"), "\(value): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory + "/x.svg"))
        }
        // --option VALUE with a minus sign: the value, not an option ("Missing value" before).
        for value in ["-5", "-1e20", "-inf"] {
            let output = command[0] == "plot" ? ["-o", directory + "/x.svg"] : []
            let run = try await CLI.run(command + [option, value] + output + ["--data-dir", directory])
            #expect(run.status == 2, "\(value): \(run.stderr)")
            #expect(run.stderr.hasPrefix("error: The value '\(value)' is invalid for '\(option) <"), "\(value): \(run.stderr)")
            #expect(run.stderr.contains(": expected \(expected)\n"), "\(value): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory + "/x.svg"))
        }
        let fine = try await CLI.run(["plot", "1", "--max-heart-rate", "182", "-o", directory + "/ok.svg", "--data-dir", directory])
        #expect(fine.status == 0, "\(fine.stderr)")
    }

    @Test("--seed takes any whole number, a negative one written as it is, and refuses 1e20 or 1.5 with the range")
    func seedOption() async throws {
        for value in ["1e20", "1.5", "99999999999999999999"] {
            let run = try await CLI.run(["run", "--app", "trailrunner", "--seed", value, "--no-log", "--no-store"])
            #expect(run.status == 2, "\(value): \(run.stderr)")
            #expect(run.stderr.hasPrefix("error: The value '\(value)' is invalid for '--seed <seed>': expected a seed: a whole number from \(Int.min) to \(Int.max)\n"),
                    "\(value): \(run.stderr)")
        }
        // A negative seed as it is; with a setup scenario, in place of its seed (it was ignored).
        let directory = CLI.temporaryDirectory()
        try "app: trailrunner\nsettings: {action: workout}\nseed: 7\nsteps:\n  - {at: 1s, gesture: press}\n".write(toFile: directory + "/setup.yaml", atomically: true, encoding: .utf8)
        for (arguments, seed) in [(["--app", "trailrunner", "--seed", "-3"], -3), ([directory + "/setup.yaml", "--seed", "-3"], -3),
                                  ([directory + "/setup.yaml"], 7)] {
            // One press of Action (the terminal's a) starts a session, which the store keeps.
            let run = try await ChildProcess.run(CLI.binary, ["run"] + arguments + ["--no-log", "--data-dir", directory],
                                                 environment: CLI.environment, directory: directory, input: "a\n")
            #expect(run.status == 0, "\(run.stderr)")
            let show = try await CLI.run(["show", "last", "--data-dir", directory])
            #expect(show.stdout.contains("(run, real clock, seed \(seed))"), "\(arguments): \(show.stdout)")
        }
    }

    @Test("A misspelled command is said to be no command, with the nearest one and the list (it said \"2 unexpected arguments\")")
    func unknownCommand() async throws {
        let misspelled = try await CLI.run(["relpay", "scenarios/demo.yaml"])
        #expect(misspelled.status == 2)
        #expect(misspelled.stderr.hasPrefix("error: 'relpay' is not an actionsim command (did you mean \"replay\"?); the commands: replay, test, "), "\(misspelled.stderr)")
        #expect(!misspelled.stderr.contains("_watch"), "a hidden command is not offered: \(misspelled.stderr)")
        let unknown = try await CLI.run(["frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("error: 'frobnicate' is not an actionsim command; the commands: "), "\(unknown.stderr)")
        let fine = try await CLI.run(["built-in"])
        #expect(fine.status == 0, "\(fine.stderr)")
    }

    @Test("Inputs reached through symbolic links are read, as every Unix tool reads them: a scenario, its manifest and steps file, a profile, a test directory's entry, the config file")
    func symlinkedInputs() async throws {
        let directory = CLI.temporaryDirectory()
        let files = FileManager.default
        func link(_ name: String, to target: String) throws {
            try files.createSymbolicLink(atPath: directory + "/" + name, withDestinationPath: target)
        }
        try link("app.yaml", to: CLI.packageRoot + "/scenarios/apps/trailrunner.yaml")
        try link("profile.yaml", to: CLI.packageRoot + "/devices/usb-keyboard.yaml")
        try "{\"at\": \"1s\", \"gesture\": \"press\"}\n".write(toFile: directory + "/real.steps.jsonl", atomically: true, encoding: .utf8)
        try link("run.steps.jsonl", to: "real.steps.jsonl")
        try """
            app: app.yaml
            settings: {action: workout, first-press: running}
            steps-file: run.steps.jsonl
            expect:
              - {at: 1s, intent: StartTrailWorkoutIntent}

            """.write(toFile: directory + "/real.yaml", atomically: true, encoding: .utf8)
        try link("run.yaml", to: "real.yaml")
        try files.createDirectory(atPath: directory + "/suite", withIntermediateDirectories: false)
        // Paths inside a scenario are relative to it as named: the suite has links of its own
        // (links to links) for the manifest and the steps file.
        for name in ["linked.yaml": "../real.yaml", "app.yaml": "../app.yaml", "run.steps.jsonl": "../run.steps.jsonl"] {
            try files.createSymbolicLink(atPath: directory + "/suite/" + name.key, withDestinationPath: name.value)
        }

        let check = try await CLI.run(["check", "run.yaml", "profile.yaml"], directory: directory)
        #expect(check.status == 0, "\(check.stderr)")
        let replay = try await CLI.run(["replay", "run.yaml", "--no-log", "--no-store"], directory: directory)
        #expect(replay.status == 0, "\(replay.stderr)")
        let test = try await CLI.run(["test", "suite"], directory: directory)
        #expect(test.status == 0, "\(test.stderr)")
        #expect(test.stdout.contains("PASS  suite/linked.yaml"), "\(test.stdout)")

        try "board: linked-board\n".write(toFile: directory + "/real-config.yaml", atomically: true, encoding: .utf8)
        try link("config.yaml", to: "real-config.yaml")
        var environment = ProcessInfo.processInfo.environment
        environment["ACTIONSIM_CONFIG"] = directory + "/config.yaml"
        environment["ACTIONSIM_DB"] = nil
        environment["ACTIONSIM_BOARD"] = nil
        environment["NO_COLOR"] = "1"
        let sessions = try await CLI.run(["sessions", "--data-dir", directory], environment: environment)
        #expect(sessions.status == 0, "\(sessions.stderr)")

        // What a link reaches is what is checked: a device or a link to nothing is still refused.
        try link("zero.yaml", to: "/dev/zero")
        try link("gone.yaml", to: "nothing-here.yaml")
        let zero = try await CLI.run(["check", "zero.yaml"], directory: directory)
        #expect(zero.status == 2)
        #expect(zero.stderr == "error: zero.yaml: is not a regular file; expected a YAML file\n")
        let gone = try await CLI.run(["check", "gone.yaml"], directory: directory)
        #expect(gone.status == 2)
        #expect(gone.stderr == "error: gone.yaml: no such file\n")
    }

    @Test("A file that cannot be read is said in words: /proc/self/mem, a name over 255 bytes, an empty name (no NSCocoaErrorDomain, no \"is a directory\")")
    func unreadableFiles() async throws {
        let directory = CLI.temporaryDirectory()
        try "app: /proc/self/mem\nsteps: []\n".write(toFile: directory + "/mem.yaml", atomically: true, encoding: .utf8)
        try "app: ''\nsteps: []\n".write(toFile: directory + "/empty.yaml", atomically: true, encoding: .utf8)
        let long = String(repeating: "x", count: 300) + ".yaml"
        let cases = [
            ("mem.yaml", "error: mem.yaml:1:6: app manifest /proc/self/mem: cannot be read: Input/output error\n"),
            ("empty.yaml", "error: empty.yaml:1:6: app manifest : the file name is empty; expected a YAML file\n"),
            (long, "error: \(long): a name in this path is longer than the system allows (255 bytes a name, 4096 a path)\n"),
        ]
        for (file, says) in cases {
            let run = try await CLI.run(["check", file], directory: directory)
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.stderr == says)
        }
    }

    @Test("ArgumentParser's own errors quote the command line escaped: show $'\\e]0;X\\a' does not retitle the terminal")
    func parserErrorsEscaped() async throws {
        let run = try await CLI.run(["show", "\u{1B}]0;X\u{07}"])
        #expect(run.status == 2)
        #expect(!run.stderr.contains("\u{1B}") && !run.stderr.contains("\u{07}"), "\(run.stderr)")
        #expect(run.stderr.hasPrefix("error: The value '\\x1b]0;X\\x07' is invalid for '<session>'"), "\(run.stderr)")
    }

    @Test("A store another writer holds is waited for as --store-wait says; still locked, the replay runs without it and ends with exit status 4, saying so (it waited 5 s and exited 0)")
    func lockedStore() async throws {
        let data = CLI.temporaryDirectory()
        let first = try await CLI.run(["replay", "scenarios/a07-pause-resume.yaml", "--no-log", "--data-dir", data])
        #expect(first.status == 0, "\(first.stderr)")
        // Another writer: sqlite3 holding an exclusive transaction until told to commit.
        let holder = try ChildProcess("/usr/bin/sqlite3", [data + "/actionsim.sqlite"], input: .pipe)
        holder.type("BEGIN EXCLUSIVE;\nSELECT 'held';\n")
        #expect(await holder.waitFor("held", in: .stdout), "sqlite3 never took the lock")
        let locked = try await CLI.run(["replay", "scenarios/a07-pause-resume.yaml", "--no-log", "--data-dir", data, "--store-wait", "0.3"])
        #expect(locked.status == 4, "\(locked.stderr)")
        #expect(locked.stderr.contains("warning: session database \(data)/actionsim.sqlite stayed locked by another writer for the 300ms this command waits; "
                                       + "replaying without the session store, and ending with exit status 4"), "\(locked.stderr)")
        #expect(locked.stderr.contains("warning: no session of this run was stored: \(data)/actionsim.sqlite stayed locked by another writer"))
        #expect(locked.stdout.contains("expectations:"), "the replay ran whole")
        holder.type("COMMIT;\n.quit\n")
        holder.closeInput()
        #expect(await holder.wait().status == 0)
        // Released: the next replay stores its sessions.
        let after = try await CLI.run(["replay", "scenarios/a07-pause-resume.yaml", "--no-log", "--data-dir", data, "--store-wait", "0.3"])
        #expect(after.status == 0 && after.stderr.contains("session store: \(data)/actionsim.sqlite"), "\(after.stderr)")
        let bad = try await CLI.run(["replay", "scenarios/a07-pause-resume.yaml", "--store-wait", "nan"])
        #expect(bad.status == 2 && bad.stderr.hasPrefix("error: --store-wait nan: give a number of seconds from 0 to 86400"), "\(bad.stderr)")
    }
}
