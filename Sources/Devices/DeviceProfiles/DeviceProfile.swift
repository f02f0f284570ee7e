import ActionButtonCore
import LinuxInput
import YAMLDocuments
#if canImport(Glibc)
import Glibc
#endif

/// Which physical inputs are the Action and side buttons, and how presses are told apart
/// on them: one YAML file under `devices/` per kind of hardware.
public struct DeviceProfile: Sendable {
    public enum Input: Sendable {
        case evdev(EvdevInput)
        case gpio(GPIOInput)
    }

    /// The file it was read from, for messages and for SIGHUP reloads.
    public var file: String
    public var name: String
    public var description: String?
    public var input: Input
    /// The timings its `recognizer:` section gives (empty without one).
    public var recognizerSettings: RecognizerSettings
    /// P2/P3 timings for this hardware: the section's over the kind's defaults (evdev
    /// keyboards debounce in firmware, 0 ms; bare GPIO contacts need 10 ms).
    public var recognizer: PressRecognizer.Configuration

    /// The defaults of the profile's kind.
    public var kindDefaults: PressRecognizer.Configuration {
        switch input {
        case .evdev: .evdev
        case .gpio: .gpio
        }
    }

    /// The timings a run on this hardware uses with a scenario's `recognizer:` section: the
    /// scenario's keys, else the profile's, else the kind's defaults (the one precedence,
    /// `PressRecognizer.Configuration.resolving`).
    public func recognizer(with scenario: RecognizerSettings?) throws(DocumentError) -> PressRecognizer.Configuration {
        do throws(RecognizerSettings.Conflict) {
            return try .resolving(scenario: scenario, profile: recognizerSettings, defaults: kindDefaults)
        } catch {
            throw DocumentError(error)
        }
    }

    public var kind: String {
        switch input {
        case .evdev: "evdev"
        case .gpio: "gpio"
        }
    }
}

/// Keys of one or more evdev devices (USB keyboards, gamepads, gpio-keys overlays).
public struct EvdevInput: Hashable, Sendable {
    public struct Binding: Hashable, Sendable {
        public var button: Button
        public var code: UInt16
        /// As written in the profile (`KEY_PROG1`).
        public var keyName: String
    }

    /// How many matching devices to use.
    public enum Selection: String, Hashable, Sendable, CaseIterable {
        /// Exactly one device, which must have every button's key: several matches are an
        /// error (a grabbed keyboard must never be the wrong one).
        case one
        /// Every device that has any of the keys (each gpio-key overlay is its own device).
        case all
    }

    /// Globs on `/dev/input/eventN` or any link to it (`/dev/input/by-id/usb-*-event-kbd`).
    public var paths: [String]
    /// Globs on the device's name, as `actionsim devices` and `evtest` show it.
    public var names: [String]
    public var selection: Selection
    /// Take the device with `EVIOCGRAB`, so presses do not also type into the desktop.
    public var grab: Bool
    public var bindings: [Binding]

    public func button(forKey code: UInt16) -> Button? {
        bindings.first { $0.code == code }?.button
    }

    public func code(for button: Button) -> UInt16? {
        bindings.first { $0.button == button }?.code
    }

    /// A device as the matcher sees it.
    public struct Candidate: Hashable, Sendable {
        public var path: String
        public var links: [String]
        public var name: String
        public var keys: Set<UInt16>

        public init(path: String, links: [String], name: String, keys: Set<UInt16>) {
            self.path = path
            self.links = links
            self.name = name
            self.keys = keys
        }
    }

    /// Whether a device fits this profile, and if not, why not (for `actionsim devices`).
    public enum Verdict: Hashable, Sendable {
        case matches(buttons: [Button])
        case rejected(String)

        public var isMatch: Bool { if case .matches = self { true } else { false } }
    }

    public func verdict(for candidate: Candidate) -> Verdict {
        if !paths.isEmpty {
            let all = [candidate.path] + candidate.links
            guard paths.contains(where: { pattern in all.contains { Glob.matches(pattern, $0) } }) else {
                return .rejected("its path and links do not match " + paths.joined(separator: " or "))
            }
        }
        if !names.isEmpty, !names.contains(where: { Glob.matches($0, candidate.name) }) {
            return .rejected("its name does not match " + names.map { "\"\($0)\"" }.joined(separator: " or "))
        }
        let present = bindings.filter { candidate.keys.contains($0.code) }
        switch selection {
        case .one:
            let missing = bindings.filter { !candidate.keys.contains($0.code) }
            if !missing.isEmpty { return .rejected("it has no " + missing.map(\.keyName).joined(separator: " or ")) }
        case .all:
            if present.isEmpty { return .rejected("it has none of " + bindings.map(\.keyName).joined(separator: ", ")) }
        }
        return .matches(buttons: present.map(\.button))
    }
}

/// Lines of one GPIO chip, each wired to a button.
public struct GPIOInput: Hashable, Sendable {
    public enum LineID: Hashable, Sendable, CustomStringConvertible {
        case offset(Int)
        /// The name the kernel or device tree gives the line (`GPIO17`).
        case named(String)

        public var description: String {
            switch self {
            case .offset(let offset): "\(offset)"
            case .named(let name): "\"\(name)\""
            }
        }
    }

    public struct Binding: Hashable, Sendable {
        public var button: Button
        public var line: LineID
        public var bias: GPIOBias
        public var activeLow: Bool
    }

    /// Chips to try in order, each by name, path, label or number: the first that exists is used.
    public var chips: [String]
    /// The consumer label the lines are requested under (what `gpioinfo` shows).
    public var consumer: String
    public var bindings: [Binding]
}

/// Shell-style patterns (`*`, `?`, `[...]`) through `fnmatch(3)`.
public enum Glob {
    public static func matches(_ pattern: String, _ text: String) -> Bool {
        fnmatch(pattern, text, 0) == 0
    }
}
