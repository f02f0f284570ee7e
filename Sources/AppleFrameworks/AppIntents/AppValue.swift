import ActionButtonCore

/// A value an intent can take: an `AppEnum` or an `AppEntity` (Apple's page: "AppValue"),
/// such as a start intent's `workoutStyle`. The requirements with an underscore are how the
/// simulated watch lists the value under First Press; apps never write them.
public protocol AppValue: Sendable {
    var displayRepresentation: DisplayRepresentation { get }
    /// The value as First Press lists it (A2).
    var _workoutOption: WorkoutOption { get }
    /// Every value, when the type can list them all (an enum); nil for entities, whose
    /// values are those the start intent suggests.
    static var _allWorkoutOptions: [WorkoutOption]? { get }
    /// What Apple's build of the app refuses in the type, one sentence each.
    static var _installProblems: [String] { get }
}

/// An intent Apple's system knows by its role, such as starting a workout (Apple's page:
/// "SystemIntent").
public protocol SystemIntent: AppIntent {}

extension AppEnum {
    public var _workoutOption: WorkoutOption { WorkoutOption(self) }
    public static var _allWorkoutOptions: [WorkoutOption]? { allCases.map(WorkoutOption.init) }
    public static var _installProblems: [String] {
        let missing = allCases.filter { caseDisplayRepresentations[$0] == nil }
        guard !missing.isEmpty else { return [] }
        return ["\(Self.self).caseDisplayRepresentations has no entry for "
            + missing.map { ".\($0.identifier)" }.joined(separator: ", ")
            + "; First Press shows each case's title and subtitle (A2)"]
    }
}

extension AppEntity {
    /// An entity as First Press lists it: its identifier and its display representation.
    public var _workoutOption: WorkoutOption {
        let display = displayRepresentation
        return WorkoutOption(id: "\(id)", title: display.title.key, subtitle: display.subtitle?.key)
    }
    public static var _allWorkoutOptions: [WorkoutOption]? { nil }
    public static var _installProblems: [String] { [] }
}
