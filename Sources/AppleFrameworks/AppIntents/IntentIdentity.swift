import ActionButtonCore

/// What the system knows of an intent value: its name, title, whether it opens the app,
/// and its parameters as text (for logs and scenario expectations).
public struct IntentIdentity: Hashable, Sendable {
    public struct Parameter: Hashable, Sendable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public let reference: IntentReference
    public let opensApp: Bool
    public let parameters: [Parameter]

    public init(_ intent: any AppIntent) {
        if let dynamic = intent as? any DynamicIntent {
            reference = IntentReference(name: dynamic.intentName, title: dynamic.intentTitle)
            opensApp = dynamic.intentOpensApp
            parameters = dynamic.intentParameters.map { Parameter(name: $0.key, value: $0.value) }
            return
        }
        let type = type(of: intent)
        reference = IntentReference(name: String(describing: type), title: type.title.key)
        opensApp = type.supportedModes.opensAppAtOnce
        // `@Parameter` properties appear in the mirror as `_name`.
        parameters = Mirror(reflecting: intent).children.compactMap { child in
            guard let label = child.label, let parameter = child.value as? any LoggableParameter,
                  let value = parameter.loggedValue else { return nil }
            return Parameter(name: label.hasPrefix("_") ? String(label.dropFirst()) : label, value: value)
        }
    }
}

// Codable so that a simulated watch in another process can send what happened (ActionButtonHarness).
extension IntentIdentity.Parameter: Codable {}
