import AppIntents

// HealthKit's ready-made predicates beyond dates, UUIDs and activity types (Apple's pages
// under "HKQuery": object, quantity-sample, category-sample, workout and workout-activity
// predicates). Each is a block predicate over this watch's own objects, so a query here
// filters exactly as the watch's database would for the same objects.

/// Device properties `predicateForObjects(withDeviceProperty:allowedValues:)` matches on.
public let HKDevicePropertyKeyName = "name"
public let HKDevicePropertyKeyManufacturer = "manufacturer"
public let HKDevicePropertyKeyModel = "model"
public let HKDevicePropertyKeyHardwareVersion = "hardwareVersion"
public let HKDevicePropertyKeyFirmwareVersion = "firmwareVersion"
public let HKDevicePropertyKeySoftwareVersion = "softwareVersion"
public let HKDevicePropertyKeyLocalIdentifier = "localIdentifier"
public let HKDevicePropertyKeyUDIDeviceIdentifier = "UDIDeviceIdentifier"

/// Foundation's `NSComparisonPredicate.Operator`, the operator type of Apple's predicates, named
/// once: swift-corelibs-foundation marks its class deprecated, so each mention of it warns
/// (this one is the HealthKit stand-in's only warning). Apps spell it as on a watch.
@_documentation(visibility: internal)
public typealias ComparisonOperator = NSComparisonPredicate.Operator

extension HKQuery {
    // MARK: Objects

    /// Objects whose metadata has the key, whatever its value.
    public class func predicateForObjects(withMetadataKey key: String) -> NSPredicate {
        NSPredicate { object, _ in (object as? HKObject)?.metadata?[key] != nil }
    }

    /// Objects whose metadata value for the key equals one of the given values.
    public class func predicateForObjects(withMetadataKey key: String, allowedValues: [Any]) -> NSPredicate {
        let allowed = allowedValues.map(MetadataValue.init)
        return NSPredicate { object, _ in
            guard let value = (object as? HKObject)?.metadata?[key].map(MetadataValue.init) else { return false }
            return allowed.contains { value.order(against: $0) == .orderedSame }
        }
    }

    /// Objects whose metadata value for the key stands in the given relation to `value`
    /// (text to text, number to number, date to date).
    public class func predicateForObjects(withMetadataKey key: String, operatorType: ComparisonOperator,
                                          value: Any) -> NSPredicate {
        let target = MetadataValue(value)
        return NSPredicate { object, _ in
            guard let value = (object as? HKObject)?.metadata?[key].map(MetadataValue.init),
                  let order = value.order(against: target) else { return false }
            return operatorType.holds(for: order)
        }
    }

    /// Objects one app or device saved.
    public class func predicateForObjects(from source: HKSource) -> NSPredicate { predicateForObjects(from: [source]) }

    /// Objects any of these apps or devices saved.
    public class func predicateForObjects(from sources: Set<HKSource>) -> NSPredicate {
        NSPredicate { object, _ in (object as? HKObject).map { sources.contains($0.sourceRevision.source) } ?? false }
    }

    /// Objects saved by one of these revisions of a source.
    public class func predicateForObjects(from sourceRevisions: Set<HKSourceRevision>) -> NSPredicate {
        NSPredicate { object, _ in (object as? HKObject).map { sourceRevisions.contains($0.sourceRevision) } ?? false }
    }

    /// Objects recorded by one of these devices.
    public class func predicateForObjects(from devices: Set<HKDevice>) -> NSPredicate {
        NSPredicate { object, _ in (object as? HKObject)?.device.map(devices.contains) ?? false }
    }

    /// Objects whose device has one of the allowed values for a property
    /// (`HKDevicePropertyKeyName` and its siblings).
    public class func predicateForObjects(withDeviceProperty key: String, allowedValues: Set<String>) -> NSPredicate {
        NSPredicate { object, _ in
            guard let device = (object as? HKObject)?.device, let value = device.property(key) else { return false }
            return allowedValues.contains(value)
        }
    }

    /// Objects that belong to a workout: the samples its builder collected or the app added
    /// to it, and its route.
    public class func predicateForObjects(from workout: HKWorkout) -> NSPredicate {
        let database = HealthDatabase.current
        return NSPredicate { object, _ in (object as? HKObject).map { database.workout(of: $0) == workout.uuid } ?? false }
    }

    /// Objects in no correlation: every object here, as the simulated watch makes no
    /// correlations (food and blood pressure).
    public class func predicateForObjectsWithNoCorrelation() -> NSPredicate {
        NSPredicate { object, _ in object is HKObject }
    }

    // MARK: Quantity and category samples

    /// Quantity samples whose quantity stands in the given relation to `quantity`.
    public class func predicateForQuantitySamples(with operatorType: ComparisonOperator,
                                                  quantity: HKQuantity) -> NSPredicate {
        comparing(operatorType, quantity) { (sample: HKQuantitySample) in sample.quantity }
    }

