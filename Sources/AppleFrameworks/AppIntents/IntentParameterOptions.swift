import Foundation

// The kinds of `@Parameter` Apple declares for one value type each (Apple's pages:
// "IntentParameter" > Integers, Doubles, Dates, Strings, Booleans, and the options-provider
// forms). Shortcuts reads the control style, range, keyboard and display names to draw its
// editor; the Action button shows none, so they are kept and nothing else is done with them.

/// How a parameter takes the result of the intent before it in a shortcut (Apple's page:
/// "InputConnectionBehavior").
public struct InputConnectionBehavior: Hashable, Sendable {
    let name: String
    public static let `default` = InputConnectionBehavior(name: "default")
    public static let connectToPreviousIntentResult = InputConnectionBehavior(name: "connectToPreviousIntentResult")
    public static let never = InputConnectionBehavior(name: "never")
}

/// A list of values a parameter offers, worked out when the editor asks (Apple's page:
/// "DynamicOptionsProvider").
public protocol DynamicOptionsProvider: Sendable {
    associatedtype DefaultValue: Sendable
    func results() async throws -> [DefaultValue]
    func defaultResult() async -> DefaultValue?
}

extension DynamicOptionsProvider {
    public func defaultResult() async -> DefaultValue? { nil }
}

extension IntentParameter {
    /// The lowest and highest value a number parameter takes, both included.
    public typealias InclusiveRange<Bound> = (lowerBound: Bound, upperBound: Bound)

    /// How Shortcuts edits a whole-number parameter.
    public enum IntControlStyle: Hashable, Sendable { case field, stepper, slider }
    /// How Shortcuts edits a floating-point parameter.
    public enum DoubleControlStyle: Hashable, Sendable { case field, stepper, slider }
    /// Which parts of a date Shortcuts asks for.
    public enum DateKind: Hashable, Sendable { case date, time, dateTime }

    /// Whether the parameter may be left without a value (Apple's page: "isOptional").
    public var isOptional: Bool { Value.self is any _OptionalIntentValue.Type }

    private init(title: LocalizedStringResource, description: LocalizedStringResource?, value: Value?,
                 requestValueDialog: IntentDialog?) {
        self.init(title: title, description: description, default: value, requestValueDialog: requestValueDialog)
    }
}

extension IntentParameter where Value == Int {
    @_disfavoredOverload
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Int? = nil,
                controlStyle: IntControlStyle = .stepper, inclusiveRange: InclusiveRange<Int>? = nil,
                requestValueDialog: IntentDialog? = nil, inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title, description: description, value: defaultValue, requestValueDialog: requestValueDialog)
    }

    public init<OptionsProvider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, controlStyle: IntControlStyle = .stepper,
        inclusiveRange: InclusiveRange<Int>? = nil, requestValueDialog: IntentDialog? = nil,
        inputConnectionBehavior: InputConnectionBehavior = .default, optionsProvider: OptionsProvider
    ) where OptionsProvider.DefaultValue == Int {
        self.init(title: title, description: description, value: nil, requestValueDialog: requestValueDialog)
    }
}

extension IntentParameter where Value == Double {
    @_disfavoredOverload
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Double? = nil,
                controlStyle: DoubleControlStyle = .field, inclusiveRange: InclusiveRange<Double>? = nil,
                requestValueDialog: IntentDialog? = nil, inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title, description: description, value: defaultValue, requestValueDialog: requestValueDialog)
    }
}

extension IntentParameter where Value == Double {
    public init<OptionsProvider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, controlStyle: DoubleControlStyle = .stepper,
        inclusiveRange: InclusiveRange<Double>? = nil, requestValueDialog: IntentDialog? = nil,
        inputConnectionBehavior: InputConnectionBehavior = .default, optionsProvider: OptionsProvider
    ) where OptionsProvider.DefaultValue == Double {
        self.init(title: title, description: description, value: nil, requestValueDialog: requestValueDialog)
    }
}

// The same labels for an optional number, which a shortcut may leave unset.
extension IntentParameter where Value == Int? {
    @_disfavoredOverload
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Int? = nil,
                controlStyle: IntControlStyle = .stepper, inclusiveRange: InclusiveRange<Int>? = nil,
                requestValueDialog: IntentDialog? = nil, inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog)
    }
}

