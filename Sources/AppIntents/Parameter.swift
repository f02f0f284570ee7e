/// An intent's parameter, such as a start intent's `workoutStyle`. As with App Intents, the
/// value may be set after initialization (`init() { workoutStyle = .running }`).
@propertyWrapper
public struct Parameter<Value: Sendable>: Sendable {
    public let title: LocalizedStringResource
    public let description: IntentDescription?
    private var value: Value?

    public init(title: LocalizedStringResource, description: IntentDescription? = nil) {
        self.title = title
        self.description = description
    }

    public init(wrappedValue: Value, title: LocalizedStringResource, description: IntentDescription? = nil) {
        self.title = title
        self.description = description
        self.value = wrappedValue
    }

    public var wrappedValue: Value {
        get {
            guard let value else {
                fatalError("@Parameter \"\(title)\" was read before a value was set; set it in init()")
            }
            return value
        }
        set { value = newValue }
    }

    /// The value as text for logs, or nil while unset.
    var loggedValue: String? {
        guard let value else { return nil }
        if let raw = value as? any RawRepresentable { return "\(raw.rawValue)" }
        return "\(value)"
    }
}

/// Lets `IntentIdentity` find parameters by reflection without knowing their types.
protocol LoggableParameter {
    var loggedValue: String? { get }
}

extension Parameter: LoggableParameter {}
