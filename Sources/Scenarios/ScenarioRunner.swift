import ActionButtonCore
import AppIntents
import AppManifests
import SessionLog
import Simulation
import Telemetry

/// What running a scenario gave: every event, and the verdict on every expectation.
public struct ScenarioOutcome: Sendable {
    public var scenario: Scenario
    /// Every event of the run, unless it was run with `keepEvents: false` (then empty).
    public var events: [SimulationEvent]
    /// How many events the run had, kept or not.
    public var eventCount: Int
    public var results: [CheckResult]
    /// A9-style warnings from loading the app.
    public var warnings: [String]
    /// Where the run's time line ended.
    public var endTime: Timestamp

    public var passed: Bool { results.allSatisfy(\.passed) }
    public var failures: [CheckResult] { results.filter { !$0.passed } }
}

/// Runs scenarios: builds the engine from the scenario's app and settings, replays its
/// steps on virtual time (or real time on request), and checks its expectations against
/// the events the run produced.
public enum ScenarioRunner {
    /// Makes extra instruments for a run, beside the scenario's own sensors.
    public typealias InstrumentFactory = @Sendable (Scenario) -> [any SimulationInstrument]

    /// How long (real time) app work may run without finishing or sleeping on the engine's
    /// clock before a virtual replay gives up with `SimulationEngine.Stall`.
    public static let stallLimit: Duration = .seconds(30)

