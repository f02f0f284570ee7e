/// An intent that may ask to continue with the app in the foreground (Apple's page:
/// "ForegroundContinuableIntent"; Apple prefers `supportedModes` from watchOS 26). An
/// Action-button intent's app is open already, so the simulated watch runs the continuation
/// at once.
public protocol ForegroundContinuableIntent: AppIntent {}

extension ForegroundContinuableIntent {
    /// Runs `continuation` in the foreground, which the app is in, and goes on.
    public func requestToContinueInForeground(_ dialog: IntentDialog? = nil,
                                              continuation: @MainActor @Sendable () async -> Void = {}) async throws {
        ActionButtonRuntime.host?.log("\(IntentIdentity(self).reference.name) continues in the foreground (the app is open)")
        await continuation()
    }

    /// The same with a value from the continuation.
    public func requestToContinueInForeground<Value: Sendable>(_ dialog: IntentDialog? = nil,
                                                               continuation: @MainActor @Sendable () async throws -> Value) async throws -> Value {
        ActionButtonRuntime.host?.log("\(IntentIdentity(self).reference.name) continues in the foreground (the app is open)")
        return try await continuation()
    }

    /// The error to throw from `perform()` to continue in the foreground: the continuation
    /// starts at once (the app is open), and the intent then ends with this error, as it
    /// does on a watch before the app takes over.
    public func needsToContinueInForegroundError(_ dialog: IntentDialog? = nil,
                                                 continuation: @MainActor @Sendable @escaping () async -> Void = {}) -> any Error {
        Task { @MainActor in await continuation() }
        return ContinueInForegroundError(intent: IntentIdentity(self).reference.name, dialog: dialog)
    }
}

/// What `needsToContinueInForegroundError` hands back.
public struct ContinueInForegroundError: Error, CustomStringConvertible, Sendable {
    public let intent: String
    public let dialog: IntentDialog?

    public var description: String {
        "\(intent) continues in the foreground" + (dialog.map { ": \($0.full.key)" } ?? "")
    }
}
