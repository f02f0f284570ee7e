import ActionButtonCore
import SimulationEvents

/// Folds a run's events into its sessions as the session store records them, but in
/// memory: what a live view draws while the run goes on (the web page's charts), without
/// reading the store back. Pure: events in, `RecordedSession`s out.
///
/// It keeps the store's rules (`SessionRecorder`): a session begins at its `started`
/// event, with the events since the previous session (its first press, its start intent;
/// at most the last 256) before it; samples belong to the session that is open; an `ended`
/// event closes it. `SessionAssemblerTests` checks the result against what the store holds.
public struct SessionAssembler: Sendable {
    /// What every session of the run shares.
    public typealias Run = RecordingRun

    public let run: Run
    /// Every session so far, in order; ids count from 1 within the run.
    public private(set) var sessions: [RecordedSession] = []
    /// The session still recording, if any (an index into `sessions`).
    public private(set) var open: Int?
    private var prelude: [RecordedSession.Event] = []
    private var app: String
    static let preludeLimit = 256

    public init(run: Run) {
        self.run = run
        self.app = run.app
    }

    /// Takes one event. Returns the index of the session it changed, if it changed one.
    @discardableResult
    public mutating func apply(_ event: SimulationEvent) -> Int? {
        switch event.kind {
        case .sample(let sample):
            guard let open else { return nil }
            sessions[open].samples.append(.init(time: event.time, sample: sample.asRecorded))
            return open
        case .system(.appLaunched(let name)):
            app = name
        case .session(.started(let kind), let style, let activity):
            begin(kind: kind, style: style, activity: activity, at: event.time)
        default:
            break
        }
        let changed = keep(event)
        if case .session(.ended, _, _) = event.kind, let index = open {
            sessions[index].status = .ended
            sessions[index].endTime = event.time
            self.open = nil
            return index
        }
        return changed
    }

    private mutating func keep(_ event: SimulationEvent) -> Int? {
        guard let stored = RecordedSession.Event.from(event) else { return nil }
        if let open {
            sessions[open].events.append(stored)
            return open
        }
        prelude.append(stored)
        if prelude.count > Self.preludeLimit { prelude.removeFirst(prelude.count - Self.preludeLimit) }
        return nil
    }

    private mutating func begin(kind: SessionLifecycle.Kind, style: String?, activity: WorkoutActivityType?, at time: Timestamp) {
        let sensors = run.sensors
        sessions.append(RecordedSession(
            id: Int64(sessions.count + 1), kind: kind, workoutStyle: style,
            activity: kind == .workout ? sensors.workout.sensorModel(forStyle: style, activity: activity).model : nil, app: app,
            runName: run.name, source: run.source, seed: run.seed, clock: run.clock,
            startWallClock: run.wallClockAtZero &+ time.nanoseconds, startTime: time, endTime: nil, status: .active,
            sampleInterval: sensors.interval, poolLength: sensors.workout.poolLength, routeStart: sensors.workout.routeStart,
            routeBearing: sensors.workout.routeBearing, events: prelude))
        prelude.removeAll()
        open = sessions.count - 1
    }
}
