import ActionButtonCore
import AppIntents
import Scenarios
import Telemetry
import SessionLog
import Simulation
import YAMLDocuments

/// A simulated Apple Watch Ultra for tests: install apps (their intent types), configure
/// Settings > Action Button, press, press both, hold, let virtual time pass, and read back
/// what the watch did: the intents it performed, the next action, the session, the errors
/// it showed, and the log.
///
///     let watch = try ActionButtonHarness(app: myWorkoutApp, settings: .workout(app: "MyWorkoutApp", firstPress: "running"))
///     try await watch.press()                         // first press: start the workout (A3)
///     watch.expectNextAction(MarkLapIntent.self)       // what the app donated (A6)
///     try await watch.advance(by: .seconds(60))
///     try await watch.press()                         // runs MarkLapIntent
///
/// Time is virtual: it moves only when the test moves it, and only once every intent (and
/// every task an intent started) is finished or asleep on `ActionButtonClock`, so a run is
/// the same every time and a 30-second deadline takes no 30 seconds. The harness reads its
/// answers from the events it logged, as a person reading the session log would.
///
/// Not thread-safe: drive one harness from one test.
public final class ActionButtonHarness {
    public let engine: SimulationEngine
    /// How long (real time) app work may run without finishing or sleeping on the engine's
    /// clock before a step fails with `SimulationEngine.Stall`, instead of hanging the test.
    public var stallLimit: Duration = .seconds(30)
    /// The scenario the harness was loaded from, if any.
    public let scenario: Scenario?

    private let recorder = EventRecorder()
    private let sensor = ScriptedSensor()

    /// Installs `apps` (all offered in Settings at once, A1) and applies `settings`. Throws
    /// what a watch would refuse: an app that is not installed or not a workout (dive) app,
    /// a First Press the app does not suggest (A2), intents in an App Intents extension (A9).
    public init(apps: [AppDefinition], settings: ActionButtonSettings,
                recognizer: PressRecognizer.Configuration = .init(),
                instruments: [any SimulationInstrument] = []) throws(AppRegistry.ConfigurationError) {
        engine = try SimulationEngine(apps: apps, settings: settings, recognizer: recognizer, clock: .virtual, sink: recorder)
        engine.instruments = instruments + [sensor]
        scenario = nil
    }

    /// One app, as most tests have.
    public convenience init(app: AppDefinition, settings: ActionButtonSettings,
                            recognizer: PressRecognizer.Configuration = .init(),
                            instruments: [any SimulationInstrument] = []) throws(AppRegistry.ConfigurationError) {
        try self.init(apps: [app], settings: settings, recognizer: recognizer, instruments: instruments)
    }

    /// The apps, settings and recognizer of a scenario file; `replayScenario()` then plays its
    /// steps and `scenarioResults` checks its expectations. `apps` are the Swift apps its
    /// `{swift: NAME}` entries may name.
    public init(scenarioAt path: String, apps: [AppDefinition] = [],
                instruments: [any SimulationInstrument] = []) throws {
        let scenario = try ScenarioParser.load(contentsOf: path, swiftApps: apps)
        engine = try SimulationEngine(apps: scenario.apps.map(\.definition), settings: scenario.settings,
                                      recognizer: scenario.recognizer, clock: .virtual, sink: recorder)
        // The scenario's own sensors first, as `actionsim replay` attaches them.
        engine.instruments = SensorSuite.instruments(for: scenario.sensors, seed: scenario.seed) + instruments + [sensor]
        self.scenario = scenario
    }

    // MARK: What the wearer does

    /// A press of the Action button alone: a first press starts a session (A3), a later one
    /// runs the next action (A6).
    public func press() async throws { try await input(.gesture(.press)) }
    /// Action and side together: pause or resume a workout (A7), the next action in a dive (A8).
    public func pressBoth() async throws { try await input(.gesture(.both)) }
    /// A long press of the Action button: the Siren on a real watch; no intent runs (A12).
    public func hold() async throws { try await input(.gesture(.hold)) }
    /// The side button alone: ignored (A12).
    public func pressSide() async throws { try await input(.gesture(.side)) }
    /// Any other key: ignored (A12).
    public func press(key name: String) async throws { try await input(.key(name)) }
    /// A raw button edge, decided into gestures by the press recognizer (P1–P3).
    public func button(_ button: Button, _ direction: EdgeDirection) async throws {
        try await input(.edge(Edge(button, direction, at: engine.now)))
    }
    /// The wearer lowers the wrist (A5: without a session the app goes to the background).
    public func wristDown() async throws { try await input(.wristDown) }
    /// Ends the app's session from outside its intents (A11).
    public func endSession() async throws { try await input(.endSession) }
    /// The wearer picks another action in Settings > Action Button (A1).
    public func changeSettings(to settings: ActionButtonSettings) async throws { try await input(.settings(settings)) }
    /// Runs app code inside the watch, as the app would on its own (say, changing its
    /// suggested workouts and calling `invalidateSuggestedWorkouts()`, A2).
    public func runInApp(_ what: String, _ code: @escaping @Sendable () -> Void) async throws {
        try await input(.app(what, code))
    }

    /// Lets `duration` of virtual time pass: intents asleep wake, deadlines run out, sensors tick.
    public func advance(by duration: Duration) async throws {
        try await advance(to: now + duration)
    }

