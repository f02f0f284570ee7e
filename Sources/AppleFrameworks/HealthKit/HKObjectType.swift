/// A kind of health data (Apple's page: "HKObjectType"): what an app lists in
/// `requestAuthorization(toShare:read:)`. The class hierarchy follows Apple's, so that
/// `let typesToShare: Set = [HKQuantityType.workoutType()]` passes where a
/// `Set<HKSampleType>` is expected.
public class HKObjectType: Hashable, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: every stored property is an immutable `let`.
    public let identifier: String

    init(identifier: String) { self.identifier = identifier }

    /// The type of workouts, for sharing them.
    public class func workoutType() -> HKWorkoutType { HKWorkoutType(identifier: "HKWorkoutTypeIdentifier") }

    public class func quantityType(forIdentifier identifier: HKQuantityTypeIdentifier) -> HKQuantityType? {
        HKQuantityType(identifier)
    }

    public class func categoryType(forIdentifier identifier: HKCategoryTypeIdentifier) -> HKCategoryType? {
        HKCategoryType(identifier)
    }

    /// The series type an identifier names (`HKWorkoutRouteTypeIdentifier`,
    /// `HKDataTypeIdentifierHeartbeatSeries`); nil for any other string, as on a watch.
    public class func seriesType(forIdentifier identifier: String) -> HKSeriesType? {
        [HKSeriesType.workoutRoute(), .heartbeat()].first { $0.identifier == identifier }
    }

    /// The type of the activity rings' summaries, for asking to read them.
    public class func activitySummaryType() -> HKActivitySummaryType {
        HKActivitySummaryType(identifier: "HKActivitySummaryTypeIdentifier")
    }

    /// The type of vision prescriptions (watchOS 9), which an app reads one sample at a time.
    public class func visionPrescriptionType() -> HKPrescriptionType {
        HKPrescriptionType(identifier: "HKVisionPrescriptionTypeIdentifier")
    }

    /// Whether reading the type takes the wearer's choice of each sample
    /// (`requestPerObjectReadAuthorization(for:predicate:completion:)`): prescriptions only.
    public func requiresPerObjectAuthorization() -> Bool { self is HKPrescriptionType }

    public static func == (lhs: HKObjectType, rhs: HKObjectType) -> Bool { lhs.identifier == rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
    public var description: String { identifier }
}

/// Data sampled over time (Apple's page: "HKSampleType").
public class HKSampleType: HKObjectType, @unchecked Sendable {
    /// Whether the app may start the type's estimates over from a date
    /// (`recalibrateEstimates(sampleType:date:completion:)`): the six-minute walk distance,
    /// the estimate Apple names as one to recalibrate after an injury or surgery.
    public var allowsRecalibrationForEstimates: Bool {
        identifier == HKQuantityTypeIdentifier.sixMinuteWalkTestDistance.rawValue
    }
}

/// Prescriptions (Apple's page: "HKPrescriptionType"), read one sample at a time.
public final class HKPrescriptionType: HKSampleType, @unchecked Sendable {}

/// Workouts (Apple's page: "HKWorkoutType").
public final class HKWorkoutType: HKSampleType, @unchecked Sendable {}

/// Series attached to a workout, such as its route (Apple's page: "HKSeriesType").
public final class HKSeriesType: HKSampleType, @unchecked Sendable {
    public class func workoutRoute() -> HKSeriesType { HKSeriesType(identifier: "HKWorkoutRouteTypeIdentifier") }
    public class func heartbeat() -> HKSeriesType { HKSeriesType(identifier: "HKDataTypeIdentifierHeartbeatSeries") }
}

/// A measured quantity, such as heart rate or distance (Apple's page: "HKQuantityType").
public final class HKQuantityType: HKSampleType, @unchecked Sendable {
    public convenience init(_ identifier: HKQuantityTypeIdentifier) {
        self.init(identifier: identifier.rawValue)
    }

    /// Whether values add up over time (energy, distance) or stand alone (heart rate).
    public var aggregationStyle: HKQuantityAggregationStyle {
        HKQuantityTypeIdentifier.cumulative.contains(HKQuantityTypeIdentifier(rawValue: identifier)) ? .cumulative : .discreteArithmetic
    }

    public func `is`(compatibleWith unit: HKUnit) -> Bool {
        HKQuantityTypeIdentifier(rawValue: identifier).canonicalUnit.map { $0.dimension == unit.dimension } ?? true
    }
}

/// How a quantity's values combine (Apple's page: "HKQuantityAggregationStyle").
public enum HKQuantityAggregationStyle: Int, Hashable, Sendable {
    case cumulative = 0
    case discreteArithmetic = 1
    case discreteTemporallyWeighted = 2
    case discreteEquivalentContinuousLevel = 3
}

/// Whether the app may share a type (Apple's page: "HKAuthorizationStatus").
public enum HKAuthorizationStatus: Int, Hashable, Sendable {
    case notDetermined = 0
    case sharingDenied = 1
    case sharingAuthorized = 2
}
