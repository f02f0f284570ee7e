import AppIntents

/// Sort by a sample's start date (Apple's constant "HKSampleSortIdentifierStartDate").
public let HKSampleSortIdentifierStartDate = "startDate"
/// Sort by a sample's end date (Apple's constant "HKSampleSortIdentifierEndDate").
public let HKSampleSortIdentifierEndDate = "endDate"

/// The samples of a type that match, once (Apple's page: "HKSampleQuery"): what this
/// watch's health database holds, which is what the app and its workout builders saved on
/// it (a watch would also have other apps' and the iPhone's).
public final class HKSampleQuery: HKQuery, @unchecked Sendable {
    // @unchecked: immutable.
    public let limit: Int
    public let sortDescriptors: [NSSortDescriptor]?
    private let resultsHandler: @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void

    public init(sampleType: HKSampleType, predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?,
                resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void) {
        self.limit = limit
        self.sortDescriptors = sortDescriptors
        self.resultsHandler = resultsHandler
        super.init(type: sampleType, predicate: predicate)
    }

    /// The samples matching any of several descriptors (watchOS 8), sorted.
    public init(queryDescriptors: [HKQueryDescriptor], limit: Int, sortDescriptors: [NSSortDescriptor],
                resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void) {
        self.limit = limit
        self.sortDescriptors = sortDescriptors
        self.resultsHandler = resultsHandler
        super.init(descriptors: queryDescriptors)
    }

    /// The samples matching any of several descriptors (watchOS 8), in the database's order.
    public convenience init(queryDescriptors: [HKQueryDescriptor], limit: Int,
                            resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void) {
        self.init(queryDescriptors: queryDescriptors, limit: limit, sortDescriptors: [], resultsHandler: resultsHandler)
    }

    override func start(with saved: [HealthDatabase.Saved], anchor: Int) {
        var samples = saved.map(\.sample).filter(matches)
        // Later descriptors break the earlier ones' ties: sort by the last first, stably.
        for descriptor in (sortDescriptors ?? []).reversed() {
            samples = samples.enumerated().sorted { first, second in
                let order = Self.order(first.element, second.element, by: descriptor)
                return order == .orderedSame ? first.offset < second.offset : order == .orderedAscending
            }.map(\.element)
        }
        if limit > 0, samples.count > limit { samples = Array(samples.prefix(limit)) }
        resultsHandler(self, samples, nil)
    }

    private static func order(_ first: HKSample, _ second: HKSample, by descriptor: NSSortDescriptor) -> ComparisonResult {
        let (a, b): (Double, Double)
        switch descriptor.keyPath {
        case \HKSample.endDate: (a, b) = (first.endDate.timeIntervalSince1970, second.endDate.timeIntervalSince1970)
        case \HKWorkout.duration: (a, b) = ((first as? HKWorkout)?.duration ?? 0, (second as? HKWorkout)?.duration ?? 0)
        case \HKWorkout.totalDistanceInMeters:
            (a, b) = ((first as? HKWorkout)?.totalDistanceInMeters ?? 0, (second as? HKWorkout)?.totalDistanceInMeters ?? 0)
        case \HKWorkout.totalEnergyInKilocalories:
            (a, b) = ((first as? HKWorkout)?.totalEnergyInKilocalories ?? 0, (second as? HKWorkout)?.totalEnergyInKilocalories ?? 0)
        case \HKWorkout.totalStrokes: (a, b) = ((first as? HKWorkout)?.totalStrokes ?? 0, (second as? HKWorkout)?.totalStrokes ?? 0)
        case \HKWorkout.totalFlights: (a, b) = ((first as? HKWorkout)?.totalFlights ?? 0, (second as? HKWorkout)?.totalFlights ?? 0)
        default: (a, b) = (first.startDate.timeIntervalSince1970, second.startDate.timeIntervalSince1970)
        }
        if a == b { return .orderedSame }
        return (a < b) == descriptor.ascending ? .orderedAscending : .orderedDescending
    }
}

