/// The lifecycle of one workout or dive session, as the app's session object keeps it
/// (what `HKWorkoutSession` does on a watch). The Action-button system only ever sees the
/// changes this reports; it never decides them.
public struct SessionLifecycle: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case workout
        case dive
        public var description: String { rawValue }
    }

    public enum State: String, Hashable, Sendable, CustomStringConvertible {
        case notStarted = "not-started"
        case running
        case paused
        case ended
        public var description: String { rawValue }
    }

    public enum Command: String, Hashable, Sendable {
        case start, pause, resume, end
    }

    /// A change the lifecycle went through; what the system is told.
    public enum Change: Hashable, Sendable, CustomStringConvertible {
        case started(Kind)
        case paused
        case resumed
        case ended

        public var description: String {
            switch self {
            case .started(let kind): "\(kind) started"
            case .paused: "paused"
            case .resumed: "resumed"
            case .ended: "ended"
            }
        }
    }

    /// Why a command was refused: the same mistakes HealthKit refuses, worded for the user.
    public enum Rejection: Error, Hashable, Sendable, CustomStringConvertible {
        case alreadyActive(State)
        case notRunning(State)
        case notPaused(State)
        case noSession
        /// A8: dives have no pause or resume.
        case diveCannotPause

        public var description: String {
            switch self {
            case .alreadyActive(let s): "a session is already \(s)"
            case .notRunning(let s): "the session is \(s), not running"
            case .notPaused(let s): "the session is \(s), not paused"
            case .noSession: "there is no session to end"
            case .diveCannotPause: "dive sessions cannot be paused or resumed (A8)"
            }
        }
    }

    public let kind: Kind
    public private(set) var state: State = .notStarted

    public init(kind: Kind) { self.kind = kind }

    public var isActive: Bool { state == .running || state == .paused }

    /// Applies a command, or says why it cannot apply. A start after an end begins a new session.
    public mutating func apply(_ command: Command) throws(Rejection) -> Change {
        switch (command, state) {
        case (.start, .notStarted), (.start, .ended):
            state = .running
            return .started(kind)
        case (.start, .running), (.start, .paused):
            throw .alreadyActive(state)
        case (.pause, _) where kind == .dive, (.resume, _) where kind == .dive:
            throw .diveCannotPause
        case (.pause, .running):
            state = .paused
            return .paused
        case (.pause, _):
            throw .notRunning(state)
        case (.resume, .paused):
            state = .running
            return .resumed
        case (.resume, _):
            throw .notPaused(state)
        case (.end, .running), (.end, .paused):
            state = .ended
            return .ended
        case (.end, .notStarted), (.end, .ended):
            throw .noSession
        }
    }
}

// Codable so that a simulated watch in another process can send what happened (ActionButtonHarness).
extension SessionLifecycle.Kind: Codable {}
extension SessionLifecycle.State: Codable {}
extension SessionLifecycle.Command: Codable {}
extension SessionLifecycle.Change: Codable {}
extension SessionLifecycle.Rejection: Codable {}
