import AppIntents

/// The `logger` Apple's examples write to (os.Logger on a watch). Here each line goes to
/// the session log of the simulated watch the code runs on, so a test can read it; outside
/// a simulation it is dropped.
public struct Logger: Sendable {
    public let subsystem: String
    public let category: String

    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }

    public func debug(_ message: String) { ActionButtonRuntime.host?.log(message) }
    public func info(_ message: String) { ActionButtonRuntime.host?.log(message) }
    public func error(_ message: String) { ActionButtonRuntime.host?.log(message) }
}
