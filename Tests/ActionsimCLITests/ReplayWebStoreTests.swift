import Foundation
import Testing
import TestSupport

/// `replay --web` shows a replay on its page and does not store it again unless asked
/// (issue 27: `make demo-web` after `make demo` stored the demo twice).
@Suite("replay --web and the store")
struct ReplayWebStoreTests {
    /// Replays the demo with its page, waits until the page serves the whole replay, stops
    /// it with Ctrl-C, and returns what `sessions` lists of the store.
    static func replayWithPage(_ extra: [String]) async throws -> (status: Int32, sessions: String, stderr: String) {
        let directory = CLI.temporaryDirectory()
        let child = try ChildProcess(CLI.binary, ["replay", "--web", "--listen", "127.0.0.1:0", "scenarios/demo.yaml", "--no-log",
                                                  "--data-dir", directory] + extra,
                                     environment: CLI.environment, directory: CLI.packageRoot)
        let served = await child.waitFor("the page shows the whole replay", seconds: 120)
        child.interrupt()
        let result = await child.wait()
        #expect(served, "the page never served the whole replay: \(result.stderr)")
        let sessions = try await CLI.run(["sessions", "--data-dir", directory])
        return (result.status, sessions.stdout + sessions.stderr, result.stderr)
    }

    @Test("Without --store the page's replay is not stored; with --store it is; --store without --web is refused")
    func storesOnlyWhenAsked() async throws {
        let shown = try await Self.replayWithPage([])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(!shown.sessions.contains("TrailRunner"), "\(shown.sessions)")
        #expect(!shown.stderr.contains("session store:"), "\(shown.stderr)")

        let stored = try await Self.replayWithPage(["--store"])
        #expect(stored.status == 0, "\(stored.stderr)")
        #expect(stored.sessions.contains("TrailRunner") && stored.sessions.contains("DeepLog"), "\(stored.sessions)")

        let alone = try await CLI.run(["replay", "scenarios/demo.yaml", "--store", "--no-log"])
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("--store goes with --web"), "\(alone.stderr)")
    }
}
