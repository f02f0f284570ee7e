import ActionButtonCore
// The type behind the alias, re-exported alone: with MemberImportVisibility (Xcode 26's new
// projects turn it on) an app's `.running` needs the module declaring the cases imported,
// and an app imports HealthKit only.
@_exported import enum ActionButtonCore.WorkoutActivityType

/// The kind of activity a workout records (Apple's page: "HKWorkoutActivityType"): every one
/// of Apple's cases, with Apple's numbers. Which simulated sensors record each is decided
/// in one table shared with app manifests (`sensorModel`); a type with none is refused when
/// its session is created, with the reason.
public typealias HKWorkoutActivityType = WorkoutActivityType
