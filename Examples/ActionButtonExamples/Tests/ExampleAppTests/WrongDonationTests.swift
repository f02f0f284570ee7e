import ActionButtonHarness
import AppIntents
import Testing
@testable import WorkoutApp

/// The check a developer writes for Apple's workout app, shown to fail, with a message that
/// names both intents, when the app donates the wrong one.
@Suite("A wrong donation fails the next-action check")
struct WrongDonationTests {
    func buggyWatch() async throws -> ActionButtonHarness {
        let app = variantApp("BuggyApp", start: WrongDonationStartIntent.self)
        let watch = try ActionButtonHarness(app: app, settings: workoutSettings(app: "BuggyApp"))
        try await watch.press()
        return watch
    }

    @Test("A6: donating MarkSegment where MarkLap was expected: the check names the expected and the actual next action")
    func failureMessage() async throws {
        let watch = try await buggyWatch()
        let failure = try #require(watch.checkNextAction(MarkLapIntent.self))
        #expect(failure.message == "expected next action MarkLapIntent at 0:00:00.000, but it is MarkSegmentIntent (donated by MyStartWorkoutIntent at 0:00:00.000)")
    }

    @Test("A6: the same mistake makes expectNextAction record a test failure")
    func recordsIssue() async throws {
        let watch = try await buggyWatch()
        withKnownIssue("the app donates MarkSegmentIntent") {
            watch.expectNextAction(MarkLapIntent.self)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("expected next action MarkLapIntent") && text.contains("it is MarkSegmentIntent")
        }
        // And the press after it runs the wrong intent, as the wearer would find out.
        try await watch.advance(by: .seconds(60))
        try await watch.press()
        #expect(watch.performedNames.last == "MarkSegmentIntent")
    }

    @Test("A6: Apple's app, unchanged, passes the same check")
    func correctAppPasses() async throws {
        let watch = try ActionButtonHarness(app: myWorkoutApp, settings: workoutSettings("running"))
        try await watch.press()
        #expect(watch.checkNextAction(MarkLapIntent.self) == nil)
    }
}
