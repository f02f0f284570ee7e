/// Who wears the simulated watch, as its Health app would know them: what a scenario's
/// `sensors: profile:` says (docs/sensors.md). The sensors hand it to the watch, where
/// HealthKit's characteristics (`biologicalSex()`, `dateOfBirthComponents()`) and the
/// watchOS 27 heart-rate zones read it.
public final class WearerProfile: Sendable {
    public enum Sex: String, Sendable { case female, male }

    /// Years.
    public let age: Double
    public let sex: Sex
    /// kg.
    public let weight: Double
    /// bpm.
    public let restingHeartRate: Double
    /// bpm.
    public let maxHeartRate: Double

    public init(age: Double, sex: Sex, weight: Double, restingHeartRate: Double, maxHeartRate: Double) {
        self.age = age
        self.sex = sex
        self.weight = weight
        self.restingHeartRate = restingHeartRate
        self.maxHeartRate = maxHeartRate
    }

    /// The sensors' default wearer (docs/sensors.md), for a watch without sensors.
    public static let standard = WearerProfile(age: 35, sex: .male, weight: 70, restingHeartRate: 60, maxHeartRate: 208 - 0.7 * 35)
}
