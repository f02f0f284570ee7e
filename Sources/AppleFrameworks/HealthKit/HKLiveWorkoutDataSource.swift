import AppIntents

/// Where a live builder's data comes from (Apple's page: "HKLiveWorkoutDataSource"): on the
/// simulated watch, the simulated sensors (T1, T2). Which quantities it collects starts from
/// what a watch collects for the activity; `enableCollection` and `disableCollection` change
/// that. A builder without a data source collects nothing, as on a watch.
public final class HKLiveWorkoutDataSource: Sendable {
    private let types: LockedState<Set<HKQuantityType>>

    public init(healthStore: HKHealthStore, workoutConfiguration configuration: HKWorkoutConfiguration?) {
        types = LockedState(Self.defaultTypes(for: configuration?.activityType ?? .other))
    }

    /// The quantity types the builder collects.
    public var typesToCollect: Set<HKQuantityType> { types.withLock { $0 } }

    public func enableCollection(for quantityType: HKQuantityType, predicate: NSPredicate?) {
        types.withLock { _ = $0.insert(quantityType) }
    }

    public func disableCollection(for quantityType: HKQuantityType) {
        types.withLock { _ = $0.remove(quantityType) }
    }

    /// What a watch collects for an activity: heart rate and energy always; distance, steps,
    /// speed and cadence for what moves; strokes for swims; depth and temperature for dives.
    static func defaultTypes(for activity: HKWorkoutActivityType) -> Set<HKQuantityType> {
        var ids: [HKQuantityTypeIdentifier] = [.heartRate, .activeEnergyBurned, .basalEnergyBurned]
        if activity == .underwaterDiving { ids += [.underwaterDepth, .waterTemperature] }
        switch activity.sensorModel {
        case .walking?: ids += [.distanceWalkingRunning, .stepCount, .walkingSpeed]
        case .running?: ids += [.distanceWalkingRunning, .stepCount, .runningSpeed]
        case .cycling?: ids += [.distanceCycling, .cyclingSpeed, .cyclingCadence]
        case .swimming?: ids += [.distanceSwimming, .swimmingStrokeCount]
        case .other?, nil: break
        }
        return Set(ids.map(HKQuantityType.init))
    }
}
