// A Swift 5 watch app's file for the HealthKit details the audit of 2026-11-29 found
// missing: every metadata key Apple lists, HKError as an NSError, copying a configuration,
// the quantity samples' two subclasses, Foundation's formatter units, and the predicate key
// paths and sort identifiers apps name.
import HealthKit

class HealthDetails {
    let store = HKHealthStore()
    var lines: [String] = []

    /// A logged entry's metadata, with the keys of each kind an app fills in.
    func metadata(for start: Date) -> [String: Any] {
        [
            HKMetadataKeyWasUserEntered: true, HKMetadataKeyExternalUUID: UUID().uuidString, HKMetadataKeyTimeZone: "Europe/Berlin",
            HKMetadataKeySyncIdentifier: "entry-1", HKMetadataKeySyncVersion: 2, HKMetadataKeyDeviceName: "Chest strap",
            HKMetadataKeyDeviceManufacturerName: "Strap Co", HKMetadataKeyDeviceSerialNumber: "S-1",
            HKMetadataKeyWeatherTemperature: HKQuantity(unit: .degreeCelsius(), doubleValue: 12),
            HKMetadataKeyWeatherHumidity: HKQuantity(unit: .percent(), doubleValue: 0.6), HKMetadataKeyWeatherCondition: 2,
            HKMetadataKeyIndoorWorkout: false, HKMetadataKeyGroupFitness: false, HKMetadataKeyCoachedWorkout: false,
            HKMetadataKeyElevationAscended: HKQuantity(unit: .meter(), doubleValue: 120),
            HKMetadataKeyElevationDescended: HKQuantity(unit: .meter(), doubleValue: 115),
            HKMetadataKeyMaximumSpeed: HKQuantity(unit: HKUnit.meter().unitDivided(by: .second()), doubleValue: 5.1),
            HKMetadataKeyAverageMETs: HKQuantity(unit: HKUnit.kilocalorie().unitDivided(by: HKUnit.hour().unitMultiplied(by: .gramUnit(with: .kilo))),
                                                  doubleValue: 9.5),
            HKMetadataKeyHeartRateSensorLocation: 1, HKMetadataKeyHeartRateMotionContext: 2,
            HKMetadataKeyDateOfEarliestDataUsedForEstimate: start,
        ]
    }

    /// Every key Apple's "Metadata keys" page lists, as an app that exports them names them.
    let allKeys = [
        HKMetadataKeyExternalUUID, HKMetadataKeyTimeZone, HKMetadataKeyWasUserEntered, HKMetadataKeyQuantityClampedToLowerBound,
        HKMetadataKeyQuantityClampedToUpperBound, HKMetadataKeyDateOfEarliestDataUsedForEstimate, HKMetadataKeySessionEstimate,
        HKMetadataKeyDeviceSerialNumber, HKMetadataKeyUDIDeviceIdentifier, HKMetadataKeyUDIProductionIdentifier,
        HKMetadataKeyDigitalSignature, HKMetadataKeyDeviceName, HKMetadataKeyDeviceManufacturerName, HKMetadataKeyDevicePlacementSide,
        HKMetadataKeyAppleDeviceCalibrated, HKMetadataKeyWorkoutBrandName, HKMetadataKeyCyclingFunctionalThresholdPowerTestType,
        HKMetadataKeyFitnessMachineDuration, HKMetadataKeyCrossTrainerDistance, HKMetadataKeyIndoorBikeDistance,
        HKMetadataKeyAverageMETs, HKMetadataKeyPhysicalEffortEstimationType, HKMetadataKeyAlpineSlopeGrade,
        HKMetadataKeyElevationAscended, HKMetadataKeySyncIdentifier, HKMetadataKeySyncVersion, HKMetadataKeyWasTakenInLab,
        HKMetadataKeyReferenceRangeLowerLimit, HKMetadataKeyReferenceRangeUpperLimit, HKMetadataKeyBarometricPressure,
        HKMetadataKeyWeatherCondition, HKMetadataKeyWeatherHumidity, HKMetadataKeyWeatherTemperature, HKMetadataKeyActivityType,
        HKMetadataKeyAppleFitnessPlusSession, HKMetadataKeyCoachedWorkout, HKMetadataKeyGroupFitness, HKMetadataKeyIndoorWorkout,
        HKMetadataKeyElevationDescended, HKMetadataKeyAverageSpeed, HKMetadataKeyMaximumSpeed, HKMetadataKeySwimmingLocationType,
        HKMetadataKeySwimmingStrokeStyle, HKMetadataKeyLapLength, HKMetadataKeySWOLFScore, HKMetadataKeyWaterSalinity,
        HKMetadataKeyVO2MaxValue, HKMetadataKeyLowCardioFitnessEventThreshold, HKMetadataKeyUserMotionContext, HKMetadataKeyFoodType,
        HKMetadataKeyBodyTemperatureSensorLocation, HKMetadataKeyHeartRateSensorLocation, HKMetadataKeyHeartRateMotionContext,
        HKMetadataKeyHeartRateRecoveryActivityDuration, HKMetadataKeyHeartRateRecoveryActivityType,
        HKMetadataKeyHeartRateRecoveryMaxObservedRecoveryHeartRate, HKMetadataKeyHeartRateRecoveryTestType,
        HKMetadataKeyVO2MaxTestType, HKMetadataKeyAudioExposureLevel, HKMetadataKeyAudioExposureDuration, HKMetadataKeyHeadphoneGain,
        HKMetadataKeyBloodGlucoseMealTime, HKMetadataKeyInsulinDeliveryReason, HKMetadataKeyMenstrualCycleStart,
        HKMetadataKeySexualActivityProtectionUsed, HKMetadataKeyAlgorithmVersion, HKMetadataKeyAppleECGAlgorithmVersion,
    ]

