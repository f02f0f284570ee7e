import AppIntents

/// A sample type and a predicate, for the queries that take several (Apple's page:
/// "HKQueryDescriptor").
public final class HKQueryDescriptor: @unchecked Sendable {
    // @unchecked: immutable.
    public let sampleType: HKSampleType
    public let predicate: NSPredicate?

    public init(sampleType: HKSampleType, predicate: NSPredicate?) {
        self.sampleType = sampleType
        self.predicate = predicate
    }

    func matches(_ sample: HKSample) -> Bool {
        sample.sampleType == sampleType && (predicate?.evaluate(with: sample) ?? true)
    }
}

/// Which samples a Swift-concurrency query reads, typed by the kind of sample (Apple's
/// page: "HKSamplePredicate").
public struct HKSamplePredicate<Sample: HKSample>: @unchecked Sendable {
    // @unchecked: the NSPredicate is never mutated.
    let sampleType: HKSampleType
    let predicate: NSPredicate?

    public static func quantitySample(type quantityType: HKQuantityType, predicate: NSPredicate? = nil)
        -> HKSamplePredicate<HKQuantitySample> {
        HKSamplePredicate<HKQuantitySample>(sampleType: quantityType, predicate: predicate)
    }

    public static func categorySample(type categoryType: HKCategoryType, predicate: NSPredicate? = nil)
        -> HKSamplePredicate<HKCategorySample> {
        HKSamplePredicate<HKCategorySample>(sampleType: categoryType, predicate: predicate)
    }

    public static func workout(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKWorkout> {
        HKSamplePredicate<HKWorkout>(sampleType: HKObjectType.workoutType(), predicate: predicate)
    }

    public static func sample(type sampleType: HKSampleType, predicate: NSPredicate? = nil) -> HKSamplePredicate<HKSample> {
        HKSamplePredicate<HKSample>(sampleType: sampleType, predicate: predicate)
    }

    var descriptor: HKQueryDescriptor { HKQueryDescriptor(sampleType: sampleType, predicate: predicate) }

    func matching(_ saved: [HealthDatabase.Saved]) -> [Sample] {
        let descriptor = self.descriptor
        return saved.map(\.sample).filter(descriptor.matches).compactMap { $0 as? Sample }
    }
}

/// Reads the matching samples once, with Swift concurrency (Apple's page:
/// "HKSampleQueryDescriptor"): what this watch's health database holds.
public struct HKSampleQueryDescriptor<Sample: HKSample>: @unchecked Sendable {
    // @unchecked: the predicates' NSPredicates are never mutated.
    public var predicates: [HKSamplePredicate<Sample>]
    public var sortDescriptors: [SortDescriptor<Sample>]
    public var limit: Int?

    public init(predicates: [HKSamplePredicate<Sample>], sortDescriptors: [SortDescriptor<Sample>], limit: Int? = nil) {
        self.predicates = predicates
        self.sortDescriptors = sortDescriptors
        self.limit = limit
    }

    /// The matching samples, sorted, at most `limit` of them.
    public func result(for healthStore: HKHealthStore) async throws -> [Sample] {
        let saved = HealthDatabase.current.saved
        var samples = predicates.flatMap { $0.matching(saved) }
        var seen = Set<UUID>()
        samples = samples.filter { seen.insert($0.uuid).inserted }
        if !sortDescriptors.isEmpty { samples.sort(using: sortDescriptors) }
        if let limit, limit > 0, samples.count > limit { samples = Array(samples.prefix(limit)) }
        return samples
    }
}

/// What changed after an anchor, once or as it happens, with Swift concurrency (Apple's
/// page: "HKAnchoredObjectQueryDescriptor").
public struct HKAnchoredObjectQueryDescriptor<Sample: HKSample>: @unchecked Sendable {
    // @unchecked: the predicates' NSPredicates are never mutated.
    public var predicates: [HKSamplePredicate<Sample>]
    public var anchor: HKQueryAnchor?
    public var limit: Int?

    public init(predicates: [HKSamplePredicate<Sample>], anchor: HKQueryAnchor?, limit: Int? = nil) {
        self.predicates = predicates
        self.anchor = anchor
        self.limit = limit
    }

    /// Samples saved and objects deleted after one query's anchor.
    public struct Result: @unchecked Sendable {
        // @unchecked: HealthKit's objects are immutable.
        public let addedSamples: [Sample]
        public let deletedObjects: [HKDeletedObject]
        public let newAnchor: HKQueryAnchor
    }

