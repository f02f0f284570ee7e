/// The watch's side of the Action button (rules A1–A12), as a pure state machine.
///
/// It is told what happens (gestures, intents returning or throwing, donations, session
/// changes, the wrist going down) and when, and answers with what the system does. It
/// never calls an intent itself: `intentDispatched` asks the shell to call `perform()`,
/// and the shell reports back with `intentReturned` or `intentThrew`.
public struct ActionButtonSystem: Sendable {
    public enum Input: Hashable, Sendable {
        case gesture(Gesture)
        /// A12: any key that is neither the Action nor the side button.
        case otherKey(String)
        /// A5: the wearer lowers the wrist.
        case wristDown
        case intentReturned(invocation: Int, actionButtonIntent: IntentReference?)
        case intentThrew(invocation: Int, message: String)
        /// A6: `donate(result: .result(actionButtonIntent: X))`, at any time.
        case donated(IntentReference)
        /// A6: the app deleted the donation that made this intent the next action
        /// (`IntentDonationManager.deleteDonations(matching:)`).
        case donationDeleted(IntentReference)
        /// What the app's session object reports.
        case session(SessionLifecycle.Change)
        /// A2: the app changed its list and called `invalidateSuggestedWorkouts()`.
        case suggestedWorkoutsChanged([WorkoutOption])
        /// A4: the app requested health-data authorization.
        case healthAuthorizationRequested
        /// A `LongRunningIntent` asked for extended background time (`performBackgroundTask`,
        /// watchOS 27): its `perform()` may run past the 30-second intent budget. A start
        /// intent must still start its session within the start deadline (A5).
        case runtimeExtended(invocation: Int)
        /// An intent running with its app in the background continues in the foreground
        /// (`continueInForeground`, watchOS 26, as `.foreground(.dynamic)` allows).
        case appBroughtForward
    }

    /// A5: how long `perform()` has to start a session and return.
    public static let startDeadline: Duration = .seconds(30)
    /// How long any other intent's `perform()` may run in the background before the system
    /// stops waiting for it: Apple's "up to 30 seconds" for an app intent (its page
    /// "LongRunningIntent"). A `LongRunningIntent` that asks for more time is exempt.
    public static let intentBudget: Duration = .seconds(30)

    public private(set) var app: InstalledApp
    public private(set) var settings: ActionButtonSettings
    public private(set) var session: SessionStatus = .none
    public private(set) var appPresence: AppPresence = .notRunning
    /// A6: at most one next action; each donation replaces it.
    public private(set) var nextAction: IntentReference?
    /// Intents whose `perform()` has been called and has not yet returned or thrown.
    public private(set) var inFlight: [Invocation] = []
    /// What a toggle control on the Action button shows: the value its `SetValueIntent` last
    /// set and returned from (off until then).
    public private(set) var controlIsOn = false

    private struct StartAttempt: Hashable, Sendable {
        var invocation: Invocation
        var deadline: Timestamp
        var returned = false
        var sessionStarted = false
        /// A `LongRunningIntent` start: its session must start in time, its `perform()` need
        /// not return in time.
        var extended = false
    }

    private var startAttempt: StartAttempt?
    private var nextInvocationID = 1
    private let startDeadlineNs: Int64
    private let intentBudgetNs: Int64
    /// When each in-flight intent other than the start intent runs out of time, unless its
    /// time was extended (`runtimeExtended`), earliest first.
    private var budgets: [(invocation: Int, deadline: Timestamp)] = []
    /// Invocations whose runtime a `LongRunningIntent` extended.
    private var extended: Set<Int> = []

    /// Checks the settings against the registry (A1, A2, A9) before anything runs.
    public init(registry: AppRegistry, settings: ActionButtonSettings,
                startDeadline: Duration = ActionButtonSystem.startDeadline,
                intentBudget: Duration = ActionButtonSystem.intentBudget) throws(AppRegistry.ConfigurationError) {
        self.app = try registry.validate(settings)
        self.settings = settings
        self.startDeadlineNs = startDeadline.nanoseconds
        self.intentBudgetNs = intentBudget.nanoseconds
    }

    /// The workout style a first press starts: First Press, or else the first suggestion.
    public var firstPressStyle: String? {
        guard case .workout(_, let firstPress) = settings else { return nil }
        return firstPress ?? app.workout?.suggestedWorkouts.first?.id
    }

