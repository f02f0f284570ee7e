import ActionButtonCore
import SimulationEvents

/// The watch's sensors as an instrument beside the engine (T1–T3): it follows the session
/// events it observes and, while a session runs, wakes at every sample time and reads the
/// workout or dive model. Time is only what the engine tells it — virtual in replay, real
/// in `run` — so the same seed and scenario always give the same samples.
public final class SensorSuite: SimulationInstrument {
    public let settings: SensorSettings
    private let seed: Int
    private var sessionsStarted = 0
    /// Changed only in place, through `updateNextWakeup()` after: an observer on it would
    /// copy the session and its model at every sample. Unchecked for exclusivity like the
    /// engine's state (see `SimulationEngine.recognizer`): only the engine calls in, one
    /// call at a time, and the models call nothing back.
    @exclusivity(unchecked)
    private var active: ActiveSession?
    /// When the next sample is due: kept beside the session rather than computed from it,
    /// because the engine asks at every step.
    public private(set) var nextWakeup: Timestamp?

    private struct ActiveSession {
        var kind: SessionLifecycle.Kind
        /// The session's model: one of the two, stepped in place (never copied, so that its
        /// buffers are never copied either).
        var workout: WorkoutSensorModel?
        var dive: DiveSensorModel?
        var start: Timestamp
        /// Time spent paused so far; session time excludes it.
        var pausedTotal: Duration = .zero
        var pausedAt: Timestamp?
        /// Session time of the next sample: always a whole number of intervals.
        var nextElapsed: Duration = .zero
        var lastElapsed: Duration?
        /// Session time of the next reading only apps see (a dive under water, between
        /// samples further apart than CoreMotion's cadence), or nil.
        var nextAppReading: Duration?
        /// Why the session records less than its app asked for, said at its first sample.
        var pendingWarning: SessionWarning?

        /// What the dive sensors read at `elapsed`, between two samples, without moving the
        /// model on: a copy is stepped, so the logged samples are the same with or without
        /// these readings.
        func diveReading(at elapsed: Duration) -> SensorSample? {
            guard var copy = dive, let last = lastElapsed else { return nil }
            let reading = copy.step((elapsed - last).secondsValue)
            var sample = SensorSample(session: kind, elapsed: elapsed)
            sample.depth = reading.depth
            sample.pressure = reading.pressure
            sample.waterTemperature = reading.waterTemperature
            sample.submerged = reading.submerged
            sample.ascentRate = reading.ascentRate
            return sample
        }

        /// Reads the sensors at `nextElapsed` and schedules the next reading.
        mutating func takeSample(interval: Duration) -> (SensorSample, warnings: [SessionWarning]) {
            let elapsed = nextElapsed
            let dt = lastElapsed.map { (elapsed - $0).secondsValue } ?? 0
            var sample = SensorSample(session: kind, elapsed: elapsed)
            var warnings: [SessionWarning] = []
            if workout != nil {
                let reading = lastElapsed == nil ? workout!.reading() : workout!.step(dt)
                sample.heartRate = reading.heartRate
                sample.activeEnergy = reading.activeEnergy
                sample.distance = reading.distance
                sample.speed = reading.speed
                sample.cadence = reading.cadence
                sample.strokes = reading.strokes
            } else if dive != nil {
                let reading = lastElapsed == nil ? dive!.start() : dive!.step(dt)
                sample.depth = reading.depth
                sample.pressure = reading.pressure
                sample.waterTemperature = reading.waterTemperature
                sample.submerged = reading.submerged
                sample.ascentRate = reading.ascentRate
                warnings = reading.warnings
            }
            lastElapsed = elapsed
            nextElapsed = elapsed + interval
            return (sample, warnings)
        }
    }

    public init(settings: SensorSettings, seed: Int) {
        self.settings = settings
        self.seed = seed
    }

    /// The hook `ScenarioRunner.run(…, instruments:)` takes: sensors per the scenario's
    /// `sensors:` section and seed. The section was checked by `SensorSettings.parse`
    /// before the run (an unreadable one never gets here; it falls back to defaults).
    public static func instruments(for settings: SensorSettings, seed: Int) -> [any SimulationInstrument] {
        [SensorSuite(settings: settings, seed: seed)]
    }

