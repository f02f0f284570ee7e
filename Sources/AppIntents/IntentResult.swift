/// What `perform()` returns. For the Action button, the one thing that matters is whether it
/// names the next action (A6).
public protocol IntentResult: Sendable {
    /// The intent the result donates as the Action button's next action, if any.
    var actionButtonIntent: (any AppIntent)? { get }
}

/// The concrete result behind `.result()` and `.result(actionButtonIntent:)`.
public struct ActionButtonIntentResult: IntentResult {
    public let actionButtonIntent: (any AppIntent)?

    public init(actionButtonIntent: (any AppIntent)? = nil) {
        self.actionButtonIntent = actionButtonIntent
    }
}

extension IntentResult where Self == ActionButtonIntentResult {
    /// A successful result that changes nothing.
    public static func result() -> ActionButtonIntentResult { ActionButtonIntentResult() }

    /// A successful result that makes `actionButtonIntent` the next action (A6).
    public static func result(actionButtonIntent: some AppIntent) -> ActionButtonIntentResult {
        ActionButtonIntentResult(actionButtonIntent: actionButtonIntent)
    }
}

extension AppIntent {
    /// Donates a result; its `actionButtonIntent` becomes the Action button's next action,
    /// replacing any earlier one (A6). Works at any time, from any code path.
    public func donate(result: ActionButtonIntentResult) async throws {
        guard let host = ActionButtonRuntime.host else { throw ActionButtonRuntimeError.noSystem(operation: "donate(result:)") }
        guard let next = result.actionButtonIntent else { return }
        host.donate(next, donor: IntentIdentity(self).reference)
    }
}
