import ActionButtonCore
import AppIntents

/// Marks intervals and moments in an app's work for Instruments (Apple's page:
/// "OSSignposter", watchOS 8). The simulated watch has no Instruments: each signpost is a
/// line in the session log, on the engine's time line beside the app's own log lines, and
/// an interval's end says how long it took on the engine's clock. A disabled signposter, or
/// one on `OSLog.disabled`, writes nothing. Outside a simulated watch the lines are dropped.
public struct OSSignposter: Sendable {
    private let subsystem: String
    private let category: String

    /// Whether signposts are written at all.
    public let isEnabled: Bool

    public init() { self.init(subsystem: "", category: "", enabled: true) }

    public init(subsystem: String, category: String) { self.init(subsystem: subsystem, category: category, enabled: true) }

    public init(subsystem: String, category: OSLog.Category) {
        self.init(subsystem: subsystem, category: category.rawValue, enabled: true)
    }

    public init(logger: Logger) { self.init(subsystem: logger.subsystem, category: logger.category, enabled: true) }

    public init(logHandle: OSLog) {
        self.init(subsystem: logHandle.subsystem, category: logHandle.category, enabled: logHandle.signpostsEnabled)
    }

    private init(subsystem: String, category: String, enabled: Bool) {
        self.subsystem = subsystem
        self.category = category
        self.isEnabled = enabled
    }

    /// A signposter that writes nothing.
    public static var disabled: OSSignposter { OSSignposter(subsystem: "", category: "", enabled: false) }

    /// An ID no other `makeSignpostID()` in this process returns.
    public func makeSignpostID() -> OSSignpostID { OSSignpostID.next() }

    /// The same ID for the same object while it lives.
    public func makeSignpostID(from object: AnyObject) -> OSSignpostID {
        OSSignpostID(UInt64(UInt(bitPattern: ObjectIdentifier(object).hashValue)))
    }

    // MARK: Intervals

    public func beginInterval(_ name: StaticString, id: OSSignpostID = .exclusive) -> OSSignpostIntervalState {
        begin(name, id: id, kind: "begin", message: nil)
    }

    public func beginInterval(_ name: StaticString, id: OSSignpostID = .exclusive, _ message: SignpostMetadata) -> OSSignpostIntervalState {
        begin(name, id: id, kind: "begin", message: message)
    }

    /// An interval that measures an animation (the simulated watch draws none; logged alike).
    public func beginAnimationInterval(_ name: StaticString, id: OSSignpostID = .exclusive) -> OSSignpostIntervalState {
        begin(name, id: id, kind: "begin animation", message: nil)
    }

    public func beginAnimationInterval(_ name: StaticString, id: OSSignpostID = .exclusive,
                                       _ message: SignpostMetadata) -> OSSignpostIntervalState {
        begin(name, id: id, kind: "begin animation", message: message)
    }

    public func endInterval(_ name: StaticString, _ state: OSSignpostIntervalState) { end(name, state, message: nil) }

    public func endInterval(_ name: StaticString, _ state: OSSignpostIntervalState, _ message: SignpostMetadata) {
        end(name, state, message: message)
    }

    /// Runs `task` inside an interval of its own.
    public func withIntervalSignpost<T>(_ name: StaticString, id: OSSignpostID = .exclusive, around task: () throws -> T) rethrows -> T {
        let state = beginInterval(name, id: id)
        defer { endInterval(name, state) }
        return try task()
    }

    public func withIntervalSignpost<T>(_ name: StaticString, id: OSSignpostID = .exclusive, _ message: SignpostMetadata,
                                        around task: () throws -> T) rethrows -> T {
        let state = beginInterval(name, id: id, message)
        defer { endInterval(name, state) }
        return try task()
    }

    // MARK: Events

    public func emitEvent(_ name: StaticString, id: OSSignpostID = .exclusive) { write("event", name, id, message: nil, suffix: nil) }

    public func emitEvent(_ name: StaticString, id: OSSignpostID = .exclusive, _ message: SignpostMetadata) {
        write("event", name, id, message: message, suffix: nil)
    }