    /// Whether a start attempt is waiting on its deadline (A5).
    public var startPending: Bool { startAttempt != nil }

    /// When `advance(to:)` next has something to do: the start deadline, if one is pending,
    /// or an intent's time budget.
    public var nextDeadline: Timestamp? {
        switch (startAttempt?.deadline, budgets.first?.deadline) {
        case (let start?, let budget?): budget < start ? budget : start
        case (let start, nil): start
        case (nil, let budget): budget
        }
    }

    public mutating func handle(_ input: Input, at time: Timestamp) -> [SystemEvent] {
        var events: [SystemEvent] = []
        handle(input, at: time, into: &events)
        return events
    }

    public mutating func advance(to time: Timestamp) -> [SystemEvent] {
        var events: [SystemEvent] = []
        advance(to: time, into: &events)
        return events
    }

    /// As `advance(to:)`, appending to a caller's buffer.
    public mutating func advance(to time: Timestamp, into events: inout [SystemEvent]) {
        while let budget = budgets.first, budget.deadline <= time {
            budgets.removeFirst()
            guard let invocation = removeInFlight(budget.invocation) else { continue }
            // The system stops waiting: the press is no longer busy, and what perform()
            // returns later is not applied.
            events.append(.errorShown(ShownError(
                code: .intentTimeLimit,
                message: "\(invocation.intent.name) did not finish within 30 seconds; the system stopped waiting for it "
                    + "(a LongRunningIntent may ask for more time with performBackgroundTask)")))
        }
        guard let attempt = startAttempt, attempt.deadline <= time else { return }
        startAttempt = nil
        events.append(.startResolved(attempt.invocation,
                                     .missed(returned: attempt.returned, sessionStarted: attempt.sessionStarted)))
        let missing = !attempt.returned
            ? "its perform() did not return within 30 seconds"
            : "it did not start a session within 30 seconds"
        // A5: the error is shown and the app stays in the foreground.
        events.append(.errorShown(ShownError(
            code: .startDeadline,
            message: "\(app.name) could not start: \(attempt.invocation.intent.name) failed because \(missing)")))
    }

