/// One call of an intent's `perform()` that the system asked for.
public struct Invocation: Hashable, Sendable, CustomStringConvertible {
    public enum Role: Hashable, Sendable, CustomStringConvertible {
        /// A3: the start intent, with the workout style it runs (nil for dives).
        case start(workoutStyle: String?)
        /// A6: the app's next action.
        case nextAction
        /// A7: pause-workout intent.
        case pause
        /// A7: resume-workout intent.
        case resume
        /// The control on the Action button (watchOS 26): a button's intent (`value` nil), or
        /// a toggle's `SetValueIntent` with the value it sets.
        case control(value: Bool?)

        public var description: String {
            switch self {
            case .control(nil): "control"
            case .control(let value?): "control(\(value ? "on" : "off"))"
            case .start(let style?): "start(\(style))"
            case .start(nil): "start"
            case .nextAction: "next action"
            case .pause: "pause"
            case .resume: "resume"
            }
        }
    }

    public var id: Int
    public var role: Role
    public var intent: IntentReference
    public var dispatchedAt: Timestamp
    /// The gesture that asked for it; dispatch latency (P4) is `dispatchedAt - gesture.time`.
    public var gesture: Gesture

    public init(id: Int, role: Role, intent: IntentReference, dispatchedAt: Timestamp, gesture: Gesture) {
        self.id = id
        self.role = role
        self.intent = intent
        self.dispatchedAt = dispatchedAt
        self.gesture = gesture
    }

    public var latency: Duration { dispatchedAt - gesture.time }
    public var description: String { "#\(id) \(intent.name) (\(role))" }
}

/// An error the watch shows on screen.
public struct ShownError: Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// A5: the start intent's `perform()` threw.
        case startFailed = "start-failed"
        /// A5: no session started, or `perform()` did not return, within 30 seconds.
        case startDeadline = "start-deadline"
        /// A next action, pause or resume intent threw.
        case intentFailed = "intent-failed"
        /// A next action, pause or resume intent ran past the 30-second intent budget without
        /// a long-running task (`LongRunningIntent`, watchOS 27).
        case intentTimeLimit = "intent-time-limit"
        /// A2: the configured First Press is no longer among the suggested workouts.
        case firstPressUnavailable = "first-press-unavailable"
    }

    public var code: Code
    public var message: String
    public var description: String { "\(code.rawValue): \(message)" }
}

/// How a start attempt ended (A5).
public enum StartOutcome: Hashable, Sendable {
    /// A session was started and `perform()` returned successfully, within the deadline.
    case met(after: Duration)
    /// `perform()` threw.
    case threw(String)
    /// The deadline passed; says which half was missing.
    case missed(returned: Bool, sessionStarted: Bool)
}

/// Why a gesture ran no intent.
public enum IgnoreReason: Hashable, Sendable, CustomStringConvertible {
    /// A10: an intent, or a start attempt, is still in progress.
    case busy(IntentReference)
    /// A10: a session is active but the app has donated no next action.
    case noNextAction
    /// A7/A8: a simultaneous press with no session.
    case noSession
    /// A7: the app does not implement the pause-workout intent.
    case pauseNotImplemented
    /// A7: the app does not implement the resume-workout intent.
    case resumeNotImplemented
    /// A12: the side button alone.
    case sideButton
    /// A12: a long press is the Siren on a real watch; no intent runs.
    case siren
    /// A simultaneous press with a control on the Action button: a control runs on a press
    /// only (A7's pause and resume are a workout's).
    case controlPressOnly

    public var code: String {
        switch self {
        case .busy: "busy"
        case .noNextAction: "no-next-action"
        case .noSession: "no-session"
        case .pauseNotImplemented: "no-pause-intent"
        case .resumeNotImplemented: "no-resume-intent"
        case .sideButton: "side-button"
        case .siren: "siren"
        case .controlPressOnly: "control-press-only"
        }
    }

    public var description: String {
        switch self {
        case .busy(let intent): "busy: \(intent.name) is still performing (A10)"
        case .noNextAction: "no-next-action: the session has no donated next action (A10)"
        case .noSession: "no-session: a simultaneous press needs an active session (A7)"
        case .pauseNotImplemented: "no-pause-intent: the app does not implement PauseWorkoutIntent (A7)"
        case .resumeNotImplemented: "no-resume-intent: the app does not implement ResumeWorkoutIntent (A7)"
        case .sideButton: "side-button: the side button alone runs no intent (A12)"
        case .siren: "siren: a hold is the Siren on a real watch; no intent runs (A12)"
        case .controlPressOnly: "control-press-only: a control runs on a press; Action and side together pause and resume workouts only (A7)"
        }
    }
}

/// What changed the next action (A6, A11).
public enum NextActionCause: Hashable, Sendable, CustomStringConvertible {
    /// `.result(actionButtonIntent:)` returned by an intent.
    case result(of: IntentReference)
    /// `donate(result:)`, at any time.
    case donation
    /// The app deleted the donation that set it (`deleteDonations(matching:)`).
    case donationDeleted
    /// A11: the session ended.
    case sessionEnded
    /// A first press begins a new session with an empty slot.
    case newSession

    public var description: String {
        switch self {
        case .result(let intent): "result of \(intent.name)"
        case .donation: "donation"
        case .donationDeleted: "donation deleted"
        case .sessionEnded: "session ended"
        case .newSession: "new session"
        }
    }
}

/// The state of the configured app's session, as far as the system knows.
public enum SessionStatus: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case none
    case running
    case paused
    public var description: String { rawValue }
}

/// Where the configured app is.
public enum AppPresence: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case notRunning = "not-running"
    case foreground
    case background
    public var description: String { rawValue }
}

/// Everything the Action-button system did, in order. The shell acts on `intentDispatched`
/// (it calls `perform()`); every event is logged (T4).
public enum SystemEvent: Hashable, Sendable {
    case appLaunched(app: String)
    case appMovedToBackground(app: String)
    case wristDown(appStaysForeground: Bool)
    case intentDispatched(Invocation)
    /// A4: the app was launched but its start intent was not performed.
    case performSkipped(app: String, intent: IntentReference)
    case intentReturned(Invocation, actionButtonIntent: IntentReference?)
    case intentThrew(Invocation, message: String)
    case startResolved(Invocation, StartOutcome)
    case errorShown(ShownError)
    case nextActionChanged(from: IntentReference?, to: IntentReference?, cause: NextActionCause)
    case sessionChanged(from: SessionStatus, to: SessionStatus)
    case gestureIgnored(Gesture, IgnoreReason)
    case keyIgnored(String)
    case suggestedWorkoutsChanged([WorkoutOption])
    case healthAuthorizationRequested(app: String)
    /// A9: a start intent with `openAppWhenRun == false`; the system launches the app anyway.
    case startIntentDoesNotOpenApp(IntentReference)
    /// A toggle control on the Action button now shows `isOn`: its `SetValueIntent` returned
    /// having set that value (watchOS 26).
    case controlToggled(IntentReference, isOn: Bool)
}

// Codable so that a simulated watch in another process can send what happened (ActionButtonHarness).
extension Invocation: Codable {}
extension Invocation.Role: Codable {}
extension ShownError: Codable {}
extension ShownError.Code: Codable {}
extension StartOutcome: Codable {}
extension IgnoreReason: Codable {}
extension NextActionCause: Codable {}
extension SessionStatus: Codable {}
extension AppPresence: Codable {}
extension SystemEvent: Codable {}
