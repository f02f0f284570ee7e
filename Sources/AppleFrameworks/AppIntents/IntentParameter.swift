/// An intent's parameter, `@Parameter` in an intent (Apple's page: "IntentParameter"), such
/// as a start intent's `workoutStyle`. As on a watch, the value may be set after
/// initialization (`init() { workoutStyle = .running }`); an optional parameter left unset
/// reads nil, and one with a `default:` reads that.
@propertyWrapper
public struct IntentParameter<Value: Sendable>: Sendable {
    public let title: LocalizedStringResource
    public let description: LocalizedStringResource?
    public let requestValueDialog: IntentDialog?
    private var value: Value?
    /// The value given with `default:` (Apple's page: "defaultValue"), nil without one.
    public private(set) var defaultValue: Value?
    /// The entities a parameter made with `query:` offers the wearer when it has no value.
    var suggestions: (@Sendable () async throws -> [Value])?
    /// What the wearer is asked when choosing among entities (`requestDisambiguationDialog:`).
    var disambiguationDialog: IntentDialog?

    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                default defaultValue: Value? = nil, requestValueDialog: IntentDialog? = nil) {
        self.title = title
        self.description = description
        self.requestValueDialog = requestValueDialog
        self.value = defaultValue
        self.defaultValue = defaultValue
    }

    public init(wrappedValue: Value, title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                requestValueDialog: IntentDialog? = nil) {
        self.init(title: title, description: description, default: wrappedValue, requestValueDialog: requestValueDialog)
    }

    public var wrappedValue: Value {
        get {
            if let value { return value }
            // An optional parameter nobody set is nil, not a mistake.
            if let none = (Value.self as? any ExpressibleByNilLiteral.Type)?.init(nilLiteral: ()) as? Value { return none }
            fatalError("@Parameter \"\(title)\" was read before a value was set; set it in init() or give it a default")
        }
        set { value = newValue }
    }

    /// `$workoutStyle`: the parameter itself, as Apple's parameter summaries use it.
    public var projectedValue: IntentParameter<Value> { self }

    /// The value, or nil while unset; reading it never stops the program.
    var currentValue: Value? { value }

    /// The value as text for logs, or nil while unset.
    var loggedValue: String? {
        guard let value else { return nil }
        if let optional = value as? any _OptionalIntentValue { return optional._loggedWrapped }
        return Self.text(value)
    }

    static func text(_ value: Any) -> String {
        if let raw = value as? any RawRepresentable { return "\(raw.rawValue)" }
        return "\(value)"
    }
}

extension IntentParameter where Value: _OptionalIntentValue {
    /// An optional parameter: `default:` takes the wrapped type, as Apple's does
    /// (`@Parameter(title: "Laps", default: 4) var laps: Int?`).
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                default defaultValue: Value.Wrapped? = nil, requestValueDialog: IntentDialog? = nil) {
        self.title = title
        self.description = description
        self.requestValueDialog = requestValueDialog
        self.value = defaultValue.map(Value.init(_intentWrapped:))
        self.defaultValue = value
    }
}

/// `Optional`, as a constraint: lets an optional parameter take its default unwrapped.
public protocol _OptionalIntentValue: ExpressibleByNilLiteral {
    associatedtype Wrapped
    init(_intentWrapped wrapped: Wrapped)
    var _loggedWrapped: String? { get }
}

extension Optional: _OptionalIntentValue {
    public init(_intentWrapped wrapped: Wrapped) { self = .some(wrapped) }
    public var _loggedWrapped: String? { map { IntentParameter<Int>.text($0) } }
}

/// Lets `IntentIdentity` find parameters by reflection without knowing their types.
protocol LoggableParameter {
    var loggedValue: String? { get }
}

extension IntentParameter: LoggableParameter {}
