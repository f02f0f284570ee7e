import AppIntents

/// Statistics over consecutive intervals of equal calendar length (Apple's page:
/// "HKStatisticsCollection"): one `HKStatistics` per interval, worked out from this watch's
/// health database. A cumulative sample (steps, energy, distance) that spans intervals is
/// split between them in proportion to its time in each; a discrete one (heart rate) counts
/// in the interval its start date falls in.
public final class HKStatisticsCollection: @unchecked Sendable {
    // @unchecked: immutable.
    private let quantityType: HKQuantityType
    private let intervals: Intervals
    /// The samples of each interval that has any, by interval number.
    private let buckets: [Int: [HKQuantitySample]]
    private let separatedBySource: Bool

    init(quantityType: HKQuantityType, intervals: Intervals, samples: [HKQuantitySample], options: HKStatisticsOptions = []) {
        self.quantityType = quantityType
        self.intervals = intervals
        self.separatedBySource = options.contains(.separateBySource)
        let pieces = quantityType.aggregationStyle == .cumulative ? samples.flatMap { Self.split($0, into: intervals) } : samples
        self.buckets = Dictionary(grouping: pieces) { intervals.index(of: $0.startDate) }
    }

    /// A cumulative sample cut at the intervals' boundaries, each piece with its share.
    private static func split(_ sample: HKQuantitySample, into intervals: Intervals) -> [HKQuantitySample] {
        let first = intervals.index(of: sample.startDate)
        var last = intervals.index(of: sample.endDate)
        if last > first, intervals.start(of: last) == sample.endDate { last -= 1 }
        let length = sample.endDate.timeIntervalSince(sample.startDate)
        guard last > first, length > 0 else { return [sample] }
        return (first...last).map { index in
            let start = Swift.max(sample.startDate, intervals.start(of: index))
            let end = Swift.min(sample.endDate, intervals.start(of: index + 1))
            let share = end.timeIntervalSince(start) / length
            return HKQuantitySample.of(sample.quantityType,
                                       quantity: HKQuantity(unit: sample.quantity.unit, doubleValue: sample.quantity.value * share),
                                       start: start, end: end, device: sample.device, metadata: sample.metadata, source: sample.sourceRevision)
        }
    }

    /// The statistics of every interval that has a sample, oldest first; empty intervals
    /// are left out, as on a watch.
    public func statistics() -> [HKStatistics] {
        buckets.keys.sorted().map(statistics(ofInterval:))
    }

    /// The statistics of the interval that holds `date`; an interval without samples gives
    /// statistics whose quantities are nil.
    public func statistics(for date: Date) -> HKStatistics? {
        statistics(ofInterval: intervals.index(of: date))
    }

    /// Every interval from the one holding `startDate` to the one holding `endDate`, in
    /// order, empty ones included; the block stops the walk by setting its flag.
    public func enumerateStatistics(from startDate: Date, to endDate: Date,
                                    with block: @escaping (HKStatistics, UnsafeMutablePointer<ObjCBool>) -> Void) {
        guard startDate <= endDate else { return }
        var stop: ObjCBool = false
        for index in intervals.index(of: startDate)...intervals.index(of: endDate) {
            block(statistics(ofInterval: index), &stop)
            if stop.boolValue { return }
        }
    }

    /// Every source of the collection's samples (with `.separateBySource` or without).
    public func sources() -> Set<HKSource> { Set(buckets.values.joined().map(\.sourceRevision.source)) }

    private func statistics(ofInterval index: Int) -> HKStatistics {
        HKStatistics(quantityType: quantityType, samples: buckets[index] ?? [], start: intervals.start(of: index),
                     end: intervals.start(of: index + 1), separatedBySource: separatedBySource)
    }

    /// Intervals of `components` laid end to end from `anchor`, both ways, in the calendar.
    struct Intervals: Sendable {
        let anchor: Date
        let components: DateComponents
        let calendar: Calendar

        /// The start of interval `index` (0 starts at the anchor; negative ones before it).
        func start(of index: Int) -> Date {
            var step = DateComponents()
            for unit in Self.units {
                if let value = components.value(for: unit), value != 0 { step.setValue(value * index, for: unit) }
            }
            return calendar.date(byAdding: step, to: anchor) ?? anchor
        }

