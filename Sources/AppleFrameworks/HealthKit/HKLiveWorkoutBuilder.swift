import AppIntents

/// Told when a live builder collects new data or events (Apple's page:
/// "HKLiveWorkoutBuilderDelegate"). Called inside the simulated watch, once per sensor
/// reading, on the engine's time line; implement it `nonisolated` on an actor or a
/// main-actor class, as on a watch.
public protocol HKLiveWorkoutBuilderDelegate: AnyObject {
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>)
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder)
    /// The session began a new activity (a multisport workout's next leg).
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didBegin workoutActivity: HKWorkoutActivity)
    /// The session ended an activity.
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didEnd workoutActivity: HKWorkoutActivity)
    /// The wearer moved into another heart-rate zone (watchOS 27).
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didUpdateWorkoutZone zoneUpdate: HKLiveWorkoutZoneUpdate)
}

extension HKLiveWorkoutBuilderDelegate {
    public func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didBegin workoutActivity: HKWorkoutActivity) {}
    public func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didEnd workoutActivity: HKWorkoutActivity) {}
    public func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didUpdateWorkoutZone zoneUpdate: HKLiveWorkoutZoneUpdate) {}
}

/// Collects a live workout's data (Apple's page: "HKLiveWorkoutBuilder"): a workout builder
/// that takes samples from the simulated sensors while its session runs (T1), besides the
/// samples, events and metadata the app adds, and keeps the engine's time whatever dates the
/// app passes. Events the app adds (laps, segments, markers) reach the session log as markers.
public final class HKLiveWorkoutBuilder: HKWorkoutBuilder, SensorReadingObserver, @unchecked Sendable {
    // @unchecked: every mutable property is behind `values`' or `live`'s lock.
    private struct Links {
        weak var delegate: (any HKLiveWorkoutBuilderDelegate)?
        weak var session: HKWorkoutSession?
    }

    private struct Live {
        var links = Links()
        var dataSource: HKLiveWorkoutDataSource?
        var previous: SensorReading?
        var currentActivity: HKWorkoutActivity?
        var collectsEvents = true
        /// The heart-rate zone the wearer is in, once a heart rate was collected.
        var zoneIndex: Int?
    }

    private let live = LockedState(Live())

    init(session: HKWorkoutSession) {
        super.init(configuration: session.workoutConfiguration)
        live.withLock { $0.links.session = session }
    }

    public var dataSource: HKLiveWorkoutDataSource? {
        get { live.withLock { $0.dataSource } }
        set { live.withLock { $0.dataSource = newValue } }
    }

    public var delegate: (any HKLiveWorkoutBuilderDelegate)? {
        get { live.withLock { $0.links.delegate } }
        set { live.withLock { $0.links.delegate = newValue } }
    }

    public var workoutSession: HKWorkoutSession? { live.withLock { $0.links.session } }

    /// Whether the builder records the session's pauses and resumes as workout events.
    public var shouldCollectWorkoutEvents: Bool {
        get { live.withLock { $0.collectsEvents } }
        set { live.withLock { $0.collectsEvents = newValue } }
    }

    /// The activity the session is in, if it began one (`beginNewActivity`).
    public var currentWorkoutActivity: HKWorkoutActivity? { live.withLock { $0.currentActivity } }

    /// Time in the workout since collection began, without its pauses.
    public var elapsedTime: TimeInterval { elapsedTime(at: now) }

    // MARK: Collecting

    /// Starts collecting from the simulated sensors (the session must have started). The
    /// engine's clock stamps the start, as the session's does.
    override func begin(at start: Date) throws {
        guard let session = workoutSession, let host = session.host else {
            throw HKError(.errorInvalidArgument, "beginCollection needs a started workout session; call startActivity(with:) first")
        }
        let date = SimulatedDate.now(on: host)
        try super.begin(at: date)
        if session.state == .paused { values.withLock { $0.pausedAt = date } }
        host.addReadingObserver(self)
        host.log("HealthKit: the workout builder began collecting data")
    }

    override func finishCollecting(at end: Date) throws {
        let host = workoutSession?.host
        try super.finishCollecting(at: host.map(SimulatedDate.now(on:)) ?? Date())
        host?.log("HealthKit: the workout builder ended collection")
    }

    override func saved(_ workout: HKWorkout) {
        let distance = workout.totalDistance.map { String(format: ", %.0f m", $0.doubleValue(for: .meter())) } ?? ""
        workoutSession?.host?.log(
            "HealthKit: saved the \(workoutConfiguration.activityType) workout (\(Int(workout.duration.rounded())) s\(distance))")
    }

    public override func discardWorkout() {
        super.discardWorkout()
        workoutSession?.host?.log("HealthKit: the workout builder discarded the workout")
    }

