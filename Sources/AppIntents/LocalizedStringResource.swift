/// A string an intent shows to people. On Apple platforms this is looked up in the app's
/// string catalog; on Linux there is no catalog, so the key is the text.
public struct LocalizedStringResource: Hashable, Sendable, ExpressibleByStringInterpolation,
    CustomStringConvertible {
    public var key: String

    public init(_ key: String) { self.key = key }
    public init(stringLiteral value: String) { self.key = value }
    public init(stringInterpolation: DefaultStringInterpolation) { self.key = String(stringInterpolation: stringInterpolation) }

    public var description: String { key }
}

extension String {
    /// Resolves a resource to text, as `String(localized:)` does on Apple platforms.
    public init(localized resource: LocalizedStringResource) { self = resource.key }
}

/// What an intent does, in a sentence (`AppIntent.description`).
public struct IntentDescription: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public var descriptionText: LocalizedStringResource
    public var categoryName: LocalizedStringResource?

    public init(_ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil) {
        self.descriptionText = descriptionText
        self.categoryName = categoryName
    }

    public init(stringLiteral value: String) { self.init(LocalizedStringResource(value)) }
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(LocalizedStringResource(String(stringInterpolation: stringInterpolation)))
    }

    public var description: String { descriptionText.key }
}
