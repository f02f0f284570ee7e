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
        recordRequest(toShare: typesToShare)
    }

    /// The same, for code that takes a completion handler; it is called before this returns.
    public func requestAuthorization(toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?,
                                     completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        recordRequest(toShare: typesToShare ?? [])
        completion(true, nil)
    }

    private func recordRequest(toShare types: Set<HKSampleType>) {
        HealthDatabase.current.authorize(types)
        ActionButtonRuntime.host?.requestHealthAuthorization()
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
        HealthDatabase.current.add([object].compactMap { $0 as? HKSample })
        completion(true, nil)
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
        var samples: [HKSample] = []
        /// Running queries, kept until `stop(_:)` as a watch keeps them.
        var queries: [HKQuery] = []
        weak var activeSession: HKWorkoutSession?
    }

    private let contents = LockedState(Contents())

    /// The database of the watch the calling code runs on.
    static var current: HealthDatabase {
        ActionButtonRuntime.host?.watchObject(HealthDatabase.self) { HealthDatabase() } ?? processWide
    }

    private static let processWide = HealthDatabase()

    func authorize(_ types: Set<HKSampleType>) {
        contents.withLock { $0.authorized.formUnion(types.map(\.identifier)) }
    }

    func isAuthorized(_ type: HKObjectType) -> Bool { contents.withLock { $0.authorized.contains(type.identifier) } }

    var activeSession: HKWorkoutSession? {
        get { contents.withLock { $0.activeSession } }
        set { contents.withLock { $0.activeSession = newValue } }
    }

    /// Saves samples and tells every running anchored query that wants them.
    func add(_ samples: [HKSample]) {
        guard !samples.isEmpty else { return }
        let (queries, anchor) = contents.withLock { contents -> ([HKQuery], Int) in
            contents.samples += samples
            return (contents.queries, contents.samples.count)
        }
        for case let query as HKAnchoredObjectQuery in queries {
            let matching = samples.filter(query.matches)
            if !matching.isEmpty { query.deliverUpdate(matching, anchor: HKQueryAnchor(fromValue: anchor)) }
        }
    }

    func run(_ query: HKQuery) {
        let (samples, count) = contents.withLock { contents -> ([HKSample], Int) in
            contents.queries.append(query)
            return (contents.samples, contents.samples.count)
        }
        query.start(with: samples, count: count)
    }

    func stop(_ query: HKQuery) {
        contents.withLock { $0.queries.removeAll { $0 === query } }
        query.stopped()
    }
}
