import AppIntents

/// Builds a workout from what the app hands it (Apple's page: "HKWorkoutBuilder"): samples,
/// events, metadata and activities between `beginCollection` and `endCollection`, then
/// `finishWorkout` saves it to this watch's health database. The dates are the app's. A
/// live builder (`HKLiveWorkoutBuilder`, which a workout session makes) is one of these that
/// also collects the simulated sensors and keeps the engine's time.
public class HKWorkoutBuilder: @unchecked Sendable {
    // @unchecked: every mutable property is behind `values`' lock.
    enum Phase { case idle, collecting, ended, finished, discarded }

    struct Values {
        var phase = Phase.idle
        var startDate: Date?
        var endDate: Date?
        var pausedAt: Date?
        var pausedTotal: TimeInterval = 0
        var events: [HKWorkoutEvent] = []
        var metadata: [String: any Sendable] = [:]
        var samples: [HKQuantityType: [HKQuantitySample]] = [:]
        /// Samples of other kinds the app added (category samples): they belong to the workout too.
        var otherSamples: [HKSample] = []
        var activities: [HKWorkoutActivity] = []
        /// Zones the app set for this workout (watchOS 27).
        var customZones: [HKQuantityType: HKWorkoutZoneConfiguration] = [:]
    }

    public let workoutConfiguration: HKWorkoutConfiguration
    public let device: HKDevice?
    let values = LockedState(Values())

