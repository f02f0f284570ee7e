import SimulationEvents
import ActionButtonCore
import AppIntents

/// The imperative shell around the core: feeds inputs to the `PressRecognizer` and the
/// `ActionButtonSystem`, calls `perform()` on the intents the system dispatches, applies
/// what those intents report back, and records everything (T4) in order.
///
/// Not thread-safe: one driver owns it (virtual-time replay, real-time replay, or the
/// live event loop) and calls it from one place. Intents run elsewhere and reach it only
/// through the `SimulationHost`'s queue.
public final class SimulationEngine {
    /// What a driver can feed in besides time passing.
    public enum Input: Sendable, CustomStringConvertible {
        /// A raw button edge (P1); its time is the device's (kernel) time.
        case edge(Edge)
        /// A gesture decided elsewhere (a scenario's `gesture:` step).
        case gesture(Gesture.Kind)
        /// A12: a key that is neither button.
        case key(String)
        /// A5: the wrist goes down.
        case wristDown
        /// A11: the session is ended from outside the app's intents.
        case endSession
        /// The app does something on its own (e.g. changes its suggested workouts, A2),
        /// inside the simulated watch so that it may donate or invalidate.
        case app(String, @Sendable () -> Void)
        /// A1: the wearer picks another action in Settings > Action Button.
        case settings(ActionButtonSettings)

        public var description: String {
            switch self {
            case .edge(let edge): "\(edge.button) \(edge.direction)"
            case .gesture(let kind): "gesture \(kind)"
            case .key(let name): "key \(name)"
            case .wristDown: "wrist down"
            case .endSession: "end session"
            case .app(let what, _): what
            case .settings(let settings): "settings: \(settings)"
            }
        }
    }

    /// Every installed app (A1: all are offered in Settings at once).
    public let apps: [AppDefinition]
    /// The app the current settings name.
    public private(set) var app: AppDefinition
    public let host: SimulationHost
    // The state touched at every tick is marked `@exclusivity(unchecked)`: only the one
    // driver calls in, and nothing it calls re-enters the engine while a mutation is under
    // way (the core's types are pure values; intents and app code reach the engine through
    // the host's queue, drained between steps). The run-time checks were 8% of a replay.
    @exclusivity(unchecked)
    public private(set) var recognizer: PressRecognizer
    @exclusivity(unchecked)
    public private(set) var system: ActionButtonSystem
    public var instruments: [any SimulationInstrument] = [] {
        // The wearer the sensors model is the one the watch's Health app knows (HealthKit's
        // characteristics and zones read it); the route they start is where CoreLocation's
        // positions begin.
        didSet {
            if let wearer = instruments.lazy.compactMap(\.wearer).first { _ = host.watchObject(WearerProfile.self) { wearer } }
            if let route = instruments.lazy.compactMap(\.routeStart).first { _ = host.watchObject(RouteStart.self) { route } }
        }
    }
    /// A9 and similar warnings from installing the app.
    public let installWarnings: [AppRegistry.Warning]

    private let sink: any SimulationEventSink
    private let registry: AppRegistry
    /// The intent values behind the references the system knows, by name: the next action
    /// runs the very value the app donated.
    private var donatedIntents: [String: any AppIntent] = [:]
    private var launchedBefore = false
    /// The current app's timers not yet run, earliest first.
    private var pendingTimers: [AppDefinition.Timer] = []
    @exclusivity(unchecked)
    private var recognizerOutputs: [PressRecognizer.Output] = []
    /// Virtual steps settled without suspending (see `settle(stallLimit:)`).
    @exclusivity(unchecked)
    var quietSteps = 0
    @exclusivity(unchecked)
    private var systemEvents: [SystemEvent] = []
    @exclusivity(unchecked)
    private var instrumentEvents: [SimulationEvent.Kind] = []

