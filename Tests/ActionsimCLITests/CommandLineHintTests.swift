import Testing
import TestSupport

/// A command line a new user gets nearly right is answered with what to write (issue 27).
@Suite("Hints for command lines nearly right")
struct CommandLineHintTests {
    @Test("replay --web ADDR: --web takes no address, and the hint says --listen ADDR; exit 2")
    func webWithAnAddress() async throws {
        let result = try await CLI.run(["replay", "--web", "127.0.0.1:8765", "scenarios/demo.yaml"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: Unexpected argument 'scenarios/demo.yaml'"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("hint: --web takes no address; give it with --listen: --listen 127.0.0.1:8765\n"), "\(result.stderr)")
        // Not for other mistakes.
        let other = try await CLI.run(["replay", "scenarios/demo.yaml", "extra"])
        #expect(other.status == 2)
        #expect(!other.stderr.contains("hint:"), "\(other.stderr)")
    }

    @Test("inject --start-when in a folder that does not exist: said before any device is made, exit 2 (the file would never come)")
    func startWhenFolderMissing() async throws {
        let result = try await CLI.run(["inject", "--device-name", "x", "--start-when", "/no/such/folder/go", "scenarios/demo.yaml"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr == "error: --start-when /no/such/folder/go: the folder /no/such/folder does not exist, so the file never will\n")
    }
}
