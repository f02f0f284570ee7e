import AppIntents

/// Told when a live builder collects new data or events (Apple's page:
/// "HKLiveWorkoutBuilderDelegate"). Called inside the simulated watch, once per sensor
/// reading, on the engine's time line; implement it `nonisolated` on an actor or a
/// main-actor class, as on a watch.
public protocol HKLiveWorkoutBuilderDelegate: AnyObject {
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>)
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder)
}

/// Collects a live workout's data (Apple's page: "HKLiveWorkoutBuilder"): samples from the
/// simulated sensors while its session runs (T1), the samples, events and metadata the app
/// adds, and at the end the workout it saves. Events the app adds (laps, segments,
/// markers) reach the session log as markers.
public final class HKLiveWorkoutBuilder: SensorReadingObserver, @unchecked Sendable {
    // @unchecked: every mutable property is behind `values`' lock.
    private struct Links {
        weak var delegate: (any HKLiveWorkoutBuilderDelegate)?
        weak var session: HKWorkoutSession?
    }

    private enum Phase { case idle, collecting, ended, finished, discarded }

    private struct Values {
        var links = Links()
        var dataSource: HKLiveWorkoutDataSource?
        var phase = Phase.idle
        var startDate: Date?
        var endDate: Date?
        var pausedAt: Date?
        var pausedTotal: TimeInterval = 0
        var events: [HKWorkoutEvent] = []
        var metadata: [String: any Sendable] = [:]
        var samples: [HKQuantityType: [HKQuantitySample]] = [:]
        var previous: SensorReading?
    }

    public let workoutConfiguration: HKWorkoutConfiguration
    private let values = LockedState(Values())

    init(session: HKWorkoutSession) {
        self.workoutConfiguration = session.workoutConfiguration
        values.withLock { $0.links.session = session }
    }

    public var dataSource: HKLiveWorkoutDataSource? {
        get { values.withLock { $0.dataSource } }
        set { values.withLock { $0.dataSource = newValue } }
    }

    public var delegate: (any HKLiveWorkoutBuilderDelegate)? {
        get { values.withLock { $0.links.delegate } }
        set { values.withLock { $0.links.delegate = newValue } }
    }

    public var workoutSession: HKWorkoutSession? { values.withLock { $0.links.session } }
    public var startDate: Date? { values.withLock { $0.startDate } }
    public var endDate: Date? { values.withLock { $0.endDate } }
    public var workoutEvents: [HKWorkoutEvent] { values.withLock { $0.events } }
    public var metadata: [String: any Sendable] { values.withLock { $0.metadata } }

    /// Time in the workout since collection began, without its pauses.
    public var elapsedTime: TimeInterval { elapsedTime(at: now) }

