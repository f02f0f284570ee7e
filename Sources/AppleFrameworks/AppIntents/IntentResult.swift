/// What `perform()` returns (Apple's page: "IntentResult"). Apps never implement it: they
/// return one of the `.result(...)` values below and name the result's capabilities in the
/// return type (`some IntentResult & ProvidesDialog`).
///
/// The simulator reads two things from a result: the intent it donates as the Action
/// button's next action (A6), and the dialog the watch shows.
public protocol IntentResult: Sendable {
    associatedtype Value = Never

    /// The intent the result donates as the next action, if any.
    var actionButtonIntent: (any AppIntent)? { get }
    /// What the watch says when the intent finishes, if anything.
    var dialog: IntentDialog? { get }
    /// The value the intent hands back (Apple's page: "value"): what a caller of
    /// `perform()` reads from a `ReturnsValue<T>` result; nil for a result without one.
    var value: Value? { get }
}

extension IntentResult {
    public var actionButtonIntent: (any AppIntent)? { nil }
    public var dialog: IntentDialog? { nil }
    public var value: Value? { nil }
}

/// A result that says something (Apple's page: "ProvidesDialog").
public protocol ProvidesDialog: IntentResult {}

/// A result that hands back a value (Apple's page: "ReturnsValue").
public protocol ReturnsValue<Value>: IntentResult {
    associatedtype Value
}

/// A result that opens another intent when the first finishes (Apple's page: "OpensIntent").
public protocol OpensIntent: IntentResult {}

/// The result every `.result(...)` builds (Apple's page: "IntentResultContainer"). Its type
/// says what it carries: a value, an intent to open, a snippet, a dialog (`Never` for none).
public struct IntentResultContainer<Value: Sendable, OpensAppIntent: Sendable, Snippet: Sendable, Dialog: Sendable>: IntentResult {
    public let value: Value?
    public let opensIntent: OpensAppIntent?
    public let dialog: IntentDialog?
    public let actionButtonIntent: (any AppIntent)?
    /// The identifier given with `.result(actionButtonIntent:activityIdentifier:)`.
    public let activityIdentifier: String?

    init(value: Value? = nil, opensIntent: OpensAppIntent? = nil, dialog: IntentDialog? = nil,
         actionButtonIntent: (any AppIntent)? = nil, activityIdentifier: String? = nil) {
        self.value = value
        self.opensIntent = opensIntent
        self.dialog = dialog
        self.actionButtonIntent = actionButtonIntent
        self.activityIdentifier = activityIdentifier
    }
}

extension IntentResultContainer: ProvidesDialog where Dialog == IntentDialog {}
extension IntentResultContainer: ReturnsValue {}
extension IntentResultContainer: OpensIntent where OpensAppIntent: AppIntent {}

extension IntentResult {
    /// Finished; nothing more to say (Apple's page: "result()").
    public static func result() -> Self where Self == IntentResultContainer<Never, Never, Never, Never> {
        IntentResultContainer()
    }

    /// Finished, and `actionButtonIntent` is the Action button's next action (A6).
    public static func result<Intent: AppIntent>(actionButtonIntent: Intent) -> Self
    where Self == IntentResultContainer<Never, Never, Never, Never> {
        IntentResultContainer(actionButtonIntent: actionButtonIntent)
    }

    public static func result<Intent: AppIntent>(actionButtonIntent: Intent, activityIdentifier: String) -> Self
    where Self == IntentResultContainer<Never, Never, Never, Never> {
        IntentResultContainer(actionButtonIntent: actionButtonIntent, activityIdentifier: activityIdentifier)
    }

    /// Finished, with something for the watch to say.
    public static func result(dialog: IntentDialog) -> Self where Self == IntentResultContainer<Never, Never, Never, IntentDialog> {
        IntentResultContainer(dialog: dialog)
    }

    /// Finished with a next action (A6) and something to say.
    public static func result<Intent: AppIntent>(actionButtonIntent: Intent, dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<Never, Never, Never, IntentDialog> {
        IntentResultContainer(dialog: dialog, actionButtonIntent: actionButtonIntent)
    }

    public static func result<Intent: AppIntent>(actionButtonIntent: Intent, activityIdentifier: String, dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<Never, Never, Never, IntentDialog> {
        IntentResultContainer(dialog: dialog, actionButtonIntent: actionButtonIntent, activityIdentifier: activityIdentifier)
    }

    /// Finished with a value.
    public static func result<V: Sendable>(value: V) -> Self where Self == IntentResultContainer<V, Never, Never, Never> {
        IntentResultContainer(value: value)
    }

    public static func result<V: Sendable>(value: V, dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<V, Never, Never, IntentDialog> {
        IntentResultContainer(value: value, dialog: dialog)
    }

    public static func result<V: Sendable, Intent: AppIntent>(value: V, actionButtonIntent: Intent) -> Self
    where Self == IntentResultContainer<V, Never, Never, Never> {
        IntentResultContainer(value: value, actionButtonIntent: actionButtonIntent)
    }

    public static func result<V: Sendable, Intent: AppIntent>(value: V, actionButtonIntent: Intent, dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<V, Never, Never, IntentDialog> {
        IntentResultContainer(value: value, dialog: dialog, actionButtonIntent: actionButtonIntent)
    }

    /// A value with a next action named by an activity (watchOS 10.2).
    public static func result<V: Sendable, Intent: AppIntent>(value: V, actionButtonIntent: Intent, activityIdentifier: String) -> Self
    where Self == IntentResultContainer<V, Never, Never, Never> {
        IntentResultContainer(value: value, actionButtonIntent: actionButtonIntent, activityIdentifier: activityIdentifier)
    }

    public static func result<V: Sendable, Intent: AppIntent>(value: V, actionButtonIntent: Intent, activityIdentifier: String,
                                                              dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<V, Never, Never, IntentDialog> {
        IntentResultContainer(value: value, dialog: dialog, actionButtonIntent: actionButtonIntent, activityIdentifier: activityIdentifier)
    }

    /// A value, and `opensIntent` to run next (Apple's overview example for IntentResult).
    public static func result<V: Sendable, Opens: AppIntent>(value: V, opensIntent: Opens) -> Self
    where Self == IntentResultContainer<V, Opens, Never, Never> {
        IntentResultContainer(value: value, opensIntent: opensIntent)
    }

    public static func result<V: Sendable, Opens: AppIntent>(value: V, opensIntent: Opens, dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<V, Opens, Never, IntentDialog> {
        IntentResultContainer(value: value, opensIntent: opensIntent, dialog: dialog)
    }

    /// Finished, and `opensIntent` runs next to show the outcome in the app.
    public static func result<Opens: AppIntent>(opensIntent: Opens) -> Self
    where Self == IntentResultContainer<Never, Opens, Never, Never> {
        IntentResultContainer(opensIntent: opensIntent)
    }

    public static func result<Opens: AppIntent>(opensIntent: Opens, dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<Never, Opens, Never, IntentDialog> {
        IntentResultContainer(opensIntent: opensIntent, dialog: dialog)
    }
}
