import Synchronization

/// Names one donation (Apple's page: "IntentDonationIdentifier"). Opaque to apps; numbered in
/// the order donations are made in this process, so that nothing random enters a replay.
public struct IntentDonationIdentifier: Hashable, Sendable, Codable, CustomStringConvertible {
    let number: Int

    static func next() -> IntentDonationIdentifier {
        IntentDonationIdentifier(number: counter.withLock { count in
            count += 1
            return count
        })
    }

    private static let counter = Mutex(0)

    public var description: String { "donation \(number)" }
}

extension AppIntent {
    /// Donates this intent with the result it would have returned. When the result names an
    /// `actionButtonIntent`, that becomes the Action button's next action, replacing any
    /// earlier one (A6): at any time, from any code path of the app. Apple's page:
    /// "donate(result:)".
    @discardableResult
    public func donate(result: some IntentResult) async throws -> IntentDonationIdentifier {
        guard let host = ActionButtonRuntime.host else { throw ActionButtonRuntimeError.noSystem(operation: "donate(result:)") }
        IntentDonation.record(self, result: result, on: host)
        return .next()
    }

    /// The same, for code outside Swift concurrency: errors are ignored, as Apple's are.
    @discardableResult
    public func donate(result: some IntentResult) -> IntentDonationIdentifier {
        if let host = ActionButtonRuntime.host { IntentDonation.record(self, result: result, on: host) }
        return .next()
    }

    /// Donates the intent alone: a hint for Siri's suggestions, which leaves the Action
    /// button's next action as it was (only a result's `actionButtonIntent` changes that).
    /// Apple's page: "donate()".
    @discardableResult
    public func donate() async throws -> IntentDonationIdentifier {
        guard let host = ActionButtonRuntime.host else { throw ActionButtonRuntimeError.noSystem(operation: "donate()") }
        IntentDonation.record(self, result: nil as IntentResultContainer<Never, Never, Never, Never>?, on: host)
        return .next()
    }

    @discardableResult
    public func donate() -> IntentDonationIdentifier {
        if let host = ActionButtonRuntime.host {
            IntentDonation.record(self, result: nil as IntentResultContainer<Never, Never, Never, Never>?, on: host)
        }
        return .next()
    }
}

/// Donations made on an app's behalf (Apple's page: "IntentDonationManager").
public struct IntentDonationManager: Sendable {
    public static let shared = IntentDonationManager()

    @discardableResult
    public func donate(intent: some AppIntent) async throws -> IntentDonationIdentifier {
        try await intent.donate()
    }

    @discardableResult
    public func donate(intent: some AppIntent) -> IntentDonationIdentifier {
        intent.donate()
    }

    @discardableResult
    public func donate(intent: some AppIntent, result: some IntentResult) async throws -> IntentDonationIdentifier {
        try await intent.donate(result: result)
    }

    @discardableResult
    public func donate(intent: some AppIntent, result: some IntentResult) -> IntentDonationIdentifier {
        intent.donate(result: result)
    }
}

enum IntentDonation {
    /// What a donation does to the simulated watch: a result's `actionButtonIntent` becomes
    /// the next action (A6). Anything else is a hint for Siri, which a watch keeps to itself.
    static func record<Result: IntentResult>(_ intent: some AppIntent, result: Result?, on host: any ActionButtonHost) {
        guard let next = result?.actionButtonIntent else { return }
        host.donate(next, donor: IntentIdentity(intent).reference)
    }
}
