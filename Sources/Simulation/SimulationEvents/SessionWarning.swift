/// A warning the session log records: a code and the numbers it is about. Readers (the
/// summary, the plot, the exports, the page, the kernel tests) read the code and the
/// numbers; the sentence a person reads is made from them here, in one place (issue 28).
public enum SessionWarning: Hashable, Sendable {
    /// T2: the diver rose faster than the limit. `rate` is the ascent rate (m/min, up
    /// positive) over the last `AscentRate.window` seconds, when it first passed `limit`,
    /// at `depth` (m).
    case ascentRate(rate: Double, limit: Double, depth: Double)
    /// T2: deeper (m) than the watch's rated depth.
    case ratedDepth(depth: Double, rated: Double)
    /// A workout session records less than its app asked for (no activity type, or one
    /// without a sensor model); the reason.
    case sensorModel(String)
    /// A1: Settings were not changed; why.
    case settingsNotChanged(String)
    /// The start deadline was missed and the session would start in a file left out on
    /// Linux; the whole advice.
    case sessionStartLeftOut(String)
    /// The app did something the simulated watch cannot follow (a sleep outside a tracked task).
    case app(String)
    /// A3, A9: the start intent would not open its app (`openAppWhenRun` false, or
    /// `supportedModes` without `.foreground`); the system launches the app first anyway.
    case startOpensApp(intent: String)
    /// P1: the kernel dropped `count` events of a GPIO line (its `offset` on the chip, and
    /// `line` as the profile names it; libgpiod 2.x: its sequence numbers jumped); the line's
    /// level read again is `pressed` or not.
    case gpioEventsDropped(offset: Int, line: String, button: String, count: Int, pressed: Bool)
    /// P1: a GPIO line had all its kernel queue holds waiting (16 events, libgpiod 1.6), so
    /// the kernel may have dropped the newest; its level, read again, differs from the last read.
    case gpioQueueFull(offset: Int, line: String, button: String, pressed: Bool)
    /// P1: an evdev device's kernel buffer overflowed (SYN_DROPPED); its keys were resynced.
    case evdevEventsDropped(device: String)
    /// An input device or GPIO chip went away; the session goes on and it is opened again
    /// when it is back.
    case inputLost(source: String, reason: String, kind: InputKind)
    /// The devices' event times are not on CLOCK_MONOTONIC (GPIO uAPI v1 before Linux 5.7):
    /// edges are timed when read.
    case clockNotMonotonic
    /// The live loop's inputs, otherwise: a profile that cannot be reloaded, a device that
    /// cannot be reopened or grabbed, ...
    case input(String)

    /// What kind of input a lost source is: how it comes back.
    public enum InputKind: String, Hashable, Sendable {
        case evdev
        case gpio
    }

    /// The stable name of the warning, as the log's `code` field and the store keep it.
    public enum Code: String, Hashable, Sendable, CaseIterable, Codable {
        case ascentRate = "ascent-rate"
        case ratedDepth = "rated-depth"
        case sensorModel = "sensor-model"
        case settingsNotChanged = "settings-not-changed"
        case sessionStartLeftOut = "session-start-left-out"
        case app
        case startOpensApp = "start-opens-app"
        case gpioEventsDropped = "gpio-events-dropped"
        case gpioQueueFull = "gpio-queue-full"
        case evdevEventsDropped = "evdev-events-dropped"
        case inputLost = "input-lost"
        case clockNotMonotonic = "clock-not-monotonic"
        case input
    }

    public var code: Code {
        switch self {
        case .ascentRate: .ascentRate
        case .ratedDepth: .ratedDepth
        case .sensorModel: .sensorModel
        case .settingsNotChanged: .settingsNotChanged
        case .sessionStartLeftOut: .sessionStartLeftOut
        case .app: .app
        case .startOpensApp: .startOpensApp
        case .gpioEventsDropped: .gpioEventsDropped
        case .gpioQueueFull: .gpioQueueFull
        case .evdevEventsDropped: .evdevEventsDropped
        case .inputLost: .inputLost
        case .clockNotMonotonic: .clockNotMonotonic
        case .input: .input
        }
    }

