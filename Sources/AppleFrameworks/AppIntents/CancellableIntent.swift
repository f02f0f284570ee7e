/// An intent that wants to know why it was cancelled, and time to tidy up (Apple's page:
/// "CancellableIntent", watchOS 26.4).
public protocol CancellableIntent: AppIntent {}

/// Why an intent's work was cancelled (Apple's page: "IntentCancellationReason",
/// watchOS 26.4). The simulated watch cancels an intent only when it outlasts its time
/// (`intent-time-limit`), so the reason it gives is `timeout`.
public struct IntentCancellationReason: Hashable, Sendable, CustomStringConvertible {
    public let description: String

    /// The intent ran past its time without reporting progress.
    public static var timeout: IntentCancellationReason { IntentCancellationReason(description: "timeout") }
    /// Someone watching the intent's progress cancelled it.
    public static var userCancelled: IntentCancellationReason { IntentCancellationReason(description: "userCancelled") }
}

extension CancellableIntent {
    /// Runs `operation`, calling `handler` with the reason if the intent is cancelled
    /// meanwhile (Apple's page: "withIntentCancellationHandler(operation:onCancel:isolation:)").
    /// Built on Swift's own task cancellation handler; the log names the reason.
    public func withIntentCancellationHandler<T>(operation: () async throws -> T,
                                                 onCancel handler: @Sendable (IntentCancellationReason) -> Void,
                                                 isolation: isolated (any Actor)? = #isolation) async rethrows -> T {
        let name = IntentIdentity(self).reference.name
        return try await withoutActuallyEscaping(handler) { handler in
            // The non-escaping handler crosses into Swift's cancellation closure, which runs it
            // at most once while this function is still running.
            let cancel = UncheckedHandOff(handler)
            return try await withTaskCancellationHandler(operation: operation, onCancel: {
                ActionButtonRuntime.current?.log("\(name) is cancelled (\(IntentCancellationReason.timeout))")
                cancel.body(.timeout)
            }, isolation: isolation)
        }
    }
}

extension LongRunningIntent where Self: CancellableIntent {
    /// Runs `operation` with extended time, calling `onCancel` with the reason if the intent
    /// is cancelled first (Apple's page: "performBackgroundTask(options:operation:onCancel:)",
    /// watchOS 27).
    @discardableResult
    public func performBackgroundTask<T>(options: LongRunningTaskOptions = [], operation: @escaping () async throws -> T,
                                         onCancel: @escaping @Sendable (IntentCancellationReason) -> Void) async throws -> T {
        try await performBackgroundTask(options: options) {
            try await withTaskCancellationHandler(operation: operation, onCancel: { onCancel(.timeout) })
        }
    }
}
