import AppIntents

/// A question to the health database (Apple's page: "HKQuery").
public class HKQuery: @unchecked Sendable {
    // @unchecked: `objectType` and `predicate` never change; handlers are guarded by subclasses.
    public let objectType: HKObjectType?
    public let predicate: NSPredicate?

    public var sampleType: HKSampleType? { objectType as? HKSampleType }
    /// The types and predicates of a query made from several descriptors (nil otherwise).
    let descriptors: [HKQueryDescriptor]?

    init(type: HKObjectType, predicate: NSPredicate?) {
        self.objectType = type
        self.predicate = predicate
        self.descriptors = nil
    }

    /// A query over several sample types: it has no single type or predicate, as on a watch.
    init(descriptors: [HKQueryDescriptor]) {
        self.objectType = nil
        self.predicate = nil
        self.descriptors = descriptors
    }

    /// Samples that began at or after `startDate` and ended by `endDate` (with `.strictStartDate`
    /// and `.strictEndDate`), or that overlap the interval at all (no options).
    public class func predicateForSamples(withStart startDate: Date?, end endDate: Date?,
                                          options: HKQueryOptions = []) -> NSPredicate {
        // Read now, while the calling code runs on the watch: dates made from `Date()` are the watch's.
        let (startDate, endDate) = (SimulatedDate.fromApp(startDate), SimulatedDate.fromApp(endDate))
        return NSPredicate { object, _ in
            guard let sample = object as? HKSample else { return false }
            if let startDate {
                if options.contains(.strictStartDate) ? sample.startDate < startDate : sample.endDate < startDate { return false }
            }
            if let endDate {
                if options.contains(.strictEndDate) ? sample.endDate > endDate : sample.startDate > endDate { return false }
            }
            return true
        }
    }

    /// Samples with one of the given UUIDs.
    public class func predicateForObjects(with UUIDs: Set<UUID>) -> NSPredicate {
        NSPredicate { object, _ in (object as? HKObject).map { UUIDs.contains($0.uuid) } ?? false }
    }

    public class func predicateForObject(with UUID: UUID) -> NSPredicate { predicateForObjects(with: [UUID]) }

    /// Workouts of one activity type.
    public class func predicateForWorkouts(with workoutActivityType: HKWorkoutActivityType) -> NSPredicate {
        NSPredicate { object, _ in (object as? HKWorkout)?.workoutActivityType == workoutActivityType }
    }

    /// Category samples with the given value.
    public class func predicateForCategorySamples(with operatorType: ComparisonOperator, value: Int) -> NSPredicate {
        NSPredicate { object, _ in
            guard let sample = object as? HKCategorySample else { return false }
            return operatorType.holds(for: ordering(sample.value, value))
        }
    }

    func matches(_ sample: HKSample) -> Bool {
        if let descriptors { return descriptors.contains { $0.matches(sample) } }
        guard sample.sampleType == objectType else { return false }
        return predicate?.evaluate(with: sample) ?? true
    }

    /// Whether the query keeps running (and hears of changes) until `stop(_:)`.
    var isLongRunning: Bool { false }

    /// The query begins, with what the store holds and the anchor after it.
    func start(with saved: [HealthDatabase.Saved], anchor: Int) {}
    /// The store saved or deleted samples while the query ran.
    func storeChanged(added: [HKSample], deleted: [HKSample], anchor: HKQueryAnchor) {}
    func stopped() {}
}

/// How `predicateForSamples(withStart:end:options:)` reads its dates (Apple's page: "HKQueryOptions").
public struct HKQueryOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let strictStartDate = HKQueryOptions(rawValue: 1 << 0)
    public static let strictEndDate = HKQueryOptions(rawValue: 1 << 1)
}

/// No limit on how many samples a query returns (Apple's constant "HKObjectQueryNoLimit").
public let HKObjectQueryNoLimit: Int = 0

/// Where an anchored query left off (Apple's page: "HKQueryAnchor").
public final class HKQueryAnchor: Hashable, Sendable {
    let value: Int

    public init(fromValue value: Int) { self.value = value }

    public static func == (lhs: HKQueryAnchor, rhs: HKQueryAnchor) -> Bool { lhs.value == rhs.value }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// Samples of a type, then every later one (Apple's page: "HKAnchoredObjectQuery"): the
/// results handler gets what is saved already (after `anchor`), and the update handler each
/// sample saved later, such as the heart rates a live workout builder collects.
public final class HKAnchoredObjectQuery: HKQuery, @unchecked Sendable {
    public typealias Handler = @Sendable (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, (any Error)?) -> Void

    private let anchor: HKQueryAnchor?
    private let limit: Int
    private let resultsHandler: Handler
    private let handlers = LockedState<(update: Handler?, running: Bool)>((update: nil, running: false))

    /// Called with each batch of new matching samples while the query runs.
    public var updateHandler: Handler? {
        get { handlers.withLock { $0.update } }
        set { handlers.withLock { $0.update = newValue } }
    }

    public init(type: HKSampleType, predicate: NSPredicate?, anchor: HKQueryAnchor?, limit: Int,
                resultsHandler handler: @escaping Handler) {
        self.anchor = anchor
        self.limit = limit
        self.resultsHandler = handler
        super.init(type: type, predicate: predicate)
    }

    /// An anchored query over several sample types and predicates (watchOS 8).
    public init(queryDescriptors: [HKQueryDescriptor], anchor: HKQueryAnchor?, limit: Int,
                resultsHandler handler: @escaping Handler) {
        self.anchor = anchor
        self.limit = limit
        self.resultsHandler = handler
        super.init(descriptors: queryDescriptors)
    }

    override var isLongRunning: Bool { true }

    override func start(with saved: [HealthDatabase.Saved], anchor current: Int) {
        handlers.withLock { $0.running = true }
        // An anchor counts the store's changes: what was saved after it is new to the app.
        let after = anchor?.value ?? 0
        var matching = saved.filter { $0.change > after }.map(\.sample).filter(matches)
        if limit > 0, matching.count > limit { matching = Array(matching.prefix(limit)) }
        resultsHandler(self, matching, [], HKQueryAnchor(fromValue: current), nil)
    }

    override func stopped() { handlers.withLock { $0.running = false } }

    override func storeChanged(added: [HKSample], deleted: [HKSample], anchor: HKQueryAnchor) {
        let matchingAdded = added.filter(matches)
        let matchingDeleted = deleted.filter(matches).map { HKDeletedObject(uuid: $0.uuid) }
        guard !matchingAdded.isEmpty || !matchingDeleted.isEmpty,
              let handler = handlers.withLock({ $0.running ? $0.update : nil }) else { return }
        handler(self, matchingAdded, matchingDeleted, anchor, nil)
    }
}
