import ActionButtonCore
import Simulation

/// The watch's sensors as an instrument beside the engine (T1–T3): it follows the session
/// events it observes and, while a session runs, wakes at every sample time and reads the
/// workout or dive model. Time is only what the engine tells it — virtual in replay, real
/// in `run` — so the same seed and scenario always give the same samples.
public final class SensorSuite: SimulationInstrument {
    public let settings: SensorSettings
    private let seed: Int
    private var sessionsStarted = 0
    private var active: ActiveSession?

    private enum Model {
        case workout(WorkoutSensorModel)
        case dive(DiveSensorModel)
    }

    private struct ActiveSession {
        var kind: SessionLifecycle.Kind
        var model: Model
        var start: Timestamp
        /// Time spent paused so far; session time excludes it.
        var pausedTotal: Duration = .zero
        var pausedAt: Timestamp?
        /// Session time of the next sample: always a whole number of intervals.
        var nextElapsed: Duration = .zero
        var lastElapsed: Duration?
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
        guard case .session(let change, let style) = event.kind else { return }
        switch change {
        case .started(let kind):
            let random = SplitMix64.stream(seed: seed, index: sessionsStarted)
            sessionsStarted += 1
            let model: Model
            switch kind {
            case .workout:
                model = .workout(WorkoutSensorModel(activity: settings.workout.activity(forStyle: style), profile: settings.profile,
                                                    poolLength: settings.workout.poolLength, random: random))
            case .dive:
                model = .dive(DiveSensorModel(settings: settings.dive, random: random))
            }
            active = ActiveSession(kind: kind, model: model, start: event.time)
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
    }

    public var nextWakeup: Timestamp? {
        guard let session = active, session.pausedAt == nil else { return nil }
        return session.start.advanced(by: session.pausedTotal + session.nextElapsed)
    }

    public func wake(at time: Timestamp) -> [SimulationEvent.Kind] {
        guard var session = active, session.pausedAt == nil else { return [] }
        active = nil // the model is mutated in `session`; keep a single copy of its buffers
        let elapsed = session.nextElapsed
        let dt = session.lastElapsed.map { (elapsed - $0).secondsValue } ?? 0
        var sample = SensorSample(session: session.kind, elapsed: elapsed)
        var events: [SimulationEvent.Kind] = []
        switch session.model {
        case .workout(var model):
            let reading = session.lastElapsed == nil ? model.reading() : model.step(dt)
            session.model = .workout(model)
            sample.heartRate = reading.heartRate
            sample.activeEnergy = reading.activeEnergy
            sample.distance = reading.distance
            sample.speed = reading.speed
            sample.cadence = reading.cadence
            sample.strokes = reading.strokes
        case .dive(var model):
            let reading = session.lastElapsed == nil ? model.start() : model.step(dt)
            session.model = .dive(model)
            sample.depth = reading.depth
            sample.pressure = reading.pressure
            sample.waterTemperature = reading.waterTemperature
            sample.submerged = reading.submerged
            events += reading.warnings.map { .warning($0) }
        }
        session.lastElapsed = elapsed
        session.nextElapsed = elapsed + settings.interval
        active = session
        return [.sample(sample)] + events
    }
}
