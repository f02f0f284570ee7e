import Foundation
import GRDB
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The session store in everyday and hostile use, through the built binary: a full disk
/// while recording, a hand-edited store with values no recorder writes, and a store the
/// reading commands may not write (docs/bad-input.md).
@Suite("The session store: a full disk, impossible values, read-only", .serialized)
struct StoreUseTests {
    /// The demo replayed into `directory`'s store: workout 1 and dive 2.
    static func demoStore(in directory: String) async throws -> String {
        let replay = try await CLI.run(["replay", "scenarios/demo.yaml", "--no-log", "--data-dir", directory])
        try #require(replay.status == 0, "\(replay.stderr)")
        return directory + "/actionsim.sqlite"
    }

    /// The samples the demo records, as an unhindered replay reports them.
    static func demoSampleCount() async throws -> Int {
        let directory = CLI.temporaryDirectory()
        let replay = try await CLI.run(["replay", "scenarios/demo.yaml", "--no-log", "--data-dir", directory])
        let line = try #require(replay.stderr.split(separator: "\n").first { $0.hasPrefix("session store:") })
        // session store: …/actionsim.sqlite (sessions 1, 2, 3059 samples; `actionsim show 2`)
        let before = try #require(line.components(separatedBy: " samples;").first)
        return try #require(Int(before.split(separator: " ").last ?? ""))
    }

    /// A replay of the demo whose process may write `kilobytes` KB to any file (RLIMIT_FSIZE,
    /// SIGXFSZ ignored): the store's writes fail with EFBIG once it reaches that size.
    static func replayWithFullStore(_ store: String, kilobytes: Int) async throws -> CLI.Result {
        try await CLI.run(["-c", "trap '' XFSZ; ulimit -f \(kilobytes); exec \"$@\"", "bash", CLI.binary,
                           "replay", "scenarios/demo.yaml", "--no-log", "--db", store], executable: "/bin/bash")
    }

    /// `not stored: N of M samples` from the warning.
    static func notStored(_ stderr: String) -> (lost: Int, total: Int)? {
        guard let range = stderr.range(of: "not stored: ") else { return nil }
        let words = stderr[range.upperBound...].split(separator: " ")
        guard words.count > 3, let lost = Int(words[0]), words[1] == "of", let total = Int(words[2]) else { return nil }
        return (lost, total)
    }

    @Test("A replay whose scenario does not end its session says the session is stored as interrupted, and the step that ends it; with that step it is ended")
    func replayLeavesSessionOpen() async throws {
        let directory = CLI.temporaryDirectory()
        let steps = "app: trailrunner\nsettings: {action: workout}\nsteps:\n  - {at: 1s, gesture: press}\n  - {at: 60s, gesture: press}\n"
        try steps.write(toFile: directory + "/open.yaml", atomically: true, encoding: .utf8)
        let open = try await CLI.run(["replay", "open.yaml", "--no-log", "--data-dir", directory], directory: directory)
        #expect(open.status == 0, "\(open.stderr)")
        let said = "session 1 was still running at 0:01:00.080, when the run stopped: stored as interrupted; "
            + "a step such as {at: 0:01:00.080, end: session} ends it (A11)\n"
        #expect(open.stderr.contains(said), "\(open.stderr)")
        let listed = try await CLI.run(["sessions", "--data-dir", directory])
        #expect(listed.stdout.contains(" interrupted "), "\(listed.stdout)")

        // The step the note names, added as it is written there.
        try (steps + "  - {at: 0:01:00.080, end: session}\n").write(toFile: directory + "/ended.yaml", atomically: true, encoding: .utf8)
        let ended = try await CLI.run(["replay", "ended.yaml", "--no-log", "--data-dir", directory], directory: directory)
        #expect(ended.status == 0, "\(ended.stderr)")
        #expect(!ended.stderr.contains("stored as interrupted"), "\(ended.stderr)")
        let shown = try await CLI.run(["show", "2", "--data-dir", directory])
        #expect(shown.stdout.hasPrefix("session 2: workout (walking) by TrailRunner, ended\n"), "\(shown.stdout)")
    }

