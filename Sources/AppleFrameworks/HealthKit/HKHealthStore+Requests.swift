import AppIntents

// The store's requests beyond saving and querying (Apple's pages under "HKHealthStore":
// "requestPerObjectReadAuthorization(for:predicate:completion:)",
// "recalibrateEstimates(sampleType:date:completion:)",
// "relateWorkoutEffortSample(_:with:activity:completion:)" and its counterpart that undoes it).
// Each completion handler is called before the method returns, as the store's others are here.

extension HKHealthStore {
    // MARK: Reading one sample at a time (watchOS 9)

    /// Asks the wearer which samples of a per-object type (vision prescriptions) the app
    /// may read. A watch always shows its sheet; the simulated wearer answers at once, and
    /// the request goes in the session log. A type that does not take per-object
    /// authorization fails with `errorInvalidArgument`, as Apple's page requires such a type.
    public func requestPerObjectReadAuthorization(for objectType: HKObjectType, predicate: NSPredicate?,
                                                  completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report(completion) { try askPerObject(objectType, predicate: predicate) }
    }

    public func requestPerObjectReadAuthorization(for objectType: HKObjectType, predicate: NSPredicate?) async throws {
        try askPerObject(objectType, predicate: predicate)
    }

    private func askPerObject(_ objectType: HKObjectType, predicate: NSPredicate?) throws {
        guard objectType.requiresPerObjectAuthorization() else {
            throw HKError(.errorInvalidArgument, "\(objectType.identifier) does not take per-object authorization")
        }
        HealthDatabase.current.authorize([], read: [objectType])
        ActionButtonRuntime.current?.log("HealthKit: the wearer chose which \(objectType.identifier) samples the app may read"
            + (predicate == nil ? "" : " (among those the predicate matches)"))
    }

    // MARK: Estimates (watchOS 8)

    /// Starts a type's estimates over from `date`. The simulated watch keeps no estimating
    /// algorithm to reset: for a type that allows it (`allowsRecalibrationForEstimates`) the
    /// request succeeds and goes in the session log; any other type fails with
    /// `errorInvalidArgument`.
    public func recalibrateEstimates(sampleType: HKSampleType, date: Date,
                                     completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report(completion) { try recalibrate(sampleType, from: date) }
    }

    public func recalibrateEstimates(sampleType: HKSampleType, date: Date) async throws {
        try recalibrate(sampleType, from: date)
    }

    private func recalibrate(_ type: HKSampleType, from date: Date) throws {
        guard type.allowsRecalibrationForEstimates else {
            throw HKError(.errorInvalidArgument, "\(type.identifier) does not allow recalibrating its estimates")
        }
        ActionButtonRuntime.current?.log("HealthKit: estimates of \(type.identifier) start over from \(date.timeIntervalSince1970)")
    }

    // MARK: Workout effort (watchOS 11)

    /// Relates a workout effort score (`workoutEffortScore` or `estimatedWorkoutEffortScore`)
    /// to a saved workout, and to one of its activities if given; the sample is saved if it
    /// was not. A sample of another type, a workout this watch's database does not hold, or
    /// an activity not in the workout fails with `errorInvalidArgument`.
    public func relateWorkoutEffortSample(_ sample: HKSample, with workout: HKWorkout, activity: HKWorkoutActivity?,
                                          completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report(completion) { try relateEffort(sample, workout, activity) }
    }

    public func relateWorkoutEffortSample(_ sample: HKSample, with workout: HKWorkout, activity: HKWorkoutActivity?) async throws {
        try relateEffort(sample, workout, activity)
    }

    /// Ends the relation between an effort sample and a workout (or its activity); the
    /// sample stays saved. A sample not related to them fails with `errorInvalidArgument`.
    public func unrelateWorkoutEffortSample(_ sample: HKSample, from workout: HKWorkout, activity: HKWorkoutActivity?,
                                            completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report(completion) { try unrelateEffort(sample, workout, activity) }
    }

    public func unrelateWorkoutEffortSample(_ sample: HKSample, from workout: HKWorkout, activity: HKWorkoutActivity?) async throws {
        try unrelateEffort(sample, workout, activity)
    }

    static let effortTypes: Set<HKSampleType> = [HKQuantityType(.workoutEffortScore), HKQuantityType(.estimatedWorkoutEffortScore)]

    private func relateEffort(_ sample: HKSample, _ workout: HKWorkout, _ activity: HKWorkoutActivity?) throws {
        guard Self.effortTypes.contains(sample.sampleType) else {
            throw HKError(.errorInvalidArgument, "only workout effort scores relate to a workout, not \(sample.sampleType.identifier)")
        }
        let database = HealthDatabase.current
        guard database.holds(workout) else {
            throw HKError(.errorInvalidArgument, "the workout is not saved on this watch")
        }
        if let activity, !workout.workoutActivities.contains(where: { $0.uuid == activity.uuid }) {
            throw HKError(.errorInvalidArgument, "the activity is not one of the workout's")
        }
        if !database.holds(sample) { database.add([sample]) }
        database.relateEffort(sample, to: .init(workout: workout.uuid, activity: activity?.uuid))
    }

    private func unrelateEffort(_ sample: HKSample, _ workout: HKWorkout, _ activity: HKWorkoutActivity?) throws {
        guard HealthDatabase.current.unrelateEffort(sample, from: .init(workout: workout.uuid, activity: activity?.uuid)) else {
            throw HKError(.errorInvalidArgument, "the sample is not related to that workout")
        }
    }
}

extension HKQuery {
    /// Workout effort samples related to the workout; with an activity, only those related
    /// to that activity.
    public class func predicateForWorkoutEffortSamplesRelated(workout: HKWorkout, activity: HKWorkoutActivity?) -> NSPredicate {
        let database = HealthDatabase.current
        return NSPredicate { object, _ in
            guard let object = object as? HKObject, let relation = database.effortRelation(of: object) else { return false }
            return relation.workout == workout.uuid && (activity == nil || relation.activity == activity?.uuid)
        }
    }
}
