import Foundation
import GRDB
import Testing
import TestSupport

/// The lab's servers, started by `make test-lab` (Tests/lab/lab-servers.sh): PostgreSQL and
/// Prometheus on loopback. Without them (a plain `swift test`) the tests that need them are
/// not run; `make test` runs them with the servers.
enum Lab {
    static let environment = ProcessInfo.processInfo.environment
    static let postgres = environment["ACTIONSIM_LAB_POSTGRES"]
    static let prometheus = environment["ACTIONSIM_LAB_PROMETHEUS"]
    static let targets = environment["ACTIONSIM_LAB_TARGETS"]
    static let servers = environment["ACTIONSIM_LAB_SERVERS"]
    static var available: Bool { postgres != nil && prometheus != nil && targets != nil && servers != nil }

    /// A database of its own for one test, so tests never see each other's boards.
    static func freshDatabase(_ name: String) async throws -> String {
        let base = postgres!
        let database = "t_\(name)_\(UInt32.random(in: 0...UInt32.max))"
        _ = try await psql(base, "CREATE DATABASE \(database)")
        return String(base[..<base.lastIndex(of: "/")!]) + "/" + database
    }

    /// Runs one statement with psql and returns its unaligned output.
    static func psql(_ url: String, _ sql: String) async throws -> String {
        let result = try await tool("/usr/bin/psql", [url, "-v", "ON_ERROR_STOP=1", "-Atc", sql])
        guard result.status == 0 else { throw LabTestError("psql \(sql): \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs a program to its end, waiting off Swift's executor: waiting for it on one of
    /// Swift's executor threads (two on this machine) starved the child's exit notification,
    /// and the test hung in `waitUntilExit` with the child a zombie.
    static func tool(_ path: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> CLI.Result {
        try await ChildProcess.run(path, arguments, environment: .inherited(
            ["NO_COLOR": "1"].merging(environment.mapValues { $0.isEmpty ? nil : $0 }) { $1 }))
    }

    /// `actionsim` with these environment variables (an empty value removes one).
    static func actionsim(_ arguments: [String], environment: [String: String]) async throws -> CLI.Result {
        try await tool(CLI.binary, arguments, environment: environment)
    }

    /// Rows of one board's local store: samples and events per session id.
    static func localCounts(_ store: String) throws -> (samples: Int, events: Int, sessions: Int) {
        let queue = try DatabaseQueue(path: store)
        return try queue.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM samples") ?? 0,
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM events") ?? 0,
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sessions") ?? 0)
        }
    }

    /// The same counts in the lab, for one board.
    static func labCounts(_ url: String, board: String) async throws -> (samples: Int, events: Int, sessions: Int) {
        let line = try await psql(url, """
            SELECT (SELECT COUNT(*) FROM samples JOIN sessions s ON s.id = session_id WHERE s.board = '\(board)'),
                   (SELECT COUNT(*) FROM events JOIN sessions s ON s.id = session_id WHERE s.board = '\(board)'),
                   (SELECT COUNT(*) FROM sessions WHERE board = '\(board)')
            """).split(separator: "|").compactMap { Int($0) }
        guard line.count == 3 else { throw LabTestError("unexpected psql output") }
        return (line[0], line[1], line[2])
    }
}

struct LabTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A running `actionsim` (a live `run` whose keys the test types through a pipe, or a
/// command that serves pages until it is interrupted).
final class LiveBoard: Sendable {
    let process: ChildProcess

    init(_ arguments: [String], command: String = "run", environment: [String: String?] = [:]) throws {
        process = try ChildProcess(CLI.binary, [command] + arguments,
                                   environment: .inherited(environment.merging(["NO_COLOR": "1"]) { $1 }),
                                   input: .pipe, stdout: .discard)
    }

    func type(_ keys: String) { process.type(keys) }

    var stderr: String { process.stderr }

    /// Waits (up to `seconds`) for standard error to contain `text`.
    func waitFor(_ text: String, seconds: Double = 120) async throws -> Bool {
        await process.waitFor(text, seconds: seconds)
    }

    /// Sends SIGINT (Ctrl-C) and waits for the exit status.
    func interrupt() async throws -> Int32 {
        process.interrupt()
        process.closeInput()
        return await process.wait().status
    }

    /// The first `http://...` URL it printed on standard error (after `web page: `), waiting for it.
    func pageURL(seconds: Double = 30) async throws -> String? {
        guard try await waitFor("web page: http://", seconds: seconds) else { return nil }
        let text = stderr[stderr.range(of: "web page: ")!.upperBound...]
        return String(text.prefix { $0 != " " && $0 != "\n" })
    }

    /// Quits (q) and waits for the exit status.
    func quit() async throws -> Int32 {
        type("q")
        process.closeInput()
        return await process.wait().status
    }
}

@Suite("A lab: test shards", .serialized)
struct TestShardTests {
    /// The scenario files a JUnit report names.
    static func files(inJUnit path: String) throws -> [String] {
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        return xml.components(separatedBy: "<testcase ").dropFirst().compactMap { testCase in
            guard let start = testCase.range(of: "file=\"") else { return nil }
            let rest = testCase[start.upperBound...]
            return String(rest[..<rest.firstIndex(of: "\"")!])
        }
    }

    @Test("test --shard I/4: four shards run every scenario exactly once, each with its own JUnit report")
    func fourShardsCoverTheSuite() async throws {
        let directory = CLI.temporaryDirectory()
        let all = try await CLI.run(["test", "scenarios", "--shard", "1/1", "--junit", directory + "/all.xml"])
        #expect(all.status == 0, "\(all.stdout)\(all.stderr)")
        let everything = try Self.files(inJUnit: directory + "/all.xml")
        #expect(everything.count > 20)
        var seen: [String] = []
        for index in 1...4 {
            let shard = try await CLI.run(["test", "scenarios", "--shard", "\(index)/4", "--junit", directory + "/shard-\(index).xml"])
            #expect(shard.status == 0, "\(shard.stdout)\(shard.stderr)")
            let files = try Self.files(inJUnit: directory + "/shard-\(index).xml")
            #expect(shard.stdout.contains("\(files.count) scenario\(files.count == 1 ? "" : "s") (shard \(index)/4 of \(everything.count))"))
            let xml = try String(contentsOfFile: directory + "/shard-\(index).xml", encoding: .utf8)
            #expect(xml.contains("actionsim scenarios (shard \(index) of 4)"))
            seen += files
        }
        #expect(seen.count == everything.count, "a scenario ran in two shards, or in none")
        #expect(Set(seen) == Set(everything))
        // Stable: the same shard again runs the same scenarios.
        let again = try await CLI.run(["test", "scenarios", "--shard", "2/4", "--junit", directory + "/again.xml"])
        #expect(again.status == 0)
        #expect(try Self.files(inJUnit: directory + "/again.xml") == Self.files(inJUnit: directory + "/shard-2.xml"))
    }

    @Test("Bad input: --shard that is not I/N with 1 ≤ I ≤ N exits 2 and says what it expects")
    func badShards() async throws {
        for (value, message) in [("5/4", "shards are numbered 1 to 4; this one is 5"), ("0/4", "shards are numbered 1 to 4; this one is 0"),
                                 ("two", "expected I/N, this job's shard and the number of shards, e.g. --shard 1/4"),
                                 ("1/0", "the number of shards must be from 1 to 10000")] {
            let result = try await CLI.run(["test", "scenarios", "--shard", value])
            #expect(result.status == 2)
            #expect(result.stderr.contains("error: --shard \(value): \(message)"), "\(result.stderr)")
        }
    }
}

/// The lab's settings and errors that need no server: a `--db` URL that is not one, a
/// server that is not there, a bad board name or metrics address, and where the settings
/// come from (command line, environment, config file).
@Suite("A lab: settings and bad input")
struct LabSettingsTests {
    @Test("Bad input: a --db postgres:// URL that cannot be used exits 2, says what is wrong, and never prints the password")
    func badURLs() async throws {
        let rows: [(String, String)] = [
            ("postgres://127.0.0.1/lab", "error: --db postgres://127.0.0.1/lab: no user; expected postgres://USER@127.0.0.1/DATABASE"),
            ("postgres://lab@db.local", "error: --db postgres://lab@db.local: no database; expected postgres://lab@db.local/DATABASE"),
            ("postgres://lab@/lab", "error: --db postgres://lab@/lab: no host; expected postgres://USER@HOST[:PORT]/DATABASE"),
            ("postgres://lab@db.local:70000/lab", "error: --db postgres://lab@db.local:70000/lab: the port must be from 1 to 65535"),
            ("postgres://lab@db.local/lab?sslmode=maybe", "error: --db postgres://lab@db.local/lab?sslmode=maybe: sslmode must be disable, prefer or require"),
            ("postgres://lab:s3cret@db.local/lab?timeout=5",
             "error: --db postgres://lab:***@db.local/lab?timeout=***: unknown parameter \"timeout\"; the only one is sslmode (disable, prefer, require)"),
        ]
        for (url, message) in rows {
            for command in [["sessions"], ["replay", "scenarios/a07-pause-resume.yaml", "--no-log", "--data-dir", CLI.temporaryDirectory()]] {
                let result = try await CLI.run(command + ["--db", url])
                #expect(result.status == 2, "\(command[0]) \(url): \(result.stderr)")
                #expect(result.stderr.contains(message), "\(command[0]) \(url): \(result.stderr)")
                #expect(!result.stderr.contains("s3cret") && result.stdout.isEmpty)
            }
        }
        // The same from the environment names where it came from.
        let fromEnvironment = try await Lab.actionsim(["sessions"], environment: ["ACTIONSIM_DB": "postgres://db.local/lab"])
        #expect(fromEnvironment.status == 2)
        #expect(fromEnvironment.stderr.contains("error: ACTIONSIM_DB: postgres://db.local/lab: no user; expected postgres://USER@db.local/DATABASE"),
                "\(fromEnvironment.stderr)")
    }

    @Test("A lab's database that cannot be reached: reading exits 4 and says so in words; a replay records locally, says what waits, and exits 0")
    func unreachable() async throws {
        // Port 1 on loopback: nothing listens there.
        let url = "postgres://lab@127.0.0.1:1/lab"
        let sessions = try await CLI.run(["sessions", "--db", url])
        #expect(sessions.status == 4)
        #expect(sessions.stderr.contains("error: cannot reach the lab's database postgres://lab@127.0.0.1:1/lab: Connection refused; is the server running and reachable from here?"),
                "\(sessions.stderr)")
        let unknownHost = try await CLI.run(["show", "1", "--db", "postgres://lab@no-such-host.invalid/lab"])
        #expect(unknownHost.status == 4)
        #expect(unknownHost.stderr.contains("error: cannot reach the lab's database postgres://lab@no-such-host.invalid:5432/lab: cannot resolve no-such-host.invalid: "),
                "\(unknownHost.stderr)")
        #expect(!unknownHost.stderr.contains("SocketAddressError"), "a library's type name reached the user: \(unknownHost.stderr)")

        // The same replay without a lab, first: how long it takes on this machine now.
        var started = Date()
        _ = try await CLI.run(["replay", "scenarios/a07-pause-resume.yaml", "--no-log", "--data-dir", CLI.temporaryDirectory()])
        let alone = Date().timeIntervalSince(started)
        let data = CLI.temporaryDirectory()
        started = Date()
        let replay = try await CLI.run(["replay", "scenarios/a07-pause-resume.yaml", "--no-log", "--data-dir", data, "--db", url])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stderr.contains("warning: the lab's database is away (Connection refused); the session goes on"), "\(replay.stderr)")
        #expect(replay.stderr.contains("warning: the lab's database postgres://lab@127.0.0.1:1/lab is away (Connection refused): 103 rows wait in \(data)/actionsim.sqlite and are sent by the next run with this --db, or by `actionsim forward --db postgres://lab@127.0.0.1:1/lab --data-dir \(data)`"),
                "\(replay.stderr)")
        // A lab never reached is not waited for at the end (a lab that went away is, for up to
        // 10 s): compared with the same replay alone, so that a busy machine does not matter.
        #expect(Date().timeIntervalSince(started) - alone < 5, "alone \(alone) s")
        let local = try await CLI.run(["sessions", "--data-dir", data])
        #expect(local.stdout.contains("a07-pause-resume"))
        // forward waits for it (--wait), then says what still waits: exit 4.
        let forward = try await CLI.run(["forward", "--wait", "1", "--data-dir", data, "--db", url])
        #expect(forward.status == 4)
        #expect(forward.stderr.contains("error: the lab's database postgres://lab@127.0.0.1:1/lab stayed away for 1 s (Connection refused): 103 rows still wait in \(data)/actionsim.sqlite"),
                "\(forward.stderr)")
        // An empty store and a lab never reached: not "the lab has everything".
        let empty = try await CLI.run(["forward", "--wait", "0", "--data-dir", CLI.temporaryDirectory(), "--db", url])
        #expect(empty.status == 4)
        #expect(empty.stderr.contains("error: the lab's database postgres://lab@127.0.0.1:1/lab stayed away for 0 s (Connection refused): nothing waits in "),
                "\(empty.stderr)")
        let noLab = try await Lab.actionsim(["forward", "--data-dir", data], environment: ["ACTIONSIM_DB": ""])
        #expect(noLab.status == 2)
        #expect(noLab.stderr.contains("error: no lab to forward to: give --db postgres://USER@HOST[:PORT]/DATABASE (or set ACTIONSIM_DB)"))
    }

    @Test("Bad input: a board name or a metrics address that cannot be used (or is in use) exits 2 before anything runs")
    func badBoardAndMetrics() async throws {
        let board = try await CLI.run(["replay", "scenarios/a07-pause-resume.yaml", "--board", "pi 07", "--no-log", "--data-dir", CLI.temporaryDirectory()])
        #expect(board.status == 2 && board.stdout.isEmpty)
        #expect(board.stderr.contains("error: --board \"pi 07\": a board's name is 1 to 64 letters, digits and - _ . : @ (it labels the lab's rows and metrics)"),
                "\(board.stderr)")
        let fromEnvironment = try await Lab.actionsim(["sessions", "--data-dir", CLI.temporaryDirectory()],
                                                      environment: ["ACTIONSIM_BOARD": String(repeating: "b", count: 65)])
        #expect(fromEnvironment.status == 2)
        #expect(fromEnvironment.stderr.contains("error: ACTIONSIM_BOARD \"\(String(repeating: "b", count: 65))\": a board's name is 1 to 64"))
        for (address, problem) in [("nonsense", "expected ADDR:PORT (127.0.0.1:9464, 0.0.0.0:9464, [::1]:9464) or a port"),
                                   ("127.0.0.1:99999", "the port must be a number from 0 to 65535")] {
            let metrics = try await Lab.tool(CLI.binary, ["run", "--metrics", address, "--no-store", "--no-log"])
            #expect(metrics.status == 2, "\(metrics.stderr)")
            #expect(metrics.stderr.contains("error: --metrics \(address): \(problem)"), "\(metrics.stderr)")
        }
        // A port another run serves its metrics on.
        let first = try LiveBoard(["--metrics", "127.0.0.1:0", "--no-store", "--no-log", "--board", "first"])
        #expect(try await first.waitFor("/metrics (board first)"), "\(first.stderr)")
        let start = try #require(first.stderr.range(of: "metrics: http://127.0.0.1:"))
        let port = try #require(Int(first.stderr[start.upperBound...].prefix { $0.isNumber }))
        let second = try await Lab.tool(CLI.binary, ["run", "--metrics", "127.0.0.1:\(port)", "--no-store", "--no-log"])
        #expect(second.status == 2)
        #expect(second.stderr.contains("error: cannot serve metrics on 127.0.0.1:\(port): Address already in use; give another address with --metrics ADDR:PORT (port 0: any free port)"),
                "\(second.stderr)")
        #expect(try await first.quit() == 0)
    }

    @Test("--db, --board: the command line wins over ACTIONSIM_DB and ACTIONSIM_BOARD, which win over the config file")
    func precedence() async throws {
        let directory = CLI.temporaryDirectory()
        let config = directory + "/config.yaml"
        try "db: \(directory)/from-config.sqlite\nboard: from-config\n".write(toFile: config, atomically: true, encoding: .utf8)
        let scenario = "scenarios/a07-pause-resume.yaml"
        let base = ["ACTIONSIM_CONFIG": config, "ACTIONSIM_DB": "", "ACTIONSIM_BOARD": ""]
        func replay(_ extra: [String], _ environment: [String: String]) async throws {
            let result = try await Lab.actionsim(["replay", scenario, "--no-log"] + extra, environment: base.merging(environment) { $1 })
            #expect(result.status == 0, "\(result.stderr)")
        }
        try await replay([], [:])
        try await replay([], ["ACTIONSIM_DB": directory + "/from-env.sqlite", "ACTIONSIM_BOARD": "from-env"])
        try await replay(["--db", directory + "/from-line.sqlite", "--board", "from-line"], ["ACTIONSIM_DB": directory + "/from-env.sqlite",
                                                                                           "ACTIONSIM_BOARD": "from-env"])
        for (file, board) in [("from-config", "from-config"), ("from-env", "from-env"), ("from-line", "from-line")] {
            let shown = try await CLI.run(["show", "last", "--db", "\(directory)/\(file).sqlite"])
            #expect(shown.stdout.contains("\nboard:                 \(board)\n"), "\(file): \(shown.stdout)")
        }
        // One board's own store lists no board; a store with two boards' sessions, and --board, do.
        let own = try await CLI.run(["sessions", "--db", directory + "/from-line.sqlite"])
        #expect(own.stdout.hasPrefix("ID    KIND "), "\(own.stdout)")
        let second = try await Lab.actionsim(["replay", scenario, "--no-log", "--db", directory + "/from-line.sqlite", "--board", "pi-08"],
                                             environment: base)
        #expect(second.status == 0, "\(second.stderr)")
        let two = try await CLI.run(["sessions", "--db", directory + "/from-line.sqlite"])
        #expect(two.stdout.hasPrefix("ID    BOARD      KIND ") && two.stdout.contains("from-line") && two.stdout.contains("pi-08"),
                "\(two.stdout)")
        let one = try await CLI.run(["sessions", "--db", directory + "/from-line.sqlite", "--board", "pi-08"])
        #expect(one.stdout.contains("pi-08") && !one.stdout.contains("from-line"), "\(one.stdout)")
        // A config file that is there must be right.
        try "db: \(directory)/x.sqlite\nbord: typo\n".write(toFile: config, atomically: true, encoding: .utf8)
        let bad = try await Lab.actionsim(["sessions"], environment: base)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("config.yaml:2:1: unknown key \"bord\""), "\(bad.stderr)")
    }
}