    /// Runs a scenario. Throws what a watch would refuse to configure
    /// (`AppRegistry.ConfigurationError`), or `SimulationEngine.Stall` when a Swift app's
    /// task never finishes or sleeps on the engine's clock.
    ///
    /// With `keepEvents: false` a scenario without expectations runs in constant memory
    /// (its events go to `sinks` only): what a long replay needs, a million steps or a day
    /// of mashing, whose events a log or a stream already takes. Expectations are checked
    /// against the events, so a scenario with some keeps them regardless.
    public static func run(_ scenario: Scenario, realtime: Bool = false,
                           sinks: [any SimulationEventSink] = [],
                           instruments: InstrumentFactory? = nil,
                           keepEvents: Bool = true) async throws -> ScenarioOutcome {
        let recorder = EventRecorder()
        let counter = EventCounter()
        let keep = keepEvents || !scenario.expectations.isEmpty
        let clock: SimulationClock = realtime ? .real(.startingNow()) : .virtual
        let engine = try SimulationEngine(apps: scenario.apps.map(\.definition), settings: scenario.settings,
                                          recognizer: scenario.recognizer, clock: clock,
                                          sink: EventFanOut([keep ? recorder : counter] + sinks))
        engine.instruments = SensorSuite.instruments(for: scenario.sensors, seed: scenario.seed) + (instruments?(scenario) ?? [])
        let inputs = timedInputs(for: scenario)
        if realtime {
            await engine.runRealTime(inputs, until: scenario.until, atLeastUntil: scenario.lastMentionedTime)
        } else {
            try await engine.runVirtual(inputs, until: scenario.until, atLeastUntil: scenario.lastMentionedTime,
                                        stallLimit: stallLimit)
        }
        engine.finish(at: engine.now)
        let events = recorder.events
        var evaluator = ExpectationEvaluator(events: events)
        let results = evaluator.evaluate(scenario.expectations)
        let warnings = scenario.apps.flatMap(\.warnings).map(\.description) + engine.installWarnings.map(\.description)
        return ScenarioOutcome(scenario: scenario, events: events, eventCount: keep ? events.count : counter.count,
                               results: results, warnings: warnings,
                               endTime: max(engine.now, events.last?.time ?? counter.lastTime))
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

    /// The scenario's steps as engine inputs.
    public static func timedInputs(for scenario: Scenario) -> [TimedInput] {
        return scenario.steps.map { step in
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
}

/// Checks expectations against a run's events. Reads only the events, as a user reading
/// the session log would.
public struct ExpectationEvaluator {
    public let events: [SimulationEvent]
    /// Each event as its JSON log line and its timeline line, for `log:` checks (only
    /// rendered when some expectation has one).
    private var logLines: [String] = []

    public init(events: [SimulationEvent]) {
        self.events = events
    }

    public mutating func evaluate(_ expectations: [Expectation]) -> [CheckResult] {
        let needsLog = expectations.contains { $0.checks.contains { if case .log = $0 { true } else { false } } }
        if needsLog && logLines.isEmpty {
            var json = JSONLineWriter()
            var renderer = TimelineRenderer(colors: false, showSamples: true)
            logLines = events.map { event in
                json.removeAll()
                EventEncoding.write(event, into: &json)
                return String(decoding: json.bytes, as: UTF8.self) + "\n" + (renderer.line(for: event) ?? "")
            }
        }
        return expectations.flatMap { expectation in expectation.checks.map { evaluate($0, of: expectation) } }
    }

    func evaluate(_ check: Expectation.Check, of expectation: Expectation) -> CheckResult {
        let window = expectation.window
        func result(_ passed: Bool, _ message: String) -> CheckResult {
            CheckResult(location: expectation.location, passed: passed, message: message)
        }
        switch check {
        case .state(let wanted):
            let at = window.at ?? .zero
            let state = TimelineState.at(at, in: events)
            let change = lastChange(at) { if case .system(.sessionChanged) = $0 { true } else { false } }
            let time = TimeWriter([change?.time].compactMap { $0 }, exact: [at])
            return state.session == wanted
                ? result(true, "session \(wanted) at \(time(at))")
                : result(false, "expected the session to be \(wanted) at \(time(at)), but it was \(state.session)\(since(change, time))")
        case .nextAction(let wanted):
            let at = window.at ?? .zero
            let actual = TimelineState.at(at, in: events).nextAction?.name
            let change = lastChange(at) { if case .system(.nextActionChanged) = $0 { true } else { false } }
            let time = TimeWriter([change?.time].compactMap { $0 }, exact: [at])
            return actual == wanted
                ? result(true, "next action \(wanted ?? "none") at \(time(at))")
                : result(false, "expected next action \(wanted ?? "none") at \(time(at)), but it was \(actual ?? "none")\(since(change, time))")
        case .app(let wanted):
            let at = window.at ?? .zero
            let actual = TimelineState.at(at, in: events).app
            let time = TimeWriter([], exact: [at])
            return actual == wanted
                ? result(true, "app \(wanted) at \(time(at))")
                : result(false, "expected the app to be \(wanted) at \(time(at)), but it was \(actual)")
        default:
            let (what, happened, matches) = matcher(for: check)
            let inWindow = events.indices.filter { window.contains(events[$0].time) && matches($0) }
            let matching = events.indices.filter { matches($0) }
            let performed = performedIntents(for: check)
            // Every time the message may name, written with the digits that tell them apart.
            let time = TimeWriter(matching.prefix(5).map { events[$0].time } + inWindow.prefix(5).map { events[$0].time }
                                  + (performed ?? []).prefix(6).map(\.time), exact: window.bounds)
            let times = inWindow.map { time(events[$0].time) }
            if expectation.count.accepts(inWindow.count) {
                switch expectation.count {
                case .exactly(0): return result(true, "as expected, no \(happened) \(window.description(time))")
                default: return result(true, "\(happened) \(window.description(time)): at \(times.prefix(5).joined(separator: ", "))")
                }
            }
            let elsewhere = matching.map { time(events[$0].time) }
            switch expectation.count {
            case .atLeastOne:
                let seen = elsewhere.isEmpty ? "it never happened" : "it happened only at \(elsewhere.prefix(5).joined(separator: ", "))"
                return result(false, "expected \(what) \(window.description(time)), but \(seen)\(context(performed, time))")
            case .exactly(let n):
                let seen = inWindow.isEmpty ? "there were none" : "there were \(inWindow.count) (at \(times.prefix(5).joined(separator: ", ")))"
                return result(false, "expected \(n == 0 ? "no" : "exactly \(n) ×") \(happened) \(window.description(time)), but \(seen)")
            }
        }
    }

    /// The check as expected ("X to be performed") and as it happens ("X performed"), and
    /// a predicate over event indices.
    private func matcher(for check: Expectation.Check) -> (String, String, (Int) -> Bool) {
        switch check {
        case .intent(let name, let parameters, let role):
            let arguments = parameters.isEmpty ? "" : "(" + parameters.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ")"
            let roleText = role.map { " as \($0)" } ?? ""
            return ("\(name)\(arguments) to be performed\(roleText)", "\(name)\(arguments) performed\(roleText)", { index in
                guard case .performing(let invocation, let actual) = events[index].kind,
                      invocation.intent.name == name || invocation.intent.title == name else { return false }
                if let role, EventEncoding.roleCode(invocation.role) != role { return false }
                return parameters.allSatisfy { key, value in actual.contains { $0.name == key && $0.value == value } }
            })
        case .error(let code, let text):
            let what = "error" + (code.map { " \($0.rawValue)" } ?? "") + (text.map { " containing \"\($0)\"" } ?? "")
            return ("\(what) to be shown", "\(what) shown", { index in
                guard case .system(.errorShown(let error)) = events[index].kind else { return false }
                return (code == nil || error.code == code) && (text.map { error.message.contains($0) } ?? true)
            })
        case .ignored(let reason):
            return ("a press to be ignored as \(reason)", "press ignored as \(reason)", { index in
                switch events[index].kind {
                case .system(.gestureIgnored(_, let why)): why.code == reason
                case .system(.keyIgnored): reason == "other-key"
                default: false
                }
            })
        case .gesture(let kind):
            return ("a \(kind) gesture", "\(kind) gesture", { index in
                if case .gesture(let gesture) = events[index].kind { gesture.kind == kind } else { false }
            })
        case .dropped(let reason):
            return ("an edge to be dropped as \(reason)", "edge dropped as \(reason)", { index in
                guard case .edgeDropped(_, let why) = events[index].kind else { return false }
                switch why {
                case .bounce: return reason == "bounce"
                case .unchanged: return reason == "unchanged"
                }
            })
        case .marker(let kind):
            return ("a \(kind) to be marked", "\(kind) marked", { index in
                if case .marker(let marker) = events[index].kind { marker.kind == kind } else { false }
            })
        case .deadline(let outcome):
            return ("the start deadline to be \(outcome)", "start deadline \(outcome)", { index in
                guard case .system(.startResolved(_, let actual)) = events[index].kind else { return false }
                switch actual {
                case .met: return outcome == "met"
                case .missed: return outcome == "missed"
                case .threw: return outcome == "threw"
                }
            })
        case .log(let text):
            return ("a log line containing \"\(text)\"", "log line containing \"\(text)\"", { index in logLines[index].contains(text) })
        case .state, .nextAction, .app:
            return ("", "", { _ in false })
        }
    }

    /// The last event of a kind at or before `time`.
    private func lastChange(_ time: Timestamp, _ isChange: (SimulationEvent.Kind) -> Bool) -> SimulationEvent? {
        events.last { $0.time <= time && isChange($0.kind) }
    }

    /// ", since T" for that event.
    private func since(_ change: SimulationEvent?, _ time: TimeWriter) -> String {
        change.map { " (since \(time($0.time)))" } ?? ""
    }

    /// The intents performed in the run, to put beside a missing intent (nil for other checks).
    private func performedIntents(for check: Expectation.Check) -> [(name: String, time: Timestamp)]? {
        guard case .intent = check else { return nil }
        return events.compactMap { event in
            guard case .performing(let invocation, _) = event.kind else { return nil }
            return (invocation.intent.name, event.time)
        }
    }

    /// What did happen, beside a missing intent.
    private func context(_ performed: [(name: String, time: Timestamp)]?, _ time: TimeWriter) -> String {
        guard let performed else { return "" }
        return performed.isEmpty ? "; no intent was performed in the run"
            : "; performed: \(performed.prefix(6).map { "\($0.name) at \(time($0.time))" }.joined(separator: ", "))"
    }
}