    /// The samples saved after `anchor` (every matching one without an anchor), and the
    /// anchor to ask from next time.
    public func result(for healthStore: HKHealthStore) async throws -> Result {
        let database = HealthDatabase.current
        let (saved, current) = database.snapshot
        let after = anchor?.value ?? 0
        let newer = saved.filter { $0.change > after }
        var added = predicates.flatMap { $0.matching(newer) }
        if let limit, limit > 0, added.count > limit { added = Array(added.prefix(limit)) }
        return Result(addedSamples: added, deletedObjects: [], newAnchor: HKQueryAnchor(fromValue: current))
    }

    /// The results as they come: first what is saved after `anchor`, then every change to
    /// matching samples, until the iterating task ends or is cancelled.
    public func results(for healthStore: HKHealthStore) -> Results { Results(descriptor: self) }

    public struct Results: AsyncSequence, @unchecked Sendable {
        // @unchecked: holds only the descriptor.
        public typealias Element = Result
        let descriptor: HKAnchoredObjectQueryDescriptor

        public func makeAsyncIterator() -> Iterator {
            let predicates = descriptor.predicates
            let stream = QueryStream<Result>.make { yield in
                let query = HKAnchoredObjectQuery(queryDescriptors: predicates.map(\.descriptor), anchor: descriptor.anchor,
                                                  limit: descriptor.limit ?? HKObjectQueryNoLimit) { _, samples, deleted, anchor, error in
                    yield(error.map { .failure($0) } ?? .success(Result(addedSamples: (samples ?? []).compactMap { $0 as? Sample },
                                                                        deletedObjects: deleted ?? [],
                                                                        newAnchor: anchor ?? HKQueryAnchor(fromValue: 0))))
                }
                query.updateHandler = { _, samples, deleted, anchor, _ in
                    yield(.success(Result(addedSamples: (samples ?? []).compactMap { $0 as? Sample }, deletedObjects: deleted ?? [],
                                          newAnchor: anchor ?? HKQueryAnchor(fromValue: 0))))
                }
                return query
            }
            return Iterator(base: stream.makeAsyncIterator())
        }

        public typealias Iterator = HKQueryResultsIterator<Result>
    }
}

/// The statistics of the matching samples, once, with Swift concurrency (Apple's page:
/// "HKStatisticsQueryDescriptor"); nil when nothing matches.
public struct HKStatisticsQueryDescriptor: @unchecked Sendable {
    // @unchecked: the predicate's NSPredicate is never mutated.
    public var predicate: HKSamplePredicate<HKQuantitySample>
    public var options: HKStatisticsOptions

    public init(predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions) {
        self.predicate = predicate
        self.options = options
    }

    public func result(for healthStore: HKHealthStore) async throws -> HKStatistics? {
        let samples = predicate.matching(HealthDatabase.current.saved)
        guard let type = predicate.sampleType as? HKQuantityType, let first = samples.min(by: { $0.startDate < $1.startDate }),
              let last = samples.max(by: { $0.endDate < $1.endDate }) else { return nil }
        return HKStatistics(quantityType: type, samples: samples, start: first.startDate, end: last.endDate,
                            separatedBySource: options.contains(.separateBySource))
    }
}

/// Statistics over consecutive intervals, once or as they change, with Swift concurrency
/// (Apple's page: "HKStatisticsCollectionQueryDescriptor").
public struct HKStatisticsCollectionQueryDescriptor: @unchecked Sendable {
    // @unchecked: the predicate's NSPredicate is never mutated.
    public var predicate: HKSamplePredicate<HKQuantitySample>
    public var options: HKStatisticsOptions
    public var anchorDate: Date
    public var intervalComponents: DateComponents

    public init(predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions, anchorDate: Date,
                intervalComponents: DateComponents) {
        self.predicate = predicate
        self.options = options
        self.anchorDate = anchorDate
        self.intervalComponents = intervalComponents
    }

    /// One state of the collection; `updatedStatistics` is nil for the first.
    public struct Result: @unchecked Sendable {
        // @unchecked: HealthKit's objects are immutable.
        public let statisticsCollection: HKStatisticsCollection
        public let updatedStatistics: [HKStatistics]?
    }

    fileprivate func query() -> HKStatisticsCollectionQuery {
        HKStatisticsCollectionQuery(quantityType: predicate.sampleType as? HKQuantityType ?? HKQuantityType(.stepCount),
                                    quantitySamplePredicate: predicate.predicate, options: options, anchorDate: anchorDate,
                                    intervalComponents: intervalComponents)
    }

    public func result(for healthStore: HKHealthStore) async throws -> HKStatisticsCollection {
        let outcome = LockedState<Swift.Result<HKStatisticsCollection, any Error>?>(nil)
        let query = query()
        query.initialResultsHandler = { _, collection, error in
            outcome.withLock { $0 = collection.map { .success($0) } ?? .failure(error ?? HKError(.errorNoData)) }
        }
        HealthDatabase.current.run(query)
        return try outcome.withLock { $0 }?.get() ?? { throw HKError(.errorNoData) }()
    }