@Suite("A lab: one PostgreSQL and Prometheus for many boards", .serialized, .enabled(if: Lab.available))
struct LabServerTests {
    @Test("A lab that turns the login down (no such user, no such database) says so, not that it cannot be reached")
    func loginRefused() async throws {
        // The lab's server trusts loopback (no password), so a refused login is a user or a
        // database it does not have; a wrong password is the same SQLSTATE class (28).
        let base = Lab.postgres!
        let server = String(base[base.index(base.firstIndex(of: "@")!, offsetBy: 1)..<base.lastIndex(of: "/")!])
        for (url, reason) in [("postgres://nobody@\(server)/lab", "role \"nobody\" does not exist"),
                              ("postgres://actionsim@\(server)/no_such_lab", "database \"no_such_lab\" does not exist")] {
            let sessions = try await CLI.run(["sessions", "--db", url])
            #expect(sessions.status == 4)
            #expect(sessions.stderr == "error: the lab's database \(url) refused the login: \(reason); check the user, password and "
                    + "database in the URL (postgres://USER:PASSWORD@HOST/DATABASE) and the server's pg_hba.conf\n", "\(sessions.stderr)")
        }
    }

    /// Replays of these scenarios, round robin: workouts and dives, presses and pauses.
    static let scenarios = ["scenarios/demo.yaml", "scenarios/a07-pause-resume.yaml", "scenarios/a08-dive.yaml",
                            "scenarios/a06-next-action-follows-donations.yaml"]

    @Test("16 boards (12 replays, 4 live runs) into one PostgreSQL at once, PostgreSQL stopped for 30 s mid-way: every sample and event of every board is in the lab once")
    func sixteenBoardsAndAnOutage() async throws {
        let url = try await Lab.freshDatabase("boards")
        let root = CLI.temporaryDirectory()
        func store(_ board: String) -> String { root + "/" + board }
        let replayBoards = (1...12).map { String(format: "replay-%02d", $0) }
        let liveBoards = (1...4).map { String(format: "live-%02d", $0) }

        // The live boards start first and run through the outage.
        var live: [LiveBoard] = []
        for board in liveBoards {
            let run = try LiveBoard(["--board", board, "--db", url, "--data-dir", store(board), "--no-log"])
            run.type("a")
            live.append(run)
        }
        // The replays, all at once beside them.
        let replays = try await withThrowingTaskGroup(of: (String, CLI.Result).self) { group in
            for (index, board) in replayBoards.enumerated() {
                let scenario = Self.scenarios[index % Self.scenarios.count]
                group.addTask {
                    (board, try await CLI.run(["replay", scenario, "--no-log", "--board", board, "--db", url, "--data-dir", store(board)]))
                }
            }
            var results: [String: CLI.Result] = [:]
            for try await (board, result) in group { results[board] = result }
            return results
        }
        for (board, result) in replays.sorted(by: { $0.key < $1.key }) {
            #expect(result.status == 0, "\(board): \(result.stderr)")
            #expect(result.stderr.contains("lab: postgres://"), "\(board) did not forward: \(result.stderr)")
        }

        // PostgreSQL away for 30 s while the live boards record: they go on, say so, and
        // send their backlog when it is back.
        let before = try liveBoards.map { try Lab.localCounts(store($0) + "/actionsim.sqlite").samples }
        #expect(try await Lab.tool(Lab.servers!, ["stop-postgres"]).status == 0)
        let stopped = Date()
        for (board, run) in zip(liveBoards, live) {
            #expect(try await run.waitFor("the lab's database is away", seconds: 15), "\(board): \(run.stderr)")
        }
        // Away 30 s at least, and until every board has recorded 25 samples more meanwhile
        // (a busy machine may be slower to: the wait is for the samples, not for a time).
        var during = before
        try await waitUntil("30 s to pass and each board to record 25 samples while the lab is away (\(during) after \(before))") {
            during = try liveBoards.map { try Lab.localCounts(store($0) + "/actionsim.sqlite").samples }
            return Date().timeIntervalSince(stopped) >= 30 && zip(during, before).allSatisfy { $0 >= $1 + 25 }
        }
        #expect(try await Lab.tool(Lab.servers!, ["start-postgres"]).status == 0)
        for (board, run) in zip(liveBoards, live) {
            #expect(try await run.waitFor("is back; the backlog", seconds: 20), "\(board): \(run.stderr)")
        }
        // The backlog sent while the boards still run: the lab has every sample each recorded
        // by the end of the outage.
        var inLab: [Int] = []
        try await waitUntil("the live boards' backlog in the lab: \(during) samples, the lab has \(inLab)", every: .milliseconds(500)) {
            inLab = []
            for board in liveBoards { inLab.append(try await Lab.labCounts(url, board: board).samples) }
            return zip(inLab, during).allSatisfy { $0 >= $1 }
        }
        for (board, run) in zip(liveBoards, live) {
            let status = try await run.quit()
            #expect(status == 0, "\(board): \(run.stderr)")
            #expect(run.stderr.contains("lab: postgres://"), "\(board): \(run.stderr)")
        }

        // Every board's rows, once: the lab's counts are the local store's.
        var total = 0, sessions = 0
        for board in replayBoards + liveBoards {
            let local = try Lab.localCounts(store(board) + "/actionsim.sqlite")
            let lab = try await Lab.labCounts(url, board: board)
            #expect(local.samples > 0, "\(board) recorded nothing")
            #expect(lab.samples == local.samples && lab.events == local.events && lab.sessions == local.sessions,
                    "\(board): local \(local), lab \(lab)")
            total += lab.samples
            sessions += local.sessions
        }
        #expect(try await Int(Lab.psql(url, "SELECT COUNT(*) FROM samples")) == total)
        // The live sessions have a sample for every second, the 30 s of the outage included.
        let gaps = try await Lab.psql(url, """
            SELECT COUNT(*) FROM (SELECT t - LAG(t) OVER (PARTITION BY session_id ORDER BY t) AS step
                                  FROM samples JOIN sessions s ON s.id = session_id WHERE s.board LIKE 'live-%') steps
            WHERE step <> 1000000000
            """)
        #expect(gaps == "0")
        // At least the outage's 30 s more than before it, however fast the replays beside
        // them ran (a fixed 35 assumed a machine slow enough to keep them going 35 s).
        for (index, board) in liveBoards.enumerated() {
            let samples = try await Lab.labCounts(url, board: board).samples
            #expect(samples >= before[index] + 30, "\(board): \(samples) samples, \(before[index]) before the outage")
        }

        // A resend is harmless: forget what was forwarded (as if the board died between the
        // lab's commit and its note of it) and send everything again.
        let board = replayBoards[0]
        let queue = try DatabaseQueue(path: store(board) + "/actionsim.sqlite")
        try await queue.write { db in try db.execute(sql: "DELETE FROM lab_outbox") }
        let countsBefore = try await Lab.labCounts(url, board: board)
        let again = try await CLI.run(["forward", "--db", url, "--data-dir", store(board)])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("forwarded"), "\(again.stdout)")
        let countsAfter = try await Lab.labCounts(url, board: board)
        #expect(countsAfter == countsBefore)
        #expect(try await Lab.psql(url, "SELECT COUNT(*) FROM sessions") == String(sessions), "a resent session was stored twice")

        // Every board is listed.
        let all = try await CLI.run(["sessions", "--db", url])
        #expect(all.status == 0, "\(all.stderr)")
        for board in replayBoards + liveBoards { #expect(all.stdout.contains(board), "\(board) missing from sessions") }
    }

    /// A workout of 55 minutes with a press every 3 s: 3,309 samples and 3,854 events, more
    /// than one page (2,000 rows) of each for the lab's reader.
    static func longWorkout() -> String {
        var text = "app: \(CLI.packageRoot)/scenarios/apps/trailrunner.yaml\nsettings: {action: workout, first-press: running}\nsteps:\n"
        for index in 0..<1100 { text += "  - {at: \(index * 3)s, gesture: press}\n" }
        return text + "  - {at: 3310s, gesture: both}\n"
    }

    @Test("sessions, show, export, plot and sessions --web read the lab (--db postgres://... or ACTIONSIM_DB), and --board picks a board's sessions: a session read from the lab is the one its board recorded, page after page")
    func readingCommandsReadTheLab() async throws {
        let url = try await Lab.freshDatabase("reading")
        let root = CLI.temporaryDirectory()
        let scenario = root + "/long.yaml"
        try Self.longWorkout().write(toFile: scenario, atomically: true, encoding: .utf8)
        for (board, file) in [("bench-a", scenario), ("bench-b", "scenarios/demo.yaml")] {
            let replay = try await CLI.run(["replay", file, "--no-log", "--board", board, "--db", url, "--data-dir", root + "/" + board])
            #expect(replay.status == 0, "\(replay.stderr)")
        }
        let long = try await Lab.psql(url, "SELECT id, origin_id, (SELECT COUNT(*) FROM samples WHERE session_id = s.id), (SELECT COUNT(*) FROM events WHERE session_id = s.id) FROM sessions s WHERE board = 'bench-a'")
            .split(separator: "|").map(String.init)
        #expect(long.count == 4 && Int(long[2])! > 2000 && Int(long[3])! > 2000, "\(long)")
        let (labID, localID) = (long[0], long[1])
        // The demo's dive: readings a workout lacks (depth, pressure, water temperature, submerged).
        let dive = try await Lab.psql(url, "SELECT id, origin_id FROM sessions WHERE board = 'bench-b' AND kind = 'dive'")
            .split(separator: "|").map(String.init)
        #expect(dive.count == 2, "\(dive)")

        // Byte for byte the same, but for the session's number where a file names it (FIT
        // holds it as a binary number, and its checksum with it: left out).
        func same(_ command: [String], output: String?, ids: (lab: String, local: String)? = nil, board: String = "bench-a") async throws {
            let (labID, localID) = ids ?? (labID, localID)
            var results: [String] = []
            for (id, store) in [(labID, ["--db", url]), (localID, ["--data-dir", root + "/" + board])] {
                let file = output.map { root + "/\(id)-\(store[0].dropFirst(2)).\($0)" }
                let result = try await CLI.run([command[0], id] + command.dropFirst() + (file.map { ["-o", $0] } ?? []) + store)
                #expect(result.status == 0, "\(command): \(result.stderr)")
                let text = try file.map { try String(contentsOfFile: $0, encoding: .isoLatin1) } ?? result.stdout
                // Where a file names the session by its number: "session 3", UDDF's ids, Subsurface's dive number.
                var normalized = text
                for (named, with) in [("session \(id)", "session N"), ("group-\(id)\"", "group-N\""), ("dive-\(id)\"", "dive-N\""),
                                      ("number=\"\(id)\"", "number=\"N\"")] {
                    normalized = normalized.replacingOccurrences(of: named, with: with)
                }
                results.append(normalized)
            }
            #expect(results[0] == results[1], "\(command) differs between the lab and the board")
        }
        for format in ["csv", "tcx", "gpx"] { try await same(["export", "--format", format], output: format) }
        try await same(["plot"], output: "svg")
        try await same(["show"], output: nil)
        for format in ["uddf", "subsurface", "csv"] {
            try await same(["export", "--format", format], output: format, ids: (dive[0], dive[1]), board: "bench-b")
        }
        try await same(["plot"], output: "svg", ids: (dive[0], dive[1]), board: "bench-b")
        try await same(["show"], output: nil, ids: (dive[0], dive[1]), board: "bench-b")

        // The board is named where there are boards.
        let show = try await CLI.run(["show", labID, "--db", url])
        #expect(show.stdout.contains("board:                 bench-a"), "\(show.stdout)")
        let listing = try await CLI.run(["sessions", "--db", url])
        #expect(listing.stdout.hasPrefix("ID    BOARD    KIND"), "\(listing.stdout)")
        #expect(listing.stdout.contains("bench-a") && listing.stdout.contains("bench-b"))
        // --board: one board's sessions; last is that board's last.
        let one = try await CLI.run(["sessions", "--db", url, "--board", "bench-a"])
        #expect(one.stdout.contains("bench-a") && !one.stdout.contains("bench-b"), "\(one.stdout)")
        let last = try await CLI.run(["show", "last", "--db", url, "--board", "bench-a"])
        #expect(last.stdout.hasPrefix("session \(labID): workout"), "\(last.stdout)")
        let none = try await CLI.run(["show", "last-dive", "--db", url, "--board", "bench-a"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("error: the store \(url) has no dive session of board bench-a yet"),
                "\(none.stderr)")
        // The web page reads the lab too, a board at a time: the dive's page is show's summary of it.
        let server = try LiveBoard(["--db", url, "--listen", "127.0.0.1:0"], command: "sessions")
        let page = try #require(try await server.pageURL(), "\(server.stderr)")
        let boardB = try await StoredSessionsPageTests.get(page + "?board=bench-b")
        #expect(boardB.text.contains("<a href=\"/sessions/\(dive[0])\">") && !boardB.text.contains("<td>bench-a</td>"), "\(boardB.text)")
        let divePage = try await StoredSessionsPageTests.get(page + "sessions/\(dive[0])")
        let diveShow = try await CLI.run(["show", dive[0], "--db", url])
        #expect(divePage.text.contains("<h1>" + diveShow.stdout.split(separator: "\n")[0] + "</h1>") && divePage.text.contains("<svg"),
                "\(divePage.text.prefix(2000))")
        // PostgreSQL restarted under the page: while it is away a page says so; once it is
        // back, pages are read again (each page opens the lab afresh).
        #expect(try await Lab.tool(Lab.servers!, ["stop-postgres"]).status == 0)
        let away = try await StoredSessionsPageTests.get(page)
        #expect(away.status == 500 && away.text.contains("cannot reach the lab&apos;s database"), "\(away.text)")
        #expect(try await Lab.tool(Lab.servers!, ["start-postgres"]).status == 0)
        let back = try await StoredSessionsPageTests.get(page + "sessions/\(dive[0])")
        #expect(back.status == 200 && back.text == divePage.text)
        #expect(try await server.interrupt() == 0)
        // ACTIONSIM_DB does what --db does; a session that is not there says so.
        let fromEnvironment = try await Lab.actionsim(["show", "99"], environment: ["ACTIONSIM_DB": url])
        #expect(fromEnvironment.status == 2)
        #expect(fromEnvironment.stderr.contains("error: no session 99 in \(url); `actionsim sessions` lists them"), "\(fromEnvironment.stderr)")
    }

    @Test("Prometheus scrapes two live runs (--metrics); a query through its HTTP API returns the press counts their logs show")
    func prometheusScrapesTwoRuns() async throws {
        let root = CLI.temporaryDirectory()
        var runs: [LiveBoard] = []
        var ports: [Int] = []
        for (index, board) in ["prom-a", "prom-b"].enumerated() {
            let run = try LiveBoard(["--board", board, "--metrics", "127.0.0.1:0", "--no-store", "--log-dir", root + "/log-\(index)"])
            #expect(try await run.waitFor("/metrics (board \(board))"), "\(run.stderr)")
            let text = run.stderr
            let start = try #require(text.range(of: "metrics: http://127.0.0.1:"))
            ports.append(try #require(Int(text[start.upperBound...].prefix { $0.isNumber })))
            runs.append(run)
        }
        let targets = #"[{"targets": ["127.0.0.1:\#(ports[0])", "127.0.0.1:\#(ports[1])"]}]"#
        try targets.write(toFile: Lab.targets!, atomically: true, encoding: .utf8)

        // Presses: the first starts the workout, the others mark laps or are ignored (busy).
        // Each next key once its run's log has what the last brought (the workout started,
        // the presses seen), however slow the machine.
        func logged(_ index: Int, _ texts: String...) -> Int {
            let directory = root + "/log-\(index)"
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".jsonl") }
            let log = names.first.flatMap { try? String(contentsOfFile: directory + "/" + $0, encoding: .utf8) } ?? ""
            return log.split(separator: "\n").filter { line in texts.allSatisfy { line.contains($0) } }.count
        }
        func pressCount(_ index: Int) -> Int { logged(index, #""event":"gesture""#, #""gesture":"press""#) }
        runs[0].type("a")
        runs[1].type("a")
        let deadline = #""event":"start-deadline""#
        try await waitUntil("both runs' workouts started (their logs' start deadlines: \(logged(0, deadline)), \(logged(1, deadline)))") {
            logged(0, deadline) == 1 && logged(1, deadline) == 1
        }
        runs[0].type("aaa")
        runs[1].type("a")
        try await waitUntil("prom-a's log to have its 4 presses (it has \(pressCount(0)))") { pressCount(0) == 4 }
        runs[0].type("a")
        try await waitUntil("prom-a's log to have its 5 presses and prom-b's 2 (they have \(pressCount(0)), \(pressCount(1)))") {
            pressCount(0) == 5 && pressCount(1) == 2
        }

        // The scraped counts, once Prometheus has each board's presses as its log has them.
        let query = "actionsim_gestures_total{kind=\"press\"}"
        var scraped: [String: Int] = [:]
        try await waitUntil("Prometheus to scrape the boards' press counts, 5 and 2 (it has \(scraped))", every: .seconds(1.5)) {
            var components = URLComponents(string: Lab.prometheus! + "/api/v1/query")!
            components.queryItems = [URLQueryItem(name: "query", value: query)]
            let answer = try await Lab.tool("/usr/bin/curl", ["-fsS", components.url!.absoluteString])
            guard answer.status == 0,
                  let json = try JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [String: Any],
                  let data = json["data"] as? [String: Any], let result = data["result"] as? [[String: Any]] else { return false }
            var counts: [String: Int] = [:]
            for series in result {
                guard let labels = series["metric"] as? [String: String], let board = labels["board"],
                      let value = series["value"] as? [Any], let text = value.last as? String, let count = Double(text) else { continue }
                counts[board] = Int(count)
            }
            scraped = counts
            return counts == ["prom-a": 5, "prom-b": 2]
        }
        // The metrics page itself: the latency histogram, the session state.
        let page = try await Lab.tool("/usr/bin/curl", ["-fsS", "http://127.0.0.1:\(ports[0])/metrics"])
        #expect(page.stdout.contains("actionsim_press_dispatch_latency_seconds_bucket"), "\(page.stdout)")
        #expect(page.stdout.contains(#"actionsim_session_state{board="prom-a",state="running"} 1"#), "\(page.stdout)")
        #expect(page.stdout.contains(#"actionsim_intents_performed_total{board="prom-a",role="start"} 1"#), "\(page.stdout)")

        for run in runs { #expect(try await run.quit() == 0) }
        for (index, board) in ["prom-a", "prom-b"].enumerated() {
            let directory = root + "/log-\(index)"
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: directory).first { $0.hasSuffix(".jsonl") })
            let log = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            let presses = log.split(separator: "\n").filter { $0.contains(#""event":"gesture""#) && $0.contains(#""gesture":"press""#) }
            #expect(presses.count == [5, 2][index])
            #expect(scraped[board] == presses.count, "Prometheus has \(scraped), the log of \(board) \(presses.count) presses")
        }
        try "[]".write(toFile: Lab.targets!, atomically: true, encoding: .utf8)
    }
}
