import Foundation

/// A message the server sends a page over its WebSocket: one type, encoded as JSON by
/// Foundation's encoder (issue 28). The page's script reads `type` and the fields of that
/// kind (`receive(message)` in Page/watch.js). What a message carries that another
/// layer owns travels in that layer's own form: an event as the session log writes it, a
/// chart as `SVGPlot` draws it.
enum PageUpdate: Encodable, Equatable {
    /// The first message: what the run is, and whether this page may press.
    case hello(Hello)
    /// Events in the order they happened.
    case events([Event])
    /// A session's chart, drawn again.
    case chart(Chart)
    /// A session's chart could not be drawn; why.
    case chartFailed(session: Int64, message: String)
    /// The run reached its end at `t` seconds.
    case finished(t: Double)
    /// The first `events` events of the run are no longer kept for pages that connect late.
    case trimmed(events: Int)
    /// The page's press was refused; why.
    case refused(message: String)

    struct Hello: Encodable, Equatable {
        var mode: String
        var title: String
        var action: String
        var app: String
        var run: String
        var canPress: Bool
        /// Why this page may not press (nil when it may).
        @WrittenAsNull var refusal: String?
    }

    /// One event: its line in the session log (`EventEncoding`'s JSON, which the page parses
    /// as any reader of the log does), its line in the timeline (nil for none) and, for a
    /// sample, what the watch's screen shows of it.
    struct Event: Encodable, Equatable {
        var log: String
        @WrittenAsNull var line: String?
        /// For a sample: the three lines of figures the watch's screen shows and the session's
        /// elapsed time (`WatchFaceText`); left out for other events.
        var face: [String]?
        var elapsed: String?

        init(log: String, line: String?, face: [String]? = nil, elapsed: String? = nil) {
            self.log = log
            self.line = line
            self.face = face
            self.elapsed = elapsed
        }
    }

    struct Chart: Encodable, Equatable {
        var session: Int64
        var kind: String
        var label: String
        var status: String
        var axis: Axis
        var svg: String
    }

    /// Where the chart put time (`t0`, `t1` in seconds at `x0`, `x1`) and its panels' height,
    /// for the page's cursor. A figure that is not finite is `null`.
    struct Axis: Encodable, Equatable {
        @WrittenAsNull var t0: Double?
        @WrittenAsNull var t1: Double?
        @WrittenAsNull var x0: Double?
        @WrittenAsNull var x1: Double?
        @WrittenAsNull var width: Double?
        @WrittenAsNull var top: Double?
        @WrittenAsNull var bottom: Double?

        init(t0: Double, t1: Double, x0: Double, x1: Double, width: Double, top: Double, bottom: Double) {
            func finite(_ x: Double) -> Double? { x.isFinite ? x : nil }
            (self.t0, self.t1, self.x0, self.x1) = (finite(t0), finite(t1), finite(x0), finite(x1))
            (self.width, self.top, self.bottom) = (finite(width), finite(top), finite(bottom))
        }
    }

    private enum CodingKeys: String, CodingKey { case type }
    private enum FieldKeys: String, CodingKey { case session, message, t, events }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        switch self {
        case .hello(let hello): try hello.encode(to: encoder)
        case .chart(let chart): try chart.encode(to: encoder)
        case .events(let events):
            var fields = encoder.container(keyedBy: FieldKeys.self)
            try fields.encode(events, forKey: .events)
        case .chartFailed(let session, let message):
            var fields = encoder.container(keyedBy: FieldKeys.self)
            try fields.encode(session, forKey: .session)
            try fields.encode(message, forKey: .message)
        case .finished(let t):
            var fields = encoder.container(keyedBy: FieldKeys.self)
            try fields.encode(t, forKey: .t)
        case .trimmed(let events):
            var fields = encoder.container(keyedBy: FieldKeys.self)
            try fields.encode(events, forKey: .events)
        case .refused(let message):
            var fields = encoder.container(keyedBy: FieldKeys.self)
            try fields.encode(message, forKey: .message)
        }
    }

    /// The `type` the page switches on.
    var type: String {
        switch self {
        case .hello: "hello"
        case .events: "events"
        case .chart: "chart"
        case .chartFailed: "chart-failed"
        case .finished: "finished"
        case .trimmed: "trimmed"
        case .refused: "refused"
        }
    }

    /// The message as the socket sends it.
    var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Strings, integers and finite numbers (the axis's others are nil): encoding cannot
        // fail. Should it, the page is told, as it is of a chart it cannot have.
        guard let data = try? encoder.encode(self) else { return #"{"type":"refused","message":"the server could not encode a message"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}

/// An optional field written as `null` when it is nil, not left out as the encoder would:
/// the page's script tells "none" by `null`.
@propertyWrapper
struct WrittenAsNull<Value: Encodable & Equatable>: Encodable, Equatable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