    /// As `handle(_:at:)`, appending to a caller's buffer.
    public mutating func handle(_ input: Input, at time: Timestamp, into events: inout [SystemEvent]) {
        // Deadlines that ran out strictly before this input are settled first; one that ends
        // exactly now leaves the input in time ("within 30 seconds" includes the 30th).
        if let deadline = nextDeadline, deadline < time {
            advance(to: Timestamp(nanoseconds: time.nanoseconds - 1), into: &events)
        }

        switch input {
        case .gesture(let gesture):
            handle(gesture, at: time, into: &events)
        case .otherKey(let name):
            events.append(.keyIgnored(name))
        case .wristDown:
            let stays = session != .none || appPresence != .foreground
            events.append(.wristDown(appStaysForeground: stays && appPresence == .foreground))
            if !stays {
                appPresence = .background
                events.append(.appMovedToBackground(app: app.name))
            }
        case .intentReturned(let id, let donated):
            guard let invocation = removeInFlight(id) else { return }
            events.append(.intentReturned(invocation, actionButtonIntent: donated))
            if case .control(let value) = invocation.role {
                if let value, value != controlIsOn {
                    controlIsOn = value
                    events.append(.controlToggled(invocation.intent, isOn: value))
                }
                // `.foreground(.deferred)`: the app comes forward as perform() ends.
                if appPresence != .foreground, app.controls.contains(where: { $0.intent == invocation.intent && $0.opensAppWhenDone }) {
                    appPresence = .foreground
                    events.append(.appLaunched(app: app.name))
                }
            }
            if let donated { setNextAction(donated, cause: .result(of: invocation.intent), into: &events) }
            if startAttempt?.invocation.id == id {
                startAttempt?.returned = true
                resolveStartIfMet(at: time, into: &events)
            }
        case .intentThrew(let id, let message):
            guard let invocation = removeInFlight(id) else { return }
            events.append(.intentThrew(invocation, message: message))
            if startAttempt?.invocation.id == id {
                startAttempt = nil
                events.append(.startResolved(invocation, .threw(message)))
                events.append(.errorShown(ShownError(
                    code: .startFailed,
                    message: "\(app.name) could not start: \(invocation.intent.name) threw: \(message)")))
            } else {
                events.append(.errorShown(ShownError(
                    code: .intentFailed, message: "\(invocation.intent.name) failed: \(message)")))
            }
        case .donated(let intent):
            setNextAction(intent, cause: .donation, into: &events)
        case .donationDeleted(let intent):
            // Only the donation still in the slot is withdrawn; a later one has replaced it.
            if nextAction == intent { setNextAction(nil, cause: .donationDeleted, into: &events) }
        case .session(let change):
            handle(change, at: time, into: &events)
        case .suggestedWorkoutsChanged(let options):
            app.workout?.suggestedWorkouts = options
            events.append(.suggestedWorkoutsChanged(options))
            if case .workout(let name, let firstPress?) = settings, !options.contains(where: { $0.id == firstPress }) {
                // A2: reported, not silently kept. The next first press falls back to the
                // first suggestion, as the Settings screen would show it.
                settings = .workout(app: name, firstPress: nil)
                events.append(.errorShown(ShownError(
                    code: .firstPressUnavailable,
                    message: "First Press \"\(firstPress)\" is no longer suggested by \(name); "
                        + (options.first.map { "the next first press starts \"\($0.id)\"" } ?? "no workout is suggested"))))
            }
        case .runtimeExtended(let id):
            guard inFlight.contains(where: { $0.id == id }), !extended.contains(id) else { return }
            extended.insert(id)
            budgets.removeAll { $0.invocation == id }
            if startAttempt?.invocation.id == id {
                startAttempt?.extended = true
                resolveStartIfMet(at: time, into: &events)
            }
        case .appBroughtForward:
            guard appPresence != .foreground else { return }
            appPresence = .foreground
            events.append(.appLaunched(app: app.name))
        case .healthAuthorizationRequested:
            guard !app.healthAuthorizationRequested else { return }
            app.healthAuthorizationRequested = true
            events.append(.healthAuthorizationRequested(app: app.name))
        }
    }

    // MARK: - Gestures

    private mutating func handle(_ gesture: Gesture, at time: Timestamp, into events: inout [SystemEvent]) {
        switch gesture.kind {
        case .side:
            events.append(.gestureIgnored(gesture, .sideButton))
        case .hold:
            events.append(.gestureIgnored(gesture, .siren))
        case .press, .both:
            if let busyWith = inFlight.first?.intent ?? startAttempt?.invocation.intent {
                events.append(.gestureIgnored(gesture, .busy(busyWith)))
                return
            }
            if case .control(_, let intent) = settings {
                controlPress(gesture, intent: intent, at: time, into: &events)
                return
            }
            switch (session, settings.sessionKind, gesture.kind) {
            case (.none, _, .press):
                firstPress(gesture, at: time, into: &events)
            case (.none, _, _):
                events.append(.gestureIgnored(gesture, .noSession))
            case (.running, .workout, .both):
                guard let pause = app.workout?.pauseIntent else {
                    events.append(.gestureIgnored(gesture, .pauseNotImplemented))
                    return
                }
                dispatch(pause, role: .pause, gesture: gesture, at: time, into: &events)
            case (.paused, .workout, .both):
                guard let resume = app.workout?.resumeIntent else {
                    events.append(.gestureIgnored(gesture, .resumeNotImplemented))
                    return
                }
                dispatch(resume, role: .resume, gesture: gesture, at: time, into: &events)
            case (_, .workout, _), (_, .dive, _):
                // A6 for a press; A8 for a dive's simultaneous press.
                guard let next = nextAction else {
                    events.append(.gestureIgnored(gesture, .noNextAction))
                    return
                }
                dispatch(next, role: .nextAction, gesture: gesture, at: time, into: &events)
            }
        }
    }

