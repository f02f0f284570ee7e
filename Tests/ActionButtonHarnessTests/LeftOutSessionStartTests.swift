import ActionButtonHarness
import AppIntents
import Testing

/// Most watch apps start their workout session from a SwiftUI view or view model, which does
/// not run on Linux: the first press then misses the start deadline, and the watch says where
/// the session would have started and what to do (issue 24).
@Suite("A session that starts in a file left out")
struct LeftOutSessionStartTests {
    static let starts = [
        AppDefinition.LeftOutSessionStart(file: "Hiker Watch App/WorkoutViewModel.swift", line: 11,
                                          call: "HKWorkoutSession(healthStore:configuration:)", reason: "imports SwiftUI"),
        AppDefinition.LeftOutSessionStart(file: "Hiker Watch App/WorkoutViewModel.swift", line: 12,
                                          call: "startActivity(with:)", reason: "imports SwiftUI"),
    ]

    @Test("A5: at the missed deadline the watch names the left-out file, its lines and calls, and what to do")
    func missNamesTheFile() async throws {
        let app = workoutApp(NoSessionStartIntent.self).leavingOut(sessionStarts: Self.starts)
        let watch = try ActionButtonHarness(app: app, settings: settings())
        try await watch.press()
        try await watch.advance(by: .seconds(31))
        #expect(watch.startOutcomes == [.missed(returned: true, sessionStarted: false)])
        #expect(watch.warnings.contains(
            "no session started: TestApp starts it in Hiker Watch App/WorkoutViewModel.swift (line 11: HKWorkoutSession(healthStore:configuration:); "
                + "line 12: startActivity(with:)), which imports SwiftUI, a file left out on Linux. To test it here, move the start into the "
                + "intent's perform(), or into a model the intent calls (a class in a file that imports nothing Linux lacks: no SwiftUI, "
                + "WidgetKit or CloudKit; @Observable and ObservableObject models compile)"),
            "\(watch.warnings)")
    }

    @Test("Without a left-out start, a miss says nothing more; with one, a met deadline says nothing")
    func onlyWhenItApplies() async throws {
        let plain = try ActionButtonHarness(app: workoutApp(NoSessionStartIntent.self), settings: settings())
        try await plain.press()
        try await plain.advance(by: .seconds(31))
        #expect(plain.startOutcomes == [.missed(returned: true, sessionStarted: false)])
        #expect(!plain.warnings.contains { $0.hasPrefix("no session started") })

        let started = try ActionButtonHarness(app: workoutApp(RacingDonationsIntent.self).leavingOut(sessionStarts: Self.starts),
                                              settings: settings())
        try await started.press()
        try await started.advance(by: .seconds(31))
        #expect(!started.warnings.contains { $0.hasPrefix("no session started") })
    }
}
