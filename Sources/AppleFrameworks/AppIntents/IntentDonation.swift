import ActionButtonCore
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
        guard let host = ActionButtonRuntime.current else { throw ActionButtonRuntimeError.noSystem(operation: "donate(result:)") }
        return IntentDonation.donate(self, result: result, on: host)
    }

    /// The same, for code outside Swift concurrency: errors are ignored, as Apple's are.
    @discardableResult
    public func donate(result: some IntentResult) -> IntentDonationIdentifier {
        IntentDonation.donate(self, result: result, on: ActionButtonRuntime.current)
    }

    /// Donates the intent alone: a hint for Siri's suggestions, which leaves the Action
    /// button's next action as it was (only a result's `actionButtonIntent` changes that).
    /// Apple's page: "donate()".
    @discardableResult
    public func donate() async throws -> IntentDonationIdentifier {
        guard let host = ActionButtonRuntime.current else { throw ActionButtonRuntimeError.noSystem(operation: "donate()") }
        return IntentDonation.donate(self, result: nil as IntentResultContainer<Never, Never, Never, Never>?, on: host)
    }

    @discardableResult
    public func donate() -> IntentDonationIdentifier {
        IntentDonation.donate(self, result: nil as IntentResultContainer<Never, Never, Never, Never>?, on: ActionButtonRuntime.current)
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

    /// Forgets the donations `predicate` matches and returns their identifiers (Apple's page:
    /// "deleteDonations(matching:)"). A deleted donation that made an intent the Action
    /// button's next action withdraws it, if no later donation or result has replaced it (A6).
    @discardableResult
    public func deleteDonations(matching predicate: IntentDonationMatchingPredicate) async throws -> [IntentDonationIdentifier] {
        let deleted = IntentDonation.ledger.withLock { ledger in
            let matched = ledger.filter { predicate.matches($0.identifier, $0.intentType) }
            ledger.removeAll { entry in matched.contains { $0.identifier == entry.identifier } }
            return matched
        }
        let host = ActionButtonRuntime.current
        host?.log("deleted \(deleted.count) donation\(deleted.count == 1 ? "" : "s") (\(predicate))")
        for next in deleted.compactMap(\.nextAction) { host?.donationDeleted(next) }
        return deleted.map(\.identifier)
    }
}

/// Which donations `deleteDonations(matching:)` removes (Apple's page:
/// "IntentDonationMatchingPredicate").
public struct IntentDonationMatchingPredicate: Sendable, CustomStringConvertible {
    let matches: @Sendable (IntentDonationIdentifier, ObjectIdentifier) -> Bool
    public let description: String

    /// Every donation of one intent type. (Apple also narrows by an entity identifier; the
    /// simulated watch keeps no entities with its donations.)
    public static func intentType(_ intentType: any AppIntent.Type) -> IntentDonationMatchingPredicate {
        let wanted = ObjectIdentifier(intentType)
        return IntentDonationMatchingPredicate(matches: { $1 == wanted }, description: "of \(intentType)")
    }

    /// One earlier donation.
    public static func donationIdentifier(_ identifier: IntentDonationIdentifier) -> IntentDonationMatchingPredicate {
        IntentDonationMatchingPredicate(matches: { id, _ in id == identifier }, description: "\(identifier)")
    }

    /// Earlier donations, by the identifiers their calls returned (watchOS 26.4).
    public static func donationIdentifiers(_ identifiers: [IntentDonationIdentifier]) -> IntentDonationMatchingPredicate {
        IntentDonationMatchingPredicate(matches: { id, _ in identifiers.contains(id) },
                                        description: identifiers.map(\.description).joined(separator: ", "))
    }
}

enum IntentDonation {
    /// One donation this process made: its intent's type, and the next action it set, if any.
    struct Entry: Sendable {
        let identifier: IntentDonationIdentifier
        let intentType: ObjectIdentifier
        let nextAction: IntentReference?
    }

    /// The donations this process made, for `deleteDonations(matching:)`.
    static let ledger = Mutex<[Entry]>([])

    /// One donation: kept in the ledger under a new identifier, and on the simulated watch (if
    /// the code runs on one) a result's `actionButtonIntent` becomes the next action (A6).
    /// Anything else is a hint for Siri, which a watch keeps to itself.
    @discardableResult
    static func donate(_ intent: some AppIntent, result: (some IntentResult)?, on host: (any ActionButtonHost)?) -> IntentDonationIdentifier {
        let identifier = IntentDonationIdentifier.next()
        let next = result?.actionButtonIntent
        ledger.withLock {
            $0.append(Entry(identifier: identifier, intentType: ObjectIdentifier(type(of: intent)),
                            nextAction: next.map { IntentIdentity($0).reference }))
        }
        if let host, let next { host.donate(next, donor: IntentIdentity(intent).reference) }
        return identifier
    }
}
