import ActionButtonCore

/// An app the simulated watch can install: its Action-button intents as values the engine
/// calls `perform()` on. Swift-defined apps and manifest-defined apps both end up here,
/// so both go down the same path.
public struct AppDefinition: Sendable {
    /// A4: whether the app has asked for health-data authorization.
    public enum HealthAuthorization: String, Hashable, Sendable, CaseIterable {
        /// It has asked before: first press performs the start intent.
        case requested
        /// It never asks: first press only launches the app.
        case never
        /// It has not asked yet, and asks the first time it is launched.
        case onFirstLaunch = "on-first-launch"
    }

    /// One First Press choice (A2) and the start intent that runs it.
    public struct SuggestedWorkout: Sendable {
        public var option: WorkoutOption
        public var intent: any AppIntent

        public init(option: WorkoutOption, intent: any AppIntent) {
            self.option = option
            self.intent = intent
        }
    }

    public struct WorkoutIntents: Sendable {
        /// The start intent's identity (its type).
        public var start: IntentReference
        public var startOpensApp: Bool
        /// Read at install, and again whenever the app invalidates its suggestions (A2).
        public var suggestedWorkouts: @Sendable () -> [SuggestedWorkout]
        public var pause: (any AppIntent)?
        public var resume: (any AppIntent)?

        public init(start: IntentReference, startOpensApp: Bool = true,
                    suggestedWorkouts: @escaping @Sendable () -> [SuggestedWorkout],
                    pause: (any AppIntent)? = nil, resume: (any AppIntent)? = nil) {
            self.start = start
            self.startOpensApp = startOpensApp
            self.suggestedWorkouts = suggestedWorkouts
            self.pause = pause
            self.resume = resume
        }
    }

    /// App code the simulated watch runs at a time on the engine's clock (the run's time
    /// line): the app's own timer, which may donate (A6: "donate X at time T").
    public struct Timer: Sendable {
        public var at: Duration
        public var run: @Sendable () -> Void

        public init(at: Duration, run: @escaping @Sendable () -> Void) {
            self.at = at
            self.run = run
        }
    }

    /// Where the app's watch code creates or starts its workout session in a file the Linux
    /// build leaves out (a SwiftUI view or view model): there the session never starts, and
    /// the start deadline is missed (A5). `init-package` finds these; the engine says so at a
    /// missed deadline.
    public struct LeftOutSessionStart: Hashable, Sendable {
        /// The file, as `init-package` showed it, and the call's line in it.
        public var file: String
        public var line: Int
        /// The call (`HKWorkoutSession(healthStore:configuration:)`).
        public var call: String
        /// Why the file is left out, in a few words (`imports SwiftUI`).
        public var reason: String

        public init(file: String, line: Int, call: String, reason: String) {
            self.file = file
            self.line = line
            self.call = call
            self.reason = reason
        }

        /// What to do about it, said by init-package and at a missed deadline.
        public static let advice = "move the start into the intent's perform(), or into a model the intent calls "
            + "(a class in a file that imports nothing Linux lacks: no SwiftUI, WidgetKit or CloudKit; "
            + "@Observable and ObservableObject models compile)"

        /// "WorkoutViewModel.swift (line 11: HKWorkoutSession(...); line 12: startActivity(with:)),
        /// which imports SwiftUI", a file at a time.
        public static func describe(_ starts: [LeftOutSessionStart]) -> String {
            var files: [String] = []
            for start in starts where !files.contains(start.file) { files.append(start.file) }
            return files.map { file in
                let calls = starts.filter { $0.file == file }
                let lines = calls.map { "line \($0.line): \($0.call)" }.joined(separator: "; ")
                return "\(file) (\(lines)), which \(calls[0].reason)"
            }.joined(separator: ", and ")
        }
    }

    public struct DiveIntents: Sendable {
        public var start: any AppIntent

        public init(start: any AppIntent) { self.start = start }
    }