    /// Lets virtual time pass until `time` (since the start of the run).
    public func advance(to time: Duration) async throws {
        try await engine.advanceVirtual(to: Timestamp(nanoseconds: time.nanoseconds), stallLimit: stallLimit)
        try await engine.finishInstant(stallLimit: stallLimit)
    }

    /// A sensor sample, logged now and handed to the app's HealthKit builder and CoreMotion
    /// submersion manager, exactly as the simulated sensors' samples are (T1, T2).
    public func deliver(_ sample: SensorSample) async throws {
        sensor.schedule(sample, at: engine.now)
        try await engine.finishInstant(stallLimit: stallLimit)
    }

    /// Plays the loaded scenario's steps at their times, then lets time run to its `until`
    /// (or on while an intent sleeps or a deadline is pending), as `actionsim replay` does.
    public func replayScenario() async throws {
        guard let scenario else { throw HarnessFailure("replayScenario() needs a harness made with init(scenarioAt:)") }
        try await engine.runVirtual(ScenarioInputs(scenario), until: scenario.until,
                                    atLeastUntil: scenario.lastMentionedTime, stallLimit: stallLimit)
    }

    /// Ends the run: intents still asleep are cancelled.
    public func finish() { engine.finish(at: engine.now) }

    private func input(_ input: SimulationEngine.Input) async throws {
        try await engine.applyVirtual(input, stallLimit: stallLimit)
        try await engine.finishInstant(stallLimit: stallLimit)
    }

    // MARK: What the watch did

    /// Virtual time since the run began.
    public var now: Duration { .nanoseconds(engine.now.nanoseconds) }

    /// Everything that happened, in order (what the session log holds).
    public var events: [SimulationEvent] { recorder.events }

    private var state: TimelineState { TimelineState.at(engine.now, in: events) }

    /// The app's next action now (A6): what the next press will run during a session.
    public var nextAction: IntentReference? { state.nextAction }
    /// The session as the system sees it.
    public var session: SessionStatus { state.session }
    /// Whether the configured app is in the foreground, the background or not running (A5).
    public var appPresence: AppPresence { state.app }

    /// Every `perform()` call the system made, in order.
    public var performed: [PerformedIntent] {
        events.compactMap { event in
            guard case .performing(let invocation, let parameters) = event.kind else { return nil }
            return PerformedIntent(name: invocation.intent.name, role: invocation.role,
                                   parameters: Dictionary(parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 }),
                                   time: .nanoseconds(event.time.nanoseconds))
        }
    }

    /// The names of the intents performed, in order.
    public var performedNames: [String] { performed.map(\.name) }

    /// The errors the watch showed (A5, A2).
    public var errors: [ShownError] {
        events.compactMap { if case .system(.errorShown(let error)) = $0.kind { error } else { nil } }
    }

    /// Why presses ran nothing (A7, A10, A12), by code: `busy`, `no-next-action`, `siren`, ...
    public var ignored: [String] {
        events.compactMap { event in
            switch event.kind {
            case .system(.gestureIgnored(_, let reason)): reason.code
            case .system(.keyIgnored): "other-key"
            default: nil
            }
        }
    }

    /// Laps, segments and markers the app made (T1).
    public var markers: [SessionMarker] {
        events.compactMap { if case .marker(let marker) = $0.kind { marker } else { nil } }
    }

    /// How each start attempt ended (A5).
    public var startOutcomes: [StartOutcome] {
        events.compactMap { if case .system(.startResolved(_, let outcome)) = $0.kind { outcome } else { nil } }
    }

    /// The lines the app logged.
    public var appLog: [String] {
        events.compactMap { if case .appLog(let line) = $0.kind { line } else { nil } }
    }

    /// Warnings: from installing the apps (A9), and from the run.
    public var warnings: [String] {
        engine.installWarnings.map(\.description)
            + events.compactMap { if case .warning(let text) = $0.kind { text } else { nil } }
    }

    /// The log as `actionsim replay` prints it: one line per event, no colours.
    public var timeline: [String] {
        var renderer = TimelineRenderer(colors: false, showSamples: true)
        return events.compactMap { renderer.line(for: $0) }
    }

    /// The log as the session log file holds it: one JSON object per event (T4).
    public var jsonLines: [String] {
        var json = JSONLineWriter()
        return events.map { event in
            json.removeAll()
            EventEncoding.write(event, into: &json)
            return String(decoding: json.bytes, as: UTF8.self)
        }
    }

    /// The loaded scenario's expectations, checked against this run's events.
    public var scenarioResults: [CheckResult] {
        guard let scenario else { return [] }
        var evaluator = ExpectationEvaluator(events: events)
        return evaluator.evaluate(scenario.expectations)
    }
}

/// One `perform()` call.
public struct PerformedIntent: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var role: Invocation.Role
    /// `@Parameter` values as text (`workoutStyle: running`).
    public var parameters: [String: String]
    /// When the system called it.
    public var time: Duration

    public var description: String {
        let arguments = parameters.isEmpty ? "" : "(" + parameters.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ")"
        return "\(name)\(arguments) as \(role) at \(Timestamp(nanoseconds: time.nanoseconds))"
    }
}

/// Samples a test hands the harness, logged at the time they were handed in.
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