    public func observe(_ event: SimulationEvent) {
        guard case .session(let change, let style, let activity) = event.kind else { return }
        switch change {
        case .started(let kind):
            let random = SplitMix64.stream(seed: seed, index: sessionsStarted)
            sessionsStarted += 1
            var session = ActiveSession(kind: kind, start: event.time)
            switch kind {
            case .workout:
                let (model, warning) = settings.workout.sensorModel(forStyle: style, activity: activity)
                session.pendingWarning = warning.map(SessionWarning.sensorModel)
                session.workout = WorkoutSensorModel(activity: model, profile: settings.profile,
                                                     poolLength: settings.workout.poolLength, random: random)
            case .dive:
                session.dive = DiveSensorModel(settings: settings.dive, random: random)
            }
            active = session
        case .paused:
            if active?.pausedAt == nil { active?.pausedAt = event.time }
        case .resumed:
            if let pausedAt = active?.pausedAt {
                active?.pausedTotal += event.time - pausedAt
                active?.pausedAt = nil
            }
        case .ended:
            active = nil
        }
        updateNextWakeup()
    }

    /// The next sample's (or app reading's) time, from the session's fields (not a copy of
    /// the session).
    private func updateNextWakeup() {
        guard let start = active?.start, active?.pausedAt == nil, let paused = active?.pausedTotal,
              let next = active?.nextElapsed else {
            nextWakeup = nil
            return
        }
        let elapsed = active?.nextAppReading.map { Swift.min($0, next) } ?? next
        nextWakeup = start.advanced(by: paused + elapsed)
    }

    /// CoreMotion's cadence under water: Apple's submersion manager reports depth, pressure
    /// and temperature three times a second while submerged (Apple's page
    /// "CMWaterSubmersionManagerDelegate"). At the surface apps get the samples' own rate.
    public static let submergedReadingInterval = Duration.nanoseconds(1_000_000_000 / 3)

    private var appReading: SensorSample?
    private var appReadingsWanted = false

    public func appReadings(wanted: Bool) { appReadingsWanted = wanted }

    /// The scenario's wearer, for the watch's Health app.
    public var wearer: WearerProfile? { WearerProfile(settings.profile) }

    /// The scenario's route start and bearing, where the watch's CoreLocation positions begin,
    /// and whether the wearer allows location access.
    public var routeStart: RouteStart? {
        RouteStart(latitude: settings.workout.routeStart.latitude, longitude: settings.workout.routeStart.longitude,
                   bearing: settings.workout.routeBearing, allowsLocationAccess: settings.workout.allowsLocationAccess)
    }

    public func wake(at time: Timestamp, into events: inout [SimulationEvent.Kind]) {
        guard active != nil, active?.pausedAt == nil else { return }
        if let appAt = active!.nextAppReading, appAt < active!.nextElapsed {
            appReading = active!.diveReading(at: appAt)
            scheduleAppReading(after: appAt)
            updateNextWakeup()
            return
        }
        let (sample, warnings) = active!.takeSample(interval: settings.interval)
        if let warning = active!.pendingWarning {
            events.append(.warning(warning))
            active!.pendingWarning = nil
        }
        active!.nextAppReading = nil
        if sample.submerged == true, appReadingsWanted { scheduleAppReading(after: sample.elapsed) }
        updateNextWakeup()
        events.append(.sample(sample))
        for warning in warnings { events.append(.warning(warning)) }
    }

    /// The next reading apps get between samples, if one fits before the next sample.
    private func scheduleAppReading(after elapsed: Duration) {
        let next = elapsed + Self.submergedReadingInterval
        active!.nextAppReading = next + Self.submergedReadingInterval / 2 <= active!.nextElapsed ? next : nil
    }

    public func takeAppReading() -> SensorSample? {
        defer { appReading = nil }
        return appReading
    }
}
