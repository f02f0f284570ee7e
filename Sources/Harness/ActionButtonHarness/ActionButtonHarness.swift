import ActionButtonCore
import AppIntents
import Foundation
import Scenarios
import SimulatedWatch
import Telemetry
import SessionLog
import Simulation
import SimulationEvents
import YAMLDocuments

/// A simulated Apple Watch Ultra for tests: install apps (their intent types), configure
/// Settings > Action Button, press, press both, hold, let virtual time pass, and read back
/// what the watch did: the intents it performed, the next action, the session, the errors
/// it showed, and the log.
///
/// A package `actionsim init-package` wrote launches its app's watch in a process of its own,
/// so that the app's singletons (`WorkoutManager.shared`) start fresh on every watch, as on a
/// real one, however many watches a test run makes:
///
///     let watch = try await ActionButtonHarness.launch(settings: .workout(app: "TrailRunner", firstPress: "running"))
///     try await watch.press()                         // first press: start the workout (A3)
///     try await watch.advance(by: .seconds(5))
///     watch.expectNextAction(MarkLapIntent.self)       // what the app donated (A6)
///
/// Apps given as values (`AppDefinition`) run in the test's own process instead:
///
///     let watch = try ActionButtonHarness(app: myWorkoutApp, settings: .workout(app: "MyWorkoutApp", firstPress: "running"))
///
/// Time is virtual: it moves only when the test moves it, and only once every intent (and
/// every task an intent started) is finished or asleep on the engine's clock, so a run is
/// the same every time and a 30-second deadline takes no 30 seconds. The harness reads its
/// answers from the events the watch logged, as a person reading the session log would.
///
/// Not thread-safe: drive one harness from one test.
public final class ActionButtonHarness {
    /// Where the watch runs.
    private enum Watch {
        case here(VirtualWatch)
        case process(WatchProcess)
    }

    private let watch: Watch
    /// The engine, for a watch in this process (nil for one launched in its own).
    public var engine: SimulationEngine? {
        if case .here(let local) = watch { local.engine } else { nil }
    }
    /// How long app work may wait without finishing or sleeping on the engine's clock while
    /// the process makes no progress (uses next to no CPU) before a step fails with
    /// `SimulationEngine.Stall`, instead of hanging the test; a busy machine does not count
    /// (`StallClock`). (A watch in its own process has 30 s.)
    public var stallLimit: Duration = .seconds(30) {
        didSet { if case .here(let local) = watch { local.stallLimit = stallLimit } }
    }
    /// The scenario the harness was loaded from, if any (in this process only).
    public var scenario: Scenario? {
        if case .here(let local) = watch { local.scenario } else { nil }
    }

    /// A launched watch's log, as its process sends it; and where its time is.
    private var remoteEvents: [SimulationEvent] = []
    private var remoteNow = Timestamp.zero
    private var remoteWarnings: [String] = []

    /// Installs `apps` (all offered in Settings at once, A1) and applies `settings`. Throws
    /// what a watch would refuse: an app that is not installed or not a workout (dive) app,
    /// a First Press the app does not suggest (A2), intents in an App Intents extension (A9).
    public init(apps: [AppDefinition], settings: ActionButtonSettings,
                recognizer: PressRecognizer.Configuration = .init(),
                instruments: [any SimulationInstrument] = []) throws(AppRegistry.ConfigurationError) {
        watch = .here(try VirtualWatch(apps: apps, settings: settings, recognizer: recognizer, instruments: instruments))
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
        watch = .here(try VirtualWatch(scenarioAt: path, apps: apps, instruments: instruments))
    }

    private init(process: WatchProcess, first: WatchResponse) throws {
        watch = .process(process)
        try absorb(first)
        remoteWarnings = first.warnings
    }

    /// Launches a watch running `executable` (default: this package's `actionsim-app`,
    /// found beside the test binary) in a process of its own, installs the apps built into
    /// it and applies `settings`. Its sensors are simulated from `sensorSeed` (nil: none; only
    /// the samples the test delivers). Throws what a watch would refuse.
    public static func launch(settings: ActionButtonSettings, recognizer: PressRecognizer.Configuration = .init(),
                              sensorSeed: Int? = 1, executable: String? = nil) async throws -> ActionButtonHarness {
        let process = try WatchProcess(executable: executable ?? appExecutable())
        let first = try await process.send(.install(settings: settings, recognizer: recognizer, sensorSeed: sensorSeed))
        return try ActionButtonHarness(process: process, first: first)
    }

    /// Launches a watch (as `launch(settings:)`) with the apps, settings and sensors of a
    /// scenario file; `replayScenario()` plays its steps, `scenarioResults` checks them.
    public static func launch(scenarioAt path: String, executable: String? = nil) async throws -> ActionButtonHarness {
        let process = try WatchProcess(executable: executable ?? appExecutable())
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let first = try await process.send(.loadScenario(path: absolute))
        let harness = try ActionButtonHarness(process: process, first: first)
        harness.loadedScenario = true
        return harness
    }

    private var loadedScenario = false

