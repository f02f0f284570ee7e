/// How a type is named for people (Apple's page: "TypeDisplayRepresentation"), such as a
/// workout enum's `typeDisplayRepresentation`.
public struct TypeDisplayRepresentation: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var name: LocalizedStringResource
    public var numericFormat: LocalizedStringResource?
    public var synonyms: [LocalizedStringResource]

    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil,
                synonyms: [LocalizedStringResource] = []) {
        self.name = name
        self.numericFormat = numericFormat
        self.synonyms = synonyms
    }

    public init(stringLiteral value: String) { self.init(name: LocalizedStringResource(value)) }
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(name: LocalizedStringResource(String(stringInterpolation: stringInterpolation)))
    }
}
