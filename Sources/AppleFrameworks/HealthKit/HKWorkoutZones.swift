import ActionButtonCore
import AppIntents

// The workout zones of watchOS 27 (Apple's pages: "HKWorkoutZone",
// "HKWorkoutZoneConfiguration", "HKWorkoutZoneGroup", "HKLiveWorkoutZoneUpdate"), worked out
// from the simulated heart rate. Apple does not publish how the system derives a wearer's
// heart-rate zones (from age and resting heart rate, its session on zones says); here the
// system's five zones split the heart-rate reserve (Karvonen: rest + k × (max − rest)) at
// 50, 60, 70 and 80 %, with the scenario's resting and maximum heart rate. Time in a zone
// is the time from each heart-rate sample to the next.

/// One zone: the values from `minimum` up to `maximum` (nil at the open ends).
public struct HKWorkoutZone: Hashable, Sendable {
    public let index: Int
    public var minimum: HKQuantity? { lower }
    public var maximum: HKQuantity? { upper }
    private let lower: HKQuantity?
    private let upper: HKQuantity?

    init(index: Int, minimum: HKQuantity?, maximum: HKQuantity?) {
        self.index = index
        self.lower = minimum
        self.upper = maximum
    }

    func contains(_ value: HKQuantity) -> Bool {
        (lower.map { value >= $0 } ?? true) && (upper.map { value < $0 } ?? true)
    }
}

/// The zones of one quantity type, lowest first, and where they come from.
public struct HKWorkoutZoneConfiguration: Equatable, Sendable {
    public enum Source: Hashable, Sendable {
        /// Worked out by the system from the wearer's health data.
        case system
        /// Set by the wearer in Health settings (the simulated wearer sets none).
        case user
        /// Given by an app for its workout.
        case app
    }

    public var quantityType: HKQuantityType { type }
    public let zones: [HKWorkoutZone]
    public let source: HKWorkoutZoneConfiguration.Source
    private let type: HKQuantityType

    /// Zones from their upper boundaries, lowest first: the first zone has no lower bound
    /// and the last none above. Boundaries that do not rise, or in a unit the type cannot
    /// take, throw Apple's `errorInvalidArgument`.
    public init(quantityType: HKQuantityType, zoneBoundaries: [HKQuantity]) throws {
        try self.init(quantityType: quantityType, zoneBoundaries: zoneBoundaries, source: .app)
    }

    init(quantityType: HKQuantityType, zoneBoundaries: [HKQuantity], source: Source) throws {
        guard !zoneBoundaries.isEmpty else { throw HKError(.errorInvalidArgument, "a zone configuration needs at least one boundary") }
        guard let unit = HKQuantityTypeIdentifier(rawValue: quantityType.identifier).canonicalUnit,
              zoneBoundaries.allSatisfy({ $0.is(compatibleWith: unit) }) else {
            throw HKError(.errorInvalidArgument, "zone boundaries must be quantities of \(quantityType.identifier)")
        }
        guard zip(zoneBoundaries, zoneBoundaries.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw HKError(.errorInvalidArgument, "zone boundaries must rise from the lowest to the highest")
        }
        var zones: [HKWorkoutZone] = []
        for index in 0...zoneBoundaries.count {
            zones.append(HKWorkoutZone(index: index, minimum: index == 0 ? nil : zoneBoundaries[index - 1],
                                       maximum: index == zoneBoundaries.count ? nil : zoneBoundaries[index]))
        }
        self.type = quantityType
        self.zones = zones
        self.source = source
    }

    /// The system's heart-rate zones for a wearer; none when the profile's maximum heart rate
    /// is not above its resting one (a profile may say so), as there is no reserve to split.
    static func systemHeartRate(for wearer: WearerProfile) -> HKWorkoutZoneConfiguration? {
        let reserve = wearer.maxHeartRate - wearer.restingHeartRate
        guard reserve > 0 else { return nil }
        let perMinute = HKUnit.count().unitDivided(by: .minute())
        let boundaries = [0.5, 0.6, 0.7, 0.8].map {
            HKQuantity(unit: perMinute, doubleValue: wearer.restingHeartRate + $0 * reserve)
        }
        return try? HKWorkoutZoneConfiguration(quantityType: HKQuantityType(.heartRate), zoneBoundaries: boundaries, source: .system)
    }

    func zone(of value: HKQuantity) -> HKWorkoutZone? { zones.first { $0.contains(value) } }

    public static func == (lhs: HKWorkoutZoneConfiguration, rhs: HKWorkoutZoneConfiguration) -> Bool {
        lhs.type == rhs.type && lhs.zones == rhs.zones && lhs.source == rhs.source
    }
}

/// Time spent in one zone.
public struct HKWorkoutZoneDuration: Sendable {
    public let zone: HKWorkoutZone
    public let duration: TimeInterval
}

/// A configuration and the time spent in each of its zones, lowest first.
public struct HKWorkoutZoneGroup: Sendable {
    public let configuration: HKWorkoutZoneConfiguration
    public let zoneDurations: [HKWorkoutZoneDuration]