    public var name: String
    public var healthAuthorization: HealthAuthorization
    public var workout: WorkoutIntents?
    public var dive: DiveIntents?
    /// A9: intents the app declares in an App Intents extension (a configuration error).
    public var intentsInExtension: [String]
    /// App code that runs when its session changes, inside the simulated watch (so it may
    /// donate). Swift apps usually do this in their own session delegate instead.
    public var sessionObserver: (@Sendable (SessionLifecycle.Change) -> Void)?
    /// The app's other intents, the ones it may donate as next actions (A6). On a watch the
    /// system knows every intent from the app's build-time metadata; here the app lists them,
    /// so that scenarios naming an intent can be checked before they run.
    public var actionIntents: [IntentReference]
    /// Every case of the workout enum (A2), suggested or not: what a First Press or a
    /// `workoutStyle` parameter may name.
    public var workoutKinds: [WorkoutOption]
    /// The app's `applicationDidFinishLaunching()`: runs inside the simulated watch when the
    /// app first launches, before the system performs any intent. Register `@Dependency`
    /// objects here (`AppDependencyManager.shared.add { ... }`), as Apple advises.
    public var didFinishLaunching: (@Sendable () -> Void)?
    /// App code that runs right after one of its intents' `perform()` returned, once the
    /// system has taken its result: what a task the intent scheduled does next (Apple's start
    /// intent donates when data collection begins). A donation made here comes after the
    /// result, so it replaces the result's next action (A6). Swift apps start a `Task` instead.
    public var intentDidReturn: (@Sendable (IntentReference) -> Void)?
    /// The app's own timers (see `Timer`).
    public var timers: [Timer]
    /// What installing the app refuses, each naming the type (see `InstalledApp.problems`).
    public var problems: [String]
    /// The controls the app offers (watchOS 26), which Settings > Action Button can pick.
    public var controls: [Control] = []

    /// A control of the app (watchOS 26): a `ControlWidgetButton`'s intent or a
    /// `ControlWidgetToggle`'s `SetValueIntent`. Only the intent matters on the Action button;
    /// the control's SwiftUI view does not run here.
    public struct Control: Sendable {
        public var reference: IntentReference
        public var kind: InstalledApp.ControlSupport.Kind
        /// Whether the intent's `supportedModes` bring the app forward before it runs.
        public var opensApp: Bool
        /// Whether they bring it forward as `perform()` ends (`.foreground(.deferred)` alone).
        public var opensAppWhenDone: Bool
        /// The intent value a press runs: for a toggle, with the value it flips to.
        public var intent: @Sendable (_ value: Bool?) -> any AppIntent

        public init(reference: IntentReference, kind: InstalledApp.ControlSupport.Kind, opensApp: Bool = false,
                    opensAppWhenDone: Bool = false, intent: @escaping @Sendable (_ value: Bool?) -> any AppIntent) {
            self.reference = reference
            self.kind = kind
            self.opensApp = opensApp
            self.opensAppWhenDone = opensAppWhenDone
            self.intent = intent
        }

        /// `ControlWidgetButton(action: intent)`: a press runs `intent`.
        public static func button<Intent: AppIntent>(_ intent: Intent) -> Control {
            Control(reference: IntentReference(type: Intent.self), kind: .button, opensApp: Intent.supportedModes.opensAppAtOnce,
                    opensAppWhenDone: Intent.supportedModes.opensAppWhenDone) { _ in intent }
        }

        /// `ControlWidgetToggle(isOn:action: intent)`: a press runs `intent` with `value` set
        /// to the opposite of what the toggle shows.
        public static func toggle<Intent: SetValueIntent>(_ intent: Intent) -> Control where Intent.ValueType == Bool {
            Control(reference: IntentReference(type: Intent.self), kind: .toggle, opensApp: Intent.supportedModes.opensAppAtOnce,
                    opensAppWhenDone: Intent.supportedModes.opensAppWhenDone) { value in
                var set = intent
                set.value = value ?? !set.value
                return set
            }
        }
    }

