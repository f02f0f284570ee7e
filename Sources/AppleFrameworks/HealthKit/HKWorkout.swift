import AppIntents

/// A finished workout, as `finishWorkout()` saves it (Apple's page: "HKWorkout").
public final class HKWorkout: HKSample, @unchecked Sendable {
    public let workoutActivityType: HKWorkoutActivityType
    /// Time in the workout, without its pauses.
    public let duration: TimeInterval
    public let workoutEvents: [HKWorkoutEvent]?
    public let allStatistics: [HKQuantityType: HKStatistics]
    /// The activities a builder added (a multisport workout's legs), in order.
    public let workoutActivities: [HKWorkoutActivity]
    /// Time in each zone over the whole workout (watchOS 27), for heart rate when it was collected.
    public let zoneGroupsByType: [HKQuantityType: HKWorkoutZoneGroup]?

    init(activityType: HKWorkoutActivityType, start: Date, end: Date, duration: TimeInterval, events: [HKWorkoutEvent],
         statistics: [HKQuantityType: HKStatistics], metadata: [String: any Sendable]?, activities: [HKWorkoutActivity] = [],
         zoneGroups: [HKQuantityType: HKWorkoutZoneGroup]? = nil) {
        self.zoneGroupsByType = zoneGroups
        self.workoutActivityType = activityType
        self.duration = duration
        self.workoutEvents = events
        self.allStatistics = statistics
        self.workoutActivities = activities
        super.init(type: HKObjectType.workoutType(), start: start, end: end, metadata: metadata)
    }

    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? { allStatistics[quantityType] }

    /// The distance covered, in whichever distance type the workout collected.
    public var totalDistance: HKQuantity? {
        allStatistics.first { $0.key.identifier.hasPrefix("HKQuantityTypeIdentifierDistance") }?.value.sumQuantity()
    }

    public var totalEnergyBurned: HKQuantity? { allStatistics[HKQuantityType(.activeEnergyBurned)]?.sumQuantity() }

    public var totalSwimmingStrokeCount: HKQuantity? { allStatistics[HKQuantityType(.swimmingStrokeCount)]?.sumQuantity() }

    /// Floors climbed (the simulated watch measures none: nil unless the app added them).
    public var totalFlightsClimbed: HKQuantity? { allStatistics[HKQuantityType(.flightsClimbed)]?.sumQuantity() }
}
