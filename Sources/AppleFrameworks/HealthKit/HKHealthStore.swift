import AppIntents

/// The app's way into health data (Apple's page: "HKHealthStore"). Every store an app makes
/// on one simulated watch reads and writes that watch's health database; two watches in one
/// test process never share one.
public final class HKHealthStore: Sendable {
    public init() {}

    /// Health data is available on every simulated watch.
    public static func isHealthDataAvailable() -> Bool { true }

    /// Asks to share and read the given types (A4: the system now knows the app asked, so
    /// first presses perform its start intent). On a watch a sheet may wait for the wearer;
    /// the simulated wearer has already agreed, so it returns at once, on the same instant of
    /// the engine's clock.
    public func requestAuthorization(toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>) async throws {
        recordRequest(toShare: typesToShare, read: typesToRead)
    }

    /// The same, for code that takes a completion handler; it is called before this returns.
    public func requestAuthorization(toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?,
                                     completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        recordRequest(toShare: typesToShare ?? [], read: typesToRead ?? [])
        completion(true, nil)
    }

    private func recordRequest(toShare types: Set<HKSampleType>, read: Set<HKObjectType>) {
        HealthDatabase.current.authorize(types, read: read)
        ActionButtonRuntime.current?.requestHealthAuthorization()
    }

    /// Whether the app may share `type`: authorized once it asked, not determined before.
    /// (As on a watch, read access is never revealed.)
    public func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus {
        HealthDatabase.current.isAuthorized(type) ? .sharingAuthorized : .notDetermined
    }

    /// Saves samples (or a workout) to this watch's health database.
    public func save(_ object: HKObject) async throws { try await save([object]) }

    public func save(_ objects: [HKObject]) async throws {
        HealthDatabase.current.add(objects.compactMap { $0 as? HKSample })
    }

    public func save(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        save([object], withCompletion: completion)
    }

    public func save(_ objects: [HKObject], withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        HealthDatabase.current.add(objects.compactMap { $0 as? HKSample })
        completion(true, nil)
    }

    /// Deletes an object this app saved (Apple's page: "delete(_:withCompletion:)"); its
    /// running queries hear of it. An object the watch's database does not hold fails with
    /// `errorInvalidArgument`, as one another app saved does on a watch.
    public func delete(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        delete([object], withCompletion: completion)
    }

    /// Deletes objects this app saved; an empty list fails with `errorInvalidArgument`.
    public func delete(_ objects: [HKObject], withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report(completion) { try HealthDatabase.current.delete(objects) }
    }

    public func delete(_ object: HKObject) async throws { try HealthDatabase.current.delete([object]) }

    public func delete(_ objects: [HKObject]) async throws { try HealthDatabase.current.delete(objects) }

    /// Deletes every object of a type that matches the predicate, and says how many.
    public func deleteObjects(of objectType: HKObjectType, predicate: NSPredicate,
                              withCompletion completion: @escaping @Sendable (Bool, Int, (any Error)?) -> Void) {
        let count = HealthDatabase.current.deleteObjects(of: objectType, matching: predicate)
        completion(true, count, nil)
    }

    public func deleteObjects(of objectType: HKObjectType, predicate: NSPredicate) async throws -> Int {
        HealthDatabase.current.deleteObjects(of: objectType, matching: predicate)
    }

    /// Runs a query: it hands over what matches now, and an anchored query's update handler
    /// then hears of every matching sample saved later, until `stop(_:)`.
    public func execute(_ query: HKQuery) {
        HealthDatabase.current.run(query)
    }

    public func stop(_ query: HKQuery) {
        HealthDatabase.current.stop(query)
    }

    /// The workout session running on this watch, if any (what a watch hands an app that
    /// relaunches during a workout).
    public func recoverActiveWorkoutSession() async throws -> HKWorkoutSession? {
        HealthDatabase.current.activeSession
    }

    public func recoverActiveWorkoutSession(completion: @escaping @Sendable (HKWorkoutSession?, (any Error)?) -> Void) {
        completion(HealthDatabase.current.activeSession, nil)
    }
}

/// One watch's health data: what it authorized, the samples and workouts saved, the queries
/// listening, and the workout session running. Lives on the simulated watch; outside one,
/// one per process.
final class HealthDatabase: Sendable {
    private struct Contents {
        var authorized: Set<String> = []
        /// The types the app asked to read (a watch never says whether it may).
        var askedToRead: Set<String> = []
        var samples: [Saved] = []
        /// The workout each sample a workout builder collected belongs to, by sample UUID.
        var workoutOf: [UUID: UUID] = [:]
        /// The workout (and activity) each workout effort sample is related to, by sample UUID.
        var effortOf: [UUID: EffortRelation] = [:]
        /// How many samples were saved and deletions made: the anchor queries hand out.
        var changes = 0
        /// Running queries, kept until `stop(_:)` as a watch keeps them.
        var queries: [HKQuery] = []
        weak var activeSession: HKWorkoutSession?
        var mirroringStartHandler: (@Sendable (HKWorkoutSession) -> Void)?
    }

    /// What `relateWorkoutEffortSample(_:with:activity:completion:)` recorded.
    struct EffortRelation: Equatable {
        var workout: UUID
        var activity: UUID?
    }

    /// A sample and the change that saved it, which anchors compare.
    struct Saved {
        var change: Int
        var sample: HKSample
    }

    private let contents = LockedState(Contents())