    /// The app, offering `controls` as well (watchOS 26).
    public func offering(controls: [Control]) -> AppDefinition {
        var app = self
        app.controls += controls
        return app
    }

    /// An app that offers only controls to the Action button (no workout or dive).
    public static func controlsApp(_ name: String, controls: [Control],
                                   didFinishLaunching: (@Sendable () -> Void)? = nil) -> AppDefinition {
        AppDefinition(name: name, didFinishLaunching: didFinishLaunching).offering(controls: controls)
    }
    /// Where the session would start in files the Linux build leaves out (see `LeftOutSessionStart`).
    public var sessionStartsLeftOut: [LeftOutSessionStart] = []

    /// The app, knowing where its session starts in files the Linux build leaves out (what
    /// `init-package` writes into the package's executable).
    public func leavingOut(sessionStarts: [LeftOutSessionStart]) -> AppDefinition {
        var app = self
        app.sessionStartsLeftOut = sessionStarts
        return app
    }

    public init(name: String, healthAuthorization: HealthAuthorization = .requested,
                workout: WorkoutIntents? = nil, dive: DiveIntents? = nil, intentsInExtension: [String] = [],
                sessionObserver: (@Sendable (SessionLifecycle.Change) -> Void)? = nil,
                actionIntents: [IntentReference] = [], workoutKinds: [WorkoutOption] = [],
                didFinishLaunching: (@Sendable () -> Void)? = nil,
                intentDidReturn: (@Sendable (IntentReference) -> Void)? = nil, timers: [Timer] = [],
                problems: [String] = []) {
        self.name = name
        self.healthAuthorization = healthAuthorization
        self.workout = workout
        self.dive = dive
        self.intentsInExtension = intentsInExtension
        self.sessionObserver = sessionObserver
        self.actionIntents = actionIntents
        self.workoutKinds = workoutKinds
        self.didFinishLaunching = didFinishLaunching
        self.intentDidReturn = intentDidReturn
        self.timers = timers
        self.problems = problems
    }

    /// The system's view of the app (what Settings > Action Button knows of it).
    public var installedApp: InstalledApp {
        InstalledApp(
            name: name,
            workout: workout.map { workout in
                InstalledApp.WorkoutSupport(
                    startIntent: workout.start,
                    suggestedWorkouts: workout.suggestedWorkouts().map(\.option),
                    pauseIntent: workout.pause.map { IntentIdentity($0).reference },
                    resumeIntent: workout.resume.map { IntentIdentity($0).reference },
                    startOpensApp: workout.startOpensApp)
            },
            dive: dive.map { dive in
                let identity = IntentIdentity(dive.start)
                return InstalledApp.DiveSupport(startIntent: identity.reference, startOpensApp: identity.opensApp)
            },
            controls: controls.map {
                InstalledApp.ControlSupport(intent: $0.reference, kind: $0.kind, opensApp: $0.opensApp, opensAppWhenDone: $0.opensAppWhenDone)
            },
            healthAuthorizationRequested: healthAuthorization == .requested,
            intentsInExtension: intentsInExtension,
            problems: problems)
    }
}