    /// Installs `apps` and applies `settings`, refusing what a watch would not offer (A1, A2, A9).
    public init(apps: [AppDefinition], settings: ActionButtonSettings,
                recognizer configuration: PressRecognizer.Configuration = .init(),
                clock: SimulationClock = .virtual, intentsOn loopExecutor: LoopTaskExecutor? = nil,
                sink: any SimulationEventSink) throws(AppRegistry.ConfigurationError) {
        var registry = AppRegistry()
        var warnings: [AppRegistry.Warning] = []
        for app in apps { warnings += try registry.install(app.installedApp) }
        self.installWarnings = warnings
        self.registry = registry
        self.apps = apps
        self.system = try ActionButtonSystem(registry: registry, settings: settings)
        guard let app = apps.first(where: { $0.name == settings.appName }) else {
            throw .notInstalled(settings.appName, installed: apps.map(\.name))
        }
        self.app = app
        self.recognizer = PressRecognizer(configuration: configuration)
        self.host = SimulationHost(app: app, sessionKind: settings.sessionKind, clock: clock, loopExecutor: loopExecutor)
        self.sink = sink
        self.pendingTimers = app.timers.sorted { $0.at < $1.at }
    }

    /// One app, as most scenarios and tests have.
    public convenience init(app: AppDefinition, settings: ActionButtonSettings,
                            recognizer configuration: PressRecognizer.Configuration = .init(),
                            clock: SimulationClock = .virtual, sink: any SimulationEventSink) throws(AppRegistry.ConfigurationError) {
        try self.init(apps: [app], settings: settings, recognizer: configuration, clock: clock, sink: sink)
    }

    /// The engine's time now.
    public var now: Timestamp { host.currentTime }

    /// A live run's real present, on the run's time line: where an intent's dispatch is logged
    /// as happening, so that its latency from the deciding edge (P4) is what the loop took.
    /// The intent itself starts at the gesture's instant, as in a replay. Nil elsewhere: a
    /// dispatch is at its gesture's time.
    public var dispatchClock: (@Sendable () -> Timestamp)?

    /// The earliest time the recognizer, the system, an instrument or an app's timer needs to
    /// be woken. Sleeping intents are the host's business (`nextSleeperDeadline`).
    public var nextDeadline: Timestamp? {
        earliest(recognizer.nextWakeup, system.nextDeadline, nextInstrumentWakeup, nextAppTimer)
    }

    /// When the app's next timer runs. Like a sensor tick, it does not keep a run going: a
    /// replay reaches it if the scenario goes on that long.
    var nextAppTimer: Timestamp? { pendingTimers.first.map { Timestamp(nanoseconds: $0.at.nanoseconds) } }

    /// The earliest time an instrument (a sensor) asks to be woken.
    var nextInstrumentWakeup: Timestamp? {
        var wakeup: Timestamp?
        for instrument in instruments { wakeup = earliest(wakeup, instrument.nextWakeup) }
        return wakeup
    }

    // MARK: Inputs

    /// Applies one input at `now` (for edges, `now` may be later than the edge's kernel time).
    public func apply(_ input: Input, at now: Timestamp) {
        switch input {
        case .edge(let edge):
            recognizerOutputs.removeAll(keepingCapacity: true)
            recognizer.handle(edge, into: &recognizerOutputs)
            handleRecognizerOutputs(at: now)
        case .gesture(let kind):
            handle(Gesture(kind, at: now), at: now)
        case .key(let name):
            feedSystem(.otherKey(name), at: now)
        case .wristDown:
            record(SimulationEvent(time: now, kind: .step("wrist down")))
            feedSystem(.wristDown, at: now)
        case .endSession:
            record(SimulationEvent(time: now, kind: .step("end session")))
            if let refusal = host.endSessionFromOutside() {
                record(SimulationEvent(time: now, kind: .sessionRefused(.end, refusal)))
            }
            drainReports()
        case .app(let what, let action):
            record(SimulationEvent(time: now, kind: .step(what)))
            host.runAppCode { action() }
            drainReports()
        case .settings(let settings):
            record(SimulationEvent(time: now, kind: .step("settings: \(settings)")))
            changeSettings(to: settings, at: now)
        }
    }