    /// The database of the watch the calling code runs on.
    static var current: HealthDatabase {
        ActionButtonRuntime.current?.watchObject(HealthDatabase.self) { HealthDatabase() } ?? processWide
    }

    private static let processWide = HealthDatabase()

    func authorize(_ types: Set<HKSampleType>, read: Set<HKObjectType> = []) {
        contents.withLock {
            $0.authorized.formUnion(types.map(\.identifier))
            $0.askedToRead.formUnion(read.map(\.identifier))
        }
    }

    /// Whether the app asked to read or share the type.
    func wasAsked(aboutType identifier: String) -> Bool {
        contents.withLock { $0.authorized.contains(identifier) || $0.askedToRead.contains(identifier) }
    }

    func isAuthorized(_ type: HKObjectType) -> Bool { contents.withLock { $0.authorized.contains(type.identifier) } }

    var mirroringStartHandler: (@Sendable (HKWorkoutSession) -> Void)? {
        get { contents.withLock { $0.mirroringStartHandler } }
        set { contents.withLock { $0.mirroringStartHandler = newValue } }
    }

    var activeSession: HKWorkoutSession? {
        get { contents.withLock { $0.activeSession } }
        set { contents.withLock { $0.activeSession = newValue } }
    }

    /// Saves samples and tells every running query that wants them.
    func add(_ samples: [HKSample]) {
        guard !samples.isEmpty else { return }
        let (queries, anchor) = contents.withLock { contents -> ([HKQuery], Int) in
            for sample in samples {
                contents.changes += 1
                contents.samples.append(Saved(change: contents.changes, sample: sample))
            }
            return (contents.queries, contents.changes)
        }
        for query in queries { query.storeChanged(added: samples, deleted: [], anchor: HKQueryAnchor(fromValue: anchor)) }
    }

    /// Records that a finished workout's builder collected these samples.
    func associate(_ samples: [HKSample], with workout: HKWorkout) {
        contents.withLock { contents in
            for sample in samples { contents.workoutOf[sample.uuid] = workout.uuid }
        }
    }

    /// The workout a sample belongs to: a route's, or the one whose builder collected it.
    func workout(of object: HKObject) -> UUID? {
        if let route = object as? HKWorkoutRoute { return route.workout }
        return contents.withLock { $0.workoutOf[object.uuid] }
    }

    /// Whether the database holds the object.
    func holds(_ object: HKObject) -> Bool { contents.withLock { $0.samples.contains { $0.sample.uuid == object.uuid } } }

    /// Relates an effort sample to a workout, replacing any relation it had.
    func relateEffort(_ sample: HKSample, to relation: EffortRelation) {
        contents.withLock { $0.effortOf[sample.uuid] = relation }
    }

    /// Ends an effort sample's relation to the workout; false if it had none with it.
    func unrelateEffort(_ sample: HKSample, from relation: EffortRelation) -> Bool {
        contents.withLock { contents in
            guard let held = contents.effortOf[sample.uuid], held.workout == relation.workout,
                  relation.activity == nil || held.activity == relation.activity else { return false }
            contents.effortOf[sample.uuid] = nil
            return true
        }
    }

    /// The workout and activity an effort sample is related to, if any.
    func effortRelation(of object: HKObject) -> EffortRelation? { contents.withLock { $0.effortOf[object.uuid] } }

    /// Deletes samples the database holds; throws, deleting nothing, if one is not there.
    func delete(_ objects: [HKObject]) throws {
        guard !objects.isEmpty else { throw HKError(.errorInvalidArgument, "delete needs at least one object") }
        let uuids = Set(objects.map(\.uuid))
        let (deleted, queries, anchor) = try contents.withLock { contents -> ([HKSample], [HKQuery], Int) in
            let held = Set(contents.samples.map(\.sample.uuid))
            guard uuids.isSubset(of: held) else {
                throw HKError(.errorInvalidArgument, "delete: an object this app never saved on this watch")
            }
            let deleted = contents.samples.map(\.sample).filter { uuids.contains($0.uuid) }
            contents.samples.removeAll { uuids.contains($0.sample.uuid) }
            contents.changes += 1
            return (deleted, contents.queries, contents.changes)
        }
        for query in queries { query.storeChanged(added: [], deleted: deleted, anchor: HKQueryAnchor(fromValue: anchor)) }
    }

    /// Deletes the samples of a type that match a predicate; how many.
    func deleteObjects(of type: HKObjectType, matching predicate: NSPredicate) -> Int {
        let matching = samples.filter { $0.sampleType == type && predicate.evaluate(with: $0) }
        if matching.isEmpty { return 0 }
        try? delete(matching)
        return matching.count
    }

    /// Every sample saved, oldest first.
    var samples: [HKSample] { contents.withLock { $0.samples.map(\.sample) } }

    /// Every sample saved, with the change that saved it.
    var saved: [Saved] { contents.withLock { $0.samples } }

    /// The samples saved and the anchor after the last change, at one instant.
    var snapshot: ([Saved], Int) { contents.withLock { ($0.samples, $0.changes) } }

    func run(_ query: HKQuery) {
        let (samples, anchor) = contents.withLock { contents -> ([Saved], Int) in
            if query.isLongRunning { contents.queries.append(query) }
            return (contents.samples, contents.changes)
        }
        query.start(with: samples, anchor: anchor)
    }

    func stop(_ query: HKQuery) {
        contents.withLock { $0.queries.removeAll { $0 === query } }
        query.stopped()
    }
}
