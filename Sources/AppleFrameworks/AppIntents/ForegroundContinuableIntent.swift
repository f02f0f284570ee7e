/// An intent that may ask to continue with the app in the foreground (Apple's page:
/// "ForegroundContinuableIntent"; Apple prefers `supportedModes` from watchOS 26). An
/// Action-button intent's app is open already, so the simulated watch runs the continuation
/// at once.
public protocol ForegroundContinuableIntent: AppIntent {}

extension ForegroundContinuableIntent {
    /// Runs `continuation` in the foreground, which the app is in, and goes on with what it
    /// returns (nothing, by default). Apple's closure is neither escaping nor `@Sendable`.
    @discardableResult
    public func requestToContinueInForeground<ResultValue: Sendable>(
        _ dialog: IntentDialog? = nil, continuation: @MainActor () async throws -> ResultValue = { () }
    ) async throws -> ResultValue {
        ActionButtonRuntime.current?.log("\(IntentIdentity(self).reference.name) continues in the foreground (the app is open)")
        return try await continuation()
    }

    /// The error to throw from `perform()` to continue in the foreground: the continuation
    /// starts at once (the app is open), and the intent then ends with this error, as it
    /// does on a watch before the app takes over. A continuation that throws is logged.
    public func needsToContinueInForegroundError(_ dialog: IntentDialog? = nil,
                                                 continuation: (@MainActor () async throws -> Void)? = nil) -> AppIntentError {
        let name = IntentIdentity(self).reference.name
        if let continuation {
            // Apple's continuation is not `@Sendable`; it runs once, on the main actor, and
            // this intent keeps no other reference to it.
            let handOff = UncheckedHandOff(continuation)
            Task { @MainActor in
                do { try await handOff.body() } catch {
                    ActionButtonRuntime.current?.log("\(name)'s foreground continuation failed: \(error)")
                }
            }
        }
        return .continueInForeground(intent: name, dialog: dialog)
    }
}