    /// Category samples whose value is one of `values`.
    public class func predicateForCategorySamples(equalTo values: Set<Int>) -> NSPredicate {
        NSPredicate { object, _ in (object as? HKCategorySample).map { values.contains($0.value) } ?? false }
    }

    // MARK: Workouts

    /// Workouts whose duration (without pauses) stands in the relation to `duration`.
    public class func predicateForWorkouts(with operatorType: ComparisonOperator, duration: TimeInterval) -> NSPredicate {
        NSPredicate { object, _ in
            guard let workout = object as? HKWorkout else { return false }
            return operatorType.holds(for: ordering(workout.duration, duration))
        }
    }

    public class func predicateForWorkouts(with operatorType: ComparisonOperator,
                                           totalEnergyBurned: HKQuantity) -> NSPredicate {
        workouts(operatorType, totalEnergyBurned) { $0.totalEnergyBurned }
    }

    public class func predicateForWorkouts(with operatorType: ComparisonOperator, totalDistance: HKQuantity) -> NSPredicate {
        workouts(operatorType, totalDistance) { $0.totalDistance }
    }

    public class func predicateForWorkouts(with operatorType: ComparisonOperator,
                                           totalSwimmingStrokeCount: HKQuantity) -> NSPredicate {
        workouts(operatorType, totalSwimmingStrokeCount) { $0.totalSwimmingStrokeCount }
    }

    public class func predicateForWorkouts(with operatorType: ComparisonOperator,
                                           totalFlightsClimbed: HKQuantity) -> NSPredicate {
        workouts(operatorType, totalFlightsClimbed) { $0.totalFlightsClimbed }
    }

    /// Workouts whose sum of one quantity type stands in the relation to `sumQuantity`.
    public class func predicateForWorkouts(operatorType: ComparisonOperator, quantityType: HKQuantityType,
                                           sumQuantity: HKQuantity) -> NSPredicate {
        workouts(operatorType, sumQuantity) { $0.statistics(for: quantityType)?.sumQuantity() }
    }

    public class func predicateForWorkouts(operatorType: ComparisonOperator, quantityType: HKQuantityType,
                                           minimumQuantity: HKQuantity) -> NSPredicate {
        workouts(operatorType, minimumQuantity) { $0.statistics(for: quantityType)?.minimumQuantity() }
    }

    public class func predicateForWorkouts(operatorType: ComparisonOperator, quantityType: HKQuantityType,
                                           maximumQuantity: HKQuantity) -> NSPredicate {
        workouts(operatorType, maximumQuantity) { $0.statistics(for: quantityType)?.maximumQuantity() }
    }

    public class func predicateForWorkouts(operatorType: ComparisonOperator, quantityType: HKQuantityType,
                                           averageQuantity: HKQuantity) -> NSPredicate {
        workouts(operatorType, averageQuantity) { $0.statistics(for: quantityType)?.averageQuantity() }
    }

    /// Workouts with at least one activity the activity predicate matches (the
    /// `predicateForWorkoutActivities` family makes those).
    public class func predicateForWorkouts(activityPredicate: NSPredicate) -> NSPredicate {
        NSPredicate { object, _ in
            (object as? HKWorkout)?.workoutActivities.contains { activityPredicate.evaluate(with: $0) } ?? false
        }
    }

    // MARK: Workout activities

    public class func predicateForWorkoutActivities(workoutActivityType: HKWorkoutActivityType) -> NSPredicate {
        NSPredicate { object, _ in (object as? HKWorkoutActivity)?.workoutConfiguration.activityType == workoutActivityType }
    }

    public class func predicateForWorkoutActivities(operatorType: ComparisonOperator, duration: TimeInterval) -> NSPredicate {
        NSPredicate { object, _ in
            guard let activity = object as? HKWorkoutActivity else { return false }
            return operatorType.holds(for: ordering(activity.duration, duration))
        }
    }

    /// Activities in the interval, by the same rules as `predicateForSamples(withStart:end:options:)`.
    public class func predicateForWorkoutActivities(start startDate: Date?, end endDate: Date?,
                                                    options: HKQueryOptions = []) -> NSPredicate {
        NSPredicate { object, _ in
            guard let activity = object as? HKWorkoutActivity else { return false }
            let end = activity.endDate ?? .distantFuture
            if let startDate {
                if options.contains(.strictStartDate) ? activity.startDate < startDate : end < startDate { return false }
            }
            if let endDate {
                if options.contains(.strictEndDate) ? end > endDate : activity.startDate > endDate { return false }
            }
            return true
        }
    }

    public class func predicateForWorkoutActivities(operatorType: ComparisonOperator, quantityType: HKQuantityType,
                                                    sumQuantity: HKQuantity) -> NSPredicate {
        activities(operatorType, sumQuantity) { $0.statistics(for: quantityType)?.sumQuantity() }
    }

