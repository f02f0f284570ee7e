import ActionButtonCore
import Foundation
import GRDB
import Simulation
import SimulationEvents
import Synchronization
import Telemetry

/// Records a run's sessions into the store as its events arrive (a `SimulationEventSink`).
///
/// A session's row is committed the moment it starts, so a crash can always be recovered;
/// its samples and events are buffered and committed in batches — when enough are waiting
/// or (in a real-time run) a second of real time has passed since the last batch — so a
/// virtual replay writes 36,000 samples in a handful of transactions (T4), the same ones on
/// any machine however busy. Pauses and ends send their batch at once.
///
/// Batches are committed on the store's own writer queue while the run goes on, so that a
/// commit never holds up the engine (in a live run, the next press's dispatch). At most one
/// batch is being committed at a time; the next waits for it. A crash therefore loses at
/// most the rows of the batch being filled and, during its commit, the one before: the last
/// second or so of a real-time run. `commit()` and `close()` wait until all is on disk.
public final class SessionRecorder: SimulationEventSink {
    /// The run the sessions come from.
    public typealias Run = RecordingRun

    /// A sample waiting for its batch.
    struct SampleRow: Sendable {
        var session: Int64
        var time: Timestamp
        var sample: SensorSample
    }

    /// An event waiting for its batch.
    struct EventRow: Sendable {
        var session: Int64
        var event: RecordedSession.Event
    }

    /// What the writer queue reports back to the run.
    private final class Progress: Sendable {
        struct State {
            var samplesCommitted = 0
            var eventsCommitted = 0
            /// Samples committed per session (a batch holds one session's samples: a batch is
            /// sent as each session starts and ends).
            var samplesBySession: [Int64: Int] = [:]
            /// Rows of batches whose commit failed.
            var samplesLost = 0
            var eventsLost = 0
            var writeError: StoreError?
        }
        let state = Mutex(State())
        /// Batches handed to the writer and not yet committed: the next waits below this.
        /// With two, a replay's engine kept waiting for SQLite while the log's thread had
        /// the other core; eight (8,192 rows at most) lets it run ahead and finish.
        static let inFlightLimit = 8
        let inFlight = DispatchSemaphore(value: Progress.inFlightLimit)
    }

    public let database: SessionDatabase
    public let run: Run
    /// Every session this recorder started, in order.
    public private(set) var sessionIDs: [Int64] = []
    /// Sessions still open when the run stopped that were ended as asked (`OpenSessionEnding.end`).
    public private(set) var endedByRequest: [Int64] = []
    /// The session still open when the run stopped, stored as interrupted (`OpenSessionEnding.interrupt`).
    public private(set) var interruptedAtClose: Int64?
    /// Samples on disk so far (exact once `commit()` or `close()` has returned).
    public var samplesCommitted: Int { progress.state.withLock { $0.samplesCommitted } }
    /// The first error; recording stops there and the run goes on (the log still has it all).
    public var writeError: StoreError? { progress.state.withLock { $0.writeError } }
    /// Events on disk so far (exact once `commit()` or `close()` has returned).
    public var eventsCommitted: Int { progress.state.withLock { $0.eventsCommitted } }
    /// Samples of one session on disk so far.
    public func samplesCommitted(inSession id: Int64) -> Int { progress.state.withLock { $0.samplesBySession[id] ?? 0 } }

    /// What the run recorded that is not in the store, because a write failed (a full
    /// disk): the rows of the failed batch and of every one after it, and the sessions that
    /// started after it. Exact once `close()` has returned.
    public struct Loss: Hashable, Sendable {
        public var samples = 0
        public var events = 0
        /// Sessions the store has no row for.
        public var sessions = 0
    }

    public var notStored: Loss {
        let (samples, events) = progress.state.withLock { ($0.samplesLost, $0.eventsLost) }
        return Loss(samples: samples + dropped.samples, events: events + dropped.events, sessions: dropped.sessions)
    }

