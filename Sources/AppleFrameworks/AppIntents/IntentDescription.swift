/// What an intent does, in a sentence (Apple's page: "IntentDescription"); the Action
/// button never shows it, the log does not need it, so it is only kept.
public struct IntentDescription: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public var descriptionText: LocalizedStringResource
    public var categoryName: LocalizedStringResource?
    public var searchKeywords: [LocalizedStringResource]

    public init(_ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil,
                searchKeywords: [LocalizedStringResource] = []) {
        self.descriptionText = descriptionText
        self.categoryName = categoryName
        self.searchKeywords = searchKeywords
    }

    public init(stringLiteral value: String) { self.init(LocalizedStringResource(value)) }
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(LocalizedStringResource(String(stringInterpolation: stringInterpolation)))
    }

    public var description: String { descriptionText.key }
}
