import ActionButtonCore
import ActionButtonHarness
import AppIntents
import Testing

// Issue 24: Apple's "LongRunningIntent" (watchOS 27) gives an intent's perform() more than
// the 30 seconds an intent otherwise has, through performBackgroundTask; the start deadline
// of A5 still applies to the session. Apple's supportedModes and systemContext (watchOS 26).

/// A next action that syncs for 45 s on the engine's clock, as a plain intent.
/// A next action the start intent can make.
protocol SyncIntent: AppIntent { init() }

struct SlowSyncIntent: SyncIntent {
    static let title: LocalizedStringResource = "Sync the run"
    func perform() async throws -> some IntentResult {
        try await ActionButtonClock().sleep(for: .seconds(45))
        return .result(actionButtonIntent: MarkBIntent())
    }
}

/// The same sync, as a LongRunningIntent that asks for the time.
struct LongSyncIntent: LongRunningIntent, SyncIntent {
    static let title: LocalizedStringResource = "Sync the run (long-running)"
    func perform() async throws -> some IntentResult {
        try await performBackgroundTask {
            try await ActionButtonClock().sleep(for: .seconds(45))
            progress.completedUnitCount = 100
        }
        return .result(actionButtonIntent: MarkBIntent())
    }
}

/// Starts the workout with `MarkA` next, then donates the sync as the next action.
struct StartThenSyncIntent<Sync: SyncIntent>: StartWorkoutIntent {
    static var title: LocalizedStringResource { "Start, then sync" }
    static var suggestedWorkouts: [StartThenSyncIntent<Sync>] { [StartThenSyncIntent()] }
    @Parameter(title: "Workout") var workoutStyle: TestWorkout
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult {
        _ = try startWorkoutSession()
        return .result(actionButtonIntent: Sync.init())
    }
}

/// A long-running start intent: starts its session after `sessionAfter` seconds and returns
/// after 50, both on the engine's clock.
struct LongStartIntent: StartWorkoutIntent, LongRunningIntent {
    static let title: LocalizedStringResource = "Start and prepare maps"
    static let suggestedWorkouts = [LongStartIntent()]
    nonisolated(unsafe) static var sessionAfter = 5
    @Parameter(title: "Workout") var workoutStyle: TestWorkout
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult {
        let sessionAfter = Self.sessionAfter
        try await performBackgroundTask {
            try await ActionButtonClock().sleep(for: .seconds(sessionAfter))
            _ = try startWorkoutSession()
            try await ActionButtonClock().sleep(for: .seconds(50 - sessionAfter))
        }
        return .result()
    }
}

/// A start intent that says it runs in the background: the Action button opens the app all
/// the same (A3, A9), and systemContext says foreground.
struct BackgroundModeStartIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start quietly"
    static let suggestedWorkouts = [BackgroundModeStartIntent()]
    static let supportedModes: IntentModes = .background
    nonisolated(unsafe) static var seen: IntentModes.Current?
    @Parameter(title: "Workout") var workoutStyle: TestWorkout
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult {
        Self.seen = systemContext.currentMode
        _ = try startWorkoutSession()
        return .result()
    }
}

@Suite("LongRunningIntent, supportedModes and systemContext on the Action button", .serialized)
struct LongRunningIntentTests {
    @Test("A6: a plain next action still running 30 s after its press is given up (intent-time-limit)")
    func plainIntentHasThirtySeconds() async throws {
        let watch = try ActionButtonHarness(app: workoutApp(StartThenSyncIntent<SlowSyncIntent>.self, actions: [SlowSyncIntent.self, MarkBIntent.self]),
                                            settings: settings())
        try await watch.press()
        try await watch.advance(by: .seconds(2))
        try await watch.press()
        try await watch.advance(by: .seconds(29))
        watch.expectNoErrors()
        try await watch.advance(by: .seconds(2))
        watch.expectError(.intentTimeLimit)
        try await watch.advance(by: .seconds(30))
        // The result that came at 47 s was not applied.
        watch.expectNextAction(SlowSyncIntent.self)
    }

    @Test("A6: a LongRunningIntent's perform() runs past 30 s and its result counts")
    func longRunningIntentRunsPastThirtySeconds() async throws {
        let watch = try ActionButtonHarness(app: workoutApp(StartThenSyncIntent<LongSyncIntent>.self, actions: [LongSyncIntent.self, MarkBIntent.self]),
                                            settings: settings())
        try await watch.press()
        try await watch.advance(by: .seconds(2))
        try await watch.press()
        try await watch.advance(by: .seconds(60))
        watch.expectNoErrors()
        watch.expectNextAction(MarkBIntent.self)
        #expect(watch.appLog.contains("LongSyncIntent runs a long-running task: its time is extended past 30 seconds"))
    }

    @Test("A5: a long-running start intent meets the deadline by starting its session in time, though it returns at 50 s")
    func longRunningStartMeetsDeadline() async throws {
        LongStartIntent.sessionAfter = 5
        let watch = try ActionButtonHarness(app: workoutApp(LongStartIntent.self), settings: settings())
        try await watch.press()
        try await watch.advance(by: .seconds(60))
        watch.expectNoErrors()
        #expect(watch.startOutcomes == [.met(after: .seconds(5))])
    }

    @Test("A5: the start deadline still applies to a long-running start intent's session")
    func longRunningStartStillNeedsSessionInTime() async throws {
        LongStartIntent.sessionAfter = 35
        let watch = try ActionButtonHarness(app: workoutApp(LongStartIntent.self), settings: settings())
        try await watch.press()
        try await watch.advance(by: .seconds(60))
        watch.expectError(.startDeadline)
        #expect(watch.startOutcomes == [.missed(returned: false, sessionStarted: false)])
    }

    @Test("A3, A9: a start intent whose supportedModes is .background runs in the foreground, and the log says why")
    func startIntentModesOverridden() async throws {
        let watch = try ActionButtonHarness(app: workoutApp(BackgroundModeStartIntent.self), settings: settings())
        try await watch.press()
        try await watch.advance(by: .seconds(1))
        #expect(BackgroundModeStartIntent.seen == .foreground)
        #expect(BackgroundModeStartIntent.seen?.canContinueInForeground == true)
        #expect(watch.timeline.contains { $0.contains("BackgroundModeStartIntent would not open the app") && $0.contains("supportedModes") })
        #expect(watch.appPresence == .foreground)
    }
}