/// Which statistics a statistics query works out (Apple's page: "HKStatisticsOptions").
public struct HKStatisticsOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let separateBySource = HKStatisticsOptions(rawValue: 1 << 0)
    public static let discreteAverage = HKStatisticsOptions(rawValue: 1 << 1)
    public static let discreteMin = HKStatisticsOptions(rawValue: 1 << 2)
    public static let discreteMax = HKStatisticsOptions(rawValue: 1 << 3)
    public static let cumulativeSum = HKStatisticsOptions(rawValue: 1 << 4)
    public static let mostRecent = HKStatisticsOptions(rawValue: 1 << 5)
    public static let duration = HKStatisticsOptions(rawValue: 1 << 6)
}

/// The sum, average, extremes or latest value of one quantity's matching samples, once
/// (Apple's page: "HKStatisticsQuery"), from this watch's health database. With no matching
/// sample the handler gets Apple's `errorNoData` and no statistics.
public final class HKStatisticsQuery: HKQuery, @unchecked Sendable {
    // @unchecked: immutable.
    public let options: HKStatisticsOptions
    private let completionHandler: @Sendable (HKStatisticsQuery, HKStatistics?, (any Error)?) -> Void

    public init(quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?, options: HKStatisticsOptions = [],
                completionHandler handler: @escaping @Sendable (HKStatisticsQuery, HKStatistics?, (any Error)?) -> Void) {
        self.options = options
        self.completionHandler = handler
        super.init(type: quantityType, predicate: quantitySamplePredicate)
    }

    override func start(with saved: [HealthDatabase.Saved], anchor: Int) {
        let samples = saved.compactMap { $0.sample as? HKQuantitySample }.filter(matches)
        guard let type = objectType as? HKQuantityType, let first = samples.min(by: { $0.startDate < $1.startDate }),
              let last = samples.max(by: { $0.endDate < $1.endDate }) else {
            completionHandler(self, nil, HKError(.errorNoData, "no data available for the specified predicate"))
            return
        }
        completionHandler(self, HKStatistics(quantityType: type, samples: samples, start: first.startDate, end: last.endDate,
                                             separatedBySource: options.contains(.separateBySource)), nil)
    }
}

/// What an observer query's handler calls once it has dealt with an update (Apple's page:
/// "HKObserverQueryCompletionHandler"): a plain block. Background delivery does not exist
/// here, so calling it only tells the app's own code it may go on.
public typealias HKObserverQueryCompletionHandler = () -> Void

/// Tells the app whenever matching samples are saved or deleted (Apple's page:
/// "HKObserverQuery"): once when it starts, then after each change to this watch's health
/// database, until `stop(_:)`.
public final class HKObserverQuery: HKQuery, @unchecked Sendable {
    // @unchecked: `running` is behind its lock; the handlers never change.
    private enum Handler {
        case one(@Sendable (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, (any Error)?) -> Void)
        case several(@Sendable (HKObserverQuery, Set<HKSampleType>?, @escaping HKObserverQueryCompletionHandler, (any Error)?) -> Void)
    }

    private let updateHandler: Handler
    private let running = LockedState(false)

    public init(sampleType: HKSampleType, predicate: NSPredicate?,
                updateHandler: @escaping @Sendable (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, (any Error)?) -> Void) {
        self.updateHandler = .one(updateHandler)
        super.init(type: sampleType, predicate: predicate)
    }

    /// Watches several sample types at once (watchOS 8); the handler hears which of them
    /// changed (nil on the first call, when the query starts).
    public init(queryDescriptors: [HKQueryDescriptor],
                updateHandler: @escaping @Sendable (HKObserverQuery, Set<HKSampleType>?, @escaping HKObserverQueryCompletionHandler,
                                                    (any Error)?) -> Void) {
        self.updateHandler = .several(updateHandler)
        super.init(descriptors: queryDescriptors)
    }

    override var isLongRunning: Bool { true }

    override func start(with saved: [HealthDatabase.Saved], anchor: Int) {
        running.withLock { $0 = true }
        call(changed: nil)
    }

    override func storeChanged(added: [HKSample], deleted: [HKSample], anchor: HKQueryAnchor) {
        let changed = (added + deleted).filter(matches)
        guard running.withLock({ $0 }), !changed.isEmpty else { return }
        call(changed: Set(changed.map(\.sampleType)))
    }

    private func call(changed: Set<HKSampleType>?) {
        switch updateHandler {
        case .one(let handler): handler(self, {}, nil)
        case .several(let handler): handler(self, changed, {}, nil)
        }
    }

    override func stopped() { running.withLock { $0 = false } }
}
