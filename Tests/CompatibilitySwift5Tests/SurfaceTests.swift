// Issue 24: the rest of the members docs/apple-coverage.md lists as here, each compiled and
// called as a Swift 5 app calls it.
import ActionButtonHarness
import AppIntents
import Combine
import HealthKit
import Telemetry
import Testing
import WatchKit

@Suite("Swift 5: the rest of the frameworks' members, as apps call them", .serialized)
struct SurfaceSwift5Tests {
    private func watch() throws -> ActionButtonHarness {
        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("Report5", start: StartLogbookIntent.self),
                                            settings: .workout(app: "Report5", firstPress: "run"),
                                            instruments: SensorSuite.instruments(for: SensorSettings(), seed: 13))
        watch.stallLimit = .seconds(300)
        return watch
    }

    @Test("Device facts, pedometer events and history, absolute altitude, motion history, WKApplication, an extended session")
    func trailReport() async throws {
        let watch = try watch()
        let report = TrailReport()
        var legs: LegsReport?
        try await watch.runInApp("start a run") {
            let run = LegsReport()
            try? run.start()
            legs = run
        }
        var start = Date()
        try await watch.runInApp("follow it") {
            start = Date(timeIntervalSince1970: 0)
            report.describeDevice()
            report.follow(from: start)
        }
        try await watch.advance(by: .seconds(90))
        try await watch.runInApp("sum it up") { report.summarize(from: start, to: Date()) }
        #expect(report.lines.contains("Apple Watch Apple Watch Apple Watch watchOS 11.0"))
        #expect(report.lines.contains("screen 205x251 @2x"))
        #expect(report.lines.contains("floors false, events true"))
        #expect(report.lines.contains("discoverable true"))
        #expect(report.lines.contains("altitude 0 m"))
        #expect(report.lines.contains("altitude quality true true true"))
        #expect(report.lines.contains("confidence true"))
        #expect(report.lines.contains("runtime true until true"))
        #expect(report.lines.contains("steps true, pace true, average true, floors true"))
        #expect(report.lines.contains { $0.hasPrefix("activities [") && $0.contains("running") })
        #expect(watch.haptics.contains("notification"))
        #expect(watch.appLog.contains("WatchKit: open tel:112"))
        #expect(watch.appLog.contains("WatchKit: a background refresh was asked for; the simulated watch runs none"))
        #expect(WKApplication.shared().delegate === report)
        report.timer?.cancel()

        try await watch.runInApp("check the legs") { legs?.check() }
        #expect(legs?.lines.contains("session true true true true") == true)
        #expect(legs?.lines.contains("builder true true true") == true)
        #expect(legs?.lines.contains("leg true true") == true)
        #expect(legs?.lines.contains("tagged true") == true)
        #expect(legs?.lines.contains("route type HKWorkoutRouteTypeIdentifier") == true)
        var read: [String] = []
        try await watch.runInApp("stop and read back") { legs?.stop { read = $0 } }
        #expect(read == ["found true", "legs 1 true", "tag trail", "mindful predicate true"])
    }

    @Test("IntentModes' foreground modes; confirmation of a result; the error that continues in the foreground")
    func intentsRest() async throws {
        let modes: IntentModes = [.foreground(.immediate), .foreground(.deferred)]
        #expect(modes.contains(.foreground))
        #expect(!modes.contains(.background))
        let watch = try watch()
        var error: Error?
        try await watch.runInApp("confirm and continue") {
            Task {
                let intent = ContinueOnWatchIntent()
                try await intent.requestConfirmation(result: .result(dialog: "Start the route?"), confirmationActionName: .start)
                error = intent.needsToContinueInForegroundError("Open the route")
            }
        }
        #expect(watch.appLog.contains("ContinueOnWatchIntent asks to confirm “Start the route?” [Start]: the wearer confirms"))
        #expect((error as? AppIntentError)?.description == "ContinueOnWatchIntent continues in the foreground: Open the route")
    }
}

struct ContinueOnWatchIntent: ForegroundContinuableIntent {
    static var title: LocalizedStringResource = "Continue on the watch"
    func perform() async throws -> some IntentResult { .result() }
}
