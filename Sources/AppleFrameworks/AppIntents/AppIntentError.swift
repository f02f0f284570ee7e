/// A failure the system knows how to answer (Apple's page: "AppIntentError"): thrown from
/// `perform()`, it ends the intent. On the simulated watch it ends the run as any thrown
/// error does; its description says which one it was.
public struct AppIntentError: Error, Hashable, Sendable, CustomStringConvertible {
    let reason: String

    init(reason: String) { self.reason = reason }

    public var description: String { reason }

    /// Asks the system to run `perform()` again from the start.
    public static var restartPerform: AppIntentError { AppIntentError(reason: "restart perform") }

    /// Errors a person can fix by doing something (watchOS 11).
    public enum UserActionRequired {
        public static let accountSetup = AppIntentError(reason: "account setup required")
        public static let confirmation = AppIntentError(reason: "confirmation required")
        public static let signin = AppIntentError(reason: "sign-in required")
    }

    /// Errors nothing can fix (watchOS 11).
    public enum Unrecoverable {
        public static let notAllowed = AppIntentError(reason: "not allowed")
        public static let unsupportedOnDevice = AppIntentError(reason: "unsupported on this device")
        public static let featureCurrentlyRestricted = AppIntentError(reason: "feature currently restricted")
    }

    /// Errors a permission would fix (watchOS 11).
    public enum PermissionRequired {
        public static let location = AppIntentError(reason: "location permission required")
    }

    /// The intent goes on in the app, which the system brings to the foreground.
    static func continueInForeground(intent: String, dialog: IntentDialog?) -> AppIntentError {
        AppIntentError(reason: "\(intent) continues in the foreground" + (dialog.map { ": \($0.full.key)" } ?? ""))
    }
}

extension AppIntent {
    /// The error to throw from `perform()` to go on in the foreground (Apple's page:
    /// "needsToContinueInForegroundError(_:alwaysConfirm:)", watchOS 26). The simulated
    /// wearer agrees and the app comes forward, as with `continueInForeground`; the intent
    /// then ends with this error.
    public func needsToContinueInForegroundError(_ dialog: IntentDialog? = nil, alwaysConfirm: Bool = true) -> AppIntentError {
        comeForward("needs to continue in the foreground", dialog: dialog, alwaysConfirm: alwaysConfirm)
        return .continueInForeground(intent: IntentIdentity(self).reference.name, dialog: dialog)
    }

    /// Runs the intent as a shortcut would (Apple's page: "callAsFunction(donate:)"):
    /// `perform()`, then, when `donateOnCompletion` is true, a donation of the intent with
    /// its result (a result naming an `actionButtonIntent` sets the next action, A6).
    public func callAsFunction(donate donateOnCompletion: Bool = true) async throws where PerformResult.Value == Never {
        _ = try await performAndDonate(donateOnCompletion)
    }

    /// The same for an intent that returns a value, which it hands back.
    public func callAsFunction(donate donateOnCompletion: Bool = true) async throws -> PerformResult.Value
    where PerformResult: ReturnsValue {
        guard let value = try await performAndDonate(donateOnCompletion).value else {
            throw AppIntentError(reason: "\(IntentIdentity(self).reference.name) returned no value")
        }
        return value
    }

    private func performAndDonate(_ donate: Bool) async throws -> PerformResult {
        let result = try await perform()
        if donate { IntentDonation.donate(self, result: result, on: ActionButtonRuntime.current) }
        return result
    }
}

/// One answer of `requestChoice(between:dialog:)` (Apple's page: "IntentChoiceOption",
/// watchOS 26).
public struct IntentChoiceOption: Hashable, Sendable {
    /// How an option looks and what it means.
    public struct Style: Hashable, Sendable {
        let name: String
        public static var `default`: Style { Style(name: "default") }
        public static var destructive: Style { Style(name: "destructive") }
        public static var cancel: Style { Style(name: "cancel") }
    }

    public let title: LocalizedStringResource
    public let style: Style

    public init(title: LocalizedStringResource, style: Style = .default) {
        self.title = title
        self.style = style
    }

    /// The option that leaves things as they were.
    public static var cancel: IntentChoiceOption { IntentChoiceOption(title: "Cancel", style: .cancel) }
}

extension AppIntent {
    /// Asks the wearer to pick one of `options` (Apple's page: "requestChoice(between:dialog:)",
    /// watchOS 26). The simulated wearer picks the first option that does not cancel, as
    /// the confirmations here are accepted; the question and answer go on the timeline.
    public func requestChoice(between options: [IntentChoiceOption], dialog: IntentDialog? = nil) async throws -> IntentChoiceOption {
        guard let picked = options.first(where: { $0.style != .cancel }) ?? options.first else {
            throw AppIntentError(reason: "requestChoice(between:) was given no options")
        }
        let prompt = dialog.map { " “\($0.full.key)”" } ?? ""
        ActionButtonRuntime.current?.log("\(IntentIdentity(self).reference.name) asks to choose\(prompt): the wearer picks \(picked.title.key)")
        return picked
    }
}
