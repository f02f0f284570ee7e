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
        /// What the app's session object reports.
        case session(SessionLifecycle.Change)
        /// A2: the app changed its list and called `invalidateSuggestedWorkouts()`.
        case suggestedWorkoutsChanged([WorkoutOption])
        /// A4: the app requested health-data authorization.
        case healthAuthorizationRequested
    }

    /// A5: how long `perform()` has to start a session and return.
    public static let startDeadline: Duration = .seconds(30)

    public private(set) var app: InstalledApp
    public private(set) var settings: ActionButtonSettings
    public private(set) var session: SessionStatus = .none
    public private(set) var appPresence: AppPresence = .notRunning
    /// A6: at most one next action; each donation replaces it.
    public private(set) var nextAction: IntentReference?
    /// Intents whose `perform()` has been called and has not yet returned or thrown.
    public private(set) var inFlight: [Invocation] = []

    private struct StartAttempt: Hashable, Sendable {
        var invocation: Invocation
        var deadline: Timestamp
        var returned = false
        var sessionStarted = false
    }

    private var startAttempt: StartAttempt?
    private var nextInvocationID = 1
    private let startDeadlineNs: Int64

    /// Checks the settings against the registry (A1, A2, A9) before anything runs.
    public init(registry: AppRegistry, settings: ActionButtonSettings,
                startDeadline: Duration = ActionButtonSystem.startDeadline) throws(AppRegistry.ConfigurationError) {
        self.app = try registry.validate(settings)
        self.settings = settings
        self.startDeadlineNs = startDeadline.nanoseconds
    }

    /// The workout style a first press starts: First Press, or else the first suggestion.
    public var firstPressStyle: String? {
        guard case .workout(_, let firstPress) = settings else { return nil }
        return firstPress ?? app.workout?.suggestedWorkouts.first?.id
    }

    /// Whether a start attempt is waiting on its deadline (A5).
    public var startPending: Bool { startAttempt != nil }

    /// When `advance(to:)` next has something to do: the start deadline, if one is pending.
    public var nextDeadline: Timestamp? { startAttempt?.deadline }

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
        if let attempt = startAttempt, attempt.deadline < time { advance(to: time, into: &events) }

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
        }
        if !opensApp { events.append(.startIntentDoesNotOpenApp(intent)) }
        let invocation = dispatch(intent, role: .start(workoutStyle: style), gesture: gesture, at: time, into: &events)
        startAttempt = StartAttempt(invocation: invocation, deadline: time.advanced(byNanoseconds: startDeadlineNs))
    }

    @discardableResult
    private mutating func dispatch(_ intent: IntentReference, role: Invocation.Role, gesture: Gesture,
                                   at time: Timestamp, into events: inout [SystemEvent]) -> Invocation {
        let invocation = Invocation(id: nextInvocationID, role: role, intent: intent, dispatchedAt: time, gesture: gesture)
        nextInvocationID += 1
        inFlight.append(invocation)
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
        guard let attempt = startAttempt, attempt.returned, attempt.sessionStarted else { return }
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
        return inFlight.remove(at: index)
    }
}
