import Foundation
import Testing
import TestSupport

/// A replay's sessions are dated so that the scenario ends about when it was replayed: in the
/// past, in time order with the runs before and after it (issue 27: the demo's dive, 41
/// minutes into the scenario, was dated 41 minutes in the future, and `sessions` listed a
/// later run before it).
@Suite("Replayed sessions' dates")
struct ReplayDatingTests {
    static func started(_ listing: String) -> [Date] {
        let format = DateFormatter()
        format.dateFormat = "yyyy-MM-dd HH:mm:ss"
        format.timeZone = TimeZone(identifier: "UTC")
        return listing.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/).flatMap { format.date(from: String($0.output)) }
        }
    }

    @Test("A virtual replay ends about now: every session started in the past, the dive after the workout; a live run after it is listed after it in time too")
    func datedInThePast() async throws {
        let directory = CLI.temporaryDirectory()
        let demo = CLI.packageRoot + "/scenarios/demo.yaml"
        let before = Date()
        #expect(try await CLI.run(["replay", demo, "--no-log", "--data-dir", directory]).status == 0)
        let first = try await CLI.run(["sessions", "--data-dir", directory])
        let replayed = Self.started(first.stdout)
        #expect(replayed.count == 2, "\(first.stdout)")
        for date in replayed { #expect(date <= Date().addingTimeInterval(1), "a session dated in the future:\n\(first.stdout)") }
        // The demo's dive starts 41 minutes in: the workout an hour before now, the dive 41 minutes after it.
        #expect(replayed[0] < before.addingTimeInterval(-55 * 60) && replayed[1] > replayed[0], "\(first.stdout)")

        // A live session right after (the terminal's keys, input ended at once).
        let live = try await ChildProcess.run(CLI.binary, ["run", "--no-log", "--data-dir", directory, "--first-press", "running"],
                                              environment: CLI.environment, input: "a")
        #expect(live.status == 0, "\(live.stderr)")
        let all = Self.started(try await CLI.run(["sessions", "--data-dir", directory]).stdout)
        #expect(all.count == 3)
        #expect(all == all.sorted(), "sessions are listed in time order: \(all)")
    }
}