    /// A1: Settings > Action Button now names another action or app. The project's choice
    /// [P]: settings change between sessions; during a session or a running intent the
    /// change is refused and logged, and the session goes on as it was.
    private func changeSettings(to settings: ActionButtonSettings, at now: Timestamp) {
        if system.session != .none || !system.inFlight.isEmpty || system.startPending {
            record(SimulationEvent(time: now, kind: .warning(.settingsNotChanged(
                "\(app.name) has an active session or a running intent; end it first"))))
            return
        }
        do throws(AppRegistry.ConfigurationError) {
            system = try ActionButtonSystem(registry: registry, settings: settings)
        } catch {
            record(SimulationEvent(time: now, kind: .warning(.settingsNotChanged("\(error)"))))
            return
        }
        guard let next = apps.first(where: { $0.name == settings.appName }) else { return }
        app = next
        donatedIntents.removeAll()
        launchedBefore = false
        pendingTimers = next.timers.filter { Timestamp(nanoseconds: $0.at.nanoseconds) > now }.sorted { $0.at < $1.at }
        host.reconfigure(app: next, sessionKind: settings.sessionKind)
    }

    /// New press timings mid-run (a device profile reloaded on SIGHUP). The recognizer starts
    /// afresh with both buttons up: a button held across the reload ends in an `unchanged` drop.
    public func replaceRecognizer(_ configuration: PressRecognizer.Configuration) {
        recognizer = PressRecognizer(configuration: configuration)
    }

    /// Settles everything due by `now`: chord windows and hold times, the start deadline,
    /// and instrument wake-ups (sensor samples).
    public func advance(to now: Timestamp) {
        recognizerOutputs.removeAll(keepingCapacity: true)
        recognizer.advance(to: now, into: &recognizerOutputs)
        handleRecognizerOutputs(at: now)
        systemEvents.removeAll(keepingCapacity: true)
        system.advance(to: now, into: &systemEvents)
        for event in systemEvents { recordSystem(event, at: now) }
        while let timer = pendingTimers.first, Timestamp(nanoseconds: timer.at.nanoseconds) <= now {
            pendingTimers.removeFirst()
            host.runAppCode { timer.run() }
        }
        for instrument in instruments {
            if instrument.nextWakeup.map({ $0 <= now }) == true { instrument.appReadings(wanted: host.hasReadingObservers) }
            while let due = instrument.nextWakeup, due <= now {
                instrumentEvents.removeAll(keepingCapacity: true)
                instrument.wake(at: due, into: &instrumentEvents)
                for kind in instrumentEvents { record(SimulationEvent(time: due, kind: kind)) }
                if let reading = instrument.takeAppReading() { host.publish(SensorReading(reading, at: due)) }
            }
        }
    }

    /// Applies what intents and the app reported since the last call, in order. Returns
    /// how many reports there were.
    ///
    /// What fell due before a report (a sensor tick, a chord window, the start deadline) is
    /// settled first, at its own time: on the real clock a loop may learn of both in one
    /// wake-up, and the log must still read in time order. (On the virtual clock everything
    /// due before the present is settled already.)
    @discardableResult
    public func drainReports() -> Int {
        var total = 0
        while true {
            let reports = host.takeReports()
            if reports.isEmpty { return total }
            total += reports.count
            for (time, report) in reports {
                advance(to: Timestamp(nanoseconds: time.nanoseconds - 1))
                apply(report, at: time)
            }
        }
    }

    /// Ends the run: intents still asleep are cancelled and no longer report.
    public func finish(at now: Timestamp) {
        host.shutDown()
        drainReports()
    }

    // MARK: Internals

    /// Logs what the recognizer said, in its order (edges and drops at their own times),
    /// and hands gestures to the system at `now`.
    private func handleRecognizerOutputs(at now: Timestamp) {
        for output in recognizerOutputs {
            switch output {
            case .accepted(let edge): record(SimulationEvent(time: edge.time, kind: .edge(edge)))
            case .dropped(let edge, let reason): record(SimulationEvent(time: edge.time, kind: .edgeDropped(edge, reason)))
            case .gesture(let gesture): handle(gesture, at: now)
            }
        }
    }

