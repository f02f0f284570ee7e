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

        public var description: String { description(TimeWriter([])) }

        /// With times written by `time` (as many digits as the message needs).
        public func description(_ time: TimeWriter) -> String {
            switch (from, to) {
            case (nil, nil): "during the run"
            case (let from?, nil): "after \(time(from))"
            case (nil, let to?): "by \(time(to))"
            case (let from?, let to?) where from == to: "at \(time(from))"
            case (let from?, let to?): "between \(time(from)) and \(time(to))"
            }
        }

        /// The times the window names.
        var bounds: [Timestamp] { [from, to, at].compactMap { $0 } }
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

/// Writes the times of one message with the same number of digits after the point: the
/// fewest that write every two different times among them apart, and the `exact` ones (the
/// times the scenario itself names) as written (`TimeFormat.digits`), so that an event a
/// microsecond outside a window never reads as inside it.
public struct TimeWriter: Sendable {
    public let digits: Int

    public init(_ times: [Timestamp], exact: [Timestamp] = []) {
        digits = TimeFormat.digits(toTellApart: times.map(\.nanoseconds), writingExactly: exact.map(\.nanoseconds))
    }

    public func callAsFunction(_ time: Timestamp) -> String { TimeFormat.clock(time.nanoseconds, digits: digits) }
}

// Codable so that a simulated watch in another process can send what happened (ActionButtonHarness).
extension CheckResult: Codable {}