    /// A builder for a workout the app records itself (not from a session's sensors).
    public init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?) {
        self.workoutConfiguration = configuration
        self.device = device
    }

    init(configuration: HKWorkoutConfiguration) {
        self.workoutConfiguration = configuration
        self.device = .local()
    }

    public var startDate: Date? { values.withLock { $0.startDate } }
    public var endDate: Date? { values.withLock { $0.endDate } }
    public var workoutEvents: [HKWorkoutEvent] { values.withLock { $0.events } }
    public var metadata: [String: any Sendable] { values.withLock { $0.metadata } }
    public var workoutActivities: [HKWorkoutActivity] { values.withLock { $0.activities } }

    /// Time in the workout up to `date`, without its pauses.
    public func elapsedTime(at date: Date) -> TimeInterval {
        let date = SimulatedDate.fromApp(date)
        return values.withLock { values in
            guard let start = values.startDate else { return 0 }
            let end = Swift.min(date, values.endDate ?? date)
            let pausedNow = values.pausedAt.map { Swift.max(0, end.timeIntervalSince($0)) } ?? 0
            return Swift.max(0, end.timeIntervalSince(start) - values.pausedTotal - pausedNow)
        }
    }

    /// Every quantity collected so far, with its statistics.
    public var allStatistics: [HKQuantityType: HKStatistics] {
        let (samples, start, end) = values.withLock { ($0.samples, $0.startDate, $0.endDate) }
        let from = start ?? now, to = end ?? now
        return samples.compactMapValues { list in
            list.first.map { HKStatistics(quantityType: $0.quantityType, samples: list, start: from, end: to) }
        }
    }

    /// The statistics of one quantity so far (nil before anything of it was collected).
    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? { allStatistics[quantityType] }

    // MARK: Collecting

    public func beginCollection(at start: Date) async throws { try begin(at: start) }

    public func beginCollection(withStart start: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report(completion) { try begin(at: start) }
    }

    func begin(at start: Date) throws {
        let start = SimulatedDate.fromApp(start)
        try values.withLock { values in
            guard values.phase == .idle else { throw HKError(.errorInvalidArgument, "this builder has already begun collecting") }
            values.phase = .collecting
            values.startDate = start
        }
    }

    public func endCollection(at end: Date) async throws { try finishCollecting(at: end) }

    public func endCollection(withEnd end: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report(completion) { try finishCollecting(at: end) }
    }

    func finishCollecting(at end: Date) throws {
        let end = SimulatedDate.fromApp(end)
        try values.withLock { values in
            guard values.phase == .collecting else {
                throw HKError(.errorInvalidArgument, "endCollection needs a builder that is collecting; call beginCollection first")
            }
            values.phase = .ended
            values.endDate = end
            if let pausedAt = values.pausedAt {
                values.pausedTotal += end.timeIntervalSince(pausedAt)
                values.pausedAt = nil
            }
        }
    }

    /// Saves the workout and returns it. Collection must have ended.
    public func finishWorkout() async throws -> HKWorkout? { try saveWorkout() }

    public func finishWorkout(completion: @escaping @Sendable (HKWorkout?, (any Error)?) -> Void) {
        do {
            completion(try saveWorkout(), nil)
        } catch {
            completion(nil, error)
        }
    }

    func saveWorkout() throws -> HKWorkout {
        let statistics = allStatistics
        let zoneConfigurations = Self.zoneTypes.compactMap { try? configuredZones(for: $0) }
        let (start, end, events, metadata, activities, duration, samples, otherSamples) = try values.withLock { values in
            guard values.phase == .ended, let start = values.startDate, let end = values.endDate else {
                throw HKError(.errorInvalidArgument, "finishWorkout needs endCollection first")
            }
            values.phase = .finished
            let duration = Swift.max(0, end.timeIntervalSince(start) - values.pausedTotal)
            let samples = values.samples.values.flatMap { $0 }
            let activities = values.activities.map { $0.finished(by: end, samples: samples, zones: zoneConfigurations) }
            return (start, end, values.events, values.metadata, activities, duration, samples, values.otherSamples)
        }
        let workout = HKWorkout(activityType: workoutConfiguration.activityType, start: start, end: end, duration: duration,
                                events: events, statistics: statistics, metadata: metadata.isEmpty ? nil : metadata,
                                activities: activities, zoneGroups: zoneGroups(samples: samples, end: end))
        HealthDatabase.current.add([workout])
        HealthDatabase.current.associate(samples.map { $0 as HKSample } + otherSamples, with: workout)
        saved(workout)
        return workout
    }

    /// The builder of a series to attach to the workout (Apple's page:
    /// "seriesBuilder(for:)"): for the route, an `HKWorkoutRouteBuilder`, fed with
    /// CoreLocation's positions; nil for a type a builder does not support (heartbeats:
    /// the simulated sensors measure no beat-to-beat intervals).
    public func seriesBuilder(for seriesType: HKSeriesType) -> HKSeriesBuilder? {
        guard seriesType == HKSeriesType.workoutRoute() else { return nil }
        return HKWorkoutRouteBuilder(healthStore: HKHealthStore(), device: device)
    }

    /// A live builder logs the saved workout.
    func saved(_ workout: HKWorkout) {}

    /// Throws the workout away: nothing is saved.
    public func discardWorkout() {
        values.withLock { values in
            values.phase = .discarded
            values.samples = [:]
        }
    }

    // MARK: What the app adds

    /// Adds samples of the app's own to the workout (and the health database).
    public func addSamples(_ samples: [HKSample]) async throws { try add(samples) }

    public func add(_ samples: [HKSample], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report(completion) { try add(samples) }
    }

    func add(_ samples: [HKSample]) throws {
        try values.withLock { values in
            guard values.phase == .collecting || values.phase == .ended else {
                throw HKError(.errorInvalidArgument, "samples can be added between beginCollection and finishWorkout")
            }
            for sample in samples {
                if let sample = sample as? HKQuantitySample {
                    values.samples[sample.quantityType, default: []].append(sample)
                } else {
                    values.otherSamples.append(sample)
                }
            }
        }
        HealthDatabase.current.add(samples)
    }

    public func addMetadata(_ metadata: [String: Any]) async throws { addMetadataNow(metadata) }

    public func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        addMetadataNow(metadata)
        completion(true, nil)
    }

    private func addMetadataNow(_ metadata: [String: Any]) {
        let added = HKQuantitySample.sendable(metadata) ?? [:]
        values.withLock { $0.metadata.merge(added) { $1 } }
    }

    /// Adds laps, segments or markers to the workout.
    public func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent]) async throws { try addEvents(workoutEvents) }

    public func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report(completion) { try addEvents(workoutEvents) }
    }

    func addEvents(_ workoutEvents: [HKWorkoutEvent]) throws {
        values.withLock { $0.events += workoutEvents }
    }

    /// Adds an activity (one leg of a multisport workout, say) between begin and finish.
    public func addWorkoutActivity(_ workoutActivity: HKWorkoutActivity) async throws { try addActivity(workoutActivity) }

    public func addWorkoutActivity(_ workoutActivity: HKWorkoutActivity, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report(completion) { try addActivity(workoutActivity) }
    }

    func addActivity(_ activity: HKWorkoutActivity) throws {
        try values.withLock { values in
            guard values.phase == .collecting || values.phase == .ended else {
                throw HKError(.errorInvalidArgument, "activities can be added between beginCollection and finishWorkout")
            }
            guard !values.activities.contains(where: { $0.uuid == activity.uuid }) else {
                throw HKError(.errorInvalidArgument, "this activity was added already")
            }
            values.activities.append(activity)
        }
    }

    /// Ends an activity the builder holds.
    public func updateActivity(uuid UUID: UUID, end endDate: Date) async throws {
        try changeActivity(UUID) { $0.with(end: endDate) }
    }

    public func updateActivity(uuid UUID: UUID, end endDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report(completion) { try changeActivity(UUID) { $0.with(end: endDate) } }
    }

    /// Adds metadata to an activity the builder holds.
    public func updateActivity(uuid UUID: UUID, adding metadata: [String: Any]) async throws {
        let added = HKQuantitySample.sendable(metadata) ?? [:]
        try changeActivity(UUID) { $0.with(metadata: added) }
    }

    public func updateActivity(uuid UUID: UUID, adding metadata: [String: Any],
                               completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let added = HKQuantitySample.sendable(metadata) ?? [:]
        report(completion) { try changeActivity(UUID) { $0.with(metadata: added) } }
    }

    func changeActivity(_ uuid: UUID, _ change: (HKWorkoutActivity) -> HKWorkoutActivity) throws {
        try values.withLock { values in
            guard let index = values.activities.firstIndex(where: { $0.uuid == uuid }) else {
                throw HKError(.errorInvalidArgument, "no activity \(uuid) in this builder")
            }
            values.activities[index] = change(values.activities[index])
        }
    }

    /// The builder's now: the watch's (`SimulatedDate`), as the dates an app gives it are read.
    var now: Date { SimulatedDate.now }


}

