// Issue 14: the Swift 6 language-mode version of the compatibility app, run unchanged on the
// simulated watch. The app's singletons are shared by these tests, so they run one at a time.
import ActionButtonCore
import ActionButtonHarness
import AppIntents
import HealthKit
import Telemetry
import Testing

private let app = AppDefinition.workoutApp(
    "CompatWorkout6", start: MyStartWorkoutIntent.self, pause: MyPauseWorkoutIntent(), resume: MyResumeWorkoutIntent(),
    actions: [MarkLapIntent.self])

private func watch(_ app: AppDefinition, _ settings: ActionButtonSettings) throws -> ActionButtonHarness {
    let watch = try ActionButtonHarness(app: app, settings: settings, instruments: SensorSuite.instruments(for: SensorSettings(), seed: 6))
    // Apple's code donates from a Task { } that runs on real time: on a machine loaded by
    // a whole parallel test run it once took over the default 30 s to be scheduled.
    watch.stallLimit = .seconds(300)
    return watch
}

@Suite("Swift 6 watch code, unchanged", .serialized)
struct WatchAppSwift6Tests {
    @Test("A3, A6, T1: first press, dialog and haptic; the task's donation; heart rates reach the delegate and the anchored query")
    func workout() async throws {
        let watch = try watch(app, .workout(app: "CompatWorkout6", firstPress: "running"))
        try await watch.press()
        watch.expectPerformed(MyStartWorkoutIntent.self, role: .start(workoutStyle: "running"))
        watch.expectSession(.running)
        watch.expectNextAction(MarkLapIntent.self)
        #expect(watch.dialogs == ["MyStartWorkoutIntent: Starting your running workout"])
        #expect(watch.haptics == ["start"])
        try await watch.advance(by: .seconds(20))
        #expect(await MyWorkoutManager.shared.heartRatesLogged >= 19)
        #expect(await MyWorkoutManager.shared.heartRatesSeen >= 19)
        #expect(watch.appLog.contains { $0.range(of: #"^Heart rate \d{2,3}\.\d bpm$"#, options: .regularExpression) != nil })

        try await watch.press()
        #expect(watch.dialogs.last == "MarkLapIntent: Lap 1")
        #expect(watch.haptics == ["start", "click"])
        try await watch.pressBoth()
        watch.expectSession(.paused)
        try await watch.pressBoth()
        watch.expectSession(.running)
        watch.expectNextAction(MarkLapIntent.self)

        try await watch.runInApp("end the workout") { Task { @MainActor in try await MyWorkoutManager.shared.endWorkout() } }
        watch.expectSession(.none)
        let workout = try #require(await MyWorkoutManager.shared.finishedWorkout)
        #expect(workout.workoutEvents?.map(\.type).contains(.lap) == true)
        #expect(try #require(workout.totalDistance).doubleValue(for: .meter()) > 20)
    }

    @Test("A2, A5: a locked First Press list changes at run time; an unmodelled activity starts, recording heart rate and energy only")
    func choicesAndRefusal() async throws {
        #expect(app.installedApp.workout?.suggestedWorkouts.map(\.id) == ["running", "walking", "rowing"])
        let rowing = try watch(app, .workout(app: "CompatWorkout6", firstPress: "rowing"))
        try await rowing.press()
        try await rowing.advance(by: .seconds(2))
        rowing.expectSession(.running)
        #expect(rowing.errors.isEmpty, "\(rowing.errors)")
        #expect(rowing.warnings.contains { $0.contains("no sensor model for rowing") }, "\(rowing.warnings)")
        try await rowing.runInApp("offer only running") { offerOnlyRunning() }
        rowing.expectError(.firstPressUnavailable)
        suggestedStyles.withLock { $0 = [.running, .walking, .rowing] }
    }

    @Test("A8, T2: a dive actor hears measurements three times a second under water, and the dialog reads its depth")
    func dive() async throws {
        let watch = try watch(AppDefinition.diveApp("CompatDive6", start: MyStartDiveIntent(), actions: [MarkDepthIntent.self]),
                              .dive(app: "CompatDive6"))
        try await watch.press()
        try await watch.advance(to: .seconds(130))
        // Under water from about 33 s: roughly 97 s at three a second.
        let under = await DiveManager.shared.underWaterMeasurements
        #expect(under > 280 && under < 300)
        #expect(await DiveManager.shared.temperatures == under)
        try await watch.press()
        #expect(try #require(watch.dialogs.last).hasPrefix("MarkDepthIntent: Marked at "))
    }
}