    private let progress = Progress()
    /// The writer queue's spans of workout samples (`SampleSpanWriter`).
    private final class Spans: Sendable {
        let writer = Mutex(SampleSpanWriter())
    }
    private let spans = Spans()
    /// Set once a write failed: later events are not even buffered, only counted.
    private var stopped = false
    /// Rows and sessions let go after `stopped`, counted on the recording thread.
    private var dropped = Loss()
    /// After `stopped`: whether the run is inside a session (whose samples would have been stored).
    private var droppingInSession = false
    /// After `stopped`, between sessions: events the next session would have taken (`prelude`).
    private var droppedPrelude = 0
    /// Rows waiting for the next batch. Appended to at every event, by the one thread that
    /// records (the engine's), never re-entered: the run-time exclusivity check would be
    /// most of an append's cost.
    @exclusivity(unchecked)
    private var pendingSamples: [SampleRow]
    /// Where committed batches' sample arrays come back to, for the next batch.
    private let recycler: BatchRecycler<SampleRow>
    @exclusivity(unchecked)
    private var pendingEvents: [EventRow] = []
    /// Events between sessions, kept for the next one (its first press and start intent).
    private var prelude: [RecordedSession.Event] = []
    private var current: Int64?
    private var app: String
    private var lastCommit: Int64
    private let monotonicNanoseconds: () -> Int64

    /// Send a batch once this many rows wait, or this long after the last one (nil: by rows
    /// only, as a virtual replay does, whose time is not the machine's). The last
    /// batch is committed after the run ends, so a smaller one keeps the store in step with
    /// a replay: at 4096 rows a 2-hour dive waited on half its rows at the end.
    public let batchRows = 1024
    public var batchInterval: Int64? = 1_000_000_000
    /// Commit each batch on the calling thread instead of GRDB's writer queue. A replay
    /// wants the queue (the run goes on while SQLite writes); the live loop, which sends a
    /// small batch a second, wants no other thread woken for it (idle cost, P4).
    public var commitsInline = false
    /// Called after each batch is committed (on the thread that committed it): a lab's
    /// forwarder is told there is more to send.
    public var onCommit: (@Sendable () -> Void)?

    public init(database: SessionDatabase, run: Run,
                monotonicNanoseconds: @escaping () -> Int64 = { RealClock.monotonicNow().nanoseconds }) {
        self.database = database
        self.run = run
        self.app = run.app
        self.monotonicNanoseconds = monotonicNanoseconds
        self.lastCommit = monotonicNanoseconds()
        self.recycler = BatchRecycler(capacity: batchRows)
        self.pendingSamples = recycler.emptyBatch()
    }

    public func record(_ event: SimulationEvent) {
        guard !stopped else { return countDropped(event) }
        switch event.kind {
        case .sample(let sample):
            if let current { pendingSamples.append(SampleRow(session: current, time: event.time, sample: sample)) }
        case .system(.appLaunched(let name)):
            app = name
        case .session(.started(let kind), let style, let activity):
            send()
            begin(kind: kind, style: style, activity: activity, at: event.time)
            if stopped { countDropped(event) } else { keep(event) }
            return
        default:
            keep(event)
        }
        if case .session(let change, _, _) = event.kind, change != .resumed {
            if change == .ended { end(at: event.time) } else { send() }
            return
        }
        if pendingSamples.count + pendingEvents.count >= batchRows || batchInterval.map({ monotonicNanoseconds() - lastCommit >= $0 }) ?? false {
            send()
        }
    }

    /// After a failed write: what the store would have taken, counted instead.
    private func countDropped(_ event: SimulationEvent) {
        switch event.kind {
        case .sample:
            if droppingInSession { dropped.samples += 1 }
            return
        case .session(.started, _, _):
            dropped.sessions += 1
            dropped.events += droppedPrelude
            droppedPrelude = 0
            droppingInSession = true
        default:
            break
        }
        if RecordedSession.Event.from(event) != nil {
            if droppingInSession { dropped.events += 1 } else { droppedPrelude = min(droppedPrelude + 1, 256) }
        }
        if case .session(.ended, _, _) = event.kind { droppingInSession = false }
    }