    // MARK: The session log

    private func begin(_ name: StaticString, id: OSSignpostID, kind: String, message: SignpostMetadata?) -> OSSignpostIntervalState {
        write(kind, name, id, message: message, suffix: nil)
        return OSSignpostIntervalState(id: id, began: ActionButtonRuntime.current?.now)
    }

    private func end(_ name: StaticString, _ state: OSSignpostIntervalState, message: SignpostMetadata?) {
        var took: String?
        if let began = state.began, let now = ActionButtonRuntime.current?.now {
            took = "after \(String(format: "%.3f", (now - began).secondsValue)) s"
        }
        write("end", name, state.signpostID, message: message, suffix: took)
    }

    /// `signpost begin Lap [7]: 400 m (category Workout)`, one line per signpost.
    private func write(_ kind: String, _ name: StaticString, _ id: OSSignpostID, message: SignpostMetadata?, suffix: String?) {
        guard isEnabled, let host = ActionButtonRuntime.current else { return }
        var line = "signpost \(kind) \(name)"
        if id != .exclusive { line += " [\(id.rawValue)]" }
        if let text = message?.text, !text.isEmpty { line += ": \(text)" }
        if let suffix { line += " \(suffix)" }
        if !category.isEmpty { line += " (category \(category))" }
        host.log(line)
    }
}

/// What a signposter's messages are: a log message, written as an interpolated string
/// (Apple's page: "SignpostMetadata").
public typealias SignpostMetadata = OSLogMessage

/// Pairs an interval's begin with its end (Apple's page: "OSSignpostID").
public struct OSSignpostID: Hashable, Comparable, Sendable {
    public let rawValue: UInt64

    public init(_ value: UInt64) { rawValue = value }

    /// A new ID for signposts on `log`.
    public init(log: OSLog) { self = Self.next() }

    /// The ID of an object, for signposts on `log`.
    public init(log: OSLog, object: AnyObject) { self.init(UInt64(UInt(bitPattern: ObjectIdentifier(object).hashValue))) }

    /// For intervals of which only one runs at a time.
    public static let exclusive = OSSignpostID(0xEEEE_B0B5_B2B2_EEEE)
    public static let invalid = OSSignpostID(~0)
    public static let null = OSSignpostID(0)

    public static func < (lhs: OSSignpostID, rhs: OSSignpostID) -> Bool { lhs.rawValue < rhs.rawValue }

    private static let counter = LockedState<UInt64>(0)

    static func next() -> OSSignpostID {
        OSSignpostID(counter.withLock { value in
            value += 1
            return value
        })
    }
}

/// What `beginInterval` hands back for its `endInterval` (Apple's page:
/// "OSSignpostIntervalState"): the ID, and when it began on the engine's clock.
public final class OSSignpostIntervalState: Sendable {
    let signpostID: OSSignpostID
    let began: Duration?

    init(id: OSSignpostID, began: Duration?) {
        self.signpostID = id
        self.began = began
    }

    /// An interval's state made again from its ID, to end it elsewhere; its length is unknown.
    public static func beginState(id: OSSignpostID) -> OSSignpostIntervalState { OSSignpostIntervalState(id: id, began: nil) }
}

extension OSLog {
    /// A log's category, for the special categories (Apple's page: "OSLog.Category").
    public struct Category: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Signposts Instruments shows in its Points of Interest track.
        public static let pointsOfInterest = Category(rawValue: "PointsOfInterest")
        public static let dynamicTracing = Category(rawValue: "DynamicTracing")
        public static let dynamicStackTracing = Category(rawValue: "DynamicStackTracing")
    }

    public convenience init(subsystem: String, category: OSLog.Category) {
        self.init(subsystem: subsystem, category: category.rawValue)
    }

    /// Whether a line of `type` is written: every type is, but on `OSLog.disabled`.
    public func isEnabled(type: OSLogType) -> Bool { self !== OSLog.disabled }

    /// Whether signposts on this log are written: as `isEnabled(type:)`.
    public var signpostsEnabled: Bool { self !== OSLog.disabled }
}
