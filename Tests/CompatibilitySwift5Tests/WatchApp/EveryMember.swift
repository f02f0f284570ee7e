// A Swift 5 file that names the members docs/apple-coverage.md lists but that the app-like
// files reach only by inference or not at all: every case of the enumerations listed there
// (with Apple's raw values), the properties of the values handlers receive, and the class
// methods apps call to ask what the watch can do. Tests/AppleCoverage/check-coverage.py reads
// it with the rest; HealthFiltersTests runs it.
import AppIntents
import CoreLocation
import CoreMotion
import HealthKit

enum EveryMember {
    /// Raw values as Apple's headers give them; a wrong or missing case fails to compile.
    static func rawValues() -> [String: [Int]] {
        let activity: [CLActivityType] = [.other, .automotiveNavigation, .fitness, .otherNavigation, .airborne]
        let authorization: [CLAuthorizationStatus] = [.notDetermined, .restricted, .denied, .authorizedAlways, .authorizedWhenInUse]
        let accuracy: [CLAccuracyAuthorization] = [.fullAccuracy, .reducedAccuracy]
        let pedometer: [CMPedometerEventType] = [.pause, .resume]
        let motion: [CMAuthorizationStatus] = [.notDetermined, .restricted, .denied, .authorized]
        let depth: [CMWaterSubmersionMeasurement.DepthState] = [.unknown, .notSubmerged, .submergedShallow, .submergedDeep,
                                                              .approachingMaxDepth, .pastMaxDepth, .sensorDepthError]
        return [
            "CLActivityType": activity.map(\.rawValue),
            "CLAuthorizationStatus": authorization.map { Int($0.rawValue) },
            "CLAccuracyAuthorization": accuracy.map(\.rawValue),
            "CMPedometerEventType": pedometer.map(\.rawValue),
            "CMAuthorizationStatus": motion.map(\.rawValue),
            "DepthState": depth.map(\.rawValue),
        ]
    }

    /// What the watch can do, as apps ask before they start.
    static func capabilities() -> [Bool] {
        [CMAltimeter.isRelativeAltitudeAvailable(), CMAltimeter.isAbsoluteAltitudeAvailable(),
         CMPedometer.isStepCountingAvailable(), CMPedometer.isDistanceAvailable(), CMPedometer.isPaceAvailable(),
         CMPedometer.isCadenceAvailable(), CMMotionActivityManager.isActivityAvailable(),
         CMMotionActivityManager.authorizationStatus() == .authorized, CMWaterSubmersionManager.waterSubmersionAvailable,
         CMWaterSubmersionManager.authorizationStatus == .authorized]
    }

    /// The members of values a handler or delegate receives.
    static func describe(_ heading: CLHeading) -> String {
        "\(heading.trueHeading) \(heading.magneticHeading) \(heading.headingAccuracy) \(heading.x) \(heading.y) \(heading.z) \(heading.timestamp)"
    }

    static func describe(_ activity: CMMotionActivity) -> String {
        "\(activity.stationary) \(activity.walking) \(activity.running) \(activity.automotive) \(activity.cycling) \(activity.unknown) \(activity.startDate)"
    }

    static func describe(_ measurement: CMWaterSubmersionMeasurement) -> String {
        "\(measurement.date) \(String(describing: measurement.depth)) \(String(describing: measurement.pressure)) "
            + "\(measurement.surfacePressure) \(measurement.submersionState.rawValue)"
    }

    static func describe(_ update: CLLocationUpdate) -> String { "\(update.stationary) \(update.authorizationDenied)" }

    static func describe(_ event: CMPedometerEvent) -> String { "\(event.date) \(event.type == .resume)" }

    /// Sessions, builders and activities: the dates and types apps read back.
    static func describe(_ session: HKWorkoutSession, _ builder: HKWorkoutBuilder, _ activity: HKWorkoutActivity) -> String {
        "\(session.state.rawValue) \(String(describing: session.startDate)) \(String(describing: session.endDate)) "
            + "\(session.type == .primary) \(session.activityType.rawValue) \(session.workoutConfiguration.activityType.rawValue) "
            + "\(String(describing: builder.startDate)) \(String(describing: builder.endDate)) "
            + "\(activity.uuid) \(activity.workoutConfiguration.activityType.rawValue) \(activity.startDate) "
            + "\(String(describing: activity.endDate)) \(String(describing: activity.metadata))"
    }

    static func describe(_ workout: HKWorkout) -> String {
        "\(workout.allStatistics.count) \(workout.statistics(for: HKQuantityType(.heartRate)) != nil)"
    }

    /// Everything else the inventory lists by name.
    static func rest() -> [Bool] {
        let zoneSources: [HKWorkoutZoneConfiguration.Source] = [.system, .user, .app]
        let live: [CLLocationUpdate.LiveConfiguration] = [.default, .automotiveNavigation, .otherNavigation, .fitness, .airborne]
        let verb: ConfirmationActionName = .add
        let builder: HKSeriesBuilder = HKWorkoutRouteBuilder(healthStore: HKHealthStore(), device: nil)
        builder.discard()
        let series = [HKSeriesType.workoutRoute(), HKSeriesType.heartbeat()]
        let found = HKObjectType.seriesType(forIdentifier: series[1].identifier)
        let uuid = UUID()
        let predicates = [HKQuery.predicateForObjects(with: [uuid]), HKQuery.predicateForObject(with: uuid)]
        return [zoneSources.count == 3, live.count == 5, "\(verb)" == "Add", found == series[1], predicates.count == 2,
                kCLLocationAccuracyReduced > kCLLocationAccuracyBest,
                HKQuantity(unit: .yard(), doubleValue: 1).doubleValue(for: .foot()) == 3,
                HKUnit.radianAngleUnit(with: .milli) == HKUnit(from: "mrad"),
                HKSourceRevision(source: .default(), version: "1.0").productType == nil]
    }
}
