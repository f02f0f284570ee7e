import AppIntents

/// What the samples of one quantity add up to over a stretch of time (Apple's page:
/// "HKStatistics"): a sum for cumulative quantities (energy, distance), the average,
/// extremes and latest value for discrete ones (heart rate, speed, depth).
public final class HKStatistics: @unchecked Sendable {
    // @unchecked: immutable.
    public let quantityType: HKQuantityType
    public let startDate: Date
    public let endDate: Date
    private let samples: [HKQuantitySample]
    /// Whether the query asked for `.separateBySource`: only then are there per-source figures.
    private let separatedBySource: Bool

    init(quantityType: HKQuantityType, samples: [HKQuantitySample], start: Date, end: Date, separatedBySource: Bool = false) {
        self.quantityType = quantityType
        self.samples = samples
        self.startDate = start
        self.endDate = end
        self.separatedBySource = separatedBySource
    }

    /// The sources of the samples, with `.separateBySource`; nil without it.
    public var sources: [HKSource]? {
        guard separatedBySource else { return nil }
        var seen: Set<HKSource> = []
        return samples.map(\.sourceRevision.source).filter { seen.insert($0).inserted }
    }

    public func sumQuantity() -> HKQuantity? { Self.sum(samples, quantityType) }
    public func averageQuantity() -> HKQuantity? { Self.average(samples, quantityType) }
    public func minimumQuantity() -> HKQuantity? { Self.minimum(samples, quantityType) }
    public func maximumQuantity() -> HKQuantity? { Self.maximum(samples, quantityType) }
    public func mostRecentQuantity() -> HKQuantity? { samples.last?.quantity }
    /// The time the samples cover, in seconds (a sample's end minus its start, summed).
    public func duration() -> HKQuantity? { Self.duration(samples) }
    public func mostRecentQuantityDateInterval() -> DateInterval? { Self.interval(samples.last) }

    // Per source: nil unless the query asked for `.separateBySource`, or the source saved none.
    public func sumQuantity(for source: HKSource) -> HKQuantity? { from(source).flatMap { Self.sum($0, quantityType) } }
    public func averageQuantity(for source: HKSource) -> HKQuantity? { from(source).flatMap { Self.average($0, quantityType) } }
    public func minimumQuantity(for source: HKSource) -> HKQuantity? { from(source).flatMap { Self.minimum($0, quantityType) } }
    public func maximumQuantity(for source: HKSource) -> HKQuantity? { from(source).flatMap { Self.maximum($0, quantityType) } }
    public func mostRecentQuantity(for source: HKSource) -> HKQuantity? { from(source)?.last?.quantity }
    public func duration(for source: HKSource) -> HKQuantity? { from(source).flatMap(Self.duration) }
    public func mostRecentQuantityDateInterval(for source: HKSource) -> DateInterval? { Self.interval(from(source)?.last) }

    private func from(_ source: HKSource) -> [HKQuantitySample]? {
        guard separatedBySource else { return nil }
        let mine = samples.filter { $0.sourceRevision.source == source }
        return mine.isEmpty ? nil : mine
    }

    private static func quantity(_ base: Double, like samples: [HKQuantitySample]) -> HKQuantity? {
        guard let unit = samples.first?.quantity.unit else { return nil }
        return HKQuantity(unit: unit, doubleValue: (base - unit.offset) / unit.scale)
    }

    private static func sum(_ samples: [HKQuantitySample], _ type: HKQuantityType) -> HKQuantity? {
        guard type.aggregationStyle == .cumulative else { return nil }
        return quantity(samples.reduce(0) { $0 + $1.quantity.baseValue }, like: samples)
    }

    private static func average(_ samples: [HKQuantitySample], _ type: HKQuantityType) -> HKQuantity? {
        guard type.aggregationStyle != .cumulative, !samples.isEmpty else { return nil }
        return quantity(samples.reduce(0) { $0 + $1.quantity.baseValue } / Double(samples.count), like: samples)
    }

    private static func minimum(_ samples: [HKQuantitySample], _ type: HKQuantityType) -> HKQuantity? {
        type.aggregationStyle == .cumulative ? nil : samples.map(\.quantity).min()
    }

    private static func maximum(_ samples: [HKQuantitySample], _ type: HKQuantityType) -> HKQuantity? {
        type.aggregationStyle == .cumulative ? nil : samples.map(\.quantity).max()
    }

    private static func duration(_ samples: [HKQuantitySample]) -> HKQuantity? {
        guard !samples.isEmpty else { return nil }
        return HKQuantity(unit: .second(), doubleValue: samples.reduce(0) { $0 + $1.endDate.timeIntervalSince($1.startDate) })
    }

    private static func interval(_ sample: HKQuantitySample?) -> DateInterval? {
        sample.map { DateInterval(start: $0.startDate, end: $0.endDate) }
    }
}
