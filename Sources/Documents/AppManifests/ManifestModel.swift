import ActionButtonCore
import AppIntents
import YAMLDocuments

/// What an app manifest says, checked and resolved, before anything runs.
public struct AppManifestModel: Sendable {
    public enum Role: String, Hashable, Sendable, CaseIterable {
        case startWorkout = "start-workout"
        case pauseWorkout = "pause-workout"
        case resumeWorkout = "resume-workout"
        case startDive = "start-dive"
        /// Any other intent, used as a next action (A6).
        case action
    }

    public enum DeclaredIn: String, Hashable, Sendable, CaseIterable {
        case app
        /// A9: a configuration error for Action-button intents.
        case `extension`
    }

    /// How an intent's `perform()` behaves.
    public struct Perform: Hashable, Sendable {
        /// How long `perform()` takes, on the engine's clock.
        public var takes: Duration = .zero
        /// If set, `perform()` throws an error with this message after `takes`.
        public var throwsMessage: String?
        /// Session commands the intent issues just before it returns.
        public var startsSession = false
        public var pausesSession = false
        public var resumesSession = false
        public var endsSession = false
        /// A marker the intent leaves in the session (T1): lap, segment, waypoint, ...
        public var marks: String?
        /// Calls `donate(result: .result(actionButtonIntent: X))` while performing (A6).
        public var donates: String?
        /// Returns `.result(actionButtonIntent: X)` (A6).
        public var resultDonates: String?
        /// Schedules a health-data authorization request, as Apple's start intent does (A4).
        public var requestsAuthorization = false

        public init() {}
    }

    public struct Intent: Hashable, Sendable {
        public var name: String
        public var title: String
        public var role: Role
        public var declaredIn: DeclaredIn
        public var openAppWhenRun: Bool
        public var perform: Perform
        public var location: SourceLocation
        /// The control that runs this intent, if any (watchOS 26): a button's intent, or a
        /// toggle's `SetValueIntent`. Settings > Action Button can pick it.
        public var control: InstalledApp.ControlSupport.Kind?

        public init(name: String, title: String, role: Role, declaredIn: DeclaredIn = .app, openAppWhenRun: Bool,
                    perform: Perform = Perform(), location: SourceLocation, control: InstalledApp.ControlSupport.Kind? = nil) {
            self.name = name
            self.title = title
            self.role = role
            self.declaredIn = declaredIn
            self.openAppWhenRun = openAppWhenRun
            self.perform = perform
            self.location = location
            self.control = control
        }
    }

    /// When the app donates on its own, outside any intent's result (A6: "at any time").
    /// Order is by time (A6): the start intent's result is applied when its `perform()`
    /// returns, so a donation made inside `perform()` (`session-started`, a start intent's
    /// `performed`) is replaced by it, and one made after (`start-returned`, a later `at`)
    /// replaces it.
    public enum Trigger: Hashable, Sendable, CustomStringConvertible {
        /// Inside the start intent's `perform()`, when it starts the session.
        case sessionStarted
        case sessionPaused
        case sessionResumed
        /// After the `count`-th perform of an intent in the current session; with `repeats`,
        /// after every `count`-th. Inside that `perform()`, before it returns.
        case performed(intent: String, count: Int, repeats: Bool)
        /// Right after the start intent's `perform()` returned and the system took its result:
        /// what a task the start intent scheduled does when data collection begins.
        case startReturned
        /// At this time on the run's time line (a scenario's time; in `run`, since it started).
        case at(Duration)

        public var description: String {
            switch self {
            case .sessionStarted: "session-started"
            case .sessionPaused: "session-paused"
            case .sessionResumed: "session-resumed"
            case .performed(let intent, let count, let repeats):
                repeats ? "every \(count) × \(intent)" : "after \(count) × \(intent)"
            case .startReturned: "start-returned"
            case .at(let time): "at \(TimeFormat.duration(time))"
            }
        }
    }

    public struct Donation: Hashable, Sendable {
        public var trigger: Trigger
        public var donate: String
    }

    public var name: String
    public var healthAuthorization: AppDefinition.HealthAuthorization
    /// The workout kinds enum (A2): case id → display representation.
    public var workoutKinds: [WorkoutOption]
    /// Each workout kind's HealthKit activity type, which picks its sensor model (T1).
    public var activities: [String: WorkoutActivityType]
    public var suggestedWorkouts: [String]
    public var intents: [Intent]
    public var donations: [Donation]

    public init(name: String, healthAuthorization: AppDefinition.HealthAuthorization, workoutKinds: [WorkoutOption],
                activities: [String: WorkoutActivityType] = [:], suggestedWorkouts: [String], intents: [Intent],
                donations: [Donation]) {
        self.name = name
        self.healthAuthorization = healthAuthorization
        self.workoutKinds = workoutKinds
        self.activities = activities
        self.suggestedWorkouts = suggestedWorkouts
        self.intents = intents
        self.donations = donations
    }

    public func intent(named name: String) -> Intent? { intents.first { $0.name == name } }
    public func intent(withRole role: Role) -> Intent? { intents.first { $0.role == role } }
}

/// A9's warning, and any other thing worth saying about a manifest that still loads.
public struct ManifestWarning: Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    public var description: String { "\(location): warning: \(message)" }

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }
}