/// Builds a series sample attached to a workout (Apple's page: "HKSeriesBuilder").
public class HKSeriesBuilder: @unchecked Sendable {
    init() {}

    /// Throws the series away.
    public func discard() {}
}

/// One activity of a workout, such as the swim, ride and run of a triathlon (Apple's page:
/// "HKWorkoutActivity"). Its statistics are worked out from the builder's samples when the
/// workout is saved.
public final class HKWorkoutActivity: Hashable, @unchecked Sendable {
    // @unchecked: immutable; a builder's updates make a new value with the same UUID.
    public let uuid: UUID
    public let workoutConfiguration: HKWorkoutConfiguration
    public let startDate: Date
    public let endDate: Date?
    public let metadata: [String: any Sendable]?
    public let workoutEvents: [HKWorkoutEvent]
    public let allStatistics: [HKQuantityType: HKStatistics]
    /// Time in each zone during the activity (watchOS 27); nil until the workout is saved.
    public let zoneGroupsByType: [HKQuantityType: HKWorkoutZoneGroup]?

    public convenience init(workoutConfiguration: HKWorkoutConfiguration, start startDate: Date, end endDate: Date?,
                            metadata: [String: Any]?) {
        self.init(uuid: UUID(), configuration: workoutConfiguration, start: startDate, end: endDate,
                  metadata: HKQuantitySample.sendable(metadata), events: [], statistics: [:])
    }

    init(uuid: UUID, configuration: HKWorkoutConfiguration, start: Date, end: Date?, metadata: [String: any Sendable]?,
         events: [HKWorkoutEvent], statistics: [HKQuantityType: HKStatistics],
         zoneGroups: [HKQuantityType: HKWorkoutZoneGroup]? = nil) {
        self.zoneGroupsByType = zoneGroups
        self.uuid = uuid
        self.workoutConfiguration = configuration
        // An app's `Date()` (its own activities, an end it sets) is read on the watch's clock.
        self.startDate = SimulatedDate.fromApp(start)
        self.endDate = SimulatedDate.fromApp(end)
        self.metadata = metadata
        self.workoutEvents = events
        self.allStatistics = statistics
    }

