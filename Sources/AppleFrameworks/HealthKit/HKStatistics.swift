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

    init(quantityType: HKQuantityType, samples: [HKQuantitySample], start: Date, end: Date) {
        self.quantityType = quantityType
        self.samples = samples
        self.startDate = start
        self.endDate = end
    }

    private var unit: HKUnit? { samples.first?.quantity.unit }

    private func quantity(_ base: Double) -> HKQuantity? {
        guard let unit else { return nil }
        return HKQuantity(unit: unit, doubleValue: (base - unit.offset) / unit.scale)
    }

    public func sumQuantity() -> HKQuantity? {
        guard quantityType.aggregationStyle == .cumulative else { return nil }
        return quantity(samples.reduce(0) { $0 + $1.quantity.baseValue })
    }

    public func averageQuantity() -> HKQuantity? {
        guard quantityType.aggregationStyle != .cumulative, !samples.isEmpty else { return nil }
        return quantity(samples.reduce(0) { $0 + $1.quantity.baseValue } / Double(samples.count))
    }

    public func minimumQuantity() -> HKQuantity? {
        guard quantityType.aggregationStyle != .cumulative else { return nil }
        return samples.map(\.quantity).min()
    }

    public func maximumQuantity() -> HKQuantity? {
        guard quantityType.aggregationStyle != .cumulative else { return nil }
        return samples.map(\.quantity).max()
    }

    public func mostRecentQuantity() -> HKQuantity? { samples.last?.quantity }

    /// The time the samples cover, in seconds (a sample's end minus its start, summed).
    public func duration() -> HKQuantity? {
        guard !samples.isEmpty else { return nil }
        return HKQuantity(unit: .second(), doubleValue: samples.reduce(0) { $0 + $1.endDate.timeIntervalSince($1.startDate) })
    }

    public func mostRecentQuantityDateInterval() -> DateInterval? {
        samples.last.map { DateInterval(start: $0.startDate, end: $0.endDate) }
    }
}
