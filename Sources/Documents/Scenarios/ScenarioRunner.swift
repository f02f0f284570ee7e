import ActionButtonCore
import AppIntents
import AppManifests
import SessionLog
import Simulation
import SimulationEvents
import Telemetry
import YAMLDocuments

/// What running a scenario gave: the verdict on every expectation, and (if asked for) every event.
public struct ScenarioOutcome: Sendable {
    public var scenario: Scenario
    /// Every event of the run, if it was run with `keepEvents: true` (else empty).
    public var events: [SimulationEvent]
    /// How many events the run had, kept or not.
    public var eventCount: Int
    /// The verdict on every check of the scenario's own expectations, in order, then the
    /// failed checks of its steps file (whose passed checks are only counted).
    public var results: [CheckResult]
    /// How many checks there were, and how many failed.
    public var checkCount: Int
    public var failureCount: Int
    /// A9-style warnings from loading the app.
    public var warnings: [String]
    /// Where the run's time line ended.
    public var endTime: Timestamp

    public var passed: Bool { failureCount == 0 }
    public var failures: [CheckResult] { results.filter { !$0.passed } }
}

/// Runs scenarios: builds the engine from the scenario's app and settings, replays its
/// steps on virtual time (or real time on request), and checks its expectations as the
/// events arrive.
///
/// Nothing in a run grows with its length unless asked for (`keepEvents`): the steps are
/// read as they are played (a steps file a line at a time), the expectations are checked as
/// the events arrive (`ExpectationTracker`), and the events go to the sinks (the timeline,
/// the log, the store). A million-step recording replays in the memory of a short one.
public enum ScenarioRunner {
    /// Makes extra instruments for a run, beside the scenario's own sensors.
    public typealias InstrumentFactory = @Sendable (Scenario) -> [any SimulationInstrument]

    /// How long app work may wait without finishing or sleeping on the engine's clock while
    /// the process makes no progress before a virtual replay gives up with
    /// `SimulationEngine.Stall` (`StallClock`).
    public static let stallLimit: Duration = .seconds(30)

    /// Runs a scenario. Throws what a watch would refuse to configure
    /// (`AppRegistry.ConfigurationError`), `SimulationEngine.Stall` when a Swift app's task
    /// never finishes or sleeps on the engine's clock, or a `DocumentError` when the
    /// scenario's steps file could no longer be read as the run went on.
    ///
    /// With `keepEvents: true` (the default) the outcome holds every event, for a test that
    /// reads them; `replay` and `test` pass false and run in constant memory.
    public static func run(_ scenario: Scenario, realtime: Bool = false,
                           sinks: [any SimulationEventSink] = [],
                           instruments: InstrumentFactory? = nil,
                           keepEvents: Bool = true) async throws -> ScenarioOutcome {
        let recorder = EventRecorder()
        let counter = EventCounter()
        // A scenario without expectations has nothing to check: no tracker sees its events.
        let tracker = scenario.expectationCount > 0 ? ExpectationTracker(for: scenario) : nil
        let clock: SimulationClock = realtime ? .real(.startingNow()) : .virtual
        let engine = try SimulationEngine(apps: scenario.apps.map(\.definition), settings: scenario.settings,
                                          recognizer: scenario.recognizer, clock: clock,
                                          sink: EventFanOut((tracker.map { [$0] } ?? []) + [keepEvents ? recorder : counter] + sinks))
        engine.instruments = (SensorSuite.instruments(for: scenario.sensors, seed: scenario.seed) + (instruments?(scenario) ?? []))
            .map(StoppingInstrument.init)
        let inputs = ScenarioInputs(scenario)
        if realtime {
            await engine.runRealTime(inputs, until: scenario.until, atLeastUntil: scenario.lastMentionedTime)
        } else {
            try await engine.runVirtual(inputs, until: scenario.until, atLeastUntil: scenario.lastMentionedTime,
                                        stallLimit: stallLimit)
        }
        // Stopped (SIGTERM, Ctrl-C): the run ends at its last event, not at the time the
        // engine's clock was moved to on the way out.
        let stopped = Task.isCancelled
        engine.finish(at: engine.now)
        let verdicts = tracker?.finish() ?? ExpectationTracker.Verdicts(results: [], checkCount: 0, failureCount: 0)
        if let failure = inputs.failure ?? tracker?.fileFailure { throw failure }
        let events = recorder.events
        let lastTime = keepEvents ? events.last?.time ?? .zero : counter.lastTime
        let warnings = scenario.apps.flatMap(\.warnings).map(\.description) + engine.installWarnings.map(\.description)
        return ScenarioOutcome(scenario: scenario, events: events, eventCount: keepEvents ? events.count : counter.count,
                               results: verdicts.results, checkCount: verdicts.checkCount, failureCount: verdicts.failureCount,
                               warnings: warnings,
                               endTime: stopped ? lastTime : max(engine.now, lastTime))
    }

