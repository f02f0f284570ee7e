import CEvdev

/// Linux key codes (`EV_KEY`) by the names in `linux/input-event-codes.h`: `KEY_PROG1`,
/// `KEY_F13`, `BTN_0`, `BTN_SOUTH`. libevdev carries the kernel's own table, so a profile
/// can name any key the kernel knows and the names always match `evtest`'s.
public enum InputKeyCode {
    /// The code for a key or button name, or nil if the kernel has no such key.
    public static func code(named name: String) -> UInt16? {
        guard name.hasPrefix("KEY_") || name.hasPrefix("BTN_") else { return nil }
        let code = libevdev_event_code_from_name(UInt32(EV_KEY), name)
        return code >= 0 && code <= Int32(KEY_MAX) ? UInt16(code) : nil
    }

    /// The kernel's name for a key code (`KEY_PROG1`), or `KEY_<number>` for a code without one.
    public static func name(of code: UInt16) -> String {
        libevdev_event_code_get_name(UInt32(EV_KEY), UInt32(code)).map { String(cString: $0) } ?? "KEY_\(code)"
    }

    /// Every named key, for "did you mean" suggestions.
    public static let allNames: [String] = (0...UInt32(KEY_MAX)).compactMap { code in
        libevdev_event_code_get_name(UInt32(EV_KEY), code).map { String(cString: $0) }
    }
}
