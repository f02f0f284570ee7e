/// Who wears the watch: what heart rate and energy depend on (T1). Defaults are an
/// ordinary 35-year-old; a scenario's `sensors: profile:` says otherwise.
public struct AthleteProfile: Hashable, Sendable {
    public enum Sex: String, Hashable, Sendable, CaseIterable { case male, female }

    public var age: Double = 35
    public var sex: Sex = .male
    /// kg.
    public var weight: Double = 70
    /// bpm.
    public var restingHeartRate: Double = 60
    /// bpm; nil means Tanaka's age-predicted maximum.
    public var declaredMaxHeartRate: Double?

    public init() {}

    /// HRmax = 208 − 0.7 × age (Tanaka, Monahan & Seals, "Age-predicted maximal heart rate
    /// revisited", J Am Coll Cardiol 37(1):153–156, 2001), unless the profile gives one.
    public var maxHeartRate: Double { declaredMaxHeartRate ?? (208 - 0.7 * age) }
}

/// The wearer as the simulated watch holds it, for its Health app: the scenario's
/// `sensors: profile:` (docs/sensors.md), which the sensors hand to the watch, where
/// HealthKit's characteristics (`biologicalSex()`, `dateOfBirthComponents()`) and the
/// watchOS 27 heart-rate zones read it. An object, as the watch keeps one per type.
@dynamicMemberLookup
public final class WearerProfile: Sendable {
    public let athlete: AthleteProfile

    public init(_ athlete: AthleteProfile) { self.athlete = athlete }

    public subscript<Value>(dynamicMember keyPath: KeyPath<AthleteProfile, Value>) -> Value { athlete[keyPath: keyPath] }

    /// The sensors' default wearer, for a watch without sensors.
    public static let standard = WearerProfile(AthleteProfile())
}