    /// An instrument (a sensor) that stops ticking once the run's task is cancelled. A
    /// virtual replay stopped by SIGTERM or Ctrl-C moves its clock to where it was going (a
    /// 1,000-hour scenario's end) on the way out, and the engine's next `advance` made every
    /// sample due by then, at once: 3.6 million of them, printed and stored, before the
    /// replay could stop.
    final class StoppingInstrument: SimulationInstrument {
        let instrument: any SimulationInstrument

        init(_ instrument: any SimulationInstrument) { self.instrument = instrument }

        var nextWakeup: Timestamp? { Task.isCancelled ? nil : instrument.nextWakeup }
        func observe(_ event: SimulationEvent) { instrument.observe(event) }
        func wake(at time: Timestamp, into events: inout [SimulationEvent.Kind]) { instrument.wake(at: time, into: &events) }
        func takeAppReading() -> SensorSample? { instrument.takeAppReading() }
        func appReadings(wanted: Bool) { instrument.appReadings(wanted: wanted) }
        var wearer: WearerProfile? { instrument.wearer }
        var routeStart: RouteStart? { instrument.routeStart }
    }

    /// Counts events instead of keeping them.
    final class EventCounter: SimulationEventSink {
        private(set) var count = 0
        private(set) var lastTime = Timestamp.zero

        func record(_ event: SimulationEvent) {
            count += 1
            lastTime = event.time
        }
    }

    /// The scenario's steps as engine inputs, all at once (short scenarios; a run reads them
    /// as it goes, `ScenarioInputs`).
    public static func timedInputs(for scenario: Scenario) -> [TimedInput] {
        Array(IteratorSequence(ScenarioInputs(scenario)))
    }

    /// A step as the engine's input.
    static func input(for step: Scenario.TimedStep, in scenario: Scenario) -> TimedInput {
        let input: SimulationEngine.Input
        switch step.step {
        case .edge(let button, let direction): input = .edge(Edge(button, direction, at: step.time))
        case .gesture(let kind): input = .gesture(kind)
        case .key(let name): input = .key(name)
        case .wristDown: input = .wristDown
        case .endSession: input = .endSession
        case .suggestedWorkouts(let name, let ids):
            let app = scenario.app(named: name)
            input = .app("\(name) sets suggested workouts to \(ids.joined(separator: ", ")) and invalidates them") {
                app?.changeSuggestedWorkouts(ids)
            }
        case .settings(let settings):
            input = .settings(settings)
        }
        return TimedInput(at: step.time, input)
    }
}

/// A scenario's steps in time order, read as they are played: its own steps and its steps
/// file's, merged (at the same time, its own first).
public struct ScenarioSteps: IteratorProtocol {
    private var own: IndexingIterator<[Scenario.TimedStep]>
    private var ownNext: Scenario.TimedStep?
    private let file: StepsFileReader?
    private var fileNext: Scenario.TimedStep?

    public init(_ scenario: Scenario) {
        own = scenario.steps.makeIterator()
        ownNext = own.next()
        file = scenario.stepsFile.map { StepsFileReader($0, reading: .step) }
        fileNext = file?.nextStep()
    }

    public mutating func next() -> Scenario.TimedStep? {
        if let mine = ownNext, fileNext.map({ mine.time <= $0.time }) ?? true {
            ownNext = own.next()
            return mine
        }
        guard let theirs = fileNext else { return nil }
        fileNext = file?.nextStep()
        return theirs
    }

    /// Why the steps file stopped before its end (it could no longer be read, or changed).
    public var failure: DocumentError? { file?.failure }
}

/// A scenario's steps as engine inputs, read as they are played.
public final class ScenarioInputs: IteratorProtocol {
    private var steps: ScenarioSteps
    private let scenario: Scenario

    public init(_ scenario: Scenario) {
        self.scenario = scenario
        steps = ScenarioSteps(scenario)
    }

    public func next() -> TimedInput? {
        steps.next().map { ScenarioRunner.input(for: $0, in: scenario) }
    }

    public var failure: DocumentError? { steps.failure }
}
