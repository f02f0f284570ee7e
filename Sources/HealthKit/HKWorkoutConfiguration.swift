import Synchronization

/// What kind of workout a session records. Apple's examples set `activityType`,
/// `locationType`, and for swimming `swimmingLocationType` and `lapLength`.
public final class HKWorkoutConfiguration: Sendable {
    private struct Values {
        var activityType: HKWorkoutActivityType = .other
        var locationType: HKWorkoutSessionLocationType = .unknown
        var swimmingLocationType: HKWorkoutSwimmingLocationType = .unknown
        var lapLength: HKQuantity?
    }

    private let values = Mutex(Values())

    public init() {}

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

/// The activities the simulator's workout and dive apps use.
public enum HKWorkoutActivityType: String, Hashable, Sendable, CaseIterable {
    case walking, running, swimming, cycling, hiking
    case underwaterDiving
    case other
}

public enum HKWorkoutSessionLocationType: String, Hashable, Sendable, CaseIterable {
    case unknown, indoor, outdoor
}

public enum HKWorkoutSwimmingLocationType: String, Hashable, Sendable, CaseIterable {
    case unknown, pool, openWater
}
