import ActionButtonCore
import YAMLDocuments

/// One `expect` entry: checks that hold at a point in time (state) or over a window of
/// time (things that happened), each with the place in the file that asked for it.
public struct Expectation: Hashable, Sendable {
    /// When event checks look. State checks read the state at `at`.
    public struct Window: Hashable, Sendable {
        public var from: Timestamp?
        public var to: Timestamp?
        /// The time the entry names with `at` (state checks use it).
        public var at: Timestamp?

        public var latestMentioned: Timestamp? { [from, to, at].compactMap { $0 }.max() }

        public func contains(_ time: Timestamp) -> Bool {
            (from.map { time >= $0 } ?? true) && (to.map { time <= $0 } ?? true)
        }

        public var description: String {
            switch (from, to) {
            case (nil, nil): "during the run"
            case (let from?, nil): "after \(from)"
            case (nil, let to?): "by \(to)"
            case (let from?, let to?) where from == to: "at \(from)"
            case (let from?, let to?): "between \(from) and \(to)"
            }
        }
    }

    /// How many matching events a check wants in its window.
    public enum Count: Hashable, Sendable {
        case atLeastOne
        case exactly(Int)

        func accepts(_ n: Int) -> Bool {
            switch self {
            case .atLeastOne: n >= 1
            case .exactly(let wanted): n == wanted
            }
        }
    }

    public enum Check: Hashable, Sendable {
        /// An intent was performed (by name or title), with at least these parameters.
        case intent(String, parameters: [String: String], role: String?)
        /// Session state at `at`.
        case state(SessionStatus)
        /// Next action at `at` (nil: none).
        case nextAction(String?)
        /// App presence at `at`.
        case app(AppPresence)
        /// An error was shown (nil code: any error), optionally containing text.
        case error(ShownError.Code?, containing: String?)
        /// A gesture was ignored for this reason (`busy`, `no-next-action`, ...).
        case ignored(String)
        /// The recognizer decided this gesture.
        case gesture(Gesture.Kind)
        /// An edge was dropped for this reason (`bounce`, `unchanged`).
        case dropped(String)
        /// A marker (lap, segment, waypoint) was made.
        case marker(String)
        /// The start deadline (A5) was resolved this way: met, missed or threw.
        case deadline(String)
        /// A line of the session log (JSON) or timeline contains this text.
        case log(String)
    }

    public var window: Window
    public var count: Count
    public var checks: [Check]
    public var location: SourceLocation
}

/// The verdict on one check.
public struct CheckResult: Hashable, Sendable {
    public var location: SourceLocation
    public var passed: Bool
    /// What was expected, and (on failure) what happened instead.
    public var message: String
}

// Codable so that a simulated watch in another process can send what happened (ActionButtonHarness).
extension CheckResult: Codable {}
