import Foundation
import Testing
import TestSupport

/// Issue 25's messages: each says what is wrong in the user's terms, not a library's.
extension HostileInputRoundTwoTests {
    @Test("A steps file starting with a UTF-8 byte order mark is read (it was \"invalid JSON\" at 1:1)")
    func stepsFileByteOrderMark() async throws {
        let directory = CLI.temporaryDirectory()
        try Data([0xEF, 0xBB, 0xBF] + Array("{\"at\": \"1s\", \"gesture\": \"press\"}\r\n{\"expect\": {\"at\": \"1s\", \"intent\": \"StartTrailWorkoutIntent\"}}\r\n".utf8))
            .write(to: URL(fileURLWithPath: directory + "/bom.steps.jsonl"))
        try "app: \(CLI.packageRoot)/scenarios/apps/trailrunner.yaml\nsettings: {action: workout, first-press: running}\nsteps-file: bom.steps.jsonl\n"
            .write(toFile: directory + "/bom.yaml", atomically: true, encoding: .utf8)
        let check = try await CLI.run(["check", "bom.yaml"], directory: directory)
        #expect(check.status == 0, "\(check.stderr)")
        let test = try await CLI.run(["test", "bom.yaml"], directory: directory)
        #expect(test.status == 0, "\(test.stdout) \(test.stderr)")
        #expect(test.stdout.contains("PASS  bom.yaml"), "\(test.stdout)")
    }

    @Test("--db '' says the path is empty (it said \"could not activate WAL Mode at path: \" and went on without a store)")
    func emptyDatabasePath() async throws {
        for command in [["sessions"], ["replay", CLI.packageRoot + "/scenarios/a07-pause-resume.yaml", "--no-log"]] {
            let result = try await CLI.run(command + ["--db", ""], directory: CLI.temporaryDirectory())
            #expect(result.status == 2, "\(command[0]): \(result.stderr)")
            #expect(result.stderr == "error: --db '': the path is empty; give a SQLite file's path, or a lab's postgres://USER@HOST/DATABASE\n",
                    "\(command[0]): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("run with standard input closed (<&-) says so (it said \"epoll_ctl(ADD, fd 0) failed: File exists\", exit 4)")
    func runWithInputClosed() async throws {
        let result = try await ChildProcess.run("/bin/bash", ["-c", "exec \"$0\" run --no-log --no-store <&-", CLI.binary],
                                                environment: CLI.environment, directory: CLI.temporaryDirectory(), watchdog: .ending(within: 60))
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("error: standard input is closed (<&-), and without --device or --input run reads its keys from it: give it a terminal, a pipe or a file (yes a | actionsim run, < keys.txt), or name a device\n"),
                "\(result.stderr)")
        #expect(!result.stderr.contains("epoll_ctl"))
    }

    @Test("A line feed or tab in -o is escaped in \"wrote …\", as control characters are (it broke the line)")
    func outputNameEscaped() async throws {
        let directory = try await Self.storeWithSessions()
        let name = "run\nnext\t.csv"
        let export = try await CLI.run(["export", "1", "-o", name, "--data-dir", directory], directory: directory)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stderr.hasPrefix("wrote run\\x0anext\\x09.csv: session 1 (workout) as csv, "), "\(export.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory + "/" + name))
        let plot = try await CLI.run(["plot", "1", "-o", "a\nb.svg", "--data-dir", directory], directory: directory)
        #expect(plot.status == 0, "\(plot.stderr)")
        #expect(plot.stderr.hasPrefix("wrote a\\x0ab.svg: session 1 (workout), "), "\(plot.stderr)")
    }
}
