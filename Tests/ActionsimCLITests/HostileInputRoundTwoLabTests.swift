import Foundation
import Testing
import TestSupport

/// Issue 25, items 11 and 12: a lab's `--db` URL is read as a URL, never as a SQLite path,
/// and never printed with a secret in it.
extension HostileInputRoundTwoTests {
    @Test("A --db URL's scheme is matched case-blind and an unknown one is refused: mysql:// or POSTGRES://u:pw@... never become a local SQLite path (a directory named after the URL, password included)")
    func labURLSchemes() async throws {
        let refused: [(String, String)] = [
            ("mysql://lab:s3cret@db.local/lab",
             "error: --db mysql://lab:***@db.local/lab: unknown scheme \"mysql\"; a lab's database is postgres://USER@HOST[:PORT]/DATABASE (PostgreSQL), and a SQLite file is given as its path (begin it with ./ if it is one)\n"),
            ("file:///tmp/x.sqlite", "error: --db file:///tmp/x.sqlite: unknown scheme \"file\"; "),
            ("postgres:lab@db.local/lab", "error: --db postgres:lab@db.local/lab: expected postgres://USER@HOST[:PORT]/DATABASE\n"),
        ]
        for (url, message) in refused {
            for command in [["sessions"], ["replay", "scenarios/a07-pause-resume.yaml", "--no-log"]] {
                let directory = CLI.temporaryDirectory()
                let scenario = command.count > 1 ? [CLI.packageRoot + "/" + command[1]] : []
                let result = try await CLI.run([command[0]] + scenario + Array(command.dropFirst(2)) + ["--db", url], directory: directory)
                #expect(result.status == 2, "\(command[0]) \(url): \(result.stderr)")
                #expect(result.stderr.hasPrefix(message), "\(command[0]) \(url): \(result.stderr)")
                #expect(!result.stderr.contains("s3cret") && result.stdout.isEmpty)
                // Nothing made where the URL would have been a path.
                #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "\(command[0]) \(url)")
            }
        }
        // Any case of postgres is the lab: its database is reached for (nothing listens on port 1),
        // and no file is made for it.
        for url in ["PostgreS://lab@127.0.0.1:1/lab", "POSTGRES://lab:s3cret@127.0.0.1:1/lab", "PostgreSQL://lab@127.0.0.1:1/lab"] {
            let directory = CLI.temporaryDirectory()
            let result = try await CLI.run(["sessions", "--db", url], directory: directory)
            #expect(result.status == 4, "\(url): \(result.stderr)")
            #expect(result.stderr == "error: cannot reach the lab's database postgres://lab@127.0.0.1:1/lab: Connection refused; is the server running and reachable from here?\n",
                    "\(url): \(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "\(url)")
        }
        // The environment's URL is read the same way.
        let fromEnvironment = try await CLI.run(["sessions"], directory: CLI.temporaryDirectory(),
                                                environment: ProcessInfo.processInfo.environment.merging(
                                                    ["ACTIONSIM_DB": "MySQL://lab@db.local/lab", "NO_COLOR": "1"]) { $1 })
        #expect(fromEnvironment.status == 2)
        #expect(fromEnvironment.stderr.hasPrefix("error: ACTIONSIM_DB: MySQL://lab@db.local/lab: unknown scheme \"MySQL\"; "), "\(fromEnvironment.stderr)")
    }

    @Test("A --db parameter given twice is refused: ?sslmode=require&sslmode=disable turned TLS off")
    func labURLRepeatedParameter() async throws {
        let url = "postgres://lab@127.0.0.1:1/lab?sslmode=require&sslmode=disable"
        let result = try await CLI.run(["sessions", "--db", url], directory: CLI.temporaryDirectory())
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr == "error: --db \(url): sslmode is given twice (require, then disable); give it once\n", "\(result.stderr)")
    }

    @Test("A password in a --db URL's parameters is never printed, as the one before the host is not (?password=pw)")
    func labURLPasswordParameter() async throws {
        let rows = [
            ("postgres://lab:s3cret@db.local/lab?password=s3cret",
             "error: --db postgres://lab:***@db.local/lab?password=***: unknown parameter \"password\"; a password goes before the host: postgres://USER:PASSWORD@HOST/DATABASE\n"),
            // An @ or : in the parameter's value does not move where the password is looked for.
            ("postgres://lab@db.local/lab?sslmode=disable&password=s3:cret@x",
             "error: --db postgres://lab@db.local/lab?sslmode=disable&password=***: unknown parameter \"password\"; a password goes before the host: postgres://USER:PASSWORD@HOST/DATABASE\n"),
            ("postgres://lab@db.local/lab?connect_timeout=s3cret",
             "error: --db postgres://lab@db.local/lab?connect_timeout=***: unknown parameter \"connect_timeout\"; the only one is sslmode (disable, prefer, require)\n"),
            ("postgres://lab@db.local/lab#s3cret", "error: --db postgres://lab@db.local/lab#***: a #fragment means nothing in a database's URL; remove it\n"),
        ]
        for (url, message) in rows {
            let result = try await CLI.run(["sessions", "--db", url], directory: CLI.temporaryDirectory())
            #expect(result.status == 2, "\(url): \(result.stderr)")
            #expect(result.stderr == message, "\(url): \(result.stderr)")
            #expect(!result.stderr.contains("s3"), "\(url): \(result.stderr)")
        }
    }
}
