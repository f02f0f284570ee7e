import ActionButtonCore

/// The kind of activity a workout records (Apple's page: "HKWorkoutActivityType"): every one
/// of Apple's cases, with Apple's numbers. Which simulated sensors record each is decided
/// in one table shared with app manifests (`sensorModel`); a type with none is refused when
/// its session is created, with the reason.
public typealias HKWorkoutActivityType = WorkoutActivityType