    private func keep(_ event: SimulationEvent) {
        guard let stored = RecordedSession.Event.from(event) else { return }
        if let current {
            pendingEvents.append(EventRow(session: current, event: stored))
        } else {
            prelude.append(stored)
            if prelude.count > 256 { prelude.removeFirst(prelude.count - 256) }
        }
    }

    private func begin(kind: SessionLifecycle.Kind, style: String?, activity: WorkoutActivityType?, at time: Timestamp) {
        guard !stopped else { return }
        let sensors = run.sensors
        let activity = kind == .workout ? sensors.workout.sensorModel(forStyle: style, activity: activity).model.rawValue : nil
        do {
            // Synchronous: the session's id keys its rows, and the row must be on disk
            // before any of them so that a crash can always be recovered.
            let id = try database.queue.write { db -> Int64 in
                try db.execute(sql: """
                    INSERT INTO sessions (kind, workout_style, activity, app, run_name, source, seed, clock, wall_start, start_t,
                                          status, sample_interval, pool_length, route_latitude, route_longitude, route_bearing, pid, board)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [kind.rawValue, style, activity, app, run.name, run.source, run.seed, run.clock,
                                     run.wallClockAtZero &+ time.nanoseconds, time.nanoseconds, sensors.interval.nanoseconds,
                                     sensors.workout.poolLength, sensors.workout.routeStart.latitude,
                                     sensors.workout.routeStart.longitude, sensors.workout.routeBearing, getpid(), run.board])
                return db.lastInsertedRowID
            }
            current = id
            sessionIDs.append(id)
            if kind == .workout { spans.writer.withLock { $0.begin(workout: id) } }
            pendingEvents += prelude.map { EventRow(session: id, event: $0) }
            prelude.removeAll()
        } catch {
            // This session has no row: it, its rows and the events that led to it are
            // counted by `countDropped` from here on.
            fail(StoreError.wrap(error, path: database.path, doing: "start a session"))
        }
    }

    private func end(at time: Timestamp) {
        guard let id = current else { return }
        send { db in
            try db.execute(sql: "UPDATE sessions SET status = 'ended', end_t = ? WHERE id = ?", arguments: [time.nanoseconds, id])
        }
        current = nil
    }

    /// Writes every buffered row. After it returns, they survive a crash of this process.
    public func commit() {
        send()
        waitForWrites()
    }

    /// Hands the buffered rows (and `extra`, run in the same transaction) to the writer
    /// queue, once the batch before has been committed.
    private func send(then extra: (@Sendable (Database) throws -> Void)? = nil) {
        lastCommit = monotonicNanoseconds()
        guard !stopped, !pendingSamples.isEmpty || !pendingEvents.isEmpty || extra != nil else { return }
        let progress = self.progress
        progress.inFlight.wait()
        if progress.state.withLock({ $0.writeError != nil }) {
            progress.inFlight.signal()
            stopRecording()
            return
        }
        let samples = HandedBatch(pendingSamples), count = pendingSamples.count, events = pendingEvents
        let session = pendingSamples.first?.session
        let path = database.path, recycler = self.recycler, onCommit = self.onCommit, spans = self.spans
        pendingSamples = recycler.emptyBatch()
        pendingEvents = []
        let write: @Sendable (Database) throws -> Void = { db in
            try BatchInsert.samples(samples.elements, in: db)
            try spans.writer.withLock { writer in try writer.add(samples.elements, in: db) }
            try BatchInsert.events(events, in: db)
            try extra?(db)
        }
        let finished: @Sendable (Result<Void, any Error>) -> Void = { result in
            recycler.recycle(&samples.elements)
            progress.state.withLock { state in
                switch result {
                case .success:
                    state.samplesCommitted += count
                    state.eventsCommitted += events.count
                    if let session { state.samplesBySession[session, default: 0] += count }
                case .failure(let error):
                    state.samplesLost += count
                    state.eventsLost += events.count
                    if state.writeError == nil { state.writeError = StoreError.wrap(error, path: path, doing: "save samples") }
                }
            }
            progress.inFlight.signal()
            if case .success = result { onCommit?() }
        }
        if commitsInline {
            finished(Result { try database.queue.write(write) })
        } else {
            database.queue.asyncWrite(write, completion: { _, result in finished(result) })
        }
    }

    /// Returns once every batch in flight is committed (or failed).
    private func waitForWrites() {
        for _ in 0..<Progress.inFlightLimit { progress.inFlight.wait() }
        for _ in 0..<Progress.inFlightLimit { progress.inFlight.signal() }
        if writeError != nil { stopRecording() }
    }

    private func fail(_ error: StoreError) {
        progress.state.withLock { state in
            if state.writeError == nil { state.writeError = error }
        }
        stopRecording()
    }

    private func stopRecording() {
        if !stopped {
            droppingInSession = current != nil
            droppedPrelude = prelude.count
            prelude.removeAll()
        }
        stopped = true
        dropped.samples += pendingSamples.count
        dropped.events += pendingEvents.count
        pendingSamples.removeAll()
        pendingEvents.removeAll()
    }

    /// How a session still open when the run stops is closed.
    public enum OpenSessionEnding: Sendable, Hashable {
        /// Marked interrupted now (a clean shutdown with a session still on: a signal).
        case interrupt
        /// Left `active`: the next open of the store marks it interrupted.
        case leave
        /// Ended at `time` on the run's time line, as the person running it asked (`q` on the
        /// terminal): stored `ended`, with an `ended` event labelled with `reason`.
        case end(reason: String, at: Timestamp)
    }

    /// Commits what is left, closing a session still open as `ending` says.
    @discardableResult
    public func close(interruptOpenSession: Bool = true) -> StoreError? {
        close(openSession: interruptOpenSession ? .interrupt : .leave)
    }

    /// Commits what is left, closing a session still open as `openSession` says.
    @discardableResult
    public func close(openSession: OpenSessionEnding) -> StoreError? {
        if let id = current, case .end(let reason, let time) = openSession {
            let last = max(time.nanoseconds, pendingSamples.last?.time.nanoseconds ?? .min, pendingEvents.last?.event.time.nanoseconds ?? .min)
            send { db in
                try db.execute(sql: "UPDATE sessions SET status = 'ended', end_t = MAX(?, start_t) WHERE id = ?", arguments: [last, id])
                try db.execute(sql: "INSERT INTO events (session_id, t, kind, label) SELECT ?, MAX(?, start_t), 'ended', ? FROM sessions WHERE id = ?",
                               arguments: [id, last, reason, id])
            }
            current = nil
            endedByRequest.append(id)
            waitForWrites()
            return writeError
        }
        if let id = current, openSession == .interrupt {
            let last = pendingSamples.last?.time.nanoseconds ?? pendingEvents.last?.event.time.nanoseconds
            send { db in
                let end = try last ?? Int64.fetchOne(db, sql: "SELECT MAX(t) FROM samples WHERE session_id = ?", arguments: [id])
                try db.execute(sql: "UPDATE sessions SET status = 'interrupted', end_t = COALESCE(?, start_t) WHERE id = ?",
                               arguments: [end, id])
                try db.execute(sql: "INSERT INTO events (session_id, t, kind, label) SELECT ?, COALESCE(?, start_t), 'interrupted', ? FROM sessions WHERE id = ?",
                               arguments: [id, end, "the run stopped before the session ended", id])
            }
            interruptedAtClose = id
            current = nil
        } else {
            send()
        }
        waitForWrites()
        return writeError
    }
}
