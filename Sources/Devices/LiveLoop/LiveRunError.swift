import LinuxInput

/// Why a live session could not start.
public enum LiveRunError: Error, CustomStringConvertible {
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
