import ActionButtonCore
import LinuxInput
import SimulationEvents

/// What an input source hands the live loop. Times are absolute `CLOCK_MONOTONIC`
/// nanoseconds: the kernel's event time for devices, the read time for the terminal.
public enum SourceItem: Hashable, Sendable {
    /// P1: a button edge. `resynced` edges were not reported by the kernel as such: they bring
    /// the button to its real state after lost events (SYN_DROPPED) or a reconnect.
    case edge(Button, EdgeDirection, time: Int64, resynced: Bool)
    /// A12: a key that is neither button went down.
    case otherKey(String, time: Int64)
    /// Something the person at the terminal asked for.
    case command(OperatorCommand, time: Int64)
    /// A device came back, or was grabbed: logged in the session as a step.
    case status(String)
    /// A device went, lost events, or cannot be reopened: logged in the session as a warning.
    case warning(SessionWarning)

    /// A device came, went or lost events: the loop looks at its sources again (a lost one
    /// is reopened when it is back).
    var changesSources: Bool {
        switch self {
        case .status, .warning: true
        case .edge, .otherKey, .command: false
        }
    }

    var time: Int64? {
        switch self {
        case .edge(_, _, let time, _), .otherKey(_, let time), .command(_, let time): time
        case .status, .warning: nil
        }
    }
}

/// Terminal commands besides the buttons.
public enum OperatorCommand: String, Hashable, Sendable {
    case wristDown = "wrist down"
    case endSession = "end session"
    case help
    case quit
    /// Standard input reached its end (a pipe, not a terminal): finish once nothing is pending.
    case inputEnded = "input ended"
}