    /// Laps, segments and markers need a running or paused session; each is logged as a
    /// session marker.
    override func addEvents(_ workoutEvents: [HKWorkoutEvent]) throws {
        guard let session = workoutSession, let host = session.host,
              session.state == .running || session.state == .paused else {
            throw HKError(.errorInvalidArgument, "workout events need a running or paused workout session")
        }
        try super.addEvents(workoutEvents)
        for event in workoutEvents { host.mark(event.sessionMarker) }
        delegate?.workoutBuilderDidCollectEvent(self)
    }

    /// The session began an activity: it becomes the current one.
    func began(_ activity: HKWorkoutActivity) {
        try? addActivity(activity)
        live.withLock { $0.currentActivity = activity }
        delegate?.workoutBuilder(self, didBegin: activity)
    }

    /// The session ended the current activity.
    func endedCurrentActivity(at date: Date) {
        guard let current = live.withLock({ $0.currentActivity }) else { return }
        try? changeActivity(current.uuid) { $0.with(end: date) }
        let ended = workoutActivities.first { $0.uuid == current.uuid } ?? current
        live.withLock { $0.currentActivity = nil }
        delegate?.workoutBuilder(self, didEnd: ended)
    }

    // MARK: From the session and the sensors

    func sessionChanged(to state: HKWorkoutSessionState, at date: Date) {
        let collectsEvents = shouldCollectWorkoutEvents
        let collecting = values.withLock { values -> Bool in
            guard values.phase == .collecting else { return false }
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
                return false
            }
            guard collectsEvents else { return false }
            values.events.append(HKWorkoutEvent(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil))
            return true
        }
        if collecting { delegate?.workoutBuilderDidCollectEvent(self) }
    }

    public func sensorsDidUpdate(_ reading: SensorReading) {
        guard workoutSession?.state == .running else {
            live.withLock { $0.previous = reading }
            return
        }
        let date = SimulatedDate.at(reading.time)
        let (source, previous) = live.withLock { ($0.dataSource, $0.previous) }
        let samples = values.withLock { values -> [HKQuantitySample] in
            guard values.phase == .collecting, let source else { return [] }
            let previousDate = previous.map { SimulatedDate.at($0.time) } ?? values.startDate ?? date
            let samples = self.samples(from: reading, previous: previous, since: previousDate, at: date)
                .filter { source.typesToCollect.contains($0.quantityType) }
            for sample in samples { values.samples[sample.quantityType, default: []].append(sample) }
            return samples
        }
        let delegate = live.withLock { live -> (any HKLiveWorkoutBuilderDelegate)? in
            live.previous = reading
            return live.links.delegate
        }
        guard !samples.isEmpty else { return }
        HealthDatabase.current.add(samples)
        delegate?.workoutBuilder(self, didCollectDataOf: Set(samples.map(\.sampleType)))
        if let heartRate = samples.last(where: { $0.quantityType == HKQuantityType(.heartRate) }) { heartRateCollected(heartRate) }
    }

    /// Tells the delegate when the heart rate crosses into another zone (watchOS 27).
    private func heartRateCollected(_ sample: HKQuantitySample) {
        let type = HKQuantityType(.heartRate)
        guard let configuration = try? configuredZones(for: type), let zone = configuration.zone(of: sample.quantity) else { return }
        let previous = live.withLock { live -> Int? in
            defer { live.zoneIndex = zone.index }
            return live.zoneIndex
        }
        guard previous != zone.index, let delegate else { return }
        let group = zoneGroup(for: type)
        let update = HKLiveWorkoutZoneUpdate(lastSampleProcessedDate: sample.startDate,
                                             current: group?.zoneDurations.first { $0.zone.index == zone.index },
                                             previous: previous.flatMap { index in group?.zoneDurations.first { $0.zone.index == index } },
                                             group: group)
        delegate.workoutBuilder(self, didUpdateWorkoutZone: update)
    }

    /// What one reading adds: discrete values at its instant, cumulative ones as the amount
    /// since the previous reading.
    private func samples(from reading: SensorReading, previous: SensorReading?, since start: Date, at end: Date) -> [HKQuantitySample] {
        var samples: [HKQuantitySample] = []
        func discrete(_ value: Double?, _ id: HKQuantityTypeIdentifier, _ unit: HKUnit) {
            guard let value else { return }
            samples.append(HKQuantitySample.of(HKQuantityType(id), quantity: HKQuantity(unit: unit, doubleValue: value), start: end, end: end,
                                               device: .local(), metadata: nil, source: .watch))
        }
        func cumulative(_ value: Double?, _ before: Double?, _ id: HKQuantityTypeIdentifier, _ unit: HKUnit) {
            guard let value else { return }
            let amount = value - (before ?? 0)
            guard amount > 0 else { return }
            samples.append(HKQuantitySample.of(HKQuantityType(id), quantity: HKQuantity(unit: unit, doubleValue: amount), start: start, end: end,
                                               device: .local(), metadata: nil, source: .watch))
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

    override var now: Date { workoutSession?.host.map(SimulatedDate.now(on:)) ?? Date() }
}