    @Test("T4: a full disk as the first samples are stored: the end says what was not stored, and points at no empty session")
    func fullStoreAtTheStart() async throws {
        let total = try await Self.demoSampleCount()
        let store = CLI.temporaryDirectory() + "/actionsim.sqlite"
        // 124 KB: room for the store (its write-ahead log holds the new tables' pages, a
        // frame per migration: 100 KB was enough before the fourth, 116 KB before the fifth)
        // and session 1's row, not for its first batch of samples.
        let run = try await Self.replayWithFullStore(store, kilobytes: 124)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("expectations:"), "the replay itself goes on")
        #expect(run.stderr.contains("warning: session database \(store): cannot save samples: disk I/O error; not stored: "),
                "\(run.stderr)")
        let notStored = try #require(Self.notStored(run.stderr), "\(run.stderr)")
        #expect(notStored.lost == total && notStored.total == total)
        #expect(run.stderr.contains("and 1 of 2 sessions (not even their start)"), "\(run.stderr)")
        #expect(run.stderr.contains("session store: \(store) holds session 1 with its start only, no samples\n"), "\(run.stderr)")
        #expect(!run.stderr.contains("actionsim show 1"), "points at a session with no samples: \(run.stderr)")
    }

    @Test("T4: a full disk mid-run: what was stored and what was not add up, and show agrees")
    func fullStoreMidRun() async throws {
        let total = try await Self.demoSampleCount()
        let store = CLI.temporaryDirectory() + "/actionsim.sqlite"
        let run = try await Self.replayWithFullStore(store, kilobytes: 240)
        #expect(run.status == 0, "\(run.stderr)")
        let notStored = try #require(Self.notStored(run.stderr), "\(run.stderr)")
        #expect(notStored.total == total && notStored.lost > 0 && notStored.lost < total)
        let stored = total - notStored.lost
        #expect(run.stderr.contains("holds session 1 with \(stored) samples; `actionsim show 1` shows what was stored"),
                "\(run.stderr)")
        let show = try await CLI.run(["show", "1", "--db", store])
        let samples = show.stdout.split(separator: "\n").first { $0.hasPrefix("samples:") }
        #expect(samples?.hasSuffix(" \(stored) every 1s") == true, "\(show.stdout)")
    }

    // MARK: Impossible values (a hand-edited store)

    struct Edit: Sendable, CustomTestStringConvertible {
        var kind: String
        var sql: String
        /// What `show 1` says is damaged.
        var says: String
        /// Whether `sessions` already sees it (the session's row and its first and last
        /// sample); otherwise only loading the session does.
        var listed = true
        var testDescription: String { kind }
    }

    static let edits: [Edit] = [
        Edit(kind: "end before start", sql: "UPDATE sessions SET end_t = start_t - 1000000000 WHERE id = 1",
             says: "its end (0:00:00.290) is before its start (0:00:01.290)"),
        Edit(kind: "text in a number column", sql: "UPDATE sessions SET wall_start = 'soon' WHERE id = 1",
             says: "its wall_start holds the text \"soon\" where a whole number belongs"),
        Edit(kind: "a start in 1734", sql: "UPDATE sessions SET wall_start = -7300000000000000000 WHERE id = 1",
             says: "its wall_start, -7300000000000000000 ns since 1970, is not a time between 1970 and 2100"),
        Edit(kind: "a sample at -2^63 ns",
             sql: "UPDATE samples SET t = -9223372036854775808 WHERE session_id = 1 AND t = (SELECT MIN(t) FROM samples WHERE session_id = 1)",
             says: "the sample at -2562047:47:16.854 is before its start (0:00:01.290)"),
        Edit(kind: "a start at -2^63 ns", sql: "UPDATE sessions SET start_t = -9223372036854775808 WHERE id = 1",
             says: "it starts at -2562047:47:16.854"),
        Edit(kind: "an event at -2^63 ns",
             sql: "UPDATE events SET t = -9223372036854775808 WHERE rowid = (SELECT MIN(rowid) FROM events WHERE session_id = 1)",
             says: "an event is at -2562047:47:16.854", listed: false),
        Edit(kind: "an unknown kind", sql: "UPDATE sessions SET kind = 'swim' WHERE id = 1",
             says: "its kind is \"swim\"; expected workout or dive"),
        Edit(kind: "text as a heart rate",
             sql: "UPDATE samples SET heart_rate = 'fast' WHERE session_id = 1 AND t = (SELECT MAX(t) FROM samples WHERE session_id = 1)",
             says: "the sample at 0:34:59.250's heart rate holds the text \"fast\" where a number belongs", listed: false),
    ]

    @Test("A hand-edited session with impossible values is refused as damaged by show, export and plot; sessions marks it; session 2 is unaffected",
          arguments: edits)
    func impossibleValues(_ edit: Edit) async throws {
        let directory = CLI.temporaryDirectory()
        let store = try await Self.demoStore(in: directory)
        try await DatabaseQueue(path: store).write { try $0.execute(sql: edit.sql) }
        let damaged = "session 1 in \(store) is damaged (\(edit.says)); the other sessions are unaffected"

        let list = try await CLI.run(["sessions", "--db", store])
        #expect(list.status == 0, "\(list.stderr)")
        let row = list.stdout.split(separator: "\n").first { $0.hasPrefix("1 ") }.map(String.init) ?? ""
        if edit.listed {
            #expect(row.contains("damaged"), "\(list.stdout)")
            #expect(list.stderr == "warning: \(damaged)\n")
        }
        #expect(!row.contains("0:00:0-"), "\(row)")

        let show = try await CLI.run(["show", "1", "--db", store])
        #expect(show.status == 2)
        #expect(show.stdout.isEmpty)
        #expect(show.stderr == "error: \(damaged)\n")
        let csv = directory + "/one.csv"
        let export = try await CLI.run(["export", "1", "-o", csv, "--db", store])
        #expect(export.status == 2)
        #expect(export.stderr == "error: \(damaged)\n")
        #expect(!FileManager.default.fileExists(atPath: csv))
        let plot = try await CLI.run(["plot", "1", "-o", directory + "/one.svg", "--db", store])
        #expect(plot.status == 2)

        #expect(try await CLI.run(["show", "2", "--db", store]).status == 0)
        #expect(try await CLI.run(["export", "2", "-o", directory + "/two.csv", "--db", store]).status == 0)
    }

    // MARK: A store the reading commands may not write

    /// sessions, show, export and plot on `store`, run by `prefix` (a user), writing into
    /// `output` (a directory they may write): each works and says what it should.
    static func readEverything(_ store: String, output: String, as prefix: [String] = []) async throws {
        func run(_ arguments: [String]) async throws -> CLI.Result { try await Self.run(arguments, as: prefix) }
        let list = try await run(["sessions", "--db", store])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("workout running") && list.stdout.contains("DeepLog"), "\(list.stdout)")
        let show = try await run(["show", "2", "--db", store])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("max depth:"))
        let export = try await run(["export", "1", "-o", output + "/run.tcx", "--db", store])
        #expect(export.status == 0, "\(export.stderr)")
        #expect((try? String(contentsOfFile: output + "/run.tcx", encoding: .utf8))?.contains("<TrainingCenterDatabase") == true)
        let plot = try await run(["plot", "2", "-o", output + "/dive.svg", "--db", store])
        #expect(plot.status == 0, "\(plot.stderr)")
        #expect(FileManager.default.fileExists(atPath: output + "/dive.svg"))
    }

    @Test("A store on a read-only file system (a read-only bind mount, WAL without its -shm): sessions, show, export and plot work",
          .enabled(if: getuid() == 0, "mounting needs root"))
    func readOnlyMount() async throws {
        let directory = CLI.temporaryDirectory()
        let data = directory + "/data", mounted = directory + "/mounted"
        _ = try await Self.demoStore(in: data)
        try FileManager.default.createDirectory(atPath: mounted, withIntermediateDirectories: true)
        try #require(try CLI.runTool("/bin/mount", ["--bind", data, mounted]) == 0)
        defer { _ = try? CLI.runTool("/bin/umount", [mounted]) }
        try #require(try CLI.runTool("/bin/mount", ["-o", "remount,ro,bind", mounted]) == 0)
        try await Self.readEverything(mounted + "/actionsim.sqlite", output: directory)
    }

    /// How to run the binary as a user who does not own the store (root may write anything).
    static var otherUser: [String] {
        getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
    }

    /// Runs `actionsim` with `arguments`, through `prefix` (such as `otherUser`) if any: then
    /// a copy of it that any user may run (the build directory may be under root's home).
    static func run(_ arguments: [String], as prefix: [String]) async throws -> CLI.Result {
        prefix.isEmpty ? try await CLI.run(arguments)
            : try await CLI.run(Array(prefix.dropFirst()) + [try binaryForAnyone()] + arguments, executable: prefix[0])
    }

    static func binaryForAnyone() throws -> String {
        let directory = CLI.temporaryDirectory()
        chmod(directory, 0o755)
        let copy = directory + "/actionsim"
        try FileManager.default.copyItem(atPath: CLI.binary, toPath: copy)
        chmod(copy, 0o755)
        return copy
    }

    @Test("A 0444 store file in a directory others may write: the reading commands work")
    func readOnlyFile() async throws {
        let directory = CLI.temporaryDirectory()
        let data = directory + "/data", output = directory + "/out"
        let store = try await Self.demoStore(in: data)
        chmod(store, 0o444)
        chmod(data, 0o777)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        chmod(output, 0o777)
        chmod(directory, 0o755)
        try await Self.readEverything(store, output: output, as: Self.otherUser)
    }

    @Test("A store in a read-only directory (0555): the reading commands work; an unfinished session is shown interrupted, not marked")
    func readOnlyDirectory() async throws {
        let directory = CLI.temporaryDirectory()
        let data = directory + "/data", output = directory + "/out"
        let store = try await Self.demoStore(in: data)
        // A session whose process is gone (no pid is this large) and that was never ended.
        try await DatabaseQueue(path: store).write { db in
            try db.execute(sql: "UPDATE sessions SET status = 'active', end_t = NULL, pid = 2147483647 WHERE id = 2")
        }
        chmod(store, 0o444)
        chmod(data, 0o555)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        chmod(output, 0o777)
        chmod(directory, 0o755)
        defer { chmod(data, 0o755) }
        try await Self.readEverything(store, output: output, as: Self.otherUser)
        let list = try await Self.run(["sessions", "--db", store], as: Self.otherUser)
        #expect(list.stderr.contains("session 2 was not ended when its run stopped; shown as interrupted (the store is read-only, so it is not marked), 1140 samples kept (T4)"),
                "\(list.stderr)")
        #expect(list.stdout.split(separator: "\n").contains { $0.hasPrefix("2 ") && $0.contains("interrupted") }, "\(list.stdout)")
    }
}
