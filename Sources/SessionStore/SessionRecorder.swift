import ActionButtonCore
import Foundation
import GRDB
import Simulation
import Telemetry

/// Records a run's sessions into the store as its events arrive (a `SimulationEventSink`).
///
/// A session's row is committed the moment it starts, so a crash can always be recovered;
/// its samples and events are buffered and committed in batches — when enough are waiting
/// or a second of real time has passed since the last commit — so a crash loses at most
/// the last second, and a virtual replay writes 36,000 samples in a handful of
/// transactions (T4). Pauses and ends commit at once.
public final class SessionRecorder: SimulationEventSink {
    /// The run the sessions come from.
    public struct Run: Sendable {
        public var source: String
        public var name: String
        public var app: String
        public var seed: Int?
        public var clock: String
        /// Wall-clock ns since 1970 at time zero of the run's time line.
        public var wallClockAtZero: Int64
        public var sensors: SensorSettings

        public init(source: String, name: String, app: String, seed: Int?, clock: String, wallClockAtZero: Int64,
                    sensors: SensorSettings) {
            self.source = source
            self.name = name
            self.app = app
            self.seed = seed
            self.clock = clock
            self.wallClockAtZero = wallClockAtZero
            self.sensors = sensors
        }
    }

    public let database: SessionDatabase
    public let run: Run
    /// Every session this recorder started, in order.
    public private(set) var sessionIDs: [Int64] = []
    public private(set) var samplesCommitted = 0
    /// The first error; recording stops there and the run goes on (the log still has it all).
    public private(set) var writeError: StoreError?

    /// Rows waiting for the next commit.
    private var pendingSamples: [(Int64, Timestamp, SensorSample)] = []
    private var pendingEvents: [(Int64, RecordedSession.Event)] = []
    /// Events between sessions, kept for the next one (its first press and start intent).
    private var prelude: [RecordedSession.Event] = []
    private var current: Int64?
    private var app: String
    private var lastCommit: Int64
    private let monotonicNanoseconds: () -> Int64

    /// Commit once this many rows wait, or this long after the last commit.
    public var batchRows = 4096
    public var batchInterval: Int64 = 1_000_000_000

    public init(database: SessionDatabase, run: Run,
                monotonicNanoseconds: @escaping () -> Int64 = { RealClock.monotonicNow().nanoseconds }) {
        self.database = database
        self.run = run
        self.app = run.app
        self.monotonicNanoseconds = monotonicNanoseconds
        self.lastCommit = monotonicNanoseconds()
        pendingSamples.reserveCapacity(batchRows)
    }

    public func record(_ event: SimulationEvent) {
        guard writeError == nil else { return }
        switch event.kind {
        case .sample(let sample):
            if let current { pendingSamples.append((current, event.time, sample)) }
        case .system(.appLaunched(let name)):
            app = name
        case .session(.started(let kind), let style):
            commit()
            begin(kind: kind, style: style, at: event.time)
            keep(event)
            return
        default:
            keep(event)
        }
        if case .session(let change, _) = event.kind, change != .resumed {
            if change == .ended { end(at: event.time) }
            commit()
            return
        }
        if pendingSamples.count + pendingEvents.count >= batchRows || monotonicNanoseconds() - lastCommit >= batchInterval {
            commit()
        }
    }

    private func keep(_ event: SimulationEvent) {
        guard let stored = RecordedSession.Event.from(event) else { return }
        if let current {
            pendingEvents.append((current, stored))
        } else {
            prelude.append(stored)
            if prelude.count > 256 { prelude.removeFirst(prelude.count - 256) }
        }
    }