    private func handle(_ gesture: Gesture, at now: Timestamp) {
        record(SimulationEvent(time: gesture.time, kind: .gesture(gesture)))
        feedSystem(.gesture(gesture), at: now)
    }

    private func apply(_ report: SimulationHost.Report, at time: Timestamp) {
        switch report {
        case .returned(let id, let result):
            feedSystem(.intentReturned(invocation: id, actionButtonIntent: result.map(remember)), at: time)
        case .threw(let id, let message):
            feedSystem(.intentThrew(invocation: id, message: message), at: time)
        case .donated(let intent, let donor):
            let reference = remember(intent)
            record(SimulationEvent(time: time, kind: .donation(intent: reference, donor: donor)))
            feedSystem(.donated(reference), at: time)
        case .donationDeleted(let reference):
            feedSystem(.donationDeleted(reference), at: time)
        case .session(let change, let style, let activity):
            record(SimulationEvent(time: time, kind: .session(change, workoutStyle: style, activity: activity)))
            feedSystem(.session(change), at: time)
        case .sessionRefused(let command, let rejection):
            record(SimulationEvent(time: time, kind: .sessionRefused(command, rejection)))
        case .marker(let marker):
            record(SimulationEvent(time: time, kind: .marker(marker)))
        case .suggestedWorkoutsChanged:
            feedSystem(.suggestedWorkoutsChanged(app.workout?.suggestedWorkouts().map(\.option) ?? []), at: time)
        case .authorizationRequested:
            feedSystem(.healthAuthorizationRequested, at: time)
        case .log(let line):
            record(SimulationEvent(time: time, kind: .appLog(line)))
        case .warning(let text):
            record(SimulationEvent(time: time, kind: .warning(.app(text))))
        case .dialog(let intent, let text):
            record(SimulationEvent(time: time, kind: .dialog(intent: intent, text: text)))
        case .haptic(let pattern):
            record(SimulationEvent(time: time, kind: .haptic(pattern)))
        case .runtimeExtended(let id):
            feedSystem(.runtimeExtended(invocation: id), at: time)
        case .appBroughtForward:
            feedSystem(.appBroughtForward, at: time)
        case .timer(let timer):
            // Kept in time order; one at the same time as another runs after it.
            let index = pendingTimers.firstIndex { $0.at > timer.at } ?? pendingTimers.endIndex
            pendingTimers.insert(timer, at: index)
        }
    }

    private func remember(_ intent: any AppIntent) -> IntentReference {
        let reference = IntentIdentity(intent).reference
        donatedIntents[reference.name] = intent
        return reference
    }

    private func feedSystem(_ input: ActionButtonSystem.Input, at time: Timestamp) {
        systemEvents.removeAll(keepingCapacity: true)
        system.handle(input, at: time, into: &systemEvents)
        // Acting on an event can feed the system again; work on a copy.
        let events = systemEvents
        for event in events { recordSystem(event, at: time) }
    }

    private func recordSystem(_ event: SystemEvent, at time: Timestamp) {
        if case .intentDispatched(let invocation) = event {
            let intent = intentValue(for: invocation)
            let parameters = intent.map { IntentIdentity($0).parameters } ?? []
            // The log's dispatch time, which the latency (P4) is measured to: the real present
            // in a live run (the event stays at its instant, where the intent starts).
            var logged = invocation
            if let measured = dispatchClock?() { logged.dispatchedAt = max(measured, invocation.dispatchedAt) }
            record(SimulationEvent(time: time, kind: .performing(logged, parameters: parameters)))
            if case .control = invocation.role, !launchedBefore {
                // A control's intent may run with the app in the background: its process
                // starts all the same, and with it applicationDidFinishLaunching().
                if let didFinishLaunching = app.didFinishLaunching { host.runAppCode { didFinishLaunching() } }
                launchedBefore = true
            }
            perform(invocation, intent: intent)
            return
        }
        record(SimulationEvent(time: time, kind: .system(event)))
        switch event {
        case .startResolved(_, .missed(_, sessionStarted: false)) where !app.sessionStartsLeftOut.isEmpty:
            // The session would start in code that does not run here (issue 24).
            let starts = AppDefinition.LeftOutSessionStart.describe(app.sessionStartsLeftOut)
            record(SimulationEvent(time: time, kind: .warning(.sessionStartLeftOut(
                "no session started: \(app.name) starts it in \(starts), a file left out on Linux. "
                    + "To test it here, \(AppDefinition.LeftOutSessionStart.advice)"))))
        case .appLaunched:
            // An app that asks for authorization on its first launch does so now; the press
            // that launched it was already decided under A4.
            if !launchedBefore, app.healthAuthorization == .onFirstLaunch { host.requestHealthAuthorization() }
            // The app's applicationDidFinishLaunching(), before the system performs anything.
            if !launchedBefore, let didFinishLaunching = app.didFinishLaunching { host.runAppCode { didFinishLaunching() } }
            launchedBefore = true
        default:
            break
        }
    }

