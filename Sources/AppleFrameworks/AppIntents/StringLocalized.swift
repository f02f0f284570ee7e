import Foundation

// Foundation's `String(localized:)` family, which Apple's Foundation has and Linux's lacks;
// apps' intents use it for titles and dialogs. There is no string catalog here, so the
// default value (or the key) is the text. Files that import AppIntents see these.
// `@_disfavoredOverload`: should Linux's Foundation gain them, its own are chosen.

extension String {
    /// Text for localization, with interpolations (Apple's page: "String.LocalizationValue").
    public struct LocalizationValue: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
        public let text: String

        public init(_ value: String) { text = value }
        public init(stringLiteral value: String) { text = value }
        public init(stringInterpolation: DefaultStringInterpolation) { text = String(stringInterpolation: stringInterpolation) }

        public var description: String { text }
    }

    /// The text of a key, which here is its own text.
    @_disfavoredOverload
    public init(localized keyAndValue: LocalizationValue, table: String? = nil, bundle: Bundle? = nil, locale: Locale = .current,
                comment: StaticString? = nil) {
        self = keyAndValue.text
    }

    /// The text of a key with a default value: the default value.
    @_disfavoredOverload
    public init(localized key: StaticString, defaultValue: LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
                locale: Locale = .current, comment: StaticString? = nil) {
        self = defaultValue.text
    }
}
