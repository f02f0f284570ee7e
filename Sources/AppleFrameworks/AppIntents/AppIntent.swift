/// An action an app offers to the system (Apple's page: "AppIntent"), as far as the Action
/// button uses it. The simulator calls `perform()` exactly where a watch would.
///
/// Apple's protocol also requires `init()`. Here only the Action-button protocols
/// (`StartWorkoutIntent`, `PauseWorkoutIntent`, ...) do, because the simulator's own
/// manifest-described intents are values built from a file, with no empty form.
public protocol AppIntent: PersistentlyIdentifiable, Sendable {
    associatedtype PerformResult: IntentResult
    /// The summary Shortcuts shows (Apple's `parameterSummary`); none by default.
    associatedtype SummaryContent: ParameterSummary

    static var title: LocalizedStringResource { get }
    /// Apple declares this optional; here it is not, so that Apple's own spelling
    /// `static var description = IntentDescription("...")` is the witness. (A non-optional
    /// property never satisfies an optional requirement, and with a default in place the
    /// mismatch would be silently ignored.)
    static var description: IntentDescription { get }
    /// Whether running the intent brings the app to the foreground. Start intents must
    /// leave this true (A9). Apple deprecates it for `supportedModes` (watchOS 26).
    static var openAppWhenRun: Bool { get }
    /// Whether the intent runs with the app in the foreground or the background (watchOS 26).
    /// A start intent's app is opened all the same (A9); see `IntentModes`.
    static var supportedModes: IntentModes { get }
    /// Whether the wearer must have unlocked the watch first; on the Action button the watch
    /// is on the wrist and unlocked, so every policy lets the intent run.
    static var authenticationPolicy: IntentAuthenticationPolicy { get }
    /// Whether the intent shows up in Shortcuts and Spotlight; the Action button ignores it.
    static var isDiscoverable: Bool { get }

    /// May be `@MainActor`, as Apple's samples often write it.
    func perform() async throws -> PerformResult

    /// The intent and its parameters as a sentence (Apple's page: "parameterSummary").
    static var parameterSummary: SummaryContent { get }
}

extension AppIntent {
    public static var description: IntentDescription { IntentDescription("") }
    public static var openAppWhenRun: Bool { false }
    public static var isDiscoverable: Bool { true }
    public static var authenticationPolicy: IntentAuthenticationPolicy { .alwaysAllowed }
}

/// Whether an intent may run on a locked device (Apple's page: "IntentAuthenticationPolicy").
public enum IntentAuthenticationPolicy: Hashable, Sendable {
    case alwaysAllowed
    case requiresAuthentication
    case requiresLocalDeviceAuthentication
}

extension AppIntent {
    /// Apple's `@Parameter` inside an intent: the parameter property wrapper.
    public typealias Parameter<Value: Sendable> = IntentParameter<Value>
}

/// An intent whose name and title are known only at run time, such as one described by an
/// app manifest. Swift-defined intents never need this: their type name and `title` serve.
public protocol DynamicIntent: AppIntent {
    var intentName: String { get }
    var intentTitle: String { get }
    var intentOpensApp: Bool { get }
    /// The parameters shown in logs and matched by scenario expectations.
    var intentParameters: KeyValuePairs<String, String> { get }
}