        /// The interval that holds `date`.
        func index(of date: Date) -> Int {
            let length = start(of: 1).timeIntervalSince(anchor)
            guard length > 0 else { return 0 }
            var index = Int((date.timeIntervalSince(anchor) / length).rounded(.down))
            while start(of: index) > date { index -= 1 }
            while start(of: index + 1) <= date { index += 1 }
            return index
        }

        static let units: [Calendar.Component] = [.era, .year, .month, .weekOfYear, .day, .hour, .minute, .second, .nanosecond]
    }
}

/// Statistics of one quantity over consecutive intervals (Apple's page:
/// "HKStatisticsCollectionQuery"), for charts such as steps per day or heart rate per
/// minute: the initial results handler gets the collection of what this watch's health
/// database holds; with an update handler the query keeps running until `stop(_:)`, and
/// each save or deletion of matching samples (a live workout's, say) brings the changed
/// interval's statistics and the collection worked out again, on the engine's time line.
public final class HKStatisticsCollectionQuery: HKQuery, @unchecked Sendable {
    // @unchecked: the handlers are behind their lock; the rest is immutable.
    public typealias InitialResultsHandler = @Sendable (HKStatisticsCollectionQuery, HKStatisticsCollection?, (any Error)?) -> Void
    public typealias UpdateHandler = @Sendable (HKStatisticsCollectionQuery, HKStatistics?, HKStatisticsCollection?, (any Error)?) -> Void

    public let anchorDate: Date
    public let options: HKStatisticsOptions
    public let intervalComponents: DateComponents
    private let handlers = LockedState<(initial: InitialResultsHandler?, update: UpdateHandler?, running: Bool)>((nil, nil, false))
    private let store = LockedState<[HKQuantitySample]>([])

    public init(quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?, options: HKStatisticsOptions = [],
                anchorDate: Date, intervalComponents: DateComponents) {
        self.anchorDate = anchorDate
        self.options = options
        self.intervalComponents = intervalComponents
        super.init(type: quantityType, predicate: quantitySamplePredicate)
    }

    /// Called once with the collection when the query runs.
    public var initialResultsHandler: InitialResultsHandler? {
        get { handlers.withLock { $0.initial } }
        set { handlers.withLock { $0.initial = newValue } }
    }

    /// Called after each change to matching samples while the query runs; nil makes the
    /// query stop after its initial results.
    public var statisticsUpdateHandler: UpdateHandler? {
        get { handlers.withLock { $0.update } }
        set { handlers.withLock { $0.update = newValue } }
    }

    override var isLongRunning: Bool { statisticsUpdateHandler != nil }

    private var intervals: HKStatisticsCollection.Intervals {
        HKStatisticsCollection.Intervals(anchor: anchorDate, components: intervalComponents, calendar: .current)
    }

    private var quantityType: HKQuantityType? { objectType as? HKQuantityType }

    override func start(with saved: [HealthDatabase.Saved], anchor: Int) {
        let samples = saved.compactMap { $0.sample as? HKQuantitySample }.filter(matches)
        store.withLock { $0 = samples }
        let initial = handlers.withLock { handlers -> InitialResultsHandler? in
            handlers.running = handlers.update != nil
            return handlers.initial
        }
        guard let quantityType else { return }
        guard intervals.start(of: 1) > anchorDate else {
            initial?(self, nil, HKError(.errorInvalidArgument, "intervalComponents must describe a positive length of time"))
            return
        }
        initial?(self, HKStatisticsCollection(quantityType: quantityType, intervals: intervals, samples: samples, options: options), nil)
    }

    override func storeChanged(added: [HKSample], deleted: [HKSample], anchor: HKQueryAnchor) {
        let addedHere = added.compactMap { $0 as? HKQuantitySample }.filter(matches)
        let deletedHere = Set(deleted.filter(matches).map(\.uuid))
        guard !addedHere.isEmpty || !deletedHere.isEmpty, let quantityType,
              let update = handlers.withLock({ $0.running ? $0.update : nil }) else { return }
        let samples = store.withLock { samples -> [HKQuantitySample] in
            samples.removeAll { deletedHere.contains($0.uuid) }
            samples += addedHere
            return samples
        }
        let collection = HKStatisticsCollection(quantityType: quantityType, intervals: intervals, samples: samples, options: options)
        let changedDate = addedHere.last?.startDate ?? deleted.last?.startDate ?? anchorDate
        update(self, collection.statistics(for: changedDate), collection, nil)
    }

    override func stopped() { handlers.withLock { $0.running = false } }
}