    /// Calls `perform()` on the intent value behind an invocation, on Swift's executor.
    private func perform(_ invocation: Invocation, intent: (any AppIntent)?) {
        guard let intent else {
            host.report(.threw(invocation: invocation.id,
                               message: "\(app.name) has no intent for \(invocation.role); nothing to perform"))
            return
        }
        let id = invocation.id
        let host = self.host
        let didReturn = app.intentDidReturn
        // Where the intent runs, by its supportedModes and the Action button's rules (a start
        // intent's app is open first, A3; the system logs it when its modes say otherwise).
        let isStart = if case .start = invocation.role { true } else { false }
        let modes = (intent as? any DynamicIntent).map { $0.intentOpensApp ? IntentModes.foreground : .background }
            ?? type(of: intent).supportedModes
        let placement = IntentModes.Placement.decide(modes, isStart: isStart, appInForeground: system.appPresence == .foreground)
        let run = IntentRun(invocation: id, mode: placement.current)
        host.launch(invocation.description) {
            do {
                let result = try await IntentRun.$current.withValue(run) {
                    try await DependencyPreparation.prepare(intent)
                    return try await intent.perform()
                }
                if let dialog = result.dialog { host.report(.dialog(IntentIdentity(intent).reference, dialog.full.key)) }
                host.report(.returned(invocation: id, actionButtonIntent: result.actionButtonIntent))
                // The app's code after the return, in the same task: what it reports comes
                // after the result (A6).
                didReturn?(IntentIdentity(intent).reference)
            } catch is CancellationError {
                // The run ended while the intent slept; nothing to report.
            } catch {
                host.report(.threw(invocation: id, message: String(describing: error)))
            }
        }
    }

    private func intentValue(for invocation: Invocation) -> (any AppIntent)? {
        switch invocation.role {
        case .start(let style):
            if let dive = app.dive, case .dive = system.settings { return dive.start }
            let suggestions = app.workout?.suggestedWorkouts() ?? []
            return suggestions.first { $0.option.id == style }?.intent ?? suggestions.first?.intent
        case .nextAction:
            return donatedIntents[invocation.intent.name]
        case .pause:
            return app.workout?.pause
        case .resume:
            return app.workout?.resume
        case .control(let value):
            return app.controls.first { $0.reference.name == invocation.intent.name }?.intent(value)
        }
    }

    private func record(_ event: SimulationEvent) {
        for instrument in instruments { instrument.observe(event) }
        // Apps read the sensors (HealthKit's builder, CoreMotion's submersion manager) through
        // the host: exactly the samples the log shows, at the time it shows them.
        if case .sample(let sample) = event.kind { host.publish(SensorReading(sample, at: event.time)) }
        sink.record(event)
    }
}

/// The earliest of some optional times (nil when none is given). Asked at every step of a
/// replay, so written without building arrays.
func earliest(_ a: Timestamp?, _ b: Timestamp?, _ c: Timestamp? = nil, _ d: Timestamp? = nil) -> Timestamp? {
    func min(_ x: Timestamp?, _ y: Timestamp?) -> Timestamp? {
        guard let x else { return y }
        guard let y else { return x }
        return y < x ? y : x
    }
    return min(min(a, b), min(c, d))
}