    /// The collection now, then again after every change to matching samples, until the
    /// iterating task ends or is cancelled.
    public func results(for healthStore: HKHealthStore) -> Results { Results(descriptor: self) }

    public struct Results: AsyncSequence, @unchecked Sendable {
        // @unchecked: holds only the descriptor.
        public typealias Element = Result
        let descriptor: HKStatisticsCollectionQueryDescriptor

        public func makeAsyncIterator() -> Iterator {
            let descriptor = self.descriptor
            let stream = QueryStream<Result>.make { yield in
                let query = descriptor.query()
                query.initialResultsHandler = { _, collection, error in
                    yield(collection.map { .success(Result(statisticsCollection: $0, updatedStatistics: nil)) }
                          ?? .failure(error ?? HKError(.errorNoData)))
                }
                query.statisticsUpdateHandler = { _, statistics, collection, error in
                    guard let collection else { return yield(.failure(error ?? HKError(.errorNoData))) }
                    yield(.success(Result(statisticsCollection: collection, updatedStatistics: statistics.map { [$0] })))
                }
                return query
            }
            return Iterator(base: stream.makeAsyncIterator())
        }

        public typealias Iterator = HKQueryResultsIterator<Result>
    }
}

/// A long-running query as an asynchronous stream: runs on the watch the iterating code
/// runs on, and stops when the stream ends.
enum QueryStream<Element: Sendable> {
    static func make(_ build: (@escaping @Sendable (Swift.Result<Element, any Error>) -> Void) -> HKQuery)
        -> AsyncThrowingStream<Element, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream()
        let query = build { outcome in
            switch outcome {
            case .success(let element): continuation.yield(element)
            case .failure(let error): continuation.finish(throwing: error)
            }
        }
        let database = HealthDatabase.current
        continuation.onTermination = { _ in database.stop(query) }
        database.run(query)
        return stream
    }
}

/// The activity rings' daily summaries, once or as they change, with Swift concurrency
/// (Apple's page: "HKActivitySummaryQueryDescriptor"): as `HKActivitySummaryQuery` works
/// them out.
public struct HKActivitySummaryQueryDescriptor: @unchecked Sendable {
    // @unchecked: the NSPredicate is never mutated.
    public var predicate: NSPredicate?

    public init(predicate: NSPredicate?) { self.predicate = predicate }

    /// The matching summaries, oldest day first.
    public func result(for healthStore: HKHealthStore) async throws -> [HKActivitySummary] {
        let predicate = self.predicate
        return HKActivitySummary.summaries(from: HealthDatabase.current.samples).filter { predicate?.evaluate(with: $0) ?? true }
    }

    /// The summaries now, then all of them again after each change to ring samples, until
    /// the iterating task ends or is cancelled.
    public func results(for healthStore: HKHealthStore) -> Results { Results(predicate: predicate) }

    public struct Results: AsyncSequence, @unchecked Sendable {
        // @unchecked: the NSPredicate is never mutated.
        public typealias Element = [HKActivitySummary]
        let predicate: NSPredicate?

        public func makeAsyncIterator() -> Iterator {
            let predicate = self.predicate
            let stream = QueryStream<[HKActivitySummary]>.make { yield in
                let query = HKActivitySummaryQuery(predicate: predicate) { _, summaries, error in
                    yield(summaries.map { .success($0) } ?? .failure(error ?? HKError(.errorNoData)))
                }
                query.updateHandler = { _, summaries, error in
                    yield(summaries.map { .success($0) } ?? .failure(error ?? HKError(.errorNoData)))
                }
                return query
            }
            return Iterator(base: stream.makeAsyncIterator())
        }

        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncThrowingStream<[HKActivitySummary], any Error>.Iterator

            public mutating func next() async throws -> [HKActivitySummary]? { try await base.next() }

            /// The next element, on the iterating code's actor (so a main-actor model may iterate).
            public mutating func next(isolation actor: isolated (any Actor)?) async throws -> [HKActivitySummary]? {
                try await base.next(isolation: actor)
            }
        }
    }
}

/// The iterator of a query descriptor's stream of results (`results(for:)`): one for every
/// descriptor that has one, each naming it `Iterator` as Apple's do.
public struct HKQueryResultsIterator<Result>: AsyncIteratorProtocol {
    var base: AsyncThrowingStream<Result, any Error>.Iterator

    init(base: AsyncThrowingStream<Result, any Error>.Iterator) { self.base = base }

    public mutating func next() async throws -> Result? { try await base.next() }

    /// The next element, on the iterating code's actor (so a main-actor model may iterate).
    public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Result? {
        try await base.next(isolation: actor)
    }
}
