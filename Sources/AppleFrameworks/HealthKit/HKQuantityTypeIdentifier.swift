/// The quantities HealthKit measures (Apple's page: "HKQuantityTypeIdentifier"): every one
/// Apple lists, each with Apple's raw value. The simulated sensors fill heart rate, active
/// energy, the distances, step and stroke counts, the speeds, cycling cadence, underwater
/// depth and water temperature (T1, T2); the others are accepted, saved and queried as an
/// app saves them, and otherwise stay empty.
public struct HKQuantityTypeIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    // Activity
    public static let stepCount = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierStepCount")
    public static let distanceWalkingRunning = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceWalkingRunning")
    public static let distanceCycling = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceCycling")
    public static let distanceWheelchair = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceWheelchair")
    public static let distanceSwimming = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceSwimming")
    public static let distanceDownhillSnowSports = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceDownhillSnowSports")
    public static let distanceCrossCountrySkiing = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceCrossCountrySkiing")
    public static let distancePaddleSports = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistancePaddleSports")
    public static let distanceRowing = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceRowing")
    public static let distanceSkatingSports = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceSkatingSports")
    public static let pushCount = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierPushCount")
    public static let swimmingStrokeCount = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierSwimmingStrokeCount")
    public static let flightsClimbed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierFlightsClimbed")
    public static let nikeFuel = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierNikeFuel")
    public static let basalEnergyBurned = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBasalEnergyBurned")
    public static let activeEnergyBurned = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierActiveEnergyBurned")
    public static let appleExerciseTime = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleExerciseTime")
    public static let appleMoveTime = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleMoveTime")
    public static let appleStandTime = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleStandTime")
    public static let vo2Max = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierVO2Max")
    public static let physicalEffort = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierPhysicalEffort")
    public static let workoutEffortScore = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWorkoutEffortScore")
    public static let estimatedWorkoutEffortScore = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierEstimatedWorkoutEffortScore")
    // Running, walking, cycling and other sports
    public static let runningSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningSpeed")
    public static let runningPower = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningPower")
    public static let runningStrideLength = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningStrideLength")
    public static let runningVerticalOscillation = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningVerticalOscillation")
    public static let runningGroundContactTime = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningGroundContactTime")
    public static let walkingSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWalkingSpeed")
    public static let walkingStepLength = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWalkingStepLength")
    public static let walkingDoubleSupportPercentage = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWalkingDoubleSupportPercentage")
    public static let walkingAsymmetryPercentage = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWalkingAsymmetryPercentage")
    public static let sixMinuteWalkTestDistance = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierSixMinuteWalkTestDistance")
    public static let stairAscentSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierStairAscentSpeed")
    public static let stairDescentSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierStairDescentSpeed")
    public static let appleWalkingSteadiness = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleWalkingSteadiness")
    public static let cyclingSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCyclingSpeed")
    public static let cyclingPower = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCyclingPower")
    public static let cyclingCadence = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCyclingCadence")
    public static let cyclingFunctionalThresholdPower = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCyclingFunctionalThresholdPower")
    public static let crossCountrySkiingSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCrossCountrySkiingSpeed")
    public static let paddleSportsSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierPaddleSportsSpeed")
    public static let rowingSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRowingSpeed")
    // Body measurements
    public static let height = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeight")
    public static let bodyMass = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyMass")
    public static let bodyMassIndex = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyMassIndex")
    public static let leanBodyMass = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierLeanBodyMass")
    public static let bodyFatPercentage = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyFatPercentage")
    public static let waistCircumference = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWaistCircumference")
    public static let appleSleepingWristTemperature = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleSleepingWristTemperature")
    // Vital signs
    public static let heartRate = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeartRate")
    public static let restingHeartRate = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRestingHeartRate")
    public static let walkingHeartRateAverage = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWalkingHeartRateAverage")
    public static let heartRateVariabilitySDNN = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN")
    public static let heartRateRecoveryOneMinute = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeartRateRecoveryOneMinute")
    public static let atrialFibrillationBurden = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAtrialFibrillationBurden")
    public static let oxygenSaturation = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierOxygenSaturation")
    public static let respiratoryRate = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRespiratoryRate")
    public static let bodyTemperature = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyTemperature")
    public static let basalBodyTemperature = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBasalBodyTemperature")
    public static let bloodPressureSystolic = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBloodPressureSystolic")
    public static let bloodPressureDiastolic = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBloodPressureDiastolic")
    public static let peripheralPerfusionIndex = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierPeripheralPerfusionIndex")
    public static let appleSleepingBreathingDisturbances = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleSleepingBreathingDisturbances")
    // Lab and test results
    public static let bloodGlucose = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBloodGlucose")
    public static let bloodAlcoholContent = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBloodAlcoholContent")
    public static let electrodermalActivity = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierElectrodermalActivity")
    public static let forcedExpiratoryVolume1 = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierForcedExpiratoryVolume1")
    public static let forcedVitalCapacity = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierForcedVitalCapacity")
    public static let peakExpiratoryFlowRate = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierPeakExpiratoryFlowRate")
    public static let inhalerUsage = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierInhalerUsage")
    public static let insulinDelivery = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierInsulinDelivery")
    public static let numberOfTimesFallen = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierNumberOfTimesFallen")
    public static let numberOfAlcoholicBeverages = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages")
    // Hearing and the environment
    public static let environmentalAudioExposure = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierEnvironmentalAudioExposure")
    public static let headphoneAudioExposure = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeadphoneAudioExposure")
    public static let environmentalSoundReduction = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierEnvironmentalSoundReduction")
    public static let uvExposure = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierUVExposure")
    public static let timeInDaylight = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierTimeInDaylight")
    public static let underwaterDepth = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierUnderwaterDepth")
    public static let waterTemperature = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWaterTemperature")
    // Nutrition
    public static let dietaryEnergyConsumed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryEnergyConsumed")
    public static let dietaryCarbohydrates = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryCarbohydrates")
    public static let dietaryFiber = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryFiber")
    public static let dietarySugar = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietarySugar")
    public static let dietaryFatTotal = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryFatTotal")
    public static let dietaryFatMonounsaturated = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryFatMonounsaturated")
    public static let dietaryFatPolyunsaturated = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryFatPolyunsaturated")
    public static let dietaryFatSaturated = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryFatSaturated")
    public static let dietaryCholesterol = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryCholesterol")
    public static let dietaryProtein = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryProtein")
    public static let dietaryVitaminA = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminA")
    public static let dietaryThiamin = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryThiamin")
    public static let dietaryRiboflavin = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryRiboflavin")
    public static let dietaryNiacin = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryNiacin")
    public static let dietaryPantothenicAcid = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryPantothenicAcid")
    public static let dietaryVitaminB6 = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminB6")
    public static let dietaryBiotin = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryBiotin")
    public static let dietaryVitaminB12 = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminB12")
    public static let dietaryVitaminC = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminC")
    public static let dietaryVitaminD = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminD")
    public static let dietaryVitaminE = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminE")
    public static let dietaryVitaminK = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminK")
    public static let dietaryFolate = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryFolate")
    public static let dietaryCalcium = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryCalcium")
    public static let dietaryChloride = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryChloride")
    public static let dietaryIron = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryIron")
    public static let dietaryMagnesium = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryMagnesium")
    public static let dietaryPhosphorus = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryPhosphorus")
    public static let dietaryPotassium = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryPotassium")
    public static let dietarySodium = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietarySodium")
    public static let dietaryZinc = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryZinc")
    public static let dietaryWater = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryWater")
    public static let dietaryCaffeine = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryCaffeine")
    public static let dietaryChromium = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryChromium")
    public static let dietaryCopper = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryCopper")
    public static let dietaryIodine = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryIodine")
    public static let dietaryManganese = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryManganese")
    public static let dietaryMolybdenum = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryMolybdenum")
    public static let dietarySelenium = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietarySelenium")

    /// Every identifier above, in Apple's order of topics.
    static let all: [HKQuantityTypeIdentifier] = [
        .stepCount, .distanceWalkingRunning, .distanceCycling, .distanceWheelchair, .distanceSwimming, .distanceDownhillSnowSports, .distanceCrossCountrySkiing, .distancePaddleSports, .distanceRowing, .distanceSkatingSports, .pushCount, .swimmingStrokeCount, .flightsClimbed, .nikeFuel, .basalEnergyBurned, .activeEnergyBurned, .appleExerciseTime, .appleMoveTime, .appleStandTime, .vo2Max, .physicalEffort, .workoutEffortScore, .estimatedWorkoutEffortScore, .runningSpeed, .runningPower, .runningStrideLength, .runningVerticalOscillation, .runningGroundContactTime, .walkingSpeed, .walkingStepLength, .walkingDoubleSupportPercentage, .walkingAsymmetryPercentage, .sixMinuteWalkTestDistance, .stairAscentSpeed, .stairDescentSpeed, .appleWalkingSteadiness, .cyclingSpeed, .cyclingPower, .cyclingCadence, .cyclingFunctionalThresholdPower, .crossCountrySkiingSpeed, .paddleSportsSpeed, .rowingSpeed, .height, .bodyMass, .bodyMassIndex, .leanBodyMass, .bodyFatPercentage, .waistCircumference, .appleSleepingWristTemperature, .heartRate, .restingHeartRate, .walkingHeartRateAverage, .heartRateVariabilitySDNN, .heartRateRecoveryOneMinute, .atrialFibrillationBurden, .oxygenSaturation, .respiratoryRate, .bodyTemperature, .basalBodyTemperature, .bloodPressureSystolic, .bloodPressureDiastolic, .peripheralPerfusionIndex, .appleSleepingBreathingDisturbances, .bloodGlucose, .bloodAlcoholContent, .electrodermalActivity, .forcedExpiratoryVolume1, .forcedVitalCapacity, .peakExpiratoryFlowRate, .inhalerUsage, .insulinDelivery, .numberOfTimesFallen, .numberOfAlcoholicBeverages, .environmentalAudioExposure, .headphoneAudioExposure, .environmentalSoundReduction, .uvExposure, .timeInDaylight, .underwaterDepth, .waterTemperature, .dietaryEnergyConsumed, .dietaryCarbohydrates, .dietaryFiber, .dietarySugar, .dietaryFatTotal, .dietaryFatMonounsaturated, .dietaryFatPolyunsaturated, .dietaryFatSaturated, .dietaryCholesterol, .dietaryProtein, .dietaryVitaminA, .dietaryThiamin, .dietaryRiboflavin, .dietaryNiacin, .dietaryPantothenicAcid, .dietaryVitaminB6, .dietaryBiotin, .dietaryVitaminB12, .dietaryVitaminC, .dietaryVitaminD, .dietaryVitaminE, .dietaryVitaminK, .dietaryFolate, .dietaryCalcium, .dietaryChloride, .dietaryIron, .dietaryMagnesium, .dietaryPhosphorus, .dietaryPotassium, .dietarySodium, .dietaryZinc, .dietaryWater, .dietaryCaffeine, .dietaryChromium, .dietaryCopper, .dietaryIodine, .dietaryManganese, .dietaryMolybdenum, .dietarySelenium,
    ]
    /// The types whose values add up over a workout.
    static let cumulative: Set<HKQuantityTypeIdentifier> = [
        .activeEnergyBurned, .basalEnergyBurned, .stepCount, .distanceWalkingRunning, .distanceCycling, .distanceSwimming, .distanceWheelchair,
        .distanceDownhillSnowSports, .distanceCrossCountrySkiing, .distancePaddleSports, .distanceRowing, .distanceSkatingSports,
        .swimmingStrokeCount, .pushCount, .flightsClimbed, .nikeFuel, .appleExerciseTime, .appleMoveTime, .appleStandTime,
        .inhalerUsage, .insulinDelivery, .numberOfTimesFallen, .numberOfAlcoholicBeverages, .uvExposure, .timeInDaylight,
        .dietaryEnergyConsumed, .dietaryCarbohydrates, .dietaryFiber, .dietarySugar, .dietaryFatTotal, .dietaryFatMonounsaturated,
        .dietaryFatPolyunsaturated, .dietaryFatSaturated, .dietaryCholesterol, .dietaryProtein, .dietaryVitaminA, .dietaryThiamin,
        .dietaryRiboflavin, .dietaryNiacin, .dietaryPantothenicAcid, .dietaryVitaminB6, .dietaryBiotin, .dietaryVitaminB12,
        .dietaryVitaminC, .dietaryVitaminD, .dietaryVitaminE, .dietaryVitaminK, .dietaryFolate, .dietaryCalcium, .dietaryChloride,
        .dietaryIron, .dietaryMagnesium, .dietaryPhosphorus, .dietaryPotassium, .dietarySodium, .dietaryZinc, .dietaryWater,
        .dietaryCaffeine, .dietaryChromium, .dietaryCopper, .dietaryIodine, .dietaryManganese, .dietaryMolybdenum, .dietarySelenium,
    ]

    /// The unit HealthKit would store the type in; its dimension is what `is(compatibleWith:)` checks.
    var canonicalUnit: HKUnit? {
        switch self {
        case .heartRate, .restingHeartRate, .walkingHeartRateAverage, .respiratoryRate, .cyclingCadence, .heartRateRecoveryOneMinute:
            HKUnit(from: "count/min")
        case .heartRateVariabilitySDNN, .runningGroundContactTime: HKUnit(from: "ms")
        case .oxygenSaturation, .bodyFatPercentage, .walkingDoubleSupportPercentage, .walkingAsymmetryPercentage, .appleWalkingSteadiness,
             .atrialFibrillationBurden, .peripheralPerfusionIndex, .bloodAlcoholContent: HKUnit(from: "%")
        case .vo2Max: HKUnit(from: "ml/kg*min")
        case .activeEnergyBurned, .basalEnergyBurned, .dietaryEnergyConsumed: HKUnit(from: "kcal")
        case .stepCount, .swimmingStrokeCount, .pushCount, .flightsClimbed, .inhalerUsage, .numberOfTimesFallen,
             .numberOfAlcoholicBeverages, .uvExposure, .bodyMassIndex: HKUnit(from: "count")
        case .workoutEffortScore, .estimatedWorkoutEffortScore: HKUnit(from: "appleEffortScore")
        case .distanceWalkingRunning, .distanceCycling, .distanceSwimming, .distanceWheelchair, .distanceDownhillSnowSports, .distanceCrossCountrySkiing, .distancePaddleSports, .distanceRowing, .distanceSkatingSports, .runningStrideLength, .walkingStepLength, .underwaterDepth, .height, .waistCircumference, .sixMinuteWalkTestDistance: HKUnit(from: "m")
        case .appleExerciseTime, .appleStandTime, .appleMoveTime, .timeInDaylight: HKUnit(from: "min")
        case .runningSpeed, .walkingSpeed, .cyclingSpeed, .stairAscentSpeed, .stairDescentSpeed, .crossCountrySkiingSpeed,
             .paddleSportsSpeed, .rowingSpeed: HKUnit(from: "m/s")
        case .runningPower, .cyclingPower, .cyclingFunctionalThresholdPower: HKUnit(from: "W")
        case .runningVerticalOscillation: HKUnit(from: "cm")
        case .physicalEffort: HKUnit(from: "kcal/hr*kg")
        case .waterTemperature, .bodyTemperature, .basalBodyTemperature, .appleSleepingWristTemperature: HKUnit(from: "degC")
        case .bodyMass, .leanBodyMass: HKUnit(from: "kg")
        case .bloodPressureSystolic, .bloodPressureDiastolic: HKUnit(from: "mmHg")
        case .dietaryWater: HKUnit(from: "mL")
        default: nil
        }
    }
}
