import ActionButtonCore
import Scenarios
import Simulation
import SimulationEvents

/// What a harness asks of a simulated watch running in another process (`actionsim-app
/// _watch`), one JSON line each way. The watch answers every request with the events it
/// logged since the previous answer, so the harness holds the whole log as a test in the
/// same process would.
public enum WatchRequest: Codable, Sendable {
    /// Installs the executable's apps and applies the settings; `seed` seeds the simulated
    /// sensors (nil: none, only samples the test delivers).
    case install(settings: ActionButtonSettings, recognizer: PressRecognizer.Configuration, sensorSeed: Int?)
    /// Installs what a scenario file names, with its settings and sensors.
    case loadScenario(path: String)
    case input(WatchInput)
    case advance(to: Timestamp)
    case deliver(SensorSample)
    case replayScenario
    /// The loaded scenario's expectations against the events so far.
    case checkScenario
    case finish
    /// A whole scenario, as `actionsim test` runs one (`ScenarioRunner.run`).
    case runScenario(path: String)
}

/// What the wearer does, as `SimulationEngine.Input` has it, less what cannot cross a
/// process (app code as a closure).
public enum WatchInput: Codable, Sendable {
    case edge(Edge)
    case gesture(Gesture.Kind)
    case key(String)
    case wristDown
    case endSession
    case settings(ActionButtonSettings)

    public var engineInput: SimulationEngine.Input {
        switch self {
        case .edge(let edge): .edge(edge)
        case .gesture(let kind): .gesture(kind)
        case .key(let name): .key(name)
        case .wristDown: .wristDown
        case .endSession: .endSession
        case .settings(let settings): .settings(settings)
        }
    }
}

public struct WatchResponse: Codable, Sendable {
    /// Events logged since the previous response.
    public var events: [SimulationEvent] = []
    public var now: Timestamp = .zero
    /// Install warnings (A9), in the first response.
    public var warnings: [String] = []
    /// Expectation results, for `checkScenario` and `runScenario`.
    public var results: [CheckResult] = []
    /// What went wrong, if the request failed: a refused install, a stalled intent, a bad file.
    public var failure: String?
    /// `runScenario`: the scenario's name, how many events it had and where its time ended.
    public var scenarioName: String?
    public var eventCount: Int?

    public init() {}
}
