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
}
