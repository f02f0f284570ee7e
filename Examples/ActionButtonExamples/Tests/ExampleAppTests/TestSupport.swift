import ActionButtonHarness
import AppIntents
import Foundation
import Synchronization
@testable import WorkoutApp

// Variants of Apple's workout app for the rules Apple's own code never trips: a start
// intent that is slow, throws, forgets the session or donates nothing, and the MarkSegment
// intent a wrong donation picks. Each reuses Apple's MyWorkoutManager.

/// Settings > Action Button: Workout, MyWorkoutApp, with this First Press.
func workoutSettings(_ firstPress: String? = nil, app: String = "MyWorkoutApp") -> ActionButtonSettings {
    .workout(app: app, firstPress: firstPress)
}

/// A workout app around one of the start intents below, with Apple's manager at launch.
func variantApp<Start: StartWorkoutIntent>(_ name: String, start: Start.Type,
                                           pause: (any PauseWorkoutIntent)? = MyPauseWorkoutIntent(),
                                           resume: (any ResumeWorkoutIntent)? = MyResumeWorkoutIntent(),
                                           intentsInExtension: [String] = []) -> AppDefinition {
    AppDefinition.workoutApp(name, start: start, pause: pause, resume: resume,
                             actions: [MarkLapIntent.self, MarkSegmentIntent.self],
                             intentsInExtension: intentsInExtension,
                             didFinishLaunching: { AppDependencyManager.shared.add { MyWorkoutManager() } })
}

/// The app's other next action: marks a segment.
struct MarkSegmentIntent: AppIntent {
    static let title: LocalizedStringResource = "Mark Segment"
    @Dependency var workoutManager: MyWorkoutManager

    func perform() async throws -> some IntentResult {
        await workoutManager.markLap(at: Date())
        return .result()
    }
}

/// Apple's start intent with one mistake: it donates MarkSegment when collection begins.
struct WrongDonationStartIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start Workout"
    static let suggestedWorkouts = [WrongDonationStartIntent()]
    @Parameter(title: "Type of Workout") var workoutStyle: WorkoutEnum
    @Dependency var workoutManager: MyWorkoutManager
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult {
        let workoutManager = self.workoutManager
        try await workoutManager.startWorkout(type: workoutStyle)
        Task {
            await workoutManager.requestAuthorization()
            try await MyStartWorkoutIntent().donate(result: .result(actionButtonIntent: MarkSegmentIntent()))
        }
        return .result()
    }
}

/// Takes `delay` of the engine's clock before it starts Apple's workout.
struct DelayedStartIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start Workout (slowly)"
    static let suggestedWorkouts = [DelayedStartIntent()]
    /// How long perform() takes.
    static let delay: Duration = .seconds(2)
    @Parameter(title: "Type of Workout") var workoutStyle: WorkoutEnum
    @Dependency var workoutManager: MyWorkoutManager
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult {
        try await ActionButtonClock().sleep(for: Self.delay)
        try await workoutManager.startWorkout(type: workoutStyle)
        return .result(actionButtonIntent: MarkLapIntent())
    }
}

struct SlowStartIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start Workout (31 s)"
    static let suggestedWorkouts = [SlowStartIntent()]
    @Parameter(title: "Type of Workout") var workoutStyle: WorkoutEnum
    @Dependency var workoutManager: MyWorkoutManager
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult {
        try await ActionButtonClock().sleep(for: .seconds(31))
        try await workoutManager.startWorkout(type: workoutStyle)
        return .result()
    }
}

struct ForgetfulStartIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start Workout (no session)"
    static let suggestedWorkouts = [ForgetfulStartIntent()]
    @Parameter(title: "Type of Workout") var workoutStyle: WorkoutEnum
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult { .result() }
}

struct StartFailure: Error, CustomStringConvertible {
    var description: String { "the workout configuration is invalid" }
}

struct ThrowingStartIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start Workout (throws)"
    static let suggestedWorkouts = [ThrowingStartIntent()]
    @Parameter(title: "Type of Workout") var workoutStyle: WorkoutEnum
    init() { workoutStyle = .running }

    func perform() async throws -> IntentResultContainer<Never, Never, Never, Never> { throw StartFailure() }
}

/// Starts Apple's workout but donates no next action.
struct SilentStartIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start Workout (no donation)"
    static let suggestedWorkouts = [SilentStartIntent()]
    @Parameter(title: "Type of Workout") var workoutStyle: WorkoutEnum
    @Dependency var workoutManager: MyWorkoutManager
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult {
        try await workoutManager.startWorkout(type: workoutStyle)
        return .result()
    }
}

/// A9: asks not to open the app.
struct QuietStartIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start Workout (quietly)"
    static let openAppWhenRun = false
    static let suggestedWorkouts = [QuietStartIntent()]
    @Parameter(title: "Type of Workout") var workoutStyle: WorkoutEnum
    @Dependency var workoutManager: MyWorkoutManager
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult {
        try await workoutManager.startWorkout(type: workoutStyle)
        return .result()
    }
}

/// A2: an app that changes its suggested workouts at run time. The list sits behind a lock
/// (Swift 6 has no unprotected mutable statics), then the app calls invalidateSuggestedWorkouts().
struct ChangingSuggestionsIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start Workout"
    static let list = Mutex<[ChangingSuggestionsIntent]>([])
    static var suggestedWorkouts: [ChangingSuggestionsIntent] { list.withLock { $0 } }
    @Parameter(title: "Type of Workout") var workoutStyle: WorkoutEnum
    @Dependency var workoutManager: MyWorkoutManager
    init() { workoutStyle = .running }
    init(style: WorkoutEnum) { workoutStyle = style }

    static func suggest(_ styles: [WorkoutEnum]) {
        list.withLock { $0 = styles.map(ChangingSuggestionsIntent.init(style:)) }
    }

    func perform() async throws -> some IntentResult {
        try await workoutManager.startWorkout(type: workoutStyle)
        return .result(actionButtonIntent: MarkLapIntent())
    }
}

/// The MyWorkoutManager of the watch the code runs on (what `@Dependency` would give).
func currentWorkoutManager() -> MyWorkoutManager? {
    AppDependencyManager.shared.resolve(MyWorkoutManager.self)
}