    /// A3, A4, A5: launch the app, then (if allowed) perform its start intent.
    private mutating func firstPress(_ gesture: Gesture, at time: Timestamp, into events: inout [SystemEvent]) {
        appPresence = .foreground
        events.append(.appLaunched(app: app.name))
        if nextAction != nil { setNextAction(nil, cause: .newSession, into: &events) }

        let intent: IntentReference
        let opensApp: Bool
        let style: String?
        switch settings {
        case .workout:
            guard let workout = app.workout else { return }
            guard app.healthAuthorizationRequested else {
                events.append(.performSkipped(app: app.name, intent: workout.startIntent))
                return
            }
            (intent, opensApp, style) = (workout.startIntent, workout.startOpensApp, firstPressStyle)
        case .dive:
            guard let dive = app.dive else { return }
            (intent, opensApp, style) = (dive.startIntent, dive.startOpensApp, nil)
        case .control:
            return  // a control's press never comes here (`controlPress`)
        }
        if !opensApp { events.append(.startIntentDoesNotOpenApp(intent)) }
        let invocation = dispatch(intent, role: .start(workoutStyle: style), gesture: gesture, at: time, into: &events)
        startAttempt = StartAttempt(invocation: invocation, deadline: time.advanced(byNanoseconds: startDeadlineNs))
    }

    /// A control on the Action button (watchOS 26): a press runs its intent, whether or not a
    /// session runs; a toggle's with the value it flips to. The app is launched if it is not
    /// running, and comes forward first if the intent's modes say so.
    private mutating func controlPress(_ gesture: Gesture, intent name: String, at time: Timestamp, into events: inout [SystemEvent]) {
        guard gesture.kind == .press else {
            events.append(.gestureIgnored(gesture, .controlPressOnly))
            return
        }
        guard let control = app.controls.first(where: { $0.intent.name == name }) else { return }
        if control.opensApp, appPresence != .foreground {
            appPresence = .foreground
            events.append(.appLaunched(app: app.name))
        } else if appPresence == .notRunning {
            // The intent runs with the app in the background (its process started, unseen).
            appPresence = .background
        }
        let value: Bool? = control.kind == .toggle ? !controlIsOn : nil
        dispatch(control.intent, role: .control(value: value), gesture: gesture, at: time, into: &events)
    }

    @discardableResult
    private mutating func dispatch(_ intent: IntentReference, role: Invocation.Role, gesture: Gesture,
                                   at time: Timestamp, into events: inout [SystemEvent]) -> Invocation {
        let invocation = Invocation(id: nextInvocationID, role: role, intent: intent, dispatchedAt: time, gesture: gesture)
        nextInvocationID += 1
        inFlight.append(invocation)
        // A start intent answers to the start deadline instead (A5).
        if case .start = role {} else {
            budgets.append((invocation.id, time.advanced(byNanoseconds: intentBudgetNs)))
        }
        events.append(.intentDispatched(invocation))
        return invocation
    }

    // MARK: - Session and next action

    private mutating func handle(_ change: SessionLifecycle.Change, at time: Timestamp, into events: inout [SystemEvent]) {
        let before = session
        switch change {
        case .started: session = .running
        case .paused: session = .paused
        case .resumed: session = .running
        case .ended: session = .none
        }
        if before != session { events.append(.sessionChanged(from: before, to: session)) }
        switch change {
        case .started:
            startAttempt?.sessionStarted = true
            resolveStartIfMet(at: time, into: &events)
        case .ended:
            // A11: ending clears the next action; the next press is a first press again.
            if nextAction != nil { setNextAction(nil, cause: .sessionEnded, into: &events) }
        case .paused, .resumed:
            break
        }
    }

    private mutating func resolveStartIfMet(at time: Timestamp, into events: inout [SystemEvent]) {
        guard let attempt = startAttempt, attempt.returned || attempt.extended, attempt.sessionStarted else { return }
        startAttempt = nil
        events.append(.startResolved(attempt.invocation, .met(after: time - attempt.invocation.dispatchedAt)))
    }

    private mutating func setNextAction(_ intent: IntentReference?, cause: NextActionCause, into events: inout [SystemEvent]) {
        guard intent != nextAction else { return }
        events.append(.nextActionChanged(from: nextAction, to: intent, cause: cause))
        nextAction = intent
    }

    private mutating func removeInFlight(_ id: Int) -> Invocation? {
        guard let index = inFlight.firstIndex(where: { $0.id == id }) else { return nil }
        budgets.removeAll { $0.invocation == id }
        extended.remove(id)
        return inFlight.remove(at: index)
    }
}
