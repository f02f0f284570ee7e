/// An enumeration an intent takes as a parameter (Apple's page: "AppEnum"), such as the
/// workout kinds of a `StartWorkoutIntent` (A2). Each case has a display representation.
public protocol AppEnum: AppValue, StaticDisplayRepresentable, RawRepresentable, Sendable where RawValue: LosslessStringConvertible {}

extension AppEnum {
    /// This case's display representation, or its raw value when the app gives none.
    public var displayRepresentation: DisplayRepresentation {
        Self.caseDisplayRepresentations[self] ?? DisplayRepresentation(title: LocalizedStringResource(identifier))
    }

    /// The case as First Press and the log name it: its raw value as text.
    public var identifier: String { rawValue.description }
}
