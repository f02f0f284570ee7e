/// A place in an app's source: what every message of the scan points at, written
/// `file:line:column` as compilers write it.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// What the scan has to say about an app's sources.
public struct ScanMessage: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        /// The app cannot be loaded as it is (a watch would refuse it, or it would not build here).
        case error
        /// It loads, but something will not be as on a watch.
        case warning
    }

    public var severity: Severity
    /// Where, when the message is about one place (not about the app as a whole).
    public var position: SourcePosition?
    public var message: String

    public init(_ severity: Severity, at position: SourcePosition?, _ message: String) {
        self.severity = severity
        self.position = position
        self.message = message
    }

    /// `file:line:column: message`, as actionsim's own errors say it (after `error: `).
    public var locatedMessage: String {
        (position.map { "\($0): " } ?? "") + message
    }

    /// `file:line:column: error: message`, the form compilers and editors read.
    public var description: String {
        (position.map { "\($0): " } ?? "") + "\(severity.rawValue): \(message)"
    }
}