    /// The numbers of the warning, by name, as the log writes them beside the code.
    public var values: [(name: StaticString, value: Double)] {
        switch self {
        case .ascentRate(let rate, let limit, let depth): [("rate", rate), ("limit", limit), ("depth", depth)]
        case .ratedDepth(let depth, let rated): [("depth", depth), ("rated", rated)]
        case .gpioEventsDropped(let offset, _, _, let count, _): [("offset", Double(offset)), ("count", Double(count))]
        case .gpioQueueFull(let offset, _, _, _): [("offset", Double(offset))]
        case .sensorModel, .settingsNotChanged, .sessionStartLeftOut, .app, .startOpensApp,
             .evdevEventsDropped, .inputLost, .clockNotMonotonic, .input: []
        }
    }

    /// The names the warning is about (a line, a button, a device, an intent), by name, as
    /// the log writes them beside the code.
    public var names: [(name: StaticString, value: String)] {
        switch self {
        case .startOpensApp(let intent): [("intent", intent)]
        case .gpioEventsDropped(_, let line, let button, _, let pressed), .gpioQueueFull(_, let line, let button, let pressed):
            [("line", line), ("button", button), ("level", pressed ? "pressed" : "released")]
        case .evdevEventsDropped(let device): [("device", device)]
        case .inputLost(let source, let reason, let kind): [("source", source), ("reason", reason), ("kind", kind.rawValue)]
        case .ascentRate, .ratedDepth, .sensorModel, .settingsNotChanged, .sessionStartLeftOut, .app, .clockNotMonotonic, .input: []
        }
    }

    /// The text a warning without numbers or names carries.
    public var text: String? {
        switch self {
        case .ascentRate, .ratedDepth, .startOpensApp, .gpioEventsDropped, .gpioQueueFull, .evdevEventsDropped, .inputLost,
             .clockNotMonotonic: nil
        case .sensorModel(let text), .settingsNotChanged(let text), .sessionStartLeftOut(let text), .app(let text), .input(let text): text
        }
    }

    /// Makes a warning from its code, its numbers, its names and its text, as the log and
    /// the store keep them; nil if a number or a name it needs is missing.
    public init?(code: Code, values: [String: Double], names: [String: String] = [:], text: String?) {
        switch code {
        case .ascentRate:
            guard let rate = values["rate"], let limit = values["limit"], let depth = values["depth"] else { return nil }
            self = .ascentRate(rate: rate, limit: limit, depth: depth)
        case .ratedDepth:
            guard let depth = values["depth"], let rated = values["rated"] else { return nil }
            self = .ratedDepth(depth: depth, rated: rated)
        case .sensorModel: self = .sensorModel(text ?? "")
        case .settingsNotChanged: self = .settingsNotChanged(text ?? "")
        case .sessionStartLeftOut: self = .sessionStartLeftOut(text ?? "")
        case .app: self = .app(text ?? "")
        case .startOpensApp:
            guard let intent = names["intent"] else { return nil }
            self = .startOpensApp(intent: intent)
        case .gpioEventsDropped:
            guard let line = names["line"], let button = names["button"], let level = names["level"],
                  let offset = values["offset"].flatMap({ Int(exactly: $0) }),
                  let count = values["count"].flatMap({ Int(exactly: $0) }) else { return nil }
            self = .gpioEventsDropped(offset: offset, line: line, button: button, count: count, pressed: level == "pressed")
        case .gpioQueueFull:
            guard let line = names["line"], let button = names["button"], let level = names["level"],
                  let offset = values["offset"].flatMap({ Int(exactly: $0) }) else { return nil }
            self = .gpioQueueFull(offset: offset, line: line, button: button, pressed: level == "pressed")
        case .evdevEventsDropped:
            guard let device = names["device"] else { return nil }
            self = .evdevEventsDropped(device: device)
        case .inputLost:
            guard let source = names["source"], let reason = names["reason"],
                  let kind = names["kind"].flatMap(InputKind.init(rawValue:)) else { return nil }
            self = .inputLost(source: source, reason: reason, kind: kind)
        case .clockNotMonotonic: self = .clockNotMonotonic
        case .input: self = .input(text ?? "")
        }
    }
}

