import ActionButtonCore
import LinuxInput
import YAMLDocuments

/// Reads device profiles. A profile is refused with file:line:column, the field, and what
/// was expected, before any device is touched.
public enum DeviceProfileParser {
    static let commonKeys = ["name", "description", "kind", "buttons", "recognizer"]
    static let evdevKeys = ["match", "grab"]
    static let gpioKeys = ["chip", "consumer", "bias", "active-low"]

    /// Reads the profile at `path`, or the built-in one it names when no file is there.
    public static func load(contentsOf path: String) throws(DocumentError) -> DeviceProfile {
        do {
            return try parse(try YAMLDocument.load(path))
        } catch where error.location == nil && error.message == "no such file" {
            throw DocumentError(error.message + BuiltInDocuments.hint(.deviceProfile, for: path), file: error.file)
        }
    }

    public static func parse(_ document: YAMLDocument) throws(DocumentError) -> DeviceProfile {
        let top = try document.root.mapping("the device profile")
        try top.rejectUnknownKeys(commonKeys + evdevKeys + gpioKeys)
        let kindValue = try top.required("kind")
        let kind = try kindValue.string("kind")
        let name = try top["name"]?.string("name") ?? document.file
        let description = try top["description"]?.string("description")

        let input: DeviceProfile.Input
        let defaults: PressRecognizer.Configuration
        switch kind {
        case "evdev":
            try rejectKeys(gpioKeys, in: top, kind: "evdev")
            input = .evdev(try parseEvdev(top))
            defaults = .evdev
        case "gpio":
            try rejectKeys(evdevKeys, in: top, kind: "gpio")
            input = .gpio(try parseGPIO(top))
            defaults = .gpio
        default:
            throw kindValue.error("unknown kind \"\(kind)\"; expected evdev (input devices: keyboards, gamepads, gpio-keys) "
                                  + "or gpio (lines of a GPIO chip)" + Spelling.suggestion(for: kind, among: ["evdev", "gpio"]))
        }
        let settings = try top["recognizer"].map { v throws(DocumentError) in try RecognizerSettings.parse(v, defaults: defaults) }
            ?? RecognizerSettings()
        var profile = DeviceProfile(file: document.file, name: name, description: description, input: input,
                                    recognizerSettings: settings, recognizer: defaults)
        profile.recognizer = try profile.recognizer(with: nil)
        return profile
    }

    private static func rejectKeys(_ keys: [String], in map: YAMLMapping, kind: String) throws(DocumentError) {
        for entry in map.entries where keys.contains(entry.key) {
            let other = kind == "evdev" ? "gpio" : "evdev"
            throw entry.keyValue.error("\(entry.key) belongs to kind: \(other) profiles; this profile is kind: \(kind)")
        }
    }

    // MARK: evdev