extension IntentParameter where Value == Double? {
    @_disfavoredOverload
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Double? = nil,
                controlStyle: DoubleControlStyle = .field, inclusiveRange: InclusiveRange<Double>? = nil,
                requestValueDialog: IntentDialog? = nil, inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog)
    }
}

extension IntentParameter where Value == Date {
    @_disfavoredOverload
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Date? = nil,
                kind: DateKind = .dateTime, requestValueDialog: IntentDialog? = nil,
                inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title, description: description, value: defaultValue, requestValueDialog: requestValueDialog)
    }
}

extension String {
    /// How Shortcuts' keyboard edits a text parameter (Apple's page: "String.IntentInputOptions").
    public struct IntentInputOptions: Hashable, Sendable {
        public enum CapitalizationType: Hashable, Sendable { case none, words, sentences, allCharacters }
        public enum KeyboardType: Hashable, Sendable {
            case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress,
                 decimalPad, twitter, webSearch, asciiCapableNumberPad
        }

        public var keyboardType: KeyboardType
        public var capitalizationType: CapitalizationType
        public var multiline: Bool
        public var autocorrect: Bool
        public var smartQuotes: Bool
        public var smartDashes: Bool

        public init(keyboardType: KeyboardType = .default, capitalizationType: CapitalizationType = .sentences,
                    multiline: Bool = false, autocorrect: Bool = true, smartQuotes: Bool = true, smartDashes: Bool = true) {
            self.keyboardType = keyboardType
            self.capitalizationType = capitalizationType
            self.multiline = multiline
            self.autocorrect = autocorrect
            self.smartQuotes = smartQuotes
            self.smartDashes = smartDashes
        }
    }
}

extension IntentParameter where Value == String {
    @_disfavoredOverload
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: String? = nil,
                inputOptions: String.IntentInputOptions = .init(), requestValueDialog: IntentDialog? = nil,
                inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title, description: description, value: defaultValue, requestValueDialog: requestValueDialog)
    }

    public init<OptionsProvider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, inputOptions: String.IntentInputOptions = .init(),
        requestValueDialog: IntentDialog? = nil, inputConnectionBehavior: InputConnectionBehavior = .default,
        optionsProvider: OptionsProvider
    ) where OptionsProvider.DefaultValue == String {
        self.init(title: title, description: description, value: nil, requestValueDialog: requestValueDialog)
    }
}

extension Bool {
    /// What Shortcuts writes for each value of a switch parameter (Apple's page: "Bool.IntentDisplayName").
    public struct IntentDisplayName: Hashable, Sendable {
        public let trueName: LocalizedStringResource
        public let falseName: LocalizedStringResource

        public init(true trueName: LocalizedStringResource, false falseName: LocalizedStringResource) {
            self.trueName = trueName
            self.falseName = falseName
        }
    }
}

extension IntentParameter where Value == Bool {
    @_disfavoredOverload
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Bool? = nil,
                displayName: Bool.IntentDisplayName? = nil, requestValueDialog: IntentDialog? = nil,
                inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title, description: description, value: defaultValue, requestValueDialog: requestValueDialog)
    }
}

extension IntentParameter {
    /// A parameter whose values come from `optionsProvider`.
    @_disfavoredOverload
    public init<OptionsProvider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value? = nil,
        requestValueDialog: IntentDialog? = nil, inputConnectionBehavior: InputConnectionBehavior = .default,
        optionsProvider: OptionsProvider
    ) where OptionsProvider.DefaultValue == Value {
        self.init(title: title, description: description, value: defaultValue, requestValueDialog: requestValueDialog)
    }

    /// Any parameter, taken from the result of the intent before it in a shortcut.
    @_disfavoredOverload
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value? = nil,
                requestValueDialog: IntentDialog? = nil, inputConnectionBehavior: InputConnectionBehavior) {
        self.init(title: title, description: description, value: defaultValue, requestValueDialog: requestValueDialog)
    }
}

