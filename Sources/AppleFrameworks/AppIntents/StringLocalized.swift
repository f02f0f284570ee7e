import Foundation

// Foundation's `String(localized:)` family, which Apple's Foundation has and Linux's lacks;
// apps' intents use it for titles and dialogs. There is no string catalog here, so the
// default value (or the key) is the text. Files that import AppIntents see these.
// `@_disfavoredOverload`: should Linux's Foundation gain them, its own are chosen.
// `IntentDialog` and `LocalizedStringResource` take the same interpolation, as Apple's do, so
// a dialog literal may format its values (`\(distance, format: .number)`).

extension String {
    /// Text for localization, with interpolations (Apple's page: "String.LocalizationValue").
    /// An interpolated value is written as its text; `\(placeholder: .int)` as the format
    /// specifier a catalog's key has (`%lld`).
    public struct LocalizationValue: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
        /// What a placeholder stands for, in a key written with `\(placeholder:)`.
        public enum Placeholder: Hashable, Sendable {
            case int, uint, float, double, object

            var specifier: String {
                switch self {
                case .int: "%lld"
                case .uint: "%llu"
                case .float: "%f"
                case .double: "%lf"
                case .object: "%@"
                }
            }
        }

        public struct StringInterpolation: StringInterpolationProtocol {
            var text = ""

            public init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity) }
            public mutating func appendLiteral(_ literal: String) { text += literal }
            public mutating func appendInterpolation<T>(_ value: T) { text += String(describing: value) }
            public mutating func appendInterpolation(placeholder: Placeholder) { text += placeholder.specifier }

            /// A value through a format style, `\(distance, format: .number)`: written as the
            /// style writes it, which is what a watch without a catalog entry shows.
            public mutating func appendInterpolation<F: FormatStyle>(_ value: F.FormatInput, format: F)
            where F.FormatInput: Equatable, F.FormatOutput == String {
                text += format.format(value)
            }

            /// A number through a printf-style specifier, `\(pace, specifier: "%.1f")`.
            public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) {
                text += String(format: specifier, value)
            }
        }

        public let text: String

        public init(_ value: String) { text = value }
        public init(stringLiteral value: String) { text = value }
        public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

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
