/// How the system refers to an intent: by its type name, shown by its title.
public struct IntentReference: Hashable, Sendable, CustomStringConvertible {
    /// The intent's type name (`MarkLapIntent`); what scenarios and logs match on.
    public var name: String
    /// Its `title`, as the watch would show it.
    public var title: String

    public init(name: String, title: String) {
        self.name = name
        self.title = title
    }

    public var description: String { name }
}

/// One entry of an app's `suggestedWorkouts` (A2): a workout style with the display
/// representation the watch shows under Settings > Action Button > First Press.
public struct WorkoutOption: Hashable, Sendable, CustomStringConvertible {
    /// The style's identifier (the enum case's raw value, e.g. `running`).
    public var id: String
    public var title: String
    public var subtitle: String?

    public init(id: String, title: String, subtitle: String? = nil) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
    }

    public var description: String { id }
}

/// What the system knows about an installed app: which Action-button intents it
/// implements (A1, A7, A8), whether it ever asked for health data (A4), and where its
/// intents live (A9). Built from a Swift app definition or from a manifest alike.
public struct InstalledApp: Hashable, Sendable {
    public struct WorkoutSupport: Hashable, Sendable {
        public var startIntent: IntentReference
        public var suggestedWorkouts: [WorkoutOption]
        public var pauseIntent: IntentReference?
        public var resumeIntent: IntentReference?
        /// `openAppWhenRun` of the start intent (A9: should stay true).
        public var startOpensApp: Bool

        public init(startIntent: IntentReference, suggestedWorkouts: [WorkoutOption],
                    pauseIntent: IntentReference? = nil, resumeIntent: IntentReference? = nil,
                    startOpensApp: Bool = true) {
            self.startIntent = startIntent
            self.suggestedWorkouts = suggestedWorkouts
            self.pauseIntent = pauseIntent
            self.resumeIntent = resumeIntent
            self.startOpensApp = startOpensApp
        }
    }

    public struct DiveSupport: Hashable, Sendable {
        public var startIntent: IntentReference
        public var startOpensApp: Bool

        public init(startIntent: IntentReference, startOpensApp: Bool = true) {
            self.startIntent = startIntent
            self.startOpensApp = startOpensApp
        }
    }

    /// A control the app offers (watchOS 26): Settings > Action Button can run it instead of
    /// a workout or a dive. A button runs its intent; a toggle runs its `SetValueIntent` with
    /// the value it flips to.
    public struct ControlSupport: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
            /// `ControlWidgetButton(action:)`.
            case button
            /// `ControlWidgetToggle(isOn:action:)`, whose action is a `SetValueIntent`.
            case toggle
            public var description: String { rawValue }
        }

        /// The intent the control runs.
        public var intent: IntentReference
        public var kind: Kind
        /// Whether the intent's `supportedModes` bring the app forward before it runs
        /// (`.foreground`); otherwise it runs with the app where it is.
        public var opensApp: Bool
        /// Whether they bring it forward as `perform()` ends (`.foreground(.deferred)`).
        public var opensAppWhenDone: Bool

        public init(intent: IntentReference, kind: Kind, opensApp: Bool = false, opensAppWhenDone: Bool = false) {
            self.intent = intent
            self.kind = kind
            self.opensApp = opensApp
            self.opensAppWhenDone = opensAppWhenDone
        }
    }

    public var name: String
    public var workout: WorkoutSupport?
    public var dive: DiveSupport?
    /// The controls the app offers (watchOS 26).
    public var controls: [ControlSupport]
    /// A4: whether the app has ever requested health-data authorization.
    public var healthAuthorizationRequested: Bool
    /// A9: Action-button intents the app declares in an App Intents extension instead of
    /// the app itself. Any entry here makes the app unusable with the Action button.
    public var intentsInExtension: [String]
    /// What a watch (or Apple's build of the app) would refuse in it, each naming the type:
    /// a workout style that is not a `@Parameter`, a style case with no display
    /// representation, a shortcut phrase without the app's name. Any entry refuses the install.
    public var problems: [String]

    public init(name: String, workout: WorkoutSupport? = nil, dive: DiveSupport? = nil, controls: [ControlSupport] = [],
                healthAuthorizationRequested: Bool = true, intentsInExtension: [String] = [], problems: [String] = []) {
        self.name = name
        self.workout = workout
        self.dive = dive
        self.controls = controls
        self.healthAuthorizationRequested = healthAuthorizationRequested
        self.intentsInExtension = intentsInExtension
        self.problems = problems
    }
}

/// Settings > Action Button (A1): one action, for one app.
public enum ActionButtonSettings: Hashable, Sendable, CustomStringConvertible {
    /// Workout, with the app and, where it suggests several workouts, the First Press one.
    case workout(app: String, firstPress: String? = nil)
    /// Dive, with the app.
    case dive(app: String)
    /// A control of the app (watchOS 26), named by the intent it runs.
    case control(app: String, intent: String)

    public var appName: String {
        switch self {
        case .workout(let app, _), .dive(let app), .control(let app, _): app
        }
    }

    /// The kind of session the app's session object keeps. A control runs no session of
    /// the Action button's; should its intent start one, it counts as a workout.
    public var sessionKind: SessionLifecycle.Kind {
        switch self {
        case .workout, .control: .workout
        case .dive: .dive
        }
    }

    public var description: String {
        switch self {
        case .workout(let app, let first?): "Workout · \(app) · First Press \(first)"
        case .workout(let app, nil): "Workout · \(app)"
        case .dive(let app): "Dive · \(app)"
        case .control(let app, let intent): "Control · \(app) · \(intent)"
        }
    }
}

// Codable so that a simulated watch in another process can send what happened (ActionButtonHarness).
extension IntentReference: Codable {}
extension WorkoutOption: Codable {}
extension InstalledApp.ControlSupport.Kind: Codable {}
extension ActionButtonSettings: Codable {}
