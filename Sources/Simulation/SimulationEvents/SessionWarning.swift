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
    /// The live loop's inputs: a device lost, a line that cannot be read, ...
    case input(String)

    /// The stable name of the warning, as the log's `code` field and the store keep it.
    public enum Code: String, Hashable, Sendable, CaseIterable, Codable {
        case ascentRate = "ascent-rate"
        case ratedDepth = "rated-depth"
        case sensorModel = "sensor-model"
        case settingsNotChanged = "settings-not-changed"
        case sessionStartLeftOut = "session-start-left-out"
        case app
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
        case .input: .input
        }
    }

    /// The numbers of the warning, by name, as the log writes them beside the code.
    public var values: [(name: StaticString, value: Double)] {
        switch self {
        case .ascentRate(let rate, let limit, let depth): [("rate", rate), ("limit", limit), ("depth", depth)]
        case .ratedDepth(let depth, let rated): [("depth", depth), ("rated", rated)]
        case .sensorModel, .settingsNotChanged, .sessionStartLeftOut, .app, .input: []
        }
    }

    /// The text a warning without numbers carries.
    public var text: String? {
        switch self {
        case .ascentRate, .ratedDepth: nil
        case .sensorModel(let text), .settingsNotChanged(let text), .sessionStartLeftOut(let text), .app(let text), .input(let text): text
        }
    }

    /// Makes a warning from its code, its numbers and its text, as the log and the store
    /// keep them; nil if a number it needs is missing.
    public init?(code: Code, values: [String: Double], text: String?) {
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

/// Coded as the log writes it: `{"code": ..., the numbers by name, "text": ...}`. The
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
        if let text { try container.encode(text, forKey: Key("text")) }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let code = try container.decode(Code.self, forKey: Key("code"))
        var values: [String: Double] = [:]
        for key in container.allKeys where key.stringValue != "code" && key.stringValue != "text" {
            values[key.stringValue] = try container.decode(Double.self, forKey: key)
        }
        let text = try container.decodeIfPresent(String.self, forKey: Key("text"))
        guard let warning = SessionWarning(code: code, values: values, text: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath,
                                                    debugDescription: "a \(code.rawValue) warning without its numbers"))
        }
        self = warning
    }
}
