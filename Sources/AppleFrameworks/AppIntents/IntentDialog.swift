/// What the watch says or shows when an intent finishes (Apple's page: "IntentDialog"). The
/// simulator puts it on the timeline, beside the intent that returned it.
public struct IntentDialog: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The full sentence, for when nothing else is shown.
    public var full: LocalizedStringResource
    /// A shorter one, for beside a visual result.
    public var supporting: LocalizedStringResource
    public var systemImageName: String?

    public init(_ text: LocalizedStringResource) {
        self.init(full: text, supporting: text)
    }

    public init(full: LocalizedStringResource, supporting: LocalizedStringResource) {
        self.full = full
        self.supporting = supporting
    }

    public init(full: LocalizedStringResource, systemImageName: String) {
        self.init(full: full, supporting: full, systemImageName: systemImageName)
    }

    public init(full: LocalizedStringResource, supporting: LocalizedStringResource, systemImageName: String) {
        self.full = full
        self.supporting = supporting
        self.systemImageName = systemImageName
    }

    /// A dialog literal interpolates as a localized string does (Apple's `IntentDialog` is
    /// built from a `LocalizedStringResource`), so format styles and specifiers work in it.
    public typealias StringInterpolation = String.LocalizationValue.StringInterpolation

    public init(stringLiteral value: String) { self.init(LocalizedStringResource(value)) }
    public init(stringInterpolation: String.LocalizationValue.StringInterpolation) {
        self.init(LocalizedStringResource(stringInterpolation: stringInterpolation))
    }

    public var description: String { full.key }
}
