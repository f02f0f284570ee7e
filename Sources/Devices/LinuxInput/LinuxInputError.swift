import SystemPackage

/// What went wrong talking to an input device or GPIO chip, always naming the device and
/// what was attempted, and, where the user can act, how.
public enum LinuxInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The device node, chip or link does not exist.
    case noSuchDevice(String, operation: String)
    /// Opening or grabbing needs rights the user lacks. `access` says who may open the node
    /// (read when it was refused), so the message names the group that would work.
    case permissionDenied(String, operation: String, access: DeviceAccess?)
    /// The device went away while in use (ENODEV): unplugged, or its driver unbound.
    case deviceGone(String)
    /// Someone else holds it: another grab, or a GPIO line requested by `consumer`.
    case busy(String, operation: String, holder: String?)
    /// No GPIO chip answers to this name, path, label or number.
    case noSuchChip(String, available: [String])
    /// The chip has no line with this offset or name.
    case noSuchLine(chip: String, line: String, lineCount: Int)
    /// The file exists but is not an evdev device (wrong node, or a by-id link to a hidraw).
    case notAnInputDevice(String)
    /// A GPIO chip's path names something else (`/dev/null`, a file, a serial port): `what`
    /// says what it is. Refused before it is opened, since opening a device can act on it.
    case notAGPIOChip(String, what: String)
    /// Any other failure of a system call or library function.
    case failed(String, operation: String, Errno)

    public var description: String {
        switch self {
        case .noSuchDevice(let device, let operation):
            return "cannot \(operation) \(device): no such device"
        case .permissionDenied(let device, let operation, let access?):
            return "cannot \(operation) \(device): permission denied; \(access.advice)"
        case .permissionDenied(let device, let operation, nil):
            return "cannot \(operation) \(device): permission denied. Install the udev rules (sudo make install-udev, "
                + "see udev/70-actionsim.rules) and add yourself to the actionsim group (sudo usermod -aG actionsim $USER), "
                + "then log in again (on Raspberry Pi OS: groups gpio and input)"
        case .deviceGone(let device):
            return "\(device) went away (unplugged?)"
        case .busy(let device, let operation, let holder?):
            return "cannot \(operation) \(device): it is busy, in use by \"\(holder)\"; stop that program "
                + "(or remove the overlay or driver that claims it) or choose another"
        case .busy(let device, let operation, nil):
            return "cannot \(operation) \(device): it is busy (another program holds it)"
        case .noSuchChip(let spec, let available):
            let list = available.isEmpty ? "there are no GPIO chips on this machine (no /dev/gpiochip*)" : "available: " + available.joined(separator: ", ")
            return "no GPIO chip named \"\(spec)\" (by name, path, label or number); \(list)"
        case .noSuchLine(let chip, let line, let count):
            return "GPIO chip \(chip) has no line \(line); it has \(count) lines (offsets 0-\(max(0, count - 1))); "
                + "run `actionsim devices` to see their names"
        case .notAnInputDevice(let device):
            return "\(device) is not an evdev input device; expected /dev/input/eventN or a link to one (e.g. /dev/input/by-id/*-event-kbd)"
        case .notAGPIOChip(let path, let what):
            return "\(path) is not a GPIO chip: it is \(what); a GPIO chip is /dev/gpiochipN, "
                + "a chip's label or its number (`actionsim devices` lists them)"
        case .failed(let device, let operation, let errno):
            return "cannot \(operation) \(device): \(errno)"
        }
    }

    /// Maps an errno from an operation on `device` to the case a user can act on.
    public static func from(_ errno: Errno, device: String, operation: String, holder: String? = nil) -> LinuxInputError {
        switch errno {
        case .noSuchFileOrDirectory: .noSuchDevice(device, operation: operation)
        case .permissionDenied, .notPermitted: .permissionDenied(device, operation: operation, access: DeviceAccess(path: device))
        case .operationNotSupportedByDevice: .deviceGone(device)
        case .resourceBusy: .busy(device, operation: operation, holder: holder)
        default: .failed(device, operation: operation, errno)
        }
    }

    /// The errno of the last failed C call.
    static var lastErrno: Errno { Errno(rawValue: systemErrno) }
}
