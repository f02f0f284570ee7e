/// The kinds of health data an app asks to read or share (what it lists in
/// `requestAuthorization(toShare:read:)`). The class hierarchy follows HealthKit's so that
/// Apple's `let typesToShare: Set = [HKQuantityType.workoutType()]` passes where a
/// `Set<HKSampleType>` is expected.
public class HKObjectType: Hashable, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: every stored property is an immutable `let`.
    public let identifier: String

    init(identifier: String) { self.identifier = identifier }

    /// The type of workouts, for sharing them.
    public class func workoutType() -> HKWorkoutType { HKWorkoutType(identifier: "HKWorkoutTypeIdentifier") }

    public static func == (lhs: HKObjectType, rhs: HKObjectType) -> Bool { lhs.identifier == rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
    public var description: String { identifier }
}

/// Types of data that are sampled over time.
public class HKSampleType: HKObjectType, @unchecked Sendable {}

/// Workouts.
public final class HKWorkoutType: HKSampleType, @unchecked Sendable {}

/// A measured quantity, such as heart rate or distance.
public final class HKQuantityType: HKSampleType, @unchecked Sendable {
    public convenience init(_ identifier: HKQuantityTypeIdentifier) {
        self.init(identifier: identifier.rawValue)
    }
}

/// The quantities the simulated sensors measure (T1).
public struct HKQuantityTypeIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let heartRate = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeartRate")
    public static let activeEnergyBurned = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierActiveEnergyBurned")
    public static let distanceWalkingRunning = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceWalkingRunning")
    public static let distanceCycling = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceCycling")
    public static let distanceSwimming = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceSwimming")
    public static let swimmingStrokeCount = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierSwimmingStrokeCount")
    public static let runningSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningSpeed")
    public static let underwaterDepth = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierUnderwaterDepth")
    public static let waterTemperature = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWaterTemperature")
}