    /// Time in each zone from samples of the configuration's type: each counts until the
    /// next, and the last until `end`; a gap longer than twice the usual one (a pause)
    /// counts as the usual one.
    init(configuration: HKWorkoutZoneConfiguration, samples: [HKQuantitySample], end: Date?) {
        let sorted = samples.filter { $0.quantityType == configuration.quantityType }.sorted { $0.startDate < $1.startDate }
        let gaps = zip(sorted, sorted.dropFirst()).map { $1.startDate.timeIntervalSince($0.startDate) }.sorted()
        let usual = gaps.isEmpty ? 1 : gaps[gaps.count / 2]
        var seconds = [TimeInterval](repeating: 0, count: configuration.zones.count)
        for (offset, sample) in sorted.enumerated() {
            let next = offset + 1 < sorted.count ? sorted[offset + 1].startDate : Swift.max(end ?? sample.startDate, sample.startDate)
            var span = next.timeIntervalSince(sample.startDate)
            if span > 2 * usual { span = usual }
            if let zone = configuration.zone(of: sample.quantity) { seconds[zone.index] += span }
        }
        self.configuration = configuration
        self.zoneDurations = configuration.zones.map { HKWorkoutZoneDuration(zone: $0, duration: seconds[$0.index]) }
    }
}

/// A change of zone during a live workout, as the live builder's delegate hears of it.
public final class HKLiveWorkoutZoneUpdate: @unchecked Sendable {
    // @unchecked: immutable.
    public let lastSampleProcessedDate: Date?
    public final let currentZoneDuration: HKWorkoutZoneDuration?
    public final let previousZoneDuration: HKWorkoutZoneDuration?
    public final let zoneGroup: HKWorkoutZoneGroup?

    init(lastSampleProcessedDate: Date?, current: HKWorkoutZoneDuration?, previous: HKWorkoutZoneDuration?, group: HKWorkoutZoneGroup?) {
        self.lastSampleProcessedDate = lastSampleProcessedDate
        self.currentZoneDuration = current
        self.previousZoneDuration = previous
        self.zoneGroup = group
    }
}

extension HKWorkoutBuilder {
    /// The app's custom configuration for the type if it set one, else the wearer's: the
    /// system's heart-rate zones. Cycling power has no system zones here (the simulated
    /// sensors measure no power): nil. Other types cannot have zones: `errorInvalidArgument`.
    public func zoneConfiguration(for quantityType: HKQuantityType) async throws -> HKWorkoutZoneConfiguration? {
        try configuredZones(for: quantityType)
    }

    /// Replaces the wearer's zones for this workout (nil goes back to them).
    public func setCustomZoneConfiguration(_ configuration: HKWorkoutZoneConfiguration?, for quantityType: HKQuantityType) async throws {
        guard Self.zoneTypes.contains(quantityType) else {
            throw HKError(.errorInvalidArgument, "workout zones are for heart rate and cycling power, not \(quantityType.identifier)")
        }
        if let configuration, configuration.quantityType != quantityType {
            throw HKError(.errorInvalidArgument, "a \(configuration.quantityType.identifier) configuration for \(quantityType.identifier)")
        }
        values.withLock { $0.customZones[quantityType] = configuration }
    }

    /// The time in each zone so far, from the heart-rate samples collected.
    public func zoneGroup(for quantityType: HKQuantityType) -> HKWorkoutZoneGroup? {
        guard let configuration = try? configuredZones(for: quantityType) else { return nil }
        let (samples, end) = values.withLock { ($0.samples[quantityType] ?? [], $0.endDate) }
        return HKWorkoutZoneGroup(configuration: configuration, samples: samples, end: end ?? now)
    }

    static let zoneTypes: Set<HKQuantityType> = [HKQuantityType(.heartRate), HKQuantityType(.cyclingPower)]

    func configuredZones(for quantityType: HKQuantityType) throws -> HKWorkoutZoneConfiguration? {
        guard Self.zoneTypes.contains(quantityType) else {
            throw HKError(.errorInvalidArgument, "workout zones are for heart rate and cycling power, not \(quantityType.identifier)")
        }
        if let custom = values.withLock({ $0.customZones[quantityType] }) { return custom }
        return quantityType == HKQuantityType(.heartRate) ? HKWorkoutZoneConfiguration.systemHeartRate(for: HKHealthStore.wearer) : nil
    }

    /// The zone groups of every type with zones, for the saved workout.
    func zoneGroups(samples: [HKQuantitySample], end: Date) -> [HKQuantityType: HKWorkoutZoneGroup] {
        var groups: [HKQuantityType: HKWorkoutZoneGroup] = [:]
        for type in Self.zoneTypes {
            guard let configuration = try? configuredZones(for: type) else { continue }
            let ofType = samples.filter { $0.quantityType == type }
            if !ofType.isEmpty { groups[type] = HKWorkoutZoneGroup(configuration: configuration, samples: ofType, end: end) }
        }
        return groups
    }
}

extension HKHealthStore {
    /// The wearer's zones for a type (watchOS 27), as Health Settings would hand them over:
    /// the simulated wearer set none of their own, so heart rate has the system's zones (from
    /// the scenario's resting and maximum heart rate) and cycling power, which the simulated
    /// sensors do not measure, has none (nil). Other types cannot have zones: `errorInvalidArgument`.
    public func preferredWorkoutZoneConfiguration(for quantityType: HKQuantityType) async throws -> HKWorkoutZoneConfiguration? {
        guard HKWorkoutBuilder.zoneTypes.contains(quantityType) else {
            throw HKError(.errorInvalidArgument, "workout zones are for heart rate and cycling power, not \(quantityType.identifier)")
        }
        return quantityType == HKQuantityType(.heartRate) ? HKWorkoutZoneConfiguration.systemHeartRate(for: HKHealthStore.wearer) : nil
    }
}

extension HKWorkout {
    public func zoneGroup(for quantityType: HKQuantityType) -> HKWorkoutZoneGroup? { zoneGroupsByType?[quantityType] }
}

extension HKWorkoutActivity {
    public func zoneGroup(for quantityType: HKQuantityType) -> HKWorkoutZoneGroup? { zoneGroupsByType?[quantityType] }
}
