/// How Shortcuts shows an intent with its parameters (Apple's page: "ParameterSummary"). The
/// Action button shows none; the simulator keeps the text for the log and for tests.
public protocol ParameterSummary {
    associatedtype Intent: AppIntent
}

/// A summary sentence with the intent's parameters in it (Apple's page:
/// "IntentParameterSummary"): `Summary("Start \(\.$workoutStyle)")` inside an intent.
public struct IntentParameterSummary<Intent: AppIntent>: ParameterSummary, SummaryText {
    private let sentence: ParameterSummaryString<Intent>?
    /// The parameters shown below the sentence.
    public let keyPaths: [PartialKeyPath<Intent>]

    public init() {
        sentence = nil
        keyPaths = []
    }

    public init(@ParameterKeyPathsBuilder _ parameters: () -> [PartialKeyPath<Intent>]) {
        sentence = nil
        keyPaths = parameters()
    }

    public init(_ summary: ParameterSummaryString<Intent>, table: String? = nil) {
        sentence = summary
        keyPaths = []
    }

    public init(_ summary: ParameterSummaryString<Intent>, table: String? = nil,
                @ParameterKeyPathsBuilder _ parameters: () -> [PartialKeyPath<Intent>]) {
        sentence = summary
        keyPaths = parameters()
    }

    /// The sentence as Shortcuts would show it for `intent`: each parameter by its value, or
    /// by its title while it has none.
    public func text(for intent: Intent) -> String {
        sentence?.segments.map { $0(intent) }.joined() ?? ""
    }

    func summaryText(for intent: Any) -> String? { (intent as? Intent).map(text(for:)) }

    /// Builds the list of parameters shown below a summary.
    @resultBuilder
    public enum ParameterKeyPathsBuilder {
        /// Gives each `\.$parameter` line its type: a result builder checks each line on
        /// its own, where a bare key path has no root to infer.
        public static func buildExpression<Value>(_ parameter: KeyPath<Intent, IntentParameter<Value>>) -> PartialKeyPath<Intent> {
            parameter
        }
        public static func buildBlock(_ components: PartialKeyPath<Intent>...) -> [PartialKeyPath<Intent>] { components }
    }
}

/// The sentence of a parameter summary, written as a string with parameters interpolated
/// (`"Start \(\.$workoutStyle)"`).
public struct ParameterSummaryString<Intent: AppIntent>: ExpressibleByStringInterpolation {
    let segments: [(Intent) -> String]

    public init(stringLiteral value: String) { segments = [{ _ in value }] }

    public init(stringInterpolation: StringInterpolation) { segments = stringInterpolation.segments }

    public struct StringInterpolation: StringInterpolationProtocol {
        var segments: [(Intent) -> String] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) { segments.append { _ in literal } }

        /// A parameter of the intent, by the key path to its `$` form.
        public mutating func appendInterpolation<Value>(_ parameter: KeyPath<Intent, IntentParameter<Value>>) {
            segments.append { intent in
                let projected = intent[keyPath: parameter]
                return projected.loggedValue ?? projected.title.key
            }
        }
    }
}

extension AppIntent {
    /// Apple's name for a summary inside an intent.
    public typealias Summary = IntentParameterSummary<Self>

    /// An intent without a summary of its own shows none.
    public static var parameterSummary: some ParameterSummary { IntentParameterSummary<Self>() }
}

/// An intent that shows an interactive snippet (Apple's page: "SnippetIntent", watchOS 26).
/// The simulated watch shows no snippet; a confirmation that names one logs it.
public protocol SnippetIntent: AppIntent {}

extension AppIntent {
    /// Asks the wearer to confirm, showing `snippetIntent`'s snippet (Apple's page:
    /// "requestConfirmation(conditions:actionName:dialog:showDialogAsPrompt:snippetIntent:)",
    /// watchOS 26). The simulated wearer confirms; the log names the snippet.
    public func requestConfirmation<Snippet>(conditions: ConfirmationConditions = [], actionName: ConfirmationActionName = .continue,
                                             dialog: IntentDialog? = nil, showDialogAsPrompt: Bool = true,
                                             snippetIntent: Snippet) async throws where Snippet: SnippetIntent {
        let intent = IntentIdentity(self).reference.name
        let prompt = dialog.map { " “\($0.full.key)”" } ?? ""
        ActionButtonRuntime.current?.log("\(intent) asks to confirm\(prompt) with the snippet of \(Snippet.self) [\(actionName)]: the wearer confirms")
    }
}

/// Something the system knows by a name that outlives a build (Apple's page:
/// "PersistentlyIdentifiable"): here, as in Apple's default, the type's name.
public protocol PersistentlyIdentifiable {
    static var persistentIdentifier: String { get }
}

extension PersistentlyIdentifiable {
    public static var persistentIdentifier: String { String(describing: Self.self) }
}
