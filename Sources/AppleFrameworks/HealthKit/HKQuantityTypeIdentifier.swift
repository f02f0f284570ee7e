/// The quantities HealthKit measures (Apple's page: "HKQuantityTypeIdentifier"): those a
/// watch records during workouts and dives. The simulated sensors fill heart rate, active
/// energy, the distances, stroke count, speeds, cycling cadence, underwater depth and water
/// temperature (T1, T2); the others are accepted and stay empty.
public struct HKQuantityTypeIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let heartRate = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeartRate")
    public static let restingHeartRate = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRestingHeartRate")
    public static let walkingHeartRateAverage = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWalkingHeartRateAverage")
    public static let heartRateVariabilitySDNN = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN")
    public static let oxygenSaturation = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierOxygenSaturation")
    public static let respiratoryRate = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRespiratoryRate")
    public static let vo2Max = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierVO2Max")
    public static let activeEnergyBurned = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierActiveEnergyBurned")
    public static let basalEnergyBurned = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBasalEnergyBurned")
    public static let stepCount = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierStepCount")
    public static let distanceWalkingRunning = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceWalkingRunning")
    public static let distanceCycling = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceCycling")
    public static let distanceSwimming = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceSwimming")
    public static let distanceWheelchair = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceWheelchair")
    public static let distanceDownhillSnowSports = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceDownhillSnowSports")
    public static let distanceCrossCountrySkiing = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceCrossCountrySkiing")
    public static let distancePaddleSports = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistancePaddleSports")
    public static let distanceRowing = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceRowing")
    public static let distanceSkatingSports = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceSkatingSports")
    public static let swimmingStrokeCount = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierSwimmingStrokeCount")
    public static let pushCount = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierPushCount")
    public static let flightsClimbed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierFlightsClimbed")
    public static let appleExerciseTime = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleExerciseTime")
    public static let appleStandTime = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleStandTime")
    public static let runningSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningSpeed")
    public static let runningPower = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningPower")
    public static let runningStrideLength = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningStrideLength")
    public static let runningVerticalOscillation = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningVerticalOscillation")
    public static let runningGroundContactTime = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningGroundContactTime")
    public static let walkingSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWalkingSpeed")
    public static let walkingStepLength = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWalkingStepLength")
    public static let cyclingSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCyclingSpeed")
    public static let cyclingPower = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCyclingPower")
    public static let cyclingCadence = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCyclingCadence")
    public static let cyclingFunctionalThresholdPower = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCyclingFunctionalThresholdPower")
    public static let physicalEffort = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierPhysicalEffort")
    public static let underwaterDepth = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierUnderwaterDepth")
    public static let waterTemperature = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWaterTemperature")
    public static let bodyMass = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyMass")
    public static let height = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeight")

    /// The types whose values add up over a workout.
    static let cumulative: Set<HKQuantityTypeIdentifier> = [
        .activeEnergyBurned, .basalEnergyBurned, .stepCount, .distanceWalkingRunning, .distanceCycling, .distanceSwimming, .distanceWheelchair, .distanceDownhillSnowSports, .distanceCrossCountrySkiing, .distancePaddleSports, .distanceRowing, .distanceSkatingSports, .swimmingStrokeCount, .pushCount, .flightsClimbed, .appleExerciseTime, .appleStandTime,
    ]

    /// The unit HealthKit would store the type in; its dimension is what `is(compatibleWith:)` checks.
    var canonicalUnit: HKUnit? {
        switch self {
        case .heartRate, .restingHeartRate, .walkingHeartRateAverage, .respiratoryRate, .cyclingCadence: HKUnit(from: "count/min")
        case .heartRateVariabilitySDNN, .runningGroundContactTime: HKUnit(from: "ms")
        case .oxygenSaturation: HKUnit(from: "%")
        case .vo2Max: HKUnit(from: "ml/kg*min")
        case .activeEnergyBurned, .basalEnergyBurned: HKUnit(from: "kcal")
        case .stepCount, .swimmingStrokeCount, .pushCount, .flightsClimbed: HKUnit(from: "count")
        case .distanceWalkingRunning, .distanceCycling, .distanceSwimming, .distanceWheelchair, .distanceDownhillSnowSports, .distanceCrossCountrySkiing, .distancePaddleSports, .distanceRowing, .distanceSkatingSports, .runningStrideLength, .walkingStepLength, .underwaterDepth, .height: HKUnit(from: "m")
        case .appleExerciseTime, .appleStandTime: HKUnit(from: "min")
        case .runningSpeed, .walkingSpeed, .cyclingSpeed: HKUnit(from: "m/s")
        case .runningPower, .cyclingPower, .cyclingFunctionalThresholdPower: HKUnit(from: "W")
        case .runningVerticalOscillation: HKUnit(from: "cm")
        case .physicalEffort: HKUnit(from: "kcal/hr*kg")
        case .waterTemperature: HKUnit(from: "degC")
        case .bodyMass: HKUnit(from: "kg")
        default: nil
        }
    }
}
