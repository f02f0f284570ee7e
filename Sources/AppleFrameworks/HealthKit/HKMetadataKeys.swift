// Metadata keys a workout app sets (Apple's page: "Metadata keys"), with Apple's values.

/// Whether the workout was indoors (a Bool).
public let HKMetadataKeyIndoorWorkout = "HKIndoorWorkout"
/// The pool's length for a lap swim (an HKQuantity of length).
public let HKMetadataKeyLapLength = "HKLapLength"
/// Pool or open water (an HKWorkoutSwimmingLocationType's raw value).
public let HKMetadataKeySwimmingLocationType = "HKSwimmingLocationType"
/// The average speed (an HKQuantity of speed).
public let HKMetadataKeyAverageSpeed = "HKAverageSpeed"
/// The height climbed (an HKQuantity of length).
public let HKMetadataKeyElevationAscended = "HKElevationAscended"
/// The app's brand for the workout (a String).
public let HKMetadataKeyWorkoutBrandName = "HKWorkoutBrandName"
/// The app's own identifier for the object (a String).
public let HKMetadataKeyExternalUUID = "HKExternalUUID"
/// The time zone it happened in (a String).
public let HKMetadataKeyTimeZone = "HKTimeZone"

// The rest of Apple's metadata keys. A watch app writes them into a sample's or a workout's
// metadata and reads them back: the stand-in keeps any key with its value and gives it no
// meaning of its own. Each value is the string HealthKit itself holds, which is the constant's
// name or its shorter "HK…" form, depending on the release that added it; a store shared
// with a watch's exports must see the same keys. The trailing comment is the watchOS release
// that added the key.

// MARK: Where a value came from and how far to trust it

public let HKMetadataKeyWasUserEntered = "HKWasUserEntered"  // watchOS 2.0
public let HKMetadataKeyQuantityClampedToLowerBound = "HKMetadataKeyQuantityClampedToLowerBound"  // watchOS 9.0
public let HKMetadataKeyQuantityClampedToUpperBound = "HKMetadataKeyQuantityClampedToUpperBound"  // watchOS 9.0
public let HKMetadataKeyDateOfEarliestDataUsedForEstimate = "HKDateOfEarliestDataUsedForEstimate"  // watchOS 8.0
public let HKMetadataKeySessionEstimate = "HKMetadataKeySessionEstimate"  // watchOS 9.0
public let HKMetadataKeyAlgorithmVersion = "HKAlgorithmVersion"  // watchOS 8.0
public let HKMetadataKeyAppleECGAlgorithmVersion = "HKMetadataKeyAppleECGAlgorithmVersion"  // watchOS 7.0
public let HKMetadataKeySyncIdentifier = "HKMetadataKeySyncIdentifier"  // watchOS 4.0
public let HKMetadataKeySyncVersion = "HKMetadataKeySyncVersion"  // watchOS 4.0

// MARK: The device that measured it

public let HKMetadataKeyDeviceSerialNumber = "HKDeviceSerialNumber"  // watchOS 2.0
public let HKMetadataKeyUDIDeviceIdentifier = "HKUDIDeviceIdentifier"  // watchOS 2.0
public let HKMetadataKeyUDIProductionIdentifier = "HKUDIProductionIdentifier"  // watchOS 2.0
public let HKMetadataKeyDigitalSignature = "HKDigitalSignature"  // watchOS 2.0
public let HKMetadataKeyDeviceName = "HKDeviceName"  // watchOS 2.0
public let HKMetadataKeyDeviceManufacturerName = "HKDeviceManufacturerName"  // watchOS 2.0
public let HKMetadataKeyDevicePlacementSide = "HKMetadataKeyDevicePlacementSide"  // watchOS 7.0
public let HKMetadataKeyAppleDeviceCalibrated = "HKMetadataKeyAppleDeviceCalibrated"  // watchOS 7.0

// MARK: Workouts: what kind, and what the machine or the session measured