    /// Saves a run's distance and a heart rate with metadata, reads them back, and casts them
    /// to the subclasses a watch makes.
    func saveAndCast(at start: Date) {
        let distance = HKCumulativeQuantitySample(type: HKQuantityType(.distanceWalkingRunning),
                                                  quantity: HKQuantity(unit: .meter(), doubleValue: 400),
                                                  start: start, end: start.addingTimeInterval(120), metadata: metadata(for: start))
        let heartRate = HKDiscreteQuantitySample(type: HKQuantityType(.heartRate),
                                                 quantity: HKQuantity(unit: HKUnit.count().unitDivided(by: .minute()), doubleValue: 150),
                                                 start: start.addingTimeInterval(60), end: start.addingTimeInterval(60))
        store.save([distance, heartRate]) { _, _ in
            let query = HKSampleQuery(sampleType: HKQuantityType(.distanceWalkingRunning), predicate: nil, limit: HKObjectQueryNoLimit,
                                      sortDescriptors: nil) { _, samples, _ in
                for sample in samples ?? [] {
                    if let cumulative = sample as? HKCumulativeQuantitySample {
                        self.lines.append("sum \(cumulative.sumQuantity.doubleValue(for: .meter()))")
                    }
                    let keys = sample.metadata.map { Set($0.keys) } ?? []
                    self.lines.append("keys \(keys.isSubset(of: Set(self.allKeys))) \(keys.count)")
                }
            }
            self.store.execute(query)
        }
        if let discrete = (heartRate as HKQuantitySample) as? HKDiscreteQuantitySample {
            let bpm = HKUnit.count().unitDivided(by: .minute())
            lines.append("heart \(discrete.minimumQuantity.doubleValue(for: bpm)) \(discrete.averageQuantity.doubleValue(for: bpm)) "
                + "\(discrete.maximumQuantity.doubleValue(for: bpm)) \(discrete.mostRecentQuantity.doubleValue(for: bpm)) "
                + "\(discrete.mostRecentQuantityDateInterval.duration)")
        }
        lines.append("hypertension \(HKCategoryType(.hypertensionEvent).identifier)")
    }