    private static func parseEvdev(_ top: YAMLMapping) throws(DocumentError) -> EvdevInput {
        var paths: [String] = []
        var names: [String] = []
        var selection = EvdevInput.Selection.one
        if let value = top["match"] {
            let match = try value.mapping("match")
            try match.rejectUnknownKeys(["path", "name", "devices"])
            for item in match["path"]?.sequenceOrSingle() ?? [] {
                let path = try item.string("match.path")
                guard path.hasPrefix("/") else {
                    throw item.error("match.path \"\(path)\" must be absolute, e.g. /dev/input/by-id/usb-*-event-kbd or /dev/input/event3")
                }
                paths.append(path)
            }
            for item in match["name"]?.sequenceOrSingle() ?? [] { names.append(try item.string("match.name")) }
            if let value = match["devices"] { selection = try value.choice("match.devices", of: EvdevInput.Selection.self) }
        }
        let grab = try top["grab"]?.bool("grab") ?? false

        let buttons = try top.required("buttons").mapping("buttons")
        try buttons.rejectUnknownKeys(Button.allCases.map(\.rawValue))
        var bindings: [EvdevInput.Binding] = []
        for entry in buttons.entries {
            let button = Button(rawValue: entry.key)!
            let field = "buttons.\(entry.key)"
            let keyName = try entry.value.string("\(field) (a key name such as KEY_PROG1)")
            guard let code = InputKeyCode.code(named: keyName) else {
                throw entry.value.error("\(field): unknown key \"\(keyName)\"; expected a Linux key name such as KEY_PROG1, "
                                        + "KEY_F13 or BTN_0 (see linux/input-event-codes.h or `actionsim devices`)"
                                        + Spelling.suggestion(for: keyName, among: InputKeyCode.allNames))
            }
            if let clash = bindings.first(where: { $0.code == code }) {
                throw entry.value.error("\(field): \(keyName) is already the \(clash.button) button; each button needs its own key")
            }
            bindings.append(.init(button: button, code: code, keyName: keyName))
        }
        guard bindings.contains(where: { $0.button == .action }) else {
            throw DocumentError("buttons is missing \"action\": the key that is the Action button", at: buttons.location)
        }
        return EvdevInput(paths: paths, names: names, selection: selection, grab: grab, bindings: bindings)
    }

    // MARK: GPIO

    private static func parseGPIO(_ top: YAMLMapping) throws(DocumentError) -> GPIOInput {
        let chipValue = try top.required("chip")
        var chips: [String] = []
        for item in chipValue.sequenceOrSingle() { chips.append(try item.string("chip (a name, path, label or number)")) }
        guard !chips.isEmpty else { throw chipValue.error("chip is empty; name at least one chip (gpiochip0, a label, or a path)") }
        let consumer = try top["consumer"]?.string("consumer") ?? "actionsim"
        let bias = try top["bias"].map { v throws(DocumentError) in try v.choice("bias", of: GPIOBias.self) } ?? .asIs
        let activeLow = try top["active-low"]?.bool("active-low") ?? false

        let buttons = try top.required("buttons").mapping("buttons")
        try buttons.rejectUnknownKeys(Button.allCases.map(\.rawValue))
        var bindings: [GPIOInput.Binding] = []
        for entry in buttons.entries {
            let button = Button(rawValue: entry.key)!
            let field = "buttons.\(entry.key)"
            var binding = GPIOInput.Binding(button: button, line: .offset(0), bias: bias, activeLow: activeLow)
            let lineValue: YAMLValue
            if entry.value.isMapping {
                let map = try entry.value.mapping(field)
                try map.rejectUnknownKeys(["line", "bias", "active-low"])
                lineValue = try map.required("line")
                if let v = map["bias"] { binding.bias = try v.choice("\(field).bias", of: GPIOBias.self) }
                if let v = map["active-low"] { binding.activeLow = try v.bool("\(field).active-low") }
            } else {
                lineValue = entry.value
            }
            binding.line = try parseLine(lineValue, field: field)
            if let clash = bindings.first(where: { $0.line == binding.line }) {
                throw lineValue.error("\(field): line \(binding.line) is already the \(clash.button) button; each button needs its own line")
            }
            bindings.append(binding)
        }
        guard bindings.contains(where: { $0.button == .action }) else {
            throw DocumentError("buttons is missing \"action\": the line wired to the Action button", at: buttons.location)
        }
        return GPIOInput(chips: chips, consumer: consumer, bindings: bindings)
    }

    private static func parseLine(_ value: YAMLValue, field: String) throws(DocumentError) -> GPIOInput.LineID {
        let text = try value.string("\(field) line (an offset such as 17, or a line name such as GPIO17)")
        if let offset = Int(text) {
            guard offset >= 0, offset < 4096 else { throw value.error("\(field): line offset \(offset) is out of range; expected 0 or more") }
            return .offset(offset)
        }
        guard !text.isEmpty else { throw value.error("\(field): the line is empty; expected an offset such as 17 or a name such as GPIO17") }
        return .named(text)
    }
}
