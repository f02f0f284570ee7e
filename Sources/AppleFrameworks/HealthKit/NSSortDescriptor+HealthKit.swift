import AppIntents

extension NSSortDescriptor {
    /// `NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)`, as watch
    /// apps sort their sample queries. Linux's Foundation has no key-value coding and marks
    /// `init(key:ascending:)` unavailable; this one knows HealthKit's sort identifiers (a
    /// sample's start or end date, a workout's duration) and stops, naming the key, at any
    /// other, which a key path (`init(keyPath:ascending:)`) says instead.
    public convenience init(key: String?, ascending: Bool) {
        switch key {
        case HKSampleSortIdentifierStartDate?: self.init(keyPath: \HKSample.startDate, ascending: ascending)
        case HKSampleSortIdentifierEndDate?: self.init(keyPath: \HKSample.endDate, ascending: ascending)
        case HKWorkoutSortIdentifierDuration?: self.init(keyPath: \HKWorkout.duration, ascending: ascending)
        case HKWorkoutSortIdentifierTotalDistance?: self.init(keyPath: \HKWorkout.totalDistanceInMeters, ascending: ascending)
        case HKWorkoutSortIdentifierTotalEnergyBurned?: self.init(keyPath: \HKWorkout.totalEnergyInKilocalories, ascending: ascending)
        case HKWorkoutSortIdentifierTotalSwimmingStrokeCount?: self.init(keyPath: \HKWorkout.totalStrokes, ascending: ascending)
        case HKWorkoutSortIdentifierTotalFlightsClimbed?: self.init(keyPath: \HKWorkout.totalFlights, ascending: ascending)
        default:
            preconditionFailure("NSSortDescriptor(key: \(key ?? "nil")): Linux's Foundation has no key-value coding; "
                + "sort by HealthKit's sort identifiers, or use init(keyPath:ascending:)")
        }
    }
}

/// Sort workouts by duration (Apple's constant "HKWorkoutSortIdentifierDuration").
public let HKWorkoutSortIdentifierDuration = "duration"

/// Sort workouts by their distance (Apple's constant; a workout without one sorts as none).
public let HKWorkoutSortIdentifierTotalDistance = "HKWorkoutSortIdentifierTotalDistance"
/// Sort workouts by their active energy (Apple's constant; a workout without one sorts as none).
public let HKWorkoutSortIdentifierTotalEnergyBurned = "HKWorkoutSortIdentifierTotalEnergyBurned"
/// Sort swims by their strokes (watchOS 3; HealthKit's string is the key path's).
public let HKWorkoutSortIdentifierTotalSwimmingStrokeCount = "totalSwimmingStrokeCount"
/// Sort workouts by the floors climbed (watchOS 4; HealthKit's string is the key path's).
public let HKWorkoutSortIdentifierTotalFlightsClimbed = "totalFlightsClimbed"

extension HKWorkout {
    // What the two sort identifiers compare: an absent total sorts as nothing at all.
    var totalDistanceInMeters: Double { totalDistance?.doubleValue(for: .meter()) ?? 0 }
    var totalEnergyInKilocalories: Double { totalEnergyBurned?.doubleValue(for: .kilocalorie()) ?? 0 }
    var totalStrokes: Double { totalSwimmingStrokeCount?.doubleValue(for: .count()) ?? 0 }
    var totalFlights: Double { totalFlightsClimbed?.doubleValue(for: .count()) ?? 0 }
}
