import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// `actionsim sessions --web`: the stored sessions on a web page, a board at a time.
@Suite("sessions --web", .serialized)
struct StoredSessionsPageTests {
    /// GETs a page: its status and text.
    static func get(_ url: String) async throws -> (status: Int, text: String) {
        let (data, response) = try await URLSession.shared.data(from: URL(string: url)!)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test("sessions --web lists a store's sessions with a link per board, each session's page has show's summary and plot's chart, a missing one is a 404, and Ctrl-C ends it with 0")
    func pagesOfALocalStore() async throws {
        let root = CLI.temporaryDirectory()
        for board in ["bench-a", "bench-b"] {
            let replay = try await CLI.run(["replay", "scenarios/demo.yaml", "--no-log", "--board", board, "--data-dir", root])
            #expect(replay.status == 0, "\(replay.stderr)")
        }
        let listing = try await CLI.run(["sessions", "--data-dir", root])
        let show = try await CLI.run(["show", "1", "--data-dir", root])
        let plot = try await CLI.run(["plot", "1", "-o", "-", "--data-dir", root])
        #expect(show.status == 0 && plot.status == 0)

        let server = try LiveBoard(["--data-dir", root, "--listen", "127.0.0.1:0"], command: "sessions")
        let url = try #require(try await server.pageURL(), "\(server.stderr)")
        #expect(server.stderr.contains("read-only"))

        let all = try await Self.get(url)
        #expect(all.status == 200)
        // Every session the terminal lists, each a link to its page.
        let ids = listing.stdout.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").first.flatMap { Int($0) } }
        #expect(ids.count == 4, "\(listing.stdout)")
        for id in ids { #expect(all.text.contains("<a href=\"/sessions/\(id)\">\(id)</a>"), "session \(id) is not listed") }
        #expect(all.text.contains("<a href=\"/?board=bench-a\">bench-a</a>") && all.text.contains("<a href=\"/?board=bench-b\">bench-b</a>"))

        let one = try await Self.get(url + "?board=bench-b")
        #expect(one.text.contains("<td>bench-b</td>") && !one.text.contains("<td>bench-a</td>"), "\(one.text)")
        #expect(one.text.contains("<strong>bench-b</strong>"))

        let page = try await Self.get(url + "sessions/1")
        #expect(page.status == 200)
        let summary = show.stdout.split(separator: "\n").map(String.init)
        #expect(page.text.contains("<h1>" + summary[0] + "</h1>"), "\(page.text.prefix(2000))")
        for line in summary.dropFirst() {
            let escaped = line.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            #expect(page.text.contains(escaped), "the page lacks show's line \(line)")
        }
        // The chart is plot's picture, whole.
        #expect(page.text.contains(plot.stdout.drop { $0 != "<" }.split(separator: "\n").dropFirst().prefix(20).joined(separator: "\n")))
        #expect(page.text.contains("<svg"))

        let missing = try await Self.get(url + "sessions/99")
        #expect(missing.status == 404)
        #expect(missing.text.contains("no session 99 in"), "\(missing.text)")
        let nowhere = try await Self.get(url + "sessions/1/chart.svg")
        #expect(nowhere.status == 404)
        #expect(nowhere.text.contains("there is no page /sessions/1/chart.svg: the sessions are listed at /"), "\(nowhere.text)")

        #expect(try await server.interrupt() == 0, "\(server.stderr)")
    }

    @Test("sessions --web --board NAME shows that board's sessions only, and refuses another board's session")
    func oneBoardOnly() async throws {
        let root = CLI.temporaryDirectory()
        for board in ["bench-a", "bench-b"] {
            let replay = try await CLI.run(["replay", "scenarios/a03-first-press-starts-workout.yaml", "--no-log", "--board", board, "--data-dir", root])
            #expect(replay.status == 0, "\(replay.stderr)")
        }
        let server = try LiveBoard(["--data-dir", root, "--board", "bench-b", "--listen", "127.0.0.1:0"], command: "sessions")
        let url = try #require(try await server.pageURL(), "\(server.stderr)")
        let list = try await Self.get(url + "?board=bench-a")
        #expect(list.text.contains("<td>bench-b</td>") && !list.text.contains("<td>bench-a</td>"), "\(list.text)")
        #expect(!list.text.contains("every board"), "a page kept to one board links to the others")
        let other = try await Self.get(url + "sessions/1")
        #expect(other.status == 404)
        #expect(other.text.contains("session 1 in \(root)/actionsim.sqlite is board bench-a&apos;s, not bench-b&apos;s"), "\(other.text)")
        #expect(try await Self.get(url + "sessions/2").status == 200)
        #expect(try await server.interrupt() == 0)
        // show, plot and export refuse it the same way.
        for command in [["show", "1"], ["plot", "1", "-o", "-"], ["export", "1", "--format", "csv", "-o", "-"]] {
            let refused = try await CLI.run(command + ["--data-dir", root, "--board", "bench-b"])
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("error: session 1 in \(root)/actionsim.sqlite is board bench-a's, not bench-b's; `actionsim sessions --board bench-b` lists bench-b's"),
                    "\(command): \(refused.stderr)")
        }
    }

    @Test("--open where xdg-open finds no browser (no desktop): said on standard error, and the page is served all the same")
    func openWithoutABrowser() async throws {
        let bin = CLI.temporaryDirectory()
        // xdg-open's own answer when it has no method to open a URL with.
        try "#!/bin/sh\necho 'xdg-open: no method available for opening' >&2\nexit 3\n".write(toFile: bin + "/xdg-open", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/xdg-open")
        let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let server = try LiveBoard(["--data-dir", CLI.temporaryDirectory(), "--listen", "127.0.0.1:0", "--open"], command: "sessions",
                                   environment: ["PATH": path])
        let url = try #require(try await server.pageURL(), "\(server.stderr)")
        #expect(try await server.waitFor("--open: xdg-open found no browser to open (exit 3); open the URL above in a browser"), "\(server.stderr)")
        #expect(try await Self.get(url).status == 200)
        #expect(try await server.interrupt() == 0)
    }

    @Test("Bad input: sessions --listen that is not an address exits 2 before serving")
    func badAddress() async throws {
        let result = try await CLI.run(["sessions", "--data-dir", CLI.temporaryDirectory(), "--listen", "localhost"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: --listen localhost: expected ADDR:PORT"), "\(result.stderr)")
    }
}