    /// The package's `actionsim-app`: `$ACTIONSIM_APP_EXECUTABLE`, or the executable of that
    /// name in the build folder the test binary runs from.
    public static func appExecutable() throws -> String {
        if let path = ProcessInfo.processInfo.environment["ACTIONSIM_APP_EXECUTABLE"] { return path }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(WatchProcess.appExecutableName).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw HarnessFailure("cannot find \(WatchProcess.appExecutableName) beside the test binary (\(CommandLine.arguments[0])); "
            + "run the tests in the package `actionsim init-package` wrote (swift test builds it), or set ACTIONSIM_APP_EXECUTABLE")
    }

    /// Takes a launched watch's answer: its new events, its time, or what went wrong.
    private func absorb(_ response: WatchResponse) throws {
        remoteEvents += response.events
        remoteNow = response.now
        if let failure = response.failure { throw HarnessFailure(failure) }
    }

    private func send(_ request: WatchRequest) async throws -> WatchResponse {
        guard case .process(let process) = watch else { throw HarnessFailure("no watch process") }
        let response = try await process.send(request)
        try absorb(response)
        return response
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
        try await input(.edge(Edge(button, direction, at: currentTime)))
    }
    /// The wearer lowers the wrist (A5: without a session the app goes to the background).
    public func wristDown() async throws { try await input(.wristDown) }
    /// Ends the app's session from outside its intents (A11).
    public func endSession() async throws { try await input(.endSession) }
    /// The wearer picks another action in Settings > Action Button (A1).
    public func changeSettings(to settings: ActionButtonSettings) async throws { try await input(.settings(settings)) }
    /// Runs app code inside the watch, as the app would on its own (say, changing its
    /// suggested workouts and calling `invalidateSuggestedWorkouts()`, A2). Only for a
    /// watch in this process: code cannot be sent to another.
    public func runInApp(_ what: String, _ code: @escaping @Sendable () -> Void) async throws {
        guard case .here(let local) = watch else {
            throw HarnessFailure("runInApp(\"\(what)\") runs a closure inside the watch, and a launched watch runs in another process; "
                + "drive the app through its intents instead (a press, a scenario step)")
        }
        try await local.apply(.app(what, code))
    }

    /// Lets `duration` of virtual time pass: intents asleep wake, deadlines run out, sensors tick.
    public func advance(by duration: Duration) async throws {
        try await advance(to: now + duration)
    }

    /// Lets virtual time pass until `time` (since the start of the run).
    public func advance(to time: Duration) async throws {
        let target = Timestamp(nanoseconds: time.nanoseconds)
        switch watch {
        case .here(let local): try await local.advance(to: target)
        case .process: _ = try await send(.advance(to: target))
        }
    }

    /// A sensor sample, logged now and handed to the app's HealthKit builder and CoreMotion
    /// submersion manager, exactly as the simulated sensors' samples are (T1, T2).
    public func deliver(_ sample: SensorSample) async throws {
        switch watch {
        case .here(let local): try await local.deliver(sample)
        case .process: _ = try await send(.deliver(sample))
        }
    }

    /// Plays the loaded scenario's steps at their times, then lets time run to its `until`
    /// (or on while an intent sleeps or a deadline is pending), as `actionsim replay` does.
    public func replayScenario() async throws {
        switch watch {
        case .here(let local):
            guard local.scenario != nil else { throw HarnessFailure("replayScenario() needs a harness made with init(scenarioAt:)") }
            try await local.replayScenario()
        case .process:
            guard loadedScenario else { throw HarnessFailure("replayScenario() needs a watch launched with launch(scenarioAt:)") }
            _ = try await send(.replayScenario)
        }
    }

    /// Ends the run: intents still asleep are cancelled.
    public func finish() async throws {
        switch watch {
        case .here(let local): local.finish()
        case .process: _ = try await send(.finish)
        }
    }

    private func input(_ input: WatchInput) async throws {
        switch watch {
        case .here(let local): try await local.apply(input.engineInput)
        case .process: _ = try await send(.input(input))
        }
    }

    private var currentTime: Timestamp {
        switch watch {
        case .here(let local): local.now
        case .process: remoteNow
        }
    }

    // MARK: What the watch did

    /// Virtual time since the run began.
    public var now: Duration { .nanoseconds(currentTime.nanoseconds) }

    /// Everything that happened, in order (what the session log holds).
    public var events: [SimulationEvent] {
        switch watch {
        case .here(let local): local.events
        case .process: remoteEvents
        }
    }

    private var state: TimelineState { TimelineState.at(currentTime, in: events) }

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

    /// What the watch said as intents finished (their results' dialogs), as "Intent: text".
    public var dialogs: [String] {
        events.compactMap { if case .dialog(let intent, let text) = $0.kind { "\(intent.name): \(text)" } else { nil } }
    }

    /// The haptics the app played (WatchKit), by name, in order.
    public var haptics: [String] {
        events.compactMap { if case .haptic(let pattern) = $0.kind { pattern } else { nil } }
    }

    /// Warnings: from installing the apps (A9), and from the run.
    public var warnings: [String] {
        let install = switch watch {
        case .here(let local): local.installWarnings
        case .process: remoteWarnings
        }
        return install + events.compactMap { if case .warning(let warning) = $0.kind { warning.description } else { nil } }
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
        get async throws {
            switch watch {
            case .here(let local): return local.scenarioResults
            case .process: return try await send(.checkScenario).results
            }
        }
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
