/// Text an intent shows to people (Apple's page: "LocalizedStringResource", a Foundation
/// type on Apple platforms that Linux's Foundation lacks). A watch looks the key up in the
/// app's string catalog; here there is no catalog, so the key is the text.
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
