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
        default:
            preconditionFailure("NSSortDescriptor(key: \(key ?? "nil")): Linux's Foundation has no key-value coding; "
                + "sort by HealthKit's sort identifiers, or use init(keyPath:ascending:)")
        }
    }
}

/// Sort workouts by duration (Apple's constant "HKWorkoutSortIdentifierDuration").
public let HKWorkoutSortIdentifierDuration = "duration"
