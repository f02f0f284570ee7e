// Issue 24: an app's NSLog lines (WatchActionButtonExample's intent logs with it) reach the
// timeline as its Logger lines do, on a watch's system log.
import ActionButtonHarness
import AppIntents
import Testing

@Suite("Swift 5: NSLog in app code")
struct NSLogSwift5Tests {
    @Test("NSLog with and without format arguments goes to the app's log on the timeline")
    func nslog() async throws {
        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("Log5", start: StartLogbookIntent.self),
                                            settings: .workout(app: "Log5", firstPress: "run"))
        try await watch.runInApp("log") {
            let style = "dance"
            NSLog("Perform: \(style)")
            NSLog("lap %d of %d", 3, 10)
        }
        #expect(watch.appLog == ["Perform: dance", "lap 3 of 10"], "\(watch.appLog)")
    }
}
