import AppIntents

// HKWorkout's and HKHealthStore's older ways of making and running a workout, which Apple
// deprecated for HKWorkoutBuilder and HKWorkoutSession's own methods but still ships: older
// watch apps call them. Their availability is Apple's; Swift on Linux ignores watchOS
// availability, so calling them warns on a watch but not here.

extension HKWorkout {
    @available(watchOS, introduced: 2.0, deprecated: 10.0, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date) {
        self.init(activityType: workoutActivityType, start: startDate, end: endDate, workoutEvents: nil, totalEnergyBurned: nil,
                  totalDistance: nil, metadata: nil)
    }

    @available(watchOS, introduced: 2.0, deprecated: 10.0, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            metadata: [String: Any]?) {
        self.init(activityType: workoutActivityType, start: startDate, end: endDate, workoutEvents: workoutEvents,
                  totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, device: nil, metadata: metadata)
    }

    @available(watchOS, introduced: 2.0, deprecated: 10.0, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            device: HKDevice?, metadata: [String: Any]?) {
        self.init(legacy: workoutActivityType, start: startDate, end: endDate, duration: nil, events: workoutEvents,
                  totals: [(.activeEnergyBurned, totalEnergyBurned), (Self.distanceType(of: workoutActivityType), totalDistance)],
                  device: device, metadata: metadata)
    }

    @available(watchOS, introduced: 2.0, deprecated: 10.0, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            duration: TimeInterval, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?, metadata: [String: Any]?) {
        self.init(activityType: workoutActivityType, start: startDate, end: endDate, duration: duration,
                  totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, device: nil, metadata: metadata)
    }

    @available(watchOS, introduced: 2.0, deprecated: 10.0, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            duration: TimeInterval, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?, device: HKDevice?,
                            metadata: [String: Any]?) {
        self.init(legacy: workoutActivityType, start: startDate, end: endDate, duration: duration, events: nil,
                  totals: [(.activeEnergyBurned, totalEnergyBurned), (Self.distanceType(of: workoutActivityType), totalDistance)],
                  device: device, metadata: metadata)
    }

    @available(watchOS, introduced: 3.0, deprecated: 10.0, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            totalSwimmingStrokeCount: HKQuantity?, device: HKDevice?, metadata: [String: Any]?) {
        self.init(legacy: workoutActivityType, start: startDate, end: endDate, duration: nil, events: workoutEvents,
                  totals: [(.activeEnergyBurned, totalEnergyBurned), (Self.distanceType(of: workoutActivityType), totalDistance),
                           (.swimmingStrokeCount, totalSwimmingStrokeCount)],
                  device: device, metadata: metadata)
    }

    @available(watchOS, introduced: 4.0, deprecated: 10.0, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            totalFlightsClimbed: HKQuantity?, device: HKDevice?, metadata: [String: Any]?) {
        self.init(legacy: workoutActivityType, start: startDate, end: endDate, duration: nil, events: workoutEvents,
                  totals: [(.activeEnergyBurned, totalEnergyBurned), (Self.distanceType(of: workoutActivityType), totalDistance),
                           (.flightsClimbed, totalFlightsClimbed)],
                  device: device, metadata: metadata)
    }

    /// A workout made whole by the app: each total becomes the statistics of one sample over
    /// the workout, so `totalDistance`, `statistics(for:)` and the rest read it back. Without
    /// a duration, the time between start and end less the paused stretches its events mark.
    private convenience init(legacy activityType: HKWorkoutActivityType, start: Date, end: Date, duration: TimeInterval?,
                             events: [HKWorkoutEvent]?, totals: [(HKQuantityTypeIdentifier, HKQuantity?)], device: HKDevice?,
                             metadata: [String: Any]?) {
        let start = SimulatedDate.fromApp(start)
        let end = SimulatedDate.fromApp(end)
        var statistics: [HKQuantityType: HKStatistics] = [:]
        for case let (identifier, quantity?) in totals {
            let type = HKQuantityType(identifier)
            let sample = HKQuantitySample.of(type, quantity: quantity, start: start, end: end, device: device, metadata: nil, source: .app)
            statistics[type] = HKStatistics(quantityType: type, samples: [sample], start: start, end: end)
        }
        let events = events ?? []
        self.init(activityType: activityType, start: start, end: end,
                  duration: duration ?? end.timeIntervalSince(start) - Self.pausedTime(in: events, until: end),
                  events: events, statistics: statistics, metadata: HKQuantitySample.sendable(metadata))
    }

    /// The distance type a watch files an activity's distance under.
    private static func distanceType(of activityType: HKWorkoutActivityType) -> HKQuantityTypeIdentifier {
        switch activityType.sensorModel {
        case .cycling?: .distanceCycling
        case .swimming?: .distanceSwimming
        case .walking?, .running?, .other?, nil: .distanceWalkingRunning
        }
    }

    /// Time between each pause event and the resume after it.
    private static func pausedTime(in events: [HKWorkoutEvent], until end: Date) -> TimeInterval {
        var paused: TimeInterval = 0
        var pausedAt: Date?
        for event in events.sorted(by: { $0.dateInterval.start < $1.dateInterval.start }) {
            switch event.type {
            case .pause: pausedAt = pausedAt ?? event.dateInterval.start
            case .resume:
                if let since = pausedAt { paused += event.dateInterval.start.timeIntervalSince(since) }
                pausedAt = nil
            case .lap, .marker, .motionPaused, .motionResumed, .segment, .pauseOrResumeRequest: break
            }
        }
        if let since = pausedAt { paused += end.timeIntervalSince(since) }
        return paused
    }
}

extension HKHealthStore {
    /// Starts a session, as `startActivity(with:)` does now.
    @available(watchOS, introduced: 2.0, deprecated: 5.0, message: "Use HKWorkoutSession's startActivity(with:)")
    public func start(_ workoutSession: HKWorkoutSession) { workoutSession.startActivity(with: Date()) }

    @available(watchOS, introduced: 2.0, deprecated: 5.0, message: "Use HKWorkoutSession's end()")
    public func end(_ workoutSession: HKWorkoutSession) { workoutSession.end() }

    @available(watchOS, introduced: 3.0, deprecated: 5.0, message: "Use HKWorkoutSession's pause()")
    public func pause(_ workoutSession: HKWorkoutSession) { workoutSession.pause() }

    @available(watchOS, introduced: 3.0, deprecated: 5.0, message: "Use HKWorkoutSession's resume()")
    public func resumeWorkoutSession(_ workoutSession: HKWorkoutSession) { workoutSession.resume() }

    /// Saves samples and files them under a saved workout, where a query for the workout's
    /// samples (`predicateForObjects(from: workout)`) finds them.
    @available(watchOS, introduced: 2.0, deprecated: 10.0, message: "Use HKWorkoutBuilder")
    public func add(_ samples: [HKSample], to workout: HKWorkout, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        HealthDatabase.current.add(samples)
        HealthDatabase.current.associate(samples, with: workout)
        completion(true, nil)
    }

    @available(watchOS, introduced: 2.0, deprecated: 10.0, message: "Use HKWorkoutBuilder")
    public func addSamples(_ samples: [HKSample], to workout: HKWorkout) async throws {
        HealthDatabase.current.add(samples)
        HealthDatabase.current.associate(samples, with: workout)
    }
}
