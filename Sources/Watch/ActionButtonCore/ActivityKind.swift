/// The sensor model a workout records with (T1): how it moves, which decides its pace model
/// and what it counts besides heart rate. A workout's kind never names one directly; it
/// names a HealthKit activity type, and `WorkoutActivityType.sensorModel` picks the model.
public enum ActivityKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case walking, running, cycling, swimming
    /// A workout with no distance model (strength, yoga, ...): heart rate and energy only.
    case other

    public var description: String { rawValue }
}