extension AppDefinition {
    /// A workout app written in Swift: its start intent type (whose `suggestedWorkouts` are
    /// the First Press choices), its pause and resume intents if it has them, the intents it
    /// donates as next actions, and its App Shortcuts.
    ///
    ///     AppDefinition.workoutApp("MyWorkoutApp", start: MyStartWorkoutIntent.self,
    ///                              pause: MyPauseWorkoutIntent(), resume: MyResumeWorkoutIntent(),
    ///                              actions: [MarkLapIntent.self],
    ///                              didFinishLaunching: { AppDependencyManager.shared.add { MyWorkoutManager() } })
    ///
    /// Installing it refuses (naming the type) a `workoutStyle` that is not a `@Parameter`,
    /// a style case without a display representation, and a shortcut phrase without the
    /// app's name: what Apple's build of the app refuses.
    public static func workoutApp<Start: StartWorkoutIntent>(
        _ name: String, start: Start.Type,
        pause: (any PauseWorkoutIntent)? = nil, resume: (any ResumeWorkoutIntent)? = nil,
        actions: [any AppIntent.Type] = [],
        shortcuts: [any AppShortcutsProvider.Type] = [],
        healthAuthorization: HealthAuthorization = .requested,
        intentsInExtension: [String] = [],
        didFinishLaunching: (@Sendable () -> Void)? = nil
    ) -> AppDefinition {
        AppDefinition(
            name: name, healthAuthorization: healthAuthorization,
            workout: WorkoutIntents(
                start: IntentReference(name: String(describing: Start.self), title: Start.title.key),
                startOpensApp: Start.supportedModes.opensAppAtOnce,
                suggestedWorkouts: {
                    Start.suggestedWorkouts.map { intent in
                        SuggestedWorkout(option: intent.workoutStyle._workoutOption, intent: intent)
                    }
                },
                pause: pause, resume: resume),
            intentsInExtension: intentsInExtension,
            actionIntents: actions.map(IntentReference.init(type:)),
            // An entity style lists no fixed kinds: its kinds are the suggested workouts'.
            workoutKinds: Start.WorkoutStyle._allWorkoutOptions ?? Start.suggestedWorkouts.map(\.workoutStyle._workoutOption),
            didFinishLaunching: didFinishLaunching,
            problems: startIntentProblems(Start.self) + shortcuts.flatMap { $0.phrasesWithoutAppName.map(phraseProblem) })
    }

    /// What Apple's build refuses in a start intent: its style must be an `@Parameter`, and
    /// every case of a style enum needs a display representation (A2: First Press shows it).
    static func startIntentProblems<Start: StartWorkoutIntent>(_ start: Start.Type) -> [String] {
        var problems: [String] = []
        let isParameter = Mirror(reflecting: Start()).children.contains { child in
            child.label == "_workoutStyle" && child.value is any LoggableParameter
        }
        if !isParameter {
            problems.append("\(Start.self).workoutStyle must be declared with @Parameter (Apple's StartWorkoutIntent requires it)")
        }
        return problems + Start.WorkoutStyle._installProblems
    }

    static func phraseProblem(_ phrase: String) -> String {
        "the App Shortcut phrase \(phrase) does not include \\(.applicationName); Apple refuses phrases without the app's name"
    }

    /// A dive app written in Swift: one start-dive intent (dives have a single kind, A8) and
    /// the intents it donates as next actions.
    public static func diveApp(
        _ name: String, start: some StartDiveIntent,
        actions: [any AppIntent.Type] = [],
        shortcuts: [any AppShortcutsProvider.Type] = [],
        intentsInExtension: [String] = [],
        didFinishLaunching: (@Sendable () -> Void)? = nil
    ) -> AppDefinition {
        AppDefinition(name: name, dive: DiveIntents(start: start), intentsInExtension: intentsInExtension,
                      actionIntents: actions.map(IntentReference.init(type:)),
                      didFinishLaunching: didFinishLaunching,
                      problems: shortcuts.flatMap { $0.phrasesWithoutAppName.map(phraseProblem) })
    }
}

extension WorkoutOption {
    /// A workout enum case as Settings > Action Button lists it under First Press (A2).
    public init<Style: AppEnum>(_ style: Style) {
        let display = style.displayRepresentation
        self.init(id: style.identifier, title: display.title.key, subtitle: display.subtitle?.key)
    }
}

extension IntentReference {
    /// How the system names a Swift intent type: its type name, shown by its `title`.
    public init(type: any AppIntent.Type) {
        self.init(name: String(describing: type), title: type.title.key)
    }
}