    public func elapsedTime(at date: Date) -> TimeInterval {
        values.withLock { values in
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

    /// Starts collecting from the simulated sensors (the session must have started).
    public func beginCollection(at start: Date) async throws {
        try begin(at: start)
    }

    public func beginCollection(withStart start: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        do {
            try begin(at: start)
            completion(true, nil)
        } catch {
            completion(false, error)
        }
    }

    private func begin(at start: Date) throws {
        guard let session = workoutSession, let host = session.host else {
            throw HKError(.errorInvalidArgument, "beginCollection needs a started workout session; call startActivity(with:) first")
        }
        try values.withLock { values in
            guard values.phase == .idle else {
                throw HKError(.errorInvalidArgument, "this builder has already begun collecting")
            }
            values.phase = .collecting
            // The engine's clock stamps the start, as the session's does.
            values.startDate = SimulatedDate.now(on: host)
            if session.state == .paused { values.pausedAt = values.startDate }
        }
        host.addReadingObserver(self)
        host.log("HealthKit: the workout builder began collecting data")
    }

    /// Stops collecting.
    public func endCollection(at end: Date) async throws {
        try finishCollecting()
    }

    public func endCollection(withEnd end: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        do {
            try finishCollecting()
            completion(true, nil)
        } catch {
            completion(false, error)
        }
    }

    private func finishCollecting() throws {
        let host = workoutSession?.host
        try values.withLock { values in
            guard values.phase == .collecting else {
                throw HKError(.errorInvalidArgument, "endCollection needs a builder that is collecting; call beginCollection first")
            }
            values.phase = .ended
            values.endDate = host.map(SimulatedDate.now(on:)) ?? Date()
            if let pausedAt = values.pausedAt, let end = values.endDate {
                values.pausedTotal += end.timeIntervalSince(pausedAt)
                values.pausedAt = nil
            }
        }
        host?.log("HealthKit: the workout builder ended collection")
    }

    /// Saves the workout and returns it. Collection must have ended.
    public func finishWorkout() async throws -> HKWorkout? {
        try saveWorkout()
    }

    public func finishWorkout(completion: @escaping @Sendable (HKWorkout?, (any Error)?) -> Void) {
        do {
            completion(try saveWorkout(), nil)
        } catch {
            completion(nil, error)
        }
    }

    private func saveWorkout() throws -> HKWorkout {
        let statistics = allStatistics
        let duration = elapsedTime
        let (start, end, events, metadata) = try values.withLock { values in
            guard values.phase == .ended, let start = values.startDate, let end = values.endDate else {
                throw HKError(.errorInvalidArgument, "finishWorkout needs endCollection first")
            }
            values.phase = .finished
            return (start, end, values.events, values.metadata)
        }
        let workout = HKWorkout(activityType: workoutConfiguration.activityType, start: start, end: end, duration: duration,
                                events: events, statistics: statistics, metadata: metadata.isEmpty ? nil : metadata)
        HealthDatabase.current.add([workout])
        let distance = workout.totalDistance.map { String(format: ", %.0f m", $0.doubleValue(for: .meter())) } ?? ""
        workoutSession?.host?.log("HealthKit: saved the \(workoutConfiguration.activityType) workout (\(Int(duration.rounded())) s\(distance))")
        return workout
    }

    /// Throws the workout away: nothing is saved.
    public func discardWorkout() {
        let host = workoutSession?.host
        values.withLock { values in
            values.phase = .discarded
            values.samples = [:]
        }
        host?.log("HealthKit: the workout builder discarded the workout")
    }

    // MARK: What the app adds

    /// Adds samples of the app's own to the workout (and the health database).
    public func addSamples(_ samples: [HKSample]) async throws {
        try add(samples)
    }

    public func add(_ samples: [HKSample], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        do {
            try add(samples)
            completion(true, nil)
        } catch {
            completion(false, error)
        }
    }

    private func add(_ samples: [HKSample]) throws {
        try values.withLock { values in
            guard values.phase == .collecting || values.phase == .ended else {
                throw HKError(.errorInvalidArgument, "samples can be added between beginCollection and finishWorkout")
            }
            for case let sample as HKQuantitySample in samples { values.samples[sample.quantityType, default: []].append(sample) }
        }
        HealthDatabase.current.add(samples)
    }

    public func addMetadata(_ metadata: [String: Any]) async throws {
        addMetadataNow(metadata)
    }

    public func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        addMetadataNow(metadata)
        completion(true, nil)
    }

    private func addMetadataNow(_ metadata: [String: Any]) {
        let added = HKQuantitySample.sendable(metadata) ?? [:]
        values.withLock { $0.metadata.merge(added) { $1 } }
    }

    /// Adds laps, segments or markers to the workout; each is logged as a session marker.
    public func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent]) async throws {
        try addEvents(workoutEvents)
    }

    public func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        do {
            try addEvents(workoutEvents)
            completion(true, nil)
        } catch {
            completion(false, error)
        }
    }

    private func addEvents(_ workoutEvents: [HKWorkoutEvent]) throws {
        guard let session = workoutSession, let host = session.host,
              session.state == .running || session.state == .paused else {
            throw HKError(.errorInvalidArgument, "workout events need a running or paused workout session")
        }
        values.withLock { $0.events += workoutEvents }
        for event in workoutEvents { host.mark(event.sessionMarker) }
        delegate?.workoutBuilderDidCollectEvent(self)
    }

    // MARK: From the session and the sensors

    func sessionChanged(to state: HKWorkoutSessionState, at date: Date) {
        let delegate = values.withLock { values -> (any HKLiveWorkoutBuilderDelegate)? in
            guard values.phase == .collecting else { return nil }
            let type: HKWorkoutEventType
            switch state {
            case .paused:
                values.pausedAt = date
                type = .pause
            case .running where values.pausedAt != nil:
                values.pausedTotal += date.timeIntervalSince(values.pausedAt!)
                values.pausedAt = nil
                type = .resume
            default:
                return nil
            }
            values.events.append(HKWorkoutEvent(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil))
            return values.links.delegate
        }
        delegate?.workoutBuilderDidCollectEvent(self)
    }

    public func sensorsDidUpdate(_ reading: SensorReading) {
        guard workoutSession?.state == .running else {
            values.withLock { $0.previous = reading }
            return
        }
        let date = SimulatedDate.at(reading.time)
        let (samples, delegate) = values.withLock { values -> ([HKQuantitySample], (any HKLiveWorkoutBuilderDelegate)?) in
            guard values.phase == .collecting, let source = values.dataSource else { return ([], nil) }
            let previousDate = values.previous.map { SimulatedDate.at($0.time) } ?? values.startDate ?? date
            let samples = self.samples(from: reading, previous: values.previous, since: previousDate, at: date)
                .filter { source.typesToCollect.contains($0.quantityType) }
            values.previous = reading
            for sample in samples { values.samples[sample.quantityType, default: []].append(sample) }
            return (samples, values.links.delegate)
        }
        guard !samples.isEmpty else { return }
        HealthDatabase.current.add(samples)
        delegate?.workoutBuilder(self, didCollectDataOf: Set(samples.map(\.sampleType)))
    }

    /// What one reading adds: discrete values at its instant, cumulative ones as the amount
    /// since the previous reading.
    private func samples(from reading: SensorReading, previous: SensorReading?, since start: Date, at end: Date) -> [HKQuantitySample] {
        var samples: [HKQuantitySample] = []
        func discrete(_ value: Double?, _ id: HKQuantityTypeIdentifier, _ unit: HKUnit) {
            guard let value else { return }
            samples.append(HKQuantitySample(type: HKQuantityType(id), quantity: HKQuantity(unit: unit, doubleValue: value), start: end, end: end))
        }
        func cumulative(_ value: Double?, _ before: Double?, _ id: HKQuantityTypeIdentifier, _ unit: HKUnit) {
            guard let value else { return }
            let amount = value - (before ?? 0)
            guard amount > 0 else { return }
            samples.append(HKQuantitySample(type: HKQuantityType(id), quantity: HKQuantity(unit: unit, doubleValue: amount), start: start, end: end))
        }
        let perMinute = HKUnit.count().unitDivided(by: .minute())
        let metresPerSecond = HKUnit.meter().unitDivided(by: .second())
        discrete(reading.heartRate, .heartRate, perMinute)
        cumulative(reading.activeEnergy, previous?.activeEnergy, .activeEnergyBurned, .kilocalorie())
        let model = workoutConfiguration.activityType.sensorModel
        switch model {
        case .walking?, .running?:
            cumulative(reading.distance, previous?.distance, .distanceWalkingRunning, .meter())
            discrete(reading.speed, model == .running ? .runningSpeed : .walkingSpeed, metresPerSecond)
            if let cadence = reading.cadence {
                let minutes = end.timeIntervalSince(start) / 60
                cumulative(cadence * minutes, 0, .stepCount, .count())
            }
        case .cycling?:
            cumulative(reading.distance, previous?.distance, .distanceCycling, .meter())
            discrete(reading.speed, .cyclingSpeed, metresPerSecond)
            discrete(reading.cadence, .cyclingCadence, perMinute)
        case .swimming?:
            cumulative(reading.distance, previous?.distance, .distanceSwimming, .meter())
            cumulative(reading.strokes, previous?.strokes, .swimmingStrokeCount, .count())
        case .other?, nil:
            break
        }
        discrete(reading.depth, .underwaterDepth, .meter())
        discrete(reading.waterTemperature, .waterTemperature, .degreeCelsius())
        return samples
    }

    private var now: Date { workoutSession?.host.map(SimulatedDate.now(on:)) ?? Date() }
}