    private func begin(kind: SessionLifecycle.Kind, style: String?, at time: Timestamp) {
        let sensors = run.sensors
        let activity = kind == .workout ? sensors.workout.activity(forStyle: style).rawValue : nil
        do {
            let id = try database.queue.write { db -> Int64 in
                try db.execute(sql: """
                    INSERT INTO sessions (kind, workout_style, activity, app, run_name, source, seed, clock, wall_start, start_t,
                                          status, sample_interval, pool_length, route_latitude, route_longitude, pid)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?)
                    """, arguments: [kind.rawValue, style, activity, app, run.name, run.source, run.seed, run.clock,
                                     run.wallClockAtZero &+ time.nanoseconds, time.nanoseconds, sensors.interval.nanoseconds,
                                     sensors.workout.poolLength, sensors.workout.routeStart.latitude,
                                     sensors.workout.routeStart.longitude, getpid()])
                return db.lastInsertedRowID
            }
            current = id
            sessionIDs.append(id)
            pendingEvents += prelude.map { (id, $0) }
            prelude.removeAll()
        } catch {
            writeError = StoreError.wrap(error, path: database.path, doing: "start a session")
        }
    }

    private func end(at time: Timestamp) {
        guard let id = current else { return }
        commit { db in
            try db.execute(sql: "UPDATE sessions SET status = 'ended', end_t = ? WHERE id = ?", arguments: [time.nanoseconds, id])
        }
        current = nil
    }

    /// Writes every buffered row in one transaction. After it returns, they survive a
    /// crash of this process.
    public func commit() { commit(then: nil) }

    private func commit(then extra: ((Database) throws -> Void)? = nil) {
        lastCommit = monotonicNanoseconds()
        guard writeError == nil, !pendingSamples.isEmpty || !pendingEvents.isEmpty || extra != nil else { return }
        let samples = pendingSamples, events = pendingEvents
        do {
            try database.queue.inTransaction { db in
                if !samples.isEmpty {
                    let insert = try db.cachedStatement(sql: """
                        INSERT OR REPLACE INTO samples (session_id, t, elapsed, heart_rate, active_energy, distance, speed, cadence,
                                                        strokes, depth, pressure, water_temperature, submerged)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """)
                    for (id, time, s) in samples {
                        insert.setUncheckedArguments([id, time.nanoseconds, s.elapsed.nanoseconds, s.heartRate, s.activeEnergy,
                                                      s.distance, s.speed, s.cadence, s.strokes, s.depth, s.pressure,
                                                      s.waterTemperature, s.submerged])
                        try insert.execute()
                    }
                }
                if !events.isEmpty {
                    let insert = try db.cachedStatement(sql: "INSERT INTO events (session_id, t, kind, label) VALUES (?, ?, ?, ?)")
                    for (id, event) in events {
                        insert.setUncheckedArguments([id, event.time.nanoseconds, event.kind.rawValue, event.label])
                        try insert.execute()
                    }
                }
                try extra?(db)
                return .commit
            }
            samplesCommitted += samples.count
        } catch {
            writeError = StoreError.wrap(error, path: database.path, doing: "save samples")
        }
        pendingSamples.removeAll(keepingCapacity: true)
        pendingEvents.removeAll(keepingCapacity: true)
    }

    /// Commits what is left. A session still running stays `active`: the run stopped
    /// without ending it, and the next open of the store marks it interrupted unless
    /// `interruptOpenSession` does so now (a clean shutdown with a session still on).
    @discardableResult
    public func close(interruptOpenSession: Bool = true) -> StoreError? {
        if let id = current, interruptOpenSession {
            let last = pendingSamples.last?.1.nanoseconds ?? pendingEvents.last?.1.time.nanoseconds
            commit { db in
                let end = try last ?? Int64.fetchOne(db, sql: "SELECT MAX(t) FROM samples WHERE session_id = ?", arguments: [id])
                try db.execute(sql: "UPDATE sessions SET status = 'interrupted', end_t = COALESCE(?, start_t) WHERE id = ?",
                               arguments: [end, id])
                try db.execute(sql: "INSERT INTO events (session_id, t, kind, label) SELECT ?, COALESCE(?, start_t), 'interrupted', ? FROM sessions WHERE id = ?",
                               arguments: [id, end, "the run stopped before the session ended", id])
            }
            current = nil
        } else {
            commit()
        }
        return writeError
    }
}