extension SessionWarning: CustomStringConvertible {
    /// The sentence: the only place one is made from a warning's numbers.
    public var description: String {
        switch self {
        case .ascentRate(let rate, let limit, let depth):
            "ascent rate \(Self.format(rate)) m/min exceeds the \(Self.format(limit)) m/min limit at \(Self.format(depth)) m"
        case .ratedDepth(let depth, let rated):
            "depth \(Self.format(depth)) m exceeds the watch's rated depth of \(Self.format(rated)) m"
        case .sensorModel(let text), .app(let text), .input(let text), .sessionStartLeftOut(let text):
            text
        case .settingsNotChanged(let reason):
            "settings not changed: " + reason
        case .startOpensApp(let intent):
            "\(intent) would not open the app first (openAppWhenRun false, or supportedModes without .foreground); "
                + "a start intent always opens its app: the system launches it first anyway (A3, A9)"
        case .gpioEventsDropped(_, let line, let button, let count, let pressed):
            "the kernel dropped \(count) event\(count == 1 ? "" : "s") of line \(line) (\(button)), its queue full "
                + "(the sequence numbers jumped); its level was read again: \(pressed ? "pressed" : "released")"
        case .gpioQueueFull(_, let line, let button, let pressed):
            "line \(line) (\(button)) had 16 or more events waiting (all its kernel queue holds), so the kernel may have dropped "
                + "the newest; its level, read again, is \(pressed ? "pressed" : "released")"
        case .evdevEventsDropped(let device):
            "\(device): the kernel dropped events (SYN_DROPPED); key state resynced"
        case .inputLost(let source, let reason, .gpio):
            "\(source) lost (\(reason)); the session goes on and the lines are requested again when it is back"
        case .inputLost(let source, let reason, .evdev):
            "\(source) lost (\(reason)); the session goes on and the device is reopened when it is back"
        case .clockNotMonotonic:
            "device timestamps are not on CLOCK_MONOTONIC (the GPIO uAPI v1 of a kernel before 5.7 stamps CLOCK_REALTIME); "
                + "using the time they were read, so latencies read 0"
        }
    }

    /// The warning in a few words, for a label on a plot: its figure without the limit.
    public var headline: String {
        switch self {
        case .ascentRate(let rate, _, let depth): "ascent rate \(Self.format(rate)) m/min at \(Self.format(depth)) m"
        case .ratedDepth(let depth, _): "depth \(Self.format(depth)) m"
        default: description
        }
    }

    /// One decimal, as the watch shows depths and rates.
    public static func format(_ x: Double) -> String {
        guard x.isFinite, x.magnitude < 1e15 else { return "\(x)" }
        let tenths = Int64((x * 10).rounded(.toNearestOrEven))
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(tenths.magnitude / 10).\(tenths.magnitude % 10)"
    }
}

/// Coded as the log writes it: `{"code": ..., the numbers and names by name, "text": ...}`. The
/// store keeps this form (`events.detail`), and a simulated watch in another process
/// sends it.
extension SessionWarning: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(code, forKey: Key("code"))
        for (name, value) in values { try container.encode(value, forKey: Key(name.description)) }
        for (name, value) in names { try container.encode(value, forKey: Key(name.description)) }
        if let text { try container.encode(text, forKey: Key("text")) }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let code = try container.decode(Code.self, forKey: Key("code"))
        var values: [String: Double] = [:]
        var names: [String: String] = [:]
        for key in container.allKeys where key.stringValue != "code" && key.stringValue != "text" {
            if let value = try? container.decode(Double.self, forKey: key) {
                values[key.stringValue] = value
            } else {
                names[key.stringValue] = try container.decode(String.self, forKey: key)
            }
        }
        let text = try container.decodeIfPresent(String.self, forKey: Key("text"))
        guard let warning = SessionWarning(code: code, values: values, names: names, text: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath,
                                                    debugDescription: "a \(code.rawValue) warning without its numbers or names"))
        }
        self = warning
    }
}
