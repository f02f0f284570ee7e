import AppIntents

/// Writes an app's log lines (Apple's page: "Logger", in the `os` module). On the simulated
/// watch each line goes to the session log, on the engine's time line, beside what the
/// watch did, as Xcode's console shows them while debugging: every value is shown,
/// whatever its privacy, and errors and faults say so (`error: ...`). Outside a simulated
/// watch the lines are dropped.
public struct Logger: Sendable {
    public let subsystem: String
    public let category: String

    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }

    /// A logger with no subsystem or category.
    public init() { self.init(subsystem: "", category: "") }

    public init(_ log: OSLog) { self.init(subsystem: log.subsystem, category: log.category) }

    public func log(_ message: OSLogMessage) { write(.default, message) }
    public func log(level: OSLogType, _ message: OSLogMessage) { write(level, message) }
    public func trace(_ message: OSLogMessage) { write(.debug, message) }
    public func debug(_ message: OSLogMessage) { write(.debug, message) }
    public func info(_ message: OSLogMessage) { write(.info, message) }
    public func notice(_ message: OSLogMessage) { write(.default, message) }
    public func warning(_ message: OSLogMessage) { write(.error, message, label: "warning") }
    public func error(_ message: OSLogMessage) { write(.error, message) }
    public func critical(_ message: OSLogMessage) { write(.fault, message, label: "critical") }
    public func fault(_ message: OSLogMessage) { write(.fault, message) }

    private func write(_ level: OSLogType, _ message: OSLogMessage, label: String? = nil) {
        guard let host = ActionButtonRuntime.current else { return }
        host.log(OSLog.line(level: level, label: label, text: message.text))
    }
}

/// A log of a subsystem and category (Apple's page: "OSLog"), for `os_log` and `Logger(_:)`.
public final class OSLog: Sendable {
    public let subsystem: String
    public let category: String

    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }

    public static let `default` = OSLog(subsystem: "", category: "")
    public static let disabled = OSLog(subsystem: "", category: "disabled")

    /// The text a line of this level becomes in the session log.
    static func line(level: OSLogType, label: String?, text: String) -> String {
        if let label { return "\(label): \(text)" }
        switch level {
        case .error: return "error: \(text)"
        case .fault: return "fault: \(text)"
        default: return text
        }
    }
}

/// How serious a log line is (Apple's page: "OSLogType").
public struct OSLogType: Hashable, Sendable, RawRepresentable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }

    public static let `default` = OSLogType(rawValue: 0x00)
    public static let info = OSLogType(rawValue: 0x01)
    public static let debug = OSLogType(rawValue: 0x02)
    public static let error = OSLogType(rawValue: 0x10)
    public static let fault = OSLogType(rawValue: 0x11)
}

/// The older C-style call (Apple's page: "os_log(_:dso:log:type:_:)"): a printf-style
/// format (`%@`, `%d`, `%{public}@`), its arguments.
public func os_log(_ message: StaticString, dso: UnsafeRawPointer? = nil, log: OSLog = .default,
                   type: OSLogType = .default, _ args: any CVarArg...) {
    guard let host = ActionButtonRuntime.current else { return }
    // The privacy annotations (`%{public}@`) mean nothing to `String(format:)`.
    var format = "\(message)"
    for annotation in ["{public}", "{private}", "{sensitive}"] { format = format.replacingOccurrences(of: annotation, with: "") }
    host.log(OSLog.line(level: type, label: nil, text: String(format: format, arguments: args)))
}

/// The same, with the log's type first (Apple's page: "os_log(_:log:_:_:)").
public func os_log(_ type: OSLogType, dso: UnsafeRawPointer? = nil, log: OSLog = .default,
                   _ message: StaticString, _ args: any CVarArg...) {
    guard let host = ActionButtonRuntime.current else { return }
    var format = "\(message)"
    for annotation in ["{public}", "{private}", "{sensitive}"] { format = format.replacingOccurrences(of: annotation, with: "") }
    host.log(OSLog.line(level: type, label: nil, text: String(format: format, arguments: args)))
}
