/// The installed apps, and what Settings > Action Button offers from them (A1, A9).
public struct AppRegistry: Hashable, Sendable {
    public enum ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
        case duplicateApp(String)
        case notInstalled(String, installed: [String])
        /// A1: only apps with a start-workout intent are offered as workout apps.
        case notAWorkoutApp(String)
        /// A1: only apps with a start-dive intent are offered as dive apps.
        case notADiveApp(String)
        /// A2: First Press must be one of the app's suggested workouts.
        case firstPressNotSuggested(String, app: String, suggested: [String])
        /// A9: Action-button intents must live in the app, not in an App Intents extension.
        case intentsInExtension(app: String, intents: [String])
        /// The app's code breaks a rule its build or install would check (see `InstalledApp.problems`).
        case unusableApp(app: String, problems: [String])
        /// Settings name a control the app does not offer.
        case notAControl(String, app: String, controls: [String])

        public var description: String {
            switch self {
            case .duplicateApp(let name):
                "an app named \"\(name)\" is already installed"
            case .notInstalled(let name, let installed):
                "no app named \"\(name)\" is installed; installed: \(installed.joined(separator: ", "))"
            case .notAWorkoutApp(let name):
                "\"\(name)\" has no start-workout intent, so Settings > Action Button does not offer it as a workout app (A1)"
            case .notADiveApp(let name):
                "\"\(name)\" has no start-dive intent, so Settings > Action Button does not offer it as a dive app (A1)"
            case .firstPressNotSuggested(let style, let app, let suggested):
                "First Press \"\(style)\" is not one of \(app)'s suggested workouts; expected one of \(suggested.joined(separator: ", ")) (A2)"
            case .intentsInExtension(let app, let intents):
                "\(app) declares \(intents.joined(separator: ", ")) in an App Intents extension; Action-button intents must live in the app itself (A9)"
            case .unusableApp(let app, let problems):
                "\(app) cannot be installed: " + problems.joined(separator: "; ")
            case .notAControl(let intent, let app, let controls):
                "\(app) offers no control that runs \(intent), so Settings > Action Button does not list it; "
                    + (controls.isEmpty ? "\(app) offers no controls" : "its controls run \(controls.joined(separator: ", "))")
            }
        }
    }

    /// A9's warning: the system launches the app anyway, but the app should not ask it not to.
    public struct Warning: Hashable, Sendable, CustomStringConvertible {
        public var app: String
        public var intent: String
        public var description: String {
            "\(app): \(intent) sets openAppWhenRun to false; start intents must open the app, and the system launches it first anyway (A9)"
        }
    }

    public private(set) var apps: [InstalledApp] = []

    public init() {}

    /// Installs an app. It is offered in Settings at once, without ever being launched (A1).
    @discardableResult
    public mutating func install(_ app: InstalledApp) throws(ConfigurationError) -> [Warning] {
        guard self.app(named: app.name) == nil else { throw .duplicateApp(app.name) }
        guard app.intentsInExtension.isEmpty else {
            throw .intentsInExtension(app: app.name, intents: app.intentsInExtension)
        }
        guard app.problems.isEmpty else { throw .unusableApp(app: app.name, problems: app.problems) }
        apps.append(app)
        var warnings: [Warning] = []
        if let workout = app.workout, !workout.startOpensApp {
            warnings.append(Warning(app: app.name, intent: workout.startIntent.name))
        }
        if let dive = app.dive, !dive.startOpensApp {
            warnings.append(Warning(app: app.name, intent: dive.startIntent.name))
        }
        return warnings
    }

    public func app(named name: String) -> InstalledApp? { apps.first { $0.name == name } }

    /// What Settings > Action Button > Workout lists.
    public var workoutApps: [InstalledApp] { apps.filter { $0.workout != nil } }
    /// What Settings > Action Button > Dive lists.
    public var diveApps: [InstalledApp] { apps.filter { $0.dive != nil } }
    /// Apps with controls, which Settings > Action Button > Controls lists (watchOS 26).
    public var controlApps: [InstalledApp] { apps.filter { !$0.controls.isEmpty } }

    /// Checks that the settings pick an app the system would offer, and returns it.
    public func validate(_ settings: ActionButtonSettings) throws(ConfigurationError) -> InstalledApp {
        guard let app = app(named: settings.appName) else {
            throw .notInstalled(settings.appName, installed: apps.map(\.name))
        }
        switch settings {
        case .workout(_, let firstPress):
            guard let workout = app.workout else { throw .notAWorkoutApp(app.name) }
            if let firstPress, !workout.suggestedWorkouts.contains(where: { $0.id == firstPress }) {
                throw .firstPressNotSuggested(firstPress, app: app.name,
                                              suggested: workout.suggestedWorkouts.map(\.id))
            }
        case .dive:
            guard app.dive != nil else { throw .notADiveApp(app.name) }
        case .control(_, let intent):
            guard app.controls.contains(where: { $0.intent.name == intent }) else {
                throw .notAControl(intent, app: app.name, controls: app.controls.map(\.intent.name))
            }
        }
        return app
    }
}
