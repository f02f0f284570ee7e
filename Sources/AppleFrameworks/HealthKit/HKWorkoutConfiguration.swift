import AppIntents

/// What kind of workout a session records (Apple's page: "HKWorkoutConfiguration"): its
/// activity type (which picks the simulated sensors, T1), where it happens, and for a swim,
/// the pool.
public final class HKWorkoutConfiguration: NSCopying, Sendable {
    private struct Values {
        var activityType: HKWorkoutActivityType = .other
        var locationType: HKWorkoutSessionLocationType = .unknown
        var swimmingLocationType: HKWorkoutSwimmingLocationType = .unknown
        var lapLength: HKQuantity?
    }

    private let values = LockedState(Values())

    public init() {}

    private init(values: Values) {
        self.values.withLock { $0 = values }
    }

    /// A configuration of its own with the same settings (Apple's is `NSCopying`): an app
    /// changes the copy for the next activity without touching the session's.
    public func copy(with zone: NSZone?) -> Any {
        HKWorkoutConfiguration(values: values.withLock { $0 })
    }

    /// `NSObject`'s `copy()`, which Apple's class inherits.
    public func copy() -> Any { copy(with: nil) }

    public var activityType: HKWorkoutActivityType {
        get { values.withLock { $0.activityType } }
        set { values.withLock { $0.activityType = newValue } }
    }

    public var locationType: HKWorkoutSessionLocationType {
        get { values.withLock { $0.locationType } }
        set { values.withLock { $0.locationType = newValue } }
    }

    public var swimmingLocationType: HKWorkoutSwimmingLocationType {
        get { values.withLock { $0.swimmingLocationType } }
        set { values.withLock { $0.swimmingLocationType = newValue } }
    }

    public var lapLength: HKQuantity? {
        get { values.withLock { $0.lapLength } }
        set { values.withLock { $0.lapLength = newValue } }
    }
}

/// Indoors or out (Apple's page: "HKWorkoutSessionLocationType").
public enum HKWorkoutSessionLocationType: Int, Hashable, Sendable, CaseIterable {
    case unknown = 1, indoor, outdoor
}

/// Pool or open water (Apple's page: "HKWorkoutSwimmingLocationType").
public enum HKWorkoutSwimmingLocationType: Int, Hashable, Sendable, CaseIterable {
    case unknown = 0, pool, openWater
}
