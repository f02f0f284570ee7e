import Foundation

/// Text an intent shows to people (Apple's page: "LocalizedStringResource", a Foundation
/// type on Apple platforms that Linux's Foundation lacks). A watch looks the key up in the
/// app's string catalog (its `table`, in its `bundle`); here there is no catalog, so the key
/// is the text, placeholders and all.
public struct LocalizedStringResource: Hashable, Sendable, ExpressibleByStringInterpolation,
    CustomStringConvertible {
    public typealias StringInterpolation = String.LocalizationValue.StringInterpolation

    /// Where a watch would find the catalog: the app's main bundle, another one by its URL,
    /// or the bundle of a class (Apple's cases; nothing is looked up here).
    public enum BundleDescription: @unchecked Sendable {
        case main
        case atURL(URL)
        case forClass(AnyClass)
    }

    public var key: String
    /// The string table a watch would look the key up in (nil: `Localizable`).
    public var table: String?
    public var locale: Locale = .current

    public init(_ key: String) { self.key = key }
    public init(stringLiteral value: String) { self.key = value }
    public init(stringInterpolation: String.LocalizationValue.StringInterpolation) { self.key = stringInterpolation.text }

    public init(_ keyAndValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
                bundle: BundleDescription = .main, comment: StaticString? = nil) {
        key = keyAndValue.text
        self.table = table
        self.locale = locale
    }

    public init(_ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
                bundle: BundleDescription = .main, comment: StaticString? = nil) {
        // With no catalog, the text is the default value, as a watch shows it for a key it lacks.
        self.key = defaultValue.text
        self.table = table
        self.locale = locale
    }

    public var description: String { key }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key && lhs.table == rhs.table }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(table)
    }
}

/// A type that gives its own localized text (Apple's page: a Foundation protocol; an
/// intent's error conforms to it so the watch shows its message).
public protocol CustomLocalizedStringResourceConvertible {
    var localizedStringResource: LocalizedStringResource { get }
}

extension String {
    /// Resolves a resource to text, as `String(localized:)` does on Apple platforms.
    public init(localized resource: LocalizedStringResource) { self = resource.key }
}
