import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// One table of exit statuses: docs/commands.md's, `actionsim --help`'s, and what the binary does.
@Suite("Exit statuses: one table, in --help, docs/commands.md and the binary")
struct ExitStatusTests {
    /// The rows of the "Exit status" table of docs/commands.md: (status, when).
    static func documentedTable() throws -> [(status: String, meaning: String)] {
        let commands = try String(contentsOfFile: CLI.packageRoot + "/docs/commands.md", encoding: .utf8)
        let section = try #require(commands.components(separatedBy: "## Exit status\n").dropFirst().first)
        var rows: [(String, String)] = []
        for line in section.split(separator: "\n", omittingEmptySubsequences: false).drop(while: { !$0.hasPrefix("|") }) {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 2, cells[0] != "Status", !cells[0].hasPrefix("---") else { continue }
            rows.append((cells[0], cells[1]))
        }
        return rows
    }

    static func words(_ text: some StringProtocol) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ").replacingOccurrences(of: "`", with: "")
    }

    @Test("docs/commands.md's table and actionsim --help say the same, row for row")
    func sameTable() async throws {
        let rows = try Self.documentedTable()
        #expect(rows.map(\.status) == ["0", "1", "2", "3", "4", "130, 143"])
        let help = try await CLI.run(["--help"])
        #expect(help.status == 0)
        let section = try #require(help.stdout.components(separatedBy: "Exit status:\n").dropFirst().first)
        let table = section.components(separatedBy: "\n\n")[0]
        // One help row per documented row, in order, saying the same words.
        let helpRows = table.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        #expect(helpRows.count == rows.count, "\(table)")
        let flat = Self.words(table)
        for row in rows {
            #expect(flat.contains(Self.words(row.status + " " + row.meaning)), "--help lacks: \(row.status) \(row.meaning)\n\(table)")
        }
    }

    @Test("Each status, from the built binary: 0, 1, 2 (a usage error too, not 64), 3, 4")
    func statuses() async throws {
        #expect(try await CLI.run(["check", "scenarios/demo.yaml"]).status == 0)
        #expect(try await CLI.run(["test", "Tests/Fixtures/failing"]).status == 1)
        #expect(try await CLI.run(["replay", "nowhere.yaml"]).status == 2)

        let usage = try await CLI.run(["sessions", "--bogus"])
        #expect(usage.status == 2)
        #expect(usage.stderr.hasPrefix("error: Unknown option '--bogus'. Did you mean '--board'?\nUsage: actionsim sessions"), "\(usage.stderr)")
        let missing = try await CLI.run(["export", "1"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("error: Missing expected argument '--output <file>'"), "\(missing.stderr)")

        let device = try await CLI.run(["run", "--device", "devices/usb-keyboard.yaml", "--input", "/dev/input/event99", "--no-log", "--no-store"])
        #expect(device.status == 3, "\(device.stderr)")

        // The report is checked before the scenarios run: nothing is run for nothing.
        let junit = try await CLI.run(["test", "--junit", "/no/such/dir/report.xml", "scenarios/a07-pause-resume.yaml"])
        #expect(junit.status == 4)
        #expect(junit.stderr == "error: cannot write /no/such/dir/report.xml: the directory /no/such/dir does not exist\n")
        #expect(junit.stdout.isEmpty)
    }

    @Test("A file that cannot be read is said in words, never as a raw NSError")
    func noRawErrors() async throws {
        let run = try await CLI.run(["import-evemu", "/no/such/recording.evemu", "--device", "devices/usb-keyboard.yaml"])
        #expect(run.status == 2)
        #expect(run.stderr == "error: /no/such/recording.evemu: cannot be read: No such file or directory\n")
        // Directories for the log and the store that cannot be made (a file is in the way).
        let replay = try await CLI.run(["replay", "scenarios/a03-first-press-starts-workout.yaml",
                                        "--log-dir", "/dev/null/logs", "--data-dir", "/dev/null/data"])
        #expect(replay.status == 0)
        #expect(replay.stderr.contains("warning: cannot create the log directory /dev/null/logs: /dev/null is not a directory; replaying without a session log"),
                "\(replay.stderr)")
        #expect(replay.stderr.contains("warning: cannot create the data directory /dev/null/data: /dev/null is not a directory; replaying without the session store"),
                "\(replay.stderr)")
        #expect(!replay.stderr.contains("NSCocoaErrorDomain"))
    }

    @Test("130: a real-time replay stopped by Ctrl-C (SIGINT) before its end")
    func interrupted() async throws {
        let directory = CLI.temporaryDirectory()
        let scenario = directory + "/long.yaml"
        try """
        app: \(CLI.packageRoot)/scenarios/apps/trailrunner.yaml
        settings: {action: workout, first-press: running}
        steps:
          - {at: 0s, gesture: press}
          - {at: 10m, end: session}
        """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let process = try ChildProcess(CLI.binary, ["replay", scenario, "--realtime", "--no-log", "--no-store"], stdout: .collect)
        defer { if process.isRunning { process.signal(SIGKILL) } }
        // Once the replay runs (its banner names the scenario, its first press is on the
        // timeline) and catches SIGINT (its handler is set up as the replay begins), however
        // slow the start.
        try await waitUntil("the real-time replay's banner, its first press and its SIGINT handler (stdout: \(process.stdout))") {
            let stdout = process.stdout
            return stdout.contains("long · ") && stdout.contains("▸ press") && process.catches(SIGINT)
        }
        process.signal(SIGINT)
        let result = await process.wait()
        let stderr = result.stderr
        #expect(result.reason == .exit && result.status == 130, "\(stderr)")
        #expect(stderr.contains("by a signal: the log and the store hold every event up to then; expectations were not checked"))
    }
}
