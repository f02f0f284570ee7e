import Foundation
import Testing
import TestSupport

/// `actionsim` as docs/real-buttons.md installs it (`sudo install .build-static/release/actionsim
/// /usr/local/bin/`): the executable alone, far from the checkout, run from a directory of
/// the user's. The app manifests and device profiles it needs are built in.
@Suite("An installed actionsim, away from the checkout")
struct InstalledBinaryTests {
    /// A copy of the built executable in `directory/bin`, and `directory/home` to run it from.
    static func install() throws -> (binary: String, home: String) {
        let directory = CLI.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/home", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLI.binary, toPath: directory + "/bin/actionsim")
        return (directory + "/bin/actionsim", directory + "/home")
    }

    /// Runs it in `home`, standard input from /dev/null (the end of input ends a live run).
    static func run(_ binary: String, in home: String, _ arguments: [String]) async throws -> CLI.Result {
        try await CLI.run(["-c", "cd \"$0\" && exec \"$@\" </dev/null", home, binary] + arguments, executable: "/bin/sh")
    }

    @Test("Bad input: run, record and import-evemu without --app (and --device NAME) work once installed alone (docs/real-buttons.md): the default apps and profiles are built in")
    func builtInFiles() async throws {
        let (binary, home) = try Self.install()
        let run = try await Self.run(binary, in: home, ["run", "--no-log", "--no-store"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("actionsim run: Workout · TrailRunner · the terminal is the buttons"), "\(run.stderr)")

        let record = try await Self.run(binary, in: home, ["record", "-o", "rec.yaml", "--no-log", "--no-store", "--app", "deeplog", "--action", "dive"])
        #expect(record.status == 0, "\(record.stderr)")
        let recorded = try String(contentsOfFile: home + "/rec.yaml", encoding: .utf8)
        #expect(recorded.contains("apps: [\"scenarios/apps/deeplog.yaml\"]"), "\(recorded)")
        let replayRecording = try await Self.run(binary, in: home, ["replay", "rec.yaml", "--no-log", "--no-store"])
        #expect(replayRecording.status == 0, "\(replayRecording.stderr)")

        try "N: keyboard\nE: 2.000000 0001 00b7 0001\nE: 2.000000 0000 0000 0000\nE: 2.080000 0001 00b7 0000\nE: 2.080000 0000 0000 0000\n"
            .write(toFile: home + "/presses.evemu", atomically: true, encoding: .utf8)
        for profile in ["devices/usb-keyboard.yaml", "usb-keyboard"] {
            let imported = try await Self.run(binary, in: home, ["import-evemu", "presses.evemu", "--device", profile, "-o", "presses.yaml"])
            #expect(imported.status == 0, "\(imported.stderr)")
            let replay = try await Self.run(binary, in: home, ["replay", "presses.yaml", "--no-log", "--no-store"])
            #expect(replay.status == 0, "\(replay.stderr)")
            #expect(replay.stdout.contains("perform StartTrailWorkoutIntent"), "\(replay.stdout)")
        }
        let check = try await Self.run(binary, in: home, ["check", "devices/raspberry-pi-gpio.yaml", "scenarios/apps/trailrunner.yaml", "deeplog"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("ok: devices/raspberry-pi-gpio.yaml: gpio device profile"))

        let unknown = try await Self.run(binary, in: home, ["run", "--app", "trailrunnr", "--no-log", "--no-store"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("trailrunnr: no such file; nor is it a built-in app manifest (deeplog, trailrunner: `actionsim built-in` lists them) (did you mean \"trailrunner\"?)"),
                "\(unknown.stderr)")
        let help = try await Self.run(binary, in: home, ["run", "--help"])
        // Words, as the help wraps them to the terminal.
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("else the built-in TrailRunner") && words.contains("`actionsim built-in` lists and prints them"), "\(help.stdout)")
    }

    @Test("A file of the user's at a built-in file's path wins over the built-in one, as --help says")
    func userFileWins() async throws {
        let (binary, home) = try Self.install()
        try FileManager.default.createDirectory(atPath: home + "/scenarios/apps", withIntermediateDirectories: true)
        let mine = try String(contentsOfFile: CLI.packageRoot + "/scenarios/apps/trailrunner.yaml", encoding: .utf8)
            .replacingOccurrences(of: "app: TrailRunner", with: "app: MyRunner")
        try mine.write(toFile: home + "/scenarios/apps/trailrunner.yaml", atomically: true, encoding: .utf8)
        let run = try await Self.run(binary, in: home, ["run", "--no-log", "--no-store"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("actionsim run: Workout · MyRunner"), "\(run.stderr)")
        let list = try await Self.run(binary, in: home, ["built-in"])
        #expect(list.stdout.contains("scenarios/apps/trailrunner.yaml   app \"TrailRunner\", workouts: walking, running, swimming, cycling  (the file ./scenarios/apps/trailrunner.yaml here is used instead)"),
                "\(list.stdout)")
    }

    @Test("The built-in files are the repository's scenarios/apps/*.yaml and devices/*.yaml, byte for byte")
    func builtInFilesMatchTheRepository() async throws {
        let root = CLI.packageRoot
        var paths: [String] = []
        for directory in ["scenarios/apps", "devices"] {
            paths += try FileManager.default.contentsOfDirectory(atPath: root + "/" + directory).filter { $0.hasSuffix(".yaml") }.map { directory + "/" + $0 }
        }
        let list = try await CLI.run(["built-in"])
        #expect(list.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }.count == paths.count, "\(list.stdout)")
        for path in paths {
            let printed = try await CLI.run(["built-in", path])
            #expect(printed.status == 0)
            #expect(printed.stdout == (try String(contentsOfFile: root + "/" + path, encoding: .utf8)),
                    "\(path) differs from the built-in copy: BuiltInFilesPlugin did not embed it")
        }
    }
}