public let HKMetadataKeyActivityType = "HKActivityType"  // watchOS 10.0
public let HKMetadataKeyAppleFitnessPlusSession = "HKMetadataKeyAppleFitnessPlusSession"  // watchOS 10.0
public let HKMetadataKeyCoachedWorkout = "HKCoachedWorkout"  // watchOS 2.0
public let HKMetadataKeyGroupFitness = "HKGroupFitness"  // watchOS 2.0
public let HKMetadataKeyCyclingFunctionalThresholdPowerTestType = "HKCyclingCyclingFunctionalThresholdPowerTestType"  // watchOS 10.0
public let HKMetadataKeyFitnessMachineDuration = "HKFitnessMachineDuration"  // watchOS 5.0
public let HKMetadataKeyCrossTrainerDistance = "HKCrossTrainerDistance"  // watchOS 5.0
public let HKMetadataKeyIndoorBikeDistance = "HKIndoorBikeDistance"  // watchOS 5.0
public let HKMetadataKeyAverageMETs = "HKAverageMETs"  // watchOS 6.0
public let HKMetadataKeyPhysicalEffortEstimationType = "HKPhysicalEffortEstimationType"  // watchOS 10.0
public let HKMetadataKeyAlpineSlopeGrade = "HKAlpineSlopeGrade"  // watchOS 4.2
public let HKMetadataKeyElevationDescended = "HKElevationDescended"  // watchOS 4.2
public let HKMetadataKeyMaximumSpeed = "HKMaximumSpeed"  // watchOS 4.2
public let HKMetadataKeySwimmingStrokeStyle = "HKSwimmingStrokeStyle"  // watchOS 3.0
public let HKMetadataKeySWOLFScore = "HKSWOLFScore"  // watchOS 9.0
public let HKMetadataKeyWaterSalinity = "HKMetadataKeyWaterSalinity"  // watchOS 10.0

// MARK: Weather during a workout

public let HKMetadataKeyBarometricPressure = "HKMetadataKeyBarometricPressure"  // watchOS 7.0
public let HKMetadataKeyWeatherCondition = "HKWeatherCondition"  // watchOS 3.0
public let HKMetadataKeyWeatherHumidity = "HKWeatherHumidity"  // watchOS 3.0
public let HKMetadataKeyWeatherTemperature = "HKWeatherTemperature"  // watchOS 3.0

// MARK: Lab results

public let HKMetadataKeyWasTakenInLab = "HKWasTakenInLab"  // watchOS 2.0
public let HKMetadataKeyReferenceRangeLowerLimit = "HKReferenceRangeLowerLimit"  // watchOS 2.0
public let HKMetadataKeyReferenceRangeUpperLimit = "HKReferenceRangeUpperLimit"  // watchOS 2.0

// MARK: Heart, fitness and motion

public let HKMetadataKeyHeartRateSensorLocation = "HKHeartRateSensorLocation"  // watchOS 2.0
public let HKMetadataKeyHeartRateMotionContext = "HKMetadataKeyHeartRateMotionContext"  // watchOS 4.0
public let HKMetadataKeyHeartRateRecoveryActivityDuration = "HKMetadataKeyHeartRateRecoveryActivityDuration"  // watchOS 9.0
public let HKMetadataKeyHeartRateRecoveryActivityType = "HKMetadataKeyHeartRateRecoveryActivityType"  // watchOS 9.0
public let HKMetadataKeyHeartRateRecoveryMaxObservedRecoveryHeartRate = "HKMetadataKeyHeartRateRecoveryMaxObservedRecoveryHeartRate"  // watchOS 9.0
public let HKMetadataKeyHeartRateRecoveryTestType = "HKMetadataKeyHeartRateRecoveryTestType"  // watchOS 9.0
public let HKMetadataKeyVO2MaxValue = "HKVO2MaxValue"  // watchOS 7.2
public let HKMetadataKeyVO2MaxTestType = "HKVO2MaxTestType"  // watchOS 4.0
public let HKMetadataKeyLowCardioFitnessEventThreshold = "HKLowCardioFitnessEventThreshold"  // watchOS 7.2
public let HKMetadataKeyUserMotionContext = "HKMetadataKeyUserMotionContext"  // watchOS 9.0

// MARK: Hearing

public let HKMetadataKeyAudioExposureLevel = "HKMetadataKeyAudioExposureLevel"  // watchOS 6.0
public let HKMetadataKeyAudioExposureDuration = "HKMetadataKeyAudioExposureDuration"  // watchOS 7.1
public let HKMetadataKeyHeadphoneGain = "HKMetadataKeyHeadphoneGain"  // watchOS 9.4

// MARK: Other body measurements

public let HKMetadataKeyFoodType = "HKFoodType"  // watchOS 2.0
public let HKMetadataKeyBodyTemperatureSensorLocation = "HKBodyTemperatureSensorLocation"  // watchOS 2.0
public let HKMetadataKeyBloodGlucoseMealTime = "HKBloodGlucoseMealTime"  // watchOS 4.0
public let HKMetadataKeyInsulinDeliveryReason = "HKInsulinDeliveryReason"  // watchOS 4.0
public let HKMetadataKeyMenstrualCycleStart = "HKMenstrualCycleStart"  // watchOS 2.0
public let HKMetadataKeySexualActivityProtectionUsed = "HKSexualActivityProtectionUsed"  // watchOS 2.0