    public class func predicateForWorkoutActivities(operatorType: ComparisonOperator, quantityType: HKQuantityType,
                                                    minimumQuantity: HKQuantity) -> NSPredicate {
        activities(operatorType, minimumQuantity) { $0.statistics(for: quantityType)?.minimumQuantity() }
    }

    public class func predicateForWorkoutActivities(operatorType: ComparisonOperator, quantityType: HKQuantityType,
                                                    maximumQuantity: HKQuantity) -> NSPredicate {
        activities(operatorType, maximumQuantity) { $0.statistics(for: quantityType)?.maximumQuantity() }
    }

    public class func predicateForWorkoutActivities(operatorType: ComparisonOperator, quantityType: HKQuantityType,
                                                    averageQuantity: HKQuantity) -> NSPredicate {
        activities(operatorType, averageQuantity) { $0.statistics(for: quantityType)?.averageQuantity() }
    }

    // MARK: Helpers

    /// Objects of one kind whose quantity (as `value` reads it) stands in the relation to
    /// `target`; an object without one, or in a unit of another dimension, does not match.
    private static func comparing<Object>(_ operatorType: ComparisonOperator, _ target: HKQuantity,
                                          _ value: @escaping (Object) -> HKQuantity?) -> NSPredicate {
        NSPredicate { object, _ in
            guard let object = object as? Object, let quantity = value(object),
                  quantity.is(compatibleWith: target.unit) else { return false }
            return operatorType.holds(for: quantity.compare(target))
        }
    }

    private static func workouts(_ operatorType: ComparisonOperator, _ target: HKQuantity,
                                 _ value: @escaping (HKWorkout) -> HKQuantity?) -> NSPredicate {
        comparing(operatorType, target, value)
    }

    private static func activities(_ operatorType: ComparisonOperator, _ target: HKQuantity,
                                   _ value: @escaping (HKWorkoutActivity) -> HKQuantity?) -> NSPredicate {
        comparing(operatorType, target, value)
    }

}

/// How `lhs` orders against `rhs`, as Foundation's `compare` says it.
func ordering<T: Comparable>(_ lhs: T, _ rhs: T) -> ComparisonResult {
    lhs < rhs ? .orderedAscending : lhs > rhs ? .orderedDescending : .orderedSame
}

extension ComparisonOperator {
    /// Whether a value ordered so against the target satisfies the operator; the operators
    /// that are not comparisons (`like`, `contains`, ...) hold for equal values only.
    func holds(for order: ComparisonResult) -> Bool {
        switch self {
        case .lessThan: order == .orderedAscending
        case .lessThanOrEqualTo: order != .orderedDescending
        case .greaterThan: order == .orderedDescending
        case .greaterThanOrEqualTo: order != .orderedAscending
        case .notEqualTo: order != .orderedSame
        default: order == .orderedSame
        }
    }
}

/// A metadata value as HealthKit compares it: text with text, numbers with numbers, dates with
/// dates, quantities with compatible quantities.
private enum MetadataValue {
    case text(String)
    case number(Double)
    case date(Date)
    case quantity(HKQuantity)
    case other

    init(_ value: Any) {
        switch value {
        case let v as String: self = .text(v)
        case let v as Bool: self = .number(v ? 1 : 0)
        case let v as Int: self = .number(Double(v))
        case let v as Double: self = .number(v)
        case let v as NSNumber: self = .number(v.doubleValue)
        case let v as Date: self = .date(v)
        case let v as HKQuantity: self = .quantity(v)
        default: self = .other
        }
    }

    /// How this value orders against `other`; nil when they are not of one kind.
    func order(against other: MetadataValue) -> ComparisonResult? {
        switch (self, other) {
        case let (.text(a), .text(b)): ordering(a, b)
        case let (.number(a), .number(b)): ordering(a, b)
        case let (.date(a), .date(b)): ordering(a, b)
        case let (.quantity(a), .quantity(b)) where a.is(compatibleWith: b.unit): a.compare(b)
        default: nil
        }
    }
}

extension HKDevice {
    /// The property `predicateForObjects(withDeviceProperty:allowedValues:)` names.
    func property(_ key: String) -> String? {
        switch key {
        case HKDevicePropertyKeyName: name
        case HKDevicePropertyKeyManufacturer: manufacturer
        case HKDevicePropertyKeyModel: model
        case HKDevicePropertyKeyHardwareVersion: hardwareVersion
        case HKDevicePropertyKeyFirmwareVersion: firmwareVersion
        case HKDevicePropertyKeySoftwareVersion: softwareVersion
        case HKDevicePropertyKeyLocalIdentifier: localIdentifier
        case HKDevicePropertyKeyUDIDeviceIdentifier: udiDeviceIdentifier
        default: nil
        }
    }
}