    /// HKError as apps bridge it to NSError, and the domain they compare with.
    func errors() {
        let error = HKError(.errorNoData, userInfo: [NSLocalizedDescriptionKey: "nothing logged yet", "day": 3])
        let nsError = error as NSError
        let custom: any CustomNSError = error
        lines.append("error \(nsError.domain == HKErrorDomain) \(nsError.code) \(error.errorUserInfo[NSLocalizedDescriptionKey] as? String ?? "")")
        lines.append("custom \(type(of: custom).errorDomain) \(error.userInfo["day"] as? Int ?? 0)")
        // Code 0 by its older name, as apps written before watchOS 27.2 compare it.
        lines.append("no error \(HKError.noError == HKError.Code.noError) \(HKError.Code.noError.rawValue)")
    }

    /// A second leg's configuration made from the first's.
    func copies() {
        let run = HKWorkoutConfiguration()
        run.activityType = .running
        run.locationType = .outdoor
        let walk = run.copy() as! HKWorkoutConfiguration
        walk.activityType = .walking
        lines.append("copy \(run.activityType == .running) \(walk.activityType == .walking) \(walk.locationType == .outdoor)")
    }

    /// Showing quantities with Foundation's formatters.
    func formatters() {
        let energy = HKUnit.energyFormatterUnit(from: .kilocalorie())
        let length = HKUnit.lengthFormatterUnit(from: .mile())
        let mass = HKUnit.massFormatterUnit(from: .pound())
        let back = [HKUnit(from: EnergyFormatter.Unit.kilojoule), HKUnit(from: LengthFormatter.Unit.kilometer),
                    HKUnit(from: MassFormatter.Unit.stone)]
        lines.append("formatters \(energy == .kilocalorie) \(length == .mile) \(mass == .pound) \(back.map(\.unitString))")
        let formatter = LengthFormatter()
        formatter.unitStyle = .short
        lines.append("formatted \(!formatter.string(fromValue: 5, unit: length).isEmpty)")
    }

    /// The names apps put in format predicates and sort descriptors.
    func keyPaths() -> [String] {
        [HKPredicateKeyPathQuantity, HKPredicateKeyPathCount, HKPredicateKeyPathWorkoutType, HKPredicateKeyPathWorkoutDuration,
         HKPredicateKeyPathWorkoutTotalDistance, HKPredicateKeyPathWorkoutTotalEnergyBurned,
         HKPredicateKeyPathWorkoutTotalSwimmingStrokeCount, HKPredicateKeyPathWorkoutTotalFlightsClimbed, HKPredicateKeyPathWorkoutSumQuantity,
         HKPredicateKeyPathWorkoutMinimumQuantity, HKPredicateKeyPathWorkoutMaximumQuantity, HKPredicateKeyPathWorkoutAverageQuantity,
         HKPredicateKeyPathWorkoutActivity, HKPredicateKeyPathWorkoutActivityType, HKPredicateKeyPathWorkoutActivityStartDate,
         HKPredicateKeyPathWorkoutActivityEndDate, HKPredicateKeyPathWorkoutActivityDuration,
         HKPredicateKeyPathWorkoutActivitySumQuantity, HKPredicateKeyPathWorkoutActivityMinimumQuantity,
         HKPredicateKeyPathWorkoutActivityMaximumQuantity, HKPredicateKeyPathWorkoutActivityAverageQuantity]
    }

    /// The longest workouts first, by distance and then by energy.
    func longestWorkouts(_ done: @escaping ([HKWorkout]) -> Void) {
        let sort = [NSSortDescriptor(key: HKWorkoutSortIdentifierTotalDistance, ascending: false),
                    NSSortDescriptor(key: HKWorkoutSortIdentifierTotalEnergyBurned, ascending: false),
                    NSSortDescriptor(key: HKWorkoutSortIdentifierTotalSwimmingStrokeCount, ascending: false),
                    NSSortDescriptor(key: HKWorkoutSortIdentifierTotalFlightsClimbed, ascending: false)]
        let query = HKSampleQuery(sampleType: .workoutType(), predicate: nil, limit: 10, sortDescriptors: sort) { _, samples, _ in
            done(samples as? [HKWorkout] ?? [])
        }
        store.execute(query)
    }
}