    /// From start to end (or until now, while it runs).
    public var duration: TimeInterval { (endDate ?? SimulatedDate.now).timeIntervalSince(startDate) }

    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? { allStatistics[quantityType] }

    func with(end: Date) -> HKWorkoutActivity {
        HKWorkoutActivity(uuid: uuid, configuration: workoutConfiguration, start: startDate, end: end, metadata: metadata,
                          events: workoutEvents, statistics: allStatistics)
    }

    func with(metadata added: [String: any Sendable]) -> HKWorkoutActivity {
        HKWorkoutActivity(uuid: uuid, configuration: workoutConfiguration, start: startDate, end: endDate,
                          metadata: (metadata ?? [:]).merging(added) { $1 }, events: workoutEvents, statistics: allStatistics)
    }

    /// The activity as the saved workout keeps it: ended, with the statistics of the samples
    /// that fall inside it.
    func finished(by workoutEnd: Date, samples: [HKQuantitySample], zones: [HKWorkoutZoneConfiguration] = []) -> HKWorkoutActivity {
        let end = endDate ?? workoutEnd
        let inside = samples.filter { $0.startDate >= startDate && $0.endDate <= end }
        let statistics = Dictionary(grouping: inside, by: \.quantityType).mapValues {
            HKStatistics(quantityType: $0[0].quantityType, samples: $0, start: startDate, end: end)
        }
        var groups: [HKQuantityType: HKWorkoutZoneGroup] = [:]
        for configuration in zones where inside.contains(where: { $0.quantityType == configuration.quantityType }) {
            groups[configuration.quantityType] = HKWorkoutZoneGroup(configuration: configuration, samples: inside, end: end)
        }
        return HKWorkoutActivity(uuid: uuid, configuration: workoutConfiguration, start: startDate, end: end, metadata: metadata,
                                 events: workoutEvents, statistics: statistics, zoneGroups: groups)
    }

    public static func == (lhs: HKWorkoutActivity, rhs: HKWorkoutActivity) -> Bool { lhs.uuid == rhs.uuid }
    public func hash(into hasher: inout Hasher) { hasher.combine(uuid) }
}

/// The device that recorded data (Apple's page: "HKDevice"): an Apple Watch Ultra here.
public final class HKDevice: Hashable, Sendable {
    public let name: String?
    public let manufacturer: String?
    public let model: String?
    public let hardwareVersion: String?
    public let firmwareVersion: String?
    public let softwareVersion: String?
    public let localIdentifier: String?
    public let udiDeviceIdentifier: String?

    public init(name: String?, manufacturer: String?, model: String?, hardwareVersion: String?, firmwareVersion: String?,
                softwareVersion: String?, localIdentifier: String?, udiDeviceIdentifier: String?) {
        self.name = name
        self.manufacturer = manufacturer
        self.model = model
        self.hardwareVersion = hardwareVersion
        self.firmwareVersion = firmwareVersion
        self.softwareVersion = softwareVersion
        self.localIdentifier = localIdentifier
        self.udiDeviceIdentifier = udiDeviceIdentifier
    }

    /// The device the code runs on.
    public class func local() -> HKDevice {
        HKDevice(name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch Ultra",
                 firmwareVersion: nil, softwareVersion: "26.0", localIdentifier: nil, udiDeviceIdentifier: nil)
    }

    public static func == (lhs: HKDevice, rhs: HKDevice) -> Bool {
        (lhs.name, lhs.manufacturer, lhs.model, lhs.hardwareVersion, lhs.softwareVersion)
            == (rhs.name, rhs.manufacturer, rhs.model, rhs.hardwareVersion, rhs.softwareVersion)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(model)
    }
}

/// Runs `body` and hands its outcome to a completion handler of HealthKit's `(success, error)`
/// shape: HealthKit's one way to answer such a handler (the builders', the store's, the session's).
func report(_ completion: @Sendable (Bool, (any Error)?) -> Void, _ body: () throws -> Void) {
    do {
        try body()
        completion(true, nil)
    } catch {
        completion(false, error)
    }
}