// An entity parameter with its own query (Apple's page: "IntentParameter" >
// init(title:description:default:requestValueDialog:requestDisambiguationDialog:inputConnectionBehavior:query:)),
// in place of the entity's `defaultQuery`. The query is asked when the parameter needs a
// value (`requestValue`): the simulated wearer picks its first suggestion.
extension IntentParameter where Value: AppEntity {
    public init<Query: EntityQuery>(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                                    default defaultValue: Value? = nil, requestValueDialog: IntentDialog? = nil,
                                    requestDisambiguationDialog: IntentDialog? = nil,
                                    inputConnectionBehavior: InputConnectionBehavior = .default, query: Query)
    where Query.Entity == Value {
        self.init(title: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog)
        suggestions = { try await query.suggestedEntities() }
        disambiguationDialog = requestDisambiguationDialog
    }
}

extension IntentParameter where Value: _OptionalIntentValue, Value.Wrapped: AppEntity {
    public init<Query: EntityQuery>(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                                    default defaultValue: Value.Wrapped? = nil, requestValueDialog: IntentDialog? = nil,
                                    requestDisambiguationDialog: IntentDialog? = nil,
                                    inputConnectionBehavior: InputConnectionBehavior = .default, query: Query)
    where Query.Entity == Value.Wrapped {
        self.init(title: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog)
        suggestions = { try await query.suggestedEntities().map { Value(_intentWrapped: $0) } }
        disambiguationDialog = requestDisambiguationDialog
    }
}

// Asking the wearer during `perform()` (Apple's pages under "IntentParameter": "Resolving
// the parameter value"). The simulated wearer answers at once, as the confirmation prompts
// here do, and the question goes on the timeline; a value nobody can give ends the intent
// with the error Apple's own prompt would.
extension IntentParameter {
    private func ask(_ what: String, _ dialog: IntentDialog?) {
        let prompt = (dialog ?? requestValueDialog).map { " “\($0.full.key)”" } ?? ""
        ActionButtonRuntime.current?.log("\(title.key) asks \(what)\(prompt)")
    }

    /// Asks for a value: the wearer keeps the one set (or the default); with none, a
    /// parameter made with `query:` has the wearer pick the first entity the query suggests,
    /// and otherwise (or when it suggests none) the intent ends with `needsValueError`.
    public func requestValue(_ dialog: IntentDialog? = nil) async throws -> Value {
        ask("for a value", dialog)
        if let value = currentValue { return value }
        if let suggestions, let first = try await suggestions().first {
            let picked = (first as? any _OptionalIntentValue)?._loggedWrapped ?? Self.text(first)
            ActionButtonRuntime.current?.log("\(title.key): the wearer picks \(picked) from the query's suggestions")
            return first
        }
        throw needsValueError(dialog)
    }

    /// The error that ends `perform()` to ask for a value.
    public func needsValueError(_ dialog: IntentDialog? = nil) -> any Error {
        IntentParameterError.needsValue(parameter: title.key, dialog: dialog ?? requestValueDialog)
    }

    /// Asks the wearer to confirm `value`: the simulated wearer confirms.
    public func requestConfirmation(for value: Value, dialog: IntentDialog? = nil) async throws -> Bool {
        ask("to confirm \(Self.text(value)): the wearer confirms", dialog)
        return true
    }

    /// Asks the wearer to pick one of `values`: the simulated wearer picks the first.
    public func requestDisambiguation(among values: [Value], dialog: IntentDialog? = nil) async throws -> Value {
        let dialog = dialog ?? disambiguationDialog
        guard let first = values.first else { throw needsDisambiguationError(among: values, dialog: dialog) }
        ask("to choose among \(values.count): the wearer picks \(Self.text(first))", dialog)
        return first
    }

    /// The error that ends `perform()` to ask the wearer to pick one of `values`.
    public func needsDisambiguationError(among values: [Value], dialog: IntentDialog? = nil) -> any Error {
        IntentParameterError.needsDisambiguation(parameter: title.key, choices: values.count, dialog: dialog)
    }
}

/// What `needsValueError` and `needsDisambiguationError` hand back.
public enum IntentParameterError: Error, CustomStringConvertible, Sendable {
    case needsValue(parameter: String, dialog: IntentDialog?)
    case needsDisambiguation(parameter: String, choices: Int, dialog: IntentDialog?)

    public var description: String {
        switch self {
        case let .needsValue(parameter, dialog): "\(parameter) needs a value" + (dialog.map { ": \($0.full.key)" } ?? "")
        case let .needsDisambiguation(parameter, choices, dialog):
            "\(parameter) needs one of \(choices) values" + (dialog.map { ": \($0.full.key)" } ?? "")
        }
    }
}
