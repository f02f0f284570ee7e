import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 25, "Hostile input, round two": each row of docs/bad-input.md it added, given to the
/// built `actionsim` as a user would.
@Suite("Hostile input, round two (issue 25)")
struct HostileInputRoundTwoTests {
    /// A scratch directory holding the demo's sessions (workout 1, dive 2).
    static func storeWithSessions() async throws -> String {
        let directory = CLI.temporaryDirectory()
        let replay = try await CLI.run(["replay", "scenarios/demo.yaml", "--no-log", "--data-dir", directory])
        try #require(replay.status == 0, "\(replay.stderr)")
        return directory
    }

    @Test("Every numeric option is range-checked where it is parsed: 1e20, inf, nan are refused with exit 2, never a crash",
          arguments: [
              (["plot", "1"], "--max-heart-rate", "a heart rate from 100 to 230 bpm"),
              (["plot", "2"], "--ascent-rate-limit", "a rate from 1 to 60 m/min"),
              (["forward", "--db", "postgres://u@127.0.0.1:1/x"], "--wait", "0 to 86400 seconds"),
          ])
    func numericOptions(_ command: [String], _ option: String, _ expected: String) async throws {
        let directory = try await Self.storeWithSessions()
        for value in ["1e20", "inf", "-inf", "nan", "1e400", "-1e20", "0x1p99"] {
            // --option=VALUE: ArgumentParser takes a value of its own that starts with - for an option.
            let output = command[0] == "plot" ? ["-o", directory + "/x.svg"] : []
            let run = try await CLI.run(command + ["\(option)=\(value)"] + output + ["--data-dir", directory])
            #expect(run.status == 2, "\(value): \(run.stderr)")
            #expect(run.stderr.hasPrefix("error: The value '\(value)' is invalid for '\(option) <"), "\(value): \(run.stderr)")
            #expect(run.stderr.contains(": expected \(expected)\n"), "\(value): \(run.stderr)")
            #expect(!run.stderr.contains("Fatal error") && !run.stderr.contains("crashed"), "\(value): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory + "/x.svg"))
        }
        let fine = try await CLI.run(["plot", "1", "--max-heart-rate", "182", "-o", directory + "/ok.svg", "--data-dir", directory])
        #expect(fine.status == 0, "\(fine.stderr)")
    }
}
