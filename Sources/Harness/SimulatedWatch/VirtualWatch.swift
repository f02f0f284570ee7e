import ActionButtonCore
import AppIntents
import Scenarios
import Simulation
import SimulationEvents
import Telemetry

/// A simulated watch in this process, stepped in virtual time: the engine, what it logged,
/// and the samples a test hands in. ActionButtonHarness drives one for apps it is given as
/// values; `actionsim-app _watch` drives one for a harness in another process.
///
/// Time moves only when it is told to, and only once every intent (and every task an intent
/// started) is finished or asleep on the engine's clock.
public final class VirtualWatch {
    public let engine: SimulationEngine
    /// How long app work may wait without finishing or sleeping on the engine's clock while
    /// the process makes no progress before a step fails with `SimulationEngine.Stall`,
    /// instead of hanging (`StallClock`).
    public var stallLimit: Duration = .seconds(30)
    /// The scenario the watch was loaded from, if any.
    public let scenario: Scenario?

    private let recorder = EventRecorder()
    private let sensor = ScriptedSensor()

    /// Installs `apps` (all offered in Settings at once, A1) and applies `settings`; throws
    /// what a watch would refuse.
    public init(apps: [AppDefinition], settings: ActionButtonSettings,
                recognizer: PressRecognizer.Configuration = .init(),
                instruments: [any SimulationInstrument] = []) throws(AppRegistry.ConfigurationError) {
        engine = try SimulationEngine(apps: apps, settings: settings, recognizer: recognizer, clock: .virtual, sink: recorder)
        engine.instruments = instruments + [sensor]
        scenario = nil
    }

    /// The apps, settings, recognizer and sensors of a scenario file; `apps` are the Swift
    /// apps its `{swift: NAME}` entries may name.
    public init(scenarioAt path: String, apps: [AppDefinition] = [],
                instruments: [any SimulationInstrument] = []) throws {
        let scenario = try ScenarioParser.load(contentsOf: path, swiftApps: apps)
        engine = try SimulationEngine(apps: scenario.apps.map(\.definition), settings: scenario.settings,
                                      recognizer: scenario.recognizer, clock: .virtual, sink: recorder)
        // The scenario's own sensors first, as `actionsim replay` attaches them.
        engine.instruments = SensorSuite.instruments(for: scenario.sensors, seed: scenario.seed) + instruments + [sensor]
        self.scenario = scenario
    }

    /// Applies what the wearer (or the app on its own) does now, and lets the instant settle.
    public func apply(_ input: SimulationEngine.Input) async throws {
        try await engine.applyVirtual(input, stallLimit: stallLimit)
        try await engine.finishInstant(stallLimit: stallLimit)
    }

    /// Lets virtual time pass until `time`: intents asleep wake, deadlines run out, sensors tick.
    public func advance(to time: Timestamp) async throws {
        try await engine.advanceVirtual(to: time, stallLimit: stallLimit)
        try await engine.finishInstant(stallLimit: stallLimit)
    }

    /// A sensor sample, logged now and handed to the app's HealthKit and CoreMotion objects.
    public func deliver(_ sample: SensorSample) async throws {
        sensor.schedule(sample, at: engine.now)
        try await engine.finishInstant(stallLimit: stallLimit)
    }

    /// Plays the loaded scenario's steps at their times, then lets time run to its `until`
    /// (or on while an intent sleeps or a deadline is pending), as `actionsim replay` does.
    public func replayScenario() async throws {
        guard let scenario else { throw WatchFailure("replaying a scenario needs a watch loaded from one") }
        try await engine.runVirtual(ScenarioInputs(scenario), until: scenario.until,
                                    atLeastUntil: scenario.lastMentionedTime, stallLimit: stallLimit)
    }

    /// Ends the run: intents still asleep are cancelled.
    public func finish() { engine.finish(at: engine.now) }

    public var now: Timestamp { engine.now }

    /// Everything that happened, in order (what the session log holds).
    public var events: [SimulationEvent] { recorder.events }

    /// Warnings from installing the apps (A9).
    public var installWarnings: [String] { engine.installWarnings.map(\.description) }

    /// The loaded scenario's expectations, checked against this run's events.
    public var scenarioResults: [CheckResult] {
        guard let scenario else { return [] }
        var evaluator = ExpectationEvaluator(events: events)
        return evaluator.evaluate(scenario.expectations)
    }
}

/// Something the watch could not do, in words for the test's failure message.
public struct WatchFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Samples a test hands the watch, logged at the time they were handed in.
final class ScriptedSensor: SimulationInstrument {
    private var pending: [(time: Timestamp, sample: SensorSample)] = []

    func schedule(_ sample: SensorSample, at time: Timestamp) { pending.append((time, sample)) }

    func observe(_ event: SimulationEvent) {}

    var nextWakeup: Timestamp? { pending.first?.time }

    func wake(at time: Timestamp, into events: inout [SimulationEvent.Kind]) {
        while let first = pending.first, first.time <= time {
            events.append(.sample(first.sample))
            pending.removeFirst()
        }
    }
}
