import Foundation
import Glibc
import Testing
import TestSupport

@Suite("--web: where the page is served, said plainly when it cannot be", .serialized)
struct WebCommandTests {
    @Test("Bad input: --listen that is not an address exits 2 before anything runs, saying what it expected",
          arguments: [["run"], ["replay", "scenarios/demo.yaml"]])
    func badAddress(_ command: [String]) async throws {
        let result = try await CLI.run(command + ["--listen", "localhost", "--no-log", "--no-store"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("error: --listen localhost: expected ADDR:PORT (127.0.0.1:8080, 0.0.0.0:8080, [::1]:8080) or a port"),
                "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
    }

    @Test("Bad input: a port another program listens on exits 2, naming the address and what to do",
          arguments: [["run"], ["replay", "scenarios/demo.yaml"]])
    func portInUse(_ command: [String]) async throws {
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(holder, $0, size) == 0 && listen(holder, 1) == 0 && getsockname(holder, $0, &size) == 0 }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let result = try await CLI.run(command + ["--listen", "127.0.0.1:\(port)", "--no-log", "--no-store"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("error: cannot serve the web page on 127.0.0.1:\(port): Address already in use; give another address with --listen ADDR:PORT (port 0: any free port)"),
                "\(result.stderr)")
        #expect(!result.stderr.contains("web page: http"), "no URL is printed for a page that is not served")
        #expect(result.stdout.isEmpty, "nothing ran: \(result.stdout)")
    }
}
