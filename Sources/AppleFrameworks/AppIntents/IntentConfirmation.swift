import ActionButtonCore

/// The verb on a confirmation prompt's button (Apple's page: "ConfirmationActionName").
public struct ConfirmationActionName: Hashable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ verb: String) { description = verb }

    public static var add: ConfirmationActionName { .init("Add") }
    public static var addData: ConfirmationActionName { .init("Add") }
    public static var book: ConfirmationActionName { .init("Book") }
    public static var buy: ConfirmationActionName { .init("Buy") }
    public static var call: ConfirmationActionName { .init("Call") }
    public static var checkIn: ConfirmationActionName { .init("Check In") }
    public static var `continue`: ConfirmationActionName { .init("Continue") }
    public static var create: ConfirmationActionName { .init("Create") }
    public static var `do`: ConfirmationActionName { .init("Do") }
    public static var download: ConfirmationActionName { .init("Download") }
    public static var filter: ConfirmationActionName { .init("Filter") }
    public static var find: ConfirmationActionName { .init("Find") }
    public static var get: ConfirmationActionName { .init("Get") }
    public static var go: ConfirmationActionName { .init("Go") }
    public static var log: ConfirmationActionName { .init("Log") }
    public static var open: ConfirmationActionName { .init("Open") }
    public static var order: ConfirmationActionName { .init("Order") }
    public static var pay: ConfirmationActionName { .init("Pay") }
    public static var play: ConfirmationActionName { .init("Play") }
    public static var playSound: ConfirmationActionName { .init("Play") }
    public static var post: ConfirmationActionName { .init("Post") }
    public static var request: ConfirmationActionName { .init("Request") }
    public static var run: ConfirmationActionName { .init("Run") }
    public static var search: ConfirmationActionName { .init("Search") }
    public static var send: ConfirmationActionName { .init("Send") }
    public static var set: ConfirmationActionName { .init("Set") }
    public static var share: ConfirmationActionName { .init("Share") }
    public static var start: ConfirmationActionName { .init("Start") }
    public static var startNavigation: ConfirmationActionName { .init("Start") }
    public static var toggle: ConfirmationActionName { .init("Toggle") }
    public static var turnOff: ConfirmationActionName { .init("Turn Off") }
    public static var turnOn: ConfirmationActionName { .init("Turn On") }
    public static var view: ConfirmationActionName { .init("View") }

    /// A verb of the app's own, with the words that accept or refuse by voice (Apple's page:
    /// "custom(acceptLabel:acceptAlternatives:denyLabel:denyAlternatives:destructive:)").
    /// The simulated wearer accepts; the log shows the accepting label.
    public static func custom(acceptLabel: LocalizedStringResource, acceptAlternatives: [LocalizedStringResource],
                              denyLabel: LocalizedStringResource, denyAlternatives: [LocalizedStringResource],
                              destructive: Bool) -> ConfirmationActionName {
        .init(acceptLabel.key)
    }
}

/// When a confirmation is asked for (Apple's page: "ConfirmationConditions"). The simulated
/// watch asks whatever the conditions.
public struct ConfirmationConditions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
}

extension AppIntent {
    /// Asks the wearer to confirm before going on (Apple's page: "requestConfirmation()").
    /// The simulated wearer confirms at once; the prompt is logged on the timeline.
    public func requestConfirmation() async throws {
        confirm(dialog: nil, actionName: .continue)
    }

    /// The same, with a button verb and what the prompt says.
    public func requestConfirmation(conditions: ConfirmationConditions = [], actionName: ConfirmationActionName = .continue,
                                    dialog: IntentDialog) async throws {
        confirm(dialog: dialog, actionName: actionName)
    }

    /// The older spelling, showing a result (Apple deprecates it).
    public func requestConfirmation<Result: IntentResult>(result: Result, confirmationActionName: ConfirmationActionName = .continue,
                                                          showPrompt: Bool = true) async throws {
        confirm(dialog: result.dialog, actionName: confirmationActionName)
    }

    /// The same, showing the output of a result (Apple's page:
    /// "requestConfirmation(output:confirmationActionName:showPrompt:)").
    public func requestConfirmation<Output: IntentResult>(output: Output, confirmationActionName: ConfirmationActionName = .continue,
                                                          showPrompt: Bool = true) async throws {
        confirm(dialog: output.dialog, actionName: confirmationActionName)
    }

    private func confirm(dialog: IntentDialog?, actionName: ConfirmationActionName) {
        let intent = IntentIdentity(self).reference.name
        let prompt = dialog.map { " “\($0.full.key)”" } ?? ""
        ActionButtonRuntime.current?.log("\(intent) asks to confirm\(prompt) [\(actionName)]: the wearer confirms")
    }
}
