import ActionButtonCore
import AppManifests
import Telemetry
import YAMLDocuments

/// A scenario (S1): an app, Action Button settings, a seed, timed steps, and what is
/// expected to happen. Everything in it has been checked against the app before it runs.
public struct Scenario: Sendable {
    public enum Step: Hashable, Sendable {
        case edge(Button, EdgeDirection)
        case gesture(Gesture.Kind)
        case key(String)
        case wristDown
        case endSession
        /// A2: the named app changes its suggested workouts and invalidates them.
        case suggestedWorkouts(app: String, [String])
        /// A1: Settings > Action Button changes.
        case settings(ActionButtonSettings)
    }

    public struct TimedStep: Hashable, Sendable {
        public var time: Timestamp
        public var step: Step
        public var location: SourceLocation
    }

    public var file: String
    public var name: String
    public var rules: [String]
    public var description: String?
    /// Every installed app; settings pick one of them (A1).
    public var apps: [ScenarioApp]
    /// The settings at the start; `settings` steps may change them later.
    public var settings: ActionButtonSettings
    public var seed: Int
    /// The press timings its `recognizer:` section gives (empty without one): a live run
    /// weighs them against a device profile's (`PressRecognizer.Configuration.resolving`).
    public var recognizerSettings: RecognizerSettings
    /// The timings a replay uses: the section's over the defaults.
    public var recognizer: PressRecognizer.Configuration
    public var until: Timestamp?
    /// The steps written in the scenario itself.
    public var steps: [TimedStep]
    /// The scenario's expectations (`expect:`).
    public var expectations: [Expectation]
    /// Steps and expectations kept in a file of their own (`steps-file:`), read a line at a
    /// time: what machines record. Played in time order with `steps` (at the same time, the
    /// scenario's own steps first).
    public var stepsFile: StepsFile?
    /// The simulated sensors' settings (rate, athlete profile, dive plan); defaults when absent.
    public var sensors: SensorSettings

    /// The app the starting settings name.
    public var app: ScenarioApp { apps.first { $0.model.name == settings.appName } ?? apps[0] }

    public func app(named name: String) -> ScenarioApp? { apps.first { $0.model.name == name } }

    /// The latest time anything in the scenario refers to.
    public var lastMentionedTime: Timestamp {
        let stepTime = steps.last?.time ?? .zero
        let expectTime = expectations.compactMap(\.window.latestMentioned).max() ?? .zero
        return max(stepTime, expectTime, until ?? .zero, stepsFile?.lastMentionedTime ?? .zero)
    }

    /// How many steps it plays: its own and its steps file's.
    public var stepCount: Int { steps.count + (stepsFile?.stepCount ?? 0) }
    /// How many expectations it checks: its own and its steps file's.
    public var expectationCount: Int { expectations.count + (stepsFile?.expectationCount ?? 0) }
}
