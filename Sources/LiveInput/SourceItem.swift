import ActionButtonCore
import LinuxInput

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
    /// A device came or went, or lost events: logged in the session.
    case status(String, isWarning: Bool)

    var time: Int64? {
        switch self {
        case .edge(_, _, let time, _), .otherKey(_, let time), .command(_, let time): time
        case .status: nil
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

/// A source of button input the loop waits on: evdev devices, GPIO lines or the terminal.
protocol InputSource: AnyObject {
    /// What it reads from, for the log and the start-up line.
    var summary: String { get }
    /// Descriptors to wait on now (they change when a device goes or comes back).
    var descriptors: [Int32] { get }
    /// Reads what is ready on `descriptor`. A device that vanished becomes a status item and
    /// `isMissingDevices`; the session goes on without it.
    func read(_ descriptor: Int32, into items: inout [SourceItem])
    /// A device it had is gone and should be reopened when it comes back.
    var isMissingDevices: Bool { get }
    /// Tries to reopen what is missing; on success, resync edges bring each button to its
    /// real state (`believedDown` is what the recognizer thinks now).
    func reopen(believedDown: (Button) -> Bool, into items: inout [SourceItem])
    /// Releases devices, grabs and lines.
    func close()
}

/// Why a live session could not start.
public enum LiveInputError: Error, CustomStringConvertible {
    case device(LinuxInputError)
    /// No device fits the profile; `details` says what was looked at and why each was not it.
    case noMatchingDevice(profile: String, details: [String])
    /// A `devices: one` profile matched several devices.
    case ambiguous(profile: String, matches: [String])
    /// The profile's device or chip is not there, or not the right one.
    case unavailable(String)
    case system(EventLoop.SystemError)
    case setup(String)

    public var description: String {
        switch self {
        case .device(let error): return error.description
        case .noMatchingDevice(let profile, let details):
            let why = details.isEmpty ? "there are no input devices (/dev/input/event*)" : details.joined(separator: "\n  ")
            return "no input device matches the profile \(profile):\n  \(why)\nRun `actionsim devices --device \(profile)` to see every device and why it does or does not match, or pass --input PATH."
        case .ambiguous(let profile, let matches):
            return "the profile \(profile) wants one device but \(matches.count) match:\n  \(matches.joined(separator: "\n  "))\n"
                + "Pass --input PATH to pick one (a /dev/input/by-id link stays valid across replugs)."
        case .system(let error): return error.description
        case .unavailable(let message), .setup(let message): return message
        }
    }
}
