import Foundation
import PostgresNIO
import SessionStore
import Synchronization

/// Forwards a board's local store to the lab's PostgreSQL, on a thread of its own: every
/// session, sample and event the lab lacks, in order, a batch (up to 4,096 rows of a
/// session) per statement, each table's rows one multi-row `INSERT ... ON CONFLICT DO
/// NOTHING` (a row already there, from a batch sent before a crash, is skipped).
///
/// The run never waits for it: the recorder commits locally and `nudge()`s. When the lab
/// is away the run goes on, the rows wait in the local store (the backlog, reported
/// through `onStatus`), and the forwarder tries again every few seconds until it is back.
/// With nothing to send it sleeps until nudged: no timer, no wake-up.
public final class LabForwarder: @unchecked Sendable {
    /// Where forwarding stands.
    public struct Status: Sendable, Equatable {
        /// Rows in the local store the lab does not have yet (nil: not counted yet).
        public var backlog: Int?
        /// Whether the last attempt reached the lab.
        public var reachable: Bool
        /// Why the last attempt failed.
        public var problem: String?
        public var samplesSent = 0
        public var eventsSent = 0
        /// Sessions the lab got rows of, by their local id, with their id in the lab.
        public var sessions: [Int64: Int64] = [:]
    }

    public let url: LabURL
    public let storePath: String
    private let onStatus: @Sendable (Status) -> Void
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var nudged = false
    private var stopping = false
    private var deadline: ContinuousClock.Instant?
    private var finished = false
    private let status = Mutex(Status(backlog: nil, reachable: true))

    /// Waits between attempts while the lab is away: from 0.5 s, doubling, up to 5 s.
    public var retryDelays: (first: Duration, longest: Duration) = (.milliseconds(500), .seconds(5))
    /// Sends at most this often: a live run commits a small batch every second, and sending
    /// each would wake this thread and the connection's for every one. Zero: at once (a replay).
    public var minimumInterval: Duration = .zero
    /// Whether `finish` waits its timeout for a lab not reached yet (`actionsim forward`,
    /// whose point is to wait for it) rather than giving up after one more attempt (a run).
    public var waitsForUnreachedLab = false

    public init(url: LabURL, storePath: String, onStatus: @escaping @Sendable (Status) -> Void = { _ in }) {
        self.url = url
        self.storePath = storePath
        self.onStatus = onStatus
    }

    public var current: Status { status.withLock { $0 } }

    /// Starts forwarding what the store holds.
    public func start() {
        let thread = Thread { [self] in loop() }
        thread.name = "actionsim-lab"
        thread.start()
    }

    /// The store has new rows (the recorder committed a batch).
    public func nudge() {
        condition.lock()
        nudged = true
        condition.signal()
        condition.unlock()
    }

    /// Sends what is left, waiting up to `timeout` while the lab is away, then stops. Unless
    /// `waitsForUnreachedLab`, a lab this forwarder never reached gets one last attempt, not
    /// the wait: a run started while it was down leaves its rows in the local store at once
    /// (`actionsim forward` sends them).
    @discardableResult
    public func finish(timeout: Duration) -> Status {
        condition.lock()
        stopping = true
        deadline = .now + timeout
        condition.signal()
        while !finished { condition.wait() }
        condition.unlock()
        return current
    }

    private enum Next { case now, whenNudged, after(Duration) }

    private func loop() {
        var connection: LabConnection?
        var outbox: Outbox?
        var delay = retryDelays.first
        var next = Next.now
        var lastSend: ContinuousClock.Instant?
        var everReached = waitsForUnreachedLab
        while true {
            condition.lock()
            switch next {
            case .now: break
            case .whenNudged:
                while !nudged && !stopping { condition.wait() }
                // Rows came: they go with the next send, no sooner than `minimumInterval` after the last.
                if minimumInterval > .zero, let last = lastSend {
                    let wait = last + minimumInterval - .now
                    if wait > .zero {
                        let until = Date().addingTimeInterval(Double(wait.components.seconds) + Double(wait.components.attoseconds) * 1e-18)
                        while !stopping, Date() < until { _ = condition.wait(until: until) }
                    }
                }
            case .after(let wait):
                let until = Date().addingTimeInterval(Double(wait.components.seconds) + Double(wait.components.attoseconds) * 1e-18)
                while !(stopping && (!everReached || deadline.map { .now >= $0 } ?? false)), Date() < until {
                    _ = condition.wait(until: until)
                }
            }
            nudged = false
            let stop = stopping
            let late = deadline.map { .now >= $0 } ?? false
            condition.unlock()
            do {
                if outbox == nil { outbox = try Outbox(path: storePath, lab: url.description) }
                if connection == nil || connection!.isClosed {
                    connection?.close()
                    connection = try LabConnection(url: url)
                    try LabSchema.migrate(connection!)
                }
                everReached = true
                lastSend = .now
                try drain(outbox!, over: connection!, stopAt: stop ? deadline : nil)
                delay = retryDelays.first
                let backlog = try outbox!.backlog()
                update { $0.backlog = backlog; $0.reachable = true; $0.problem = nil }
                if stop && (backlog == 0 || late) { break }
                next = backlog == 0 ? .whenNudged : .now
            } catch {
                let reachable: Bool
                switch error {
                case let lab as LabError:
                    reachable = !lab.isUnreachable
                    if lab.isUnreachable { connection?.close(); connection = nil }
                default: reachable = true
                }
                let backlog = try? outbox?.backlog()
                update { state in
                    if let backlog { state.backlog = backlog }
                    state.reachable = reachable
                    state.problem = (error as? LabError)?.reason ?? "\(error)"
                }
                if stop && (late || !everReached) { break }
                next = .after(delay)
                delay = min(delay * 2, retryDelays.longest)
            }
        }
        connection?.close()
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Sends batches until the store has nothing the lab lacks (or the deadline passes).
    private func drain(_ outbox: Outbox, over connection: LabConnection, stopAt deadline: ContinuousClock.Instant?) throws {
        var batches = 0
        while let batch = try outbox.nextBatch(samples: LabWriter.samplesPerBatch, events: LabWriter.eventsPerBatch) {
            let id = try LabWriter.send(batch, over: connection, storeID: outbox.storeID)
            try outbox.markForwarded(batch, labSessionID: id)
            batches += 1
            update(report: batches % 16 == 0) { state in
                state.samplesSent += batch.samples.count
                state.eventsSent += batch.events.count
                state.sessions[batch.session.id] = id
                state.reachable = true
                state.problem = nil
            }
            if let deadline, .now >= deadline { return }
        }
    }

    private func update(report: Bool = true, _ change: (inout Status) -> Void) {
        let (before, after) = status.withLock { state in
            let before = state
            change(&state)
            return (before, state)
        }
        if report || before.reachable != after.reachable || before.backlog != after.backlog { onStatus(after) }
    }
}

/// A batch into the lab's tables: one statement (an upsert of the session and two
/// multi-row inserts, as data-modifying CTEs), so one round trip and one implicit
/// transaction per batch.
enum LabWriter {
    static let sampleColumns = "t, elapsed, " + Outbox.sampleColumns.joined(separator: ", ") + ", submerged"
    /// Each sample takes 12 parameters and each event 4; a statement takes at most 65,535.
    static let samplesPerBatch = 4000
    static let eventsPerBatch = 1000

    /// Returns the session's id in the lab.
    static func send(_ batch: Outbox.Batch, over connection: LabConnection, storeID: String) throws(LabError) -> Int64 {
        if batch.labSessionID != nil, let id = try send(batch, over: connection, storeID: storeID, known: true) { return id }
        guard let id = try send(batch, over: connection, storeID: storeID, known: false) else {
            throw .failed(connection.url.description, doing: "store a forwarded session", "it returned no id")
        }
        return id
    }

    /// `known`: the lab has the session (its id is in the outbox): only its status and end
    /// can have changed, and an update says so without taking a number from the id sequence
    /// (an insert that finds the row there would). Nil when it is not there after all.
    private static func send(_ batch: Outbox.Batch, over connection: LabConnection, storeID: String,
                             known: Bool) throws(LabError) -> Int64? {
        let s = batch.session
        var binds = PostgresBindings(capacity: 20 + batch.samples.count * 12 + batch.events.count * 4)
        var n = 0
        func parameter() -> String { n += 1; return "$\(n)" }
        var sql: String
        if known {
            binds.append(batch.isLast ? s.end : nil)
            binds.append(batch.isLast ? s.status : "active")
            binds.append(batch.labSessionID!)
            binds.append(storeID)
            binds.append(s.id)
            n = 5
            sql = """
                WITH s AS (UPDATE sessions SET end_t = $1, status = $2 WHERE id = $3 AND origin_store = $4 AND origin_id = $5
                           RETURNING id)
                """
        } else {
            binds.append(s.board)
            binds.append(storeID)
            binds.append(s.id)
            binds.append(s.kind)
            binds.append(s.workoutStyle)
            binds.append(s.activity)
            binds.append(s.app)
            binds.append(s.runName)
            binds.append(s.source)
            binds.append(s.seed)
            binds.append(s.clock)
            binds.append(s.wallStart)
            binds.append(s.start)
            binds.append(batch.isLast ? s.end : nil)
            binds.append(batch.isLast ? s.status : "active")
            binds.append(s.sampleInterval)
            binds.append(s.poolLength)
            binds.append(s.routeLatitude)
            binds.append(s.routeLongitude)
            binds.append(s.pid)
            n = 20
            sql = """
                WITH s AS (
                    INSERT INTO sessions (board, origin_store, origin_id, kind, workout_style, activity, app, run_name, source,
                                          seed, clock, wall_start, start_t, end_t, status, sample_interval, pool_length,
                                          route_latitude, route_longitude, pid)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
                    ON CONFLICT (origin_store, origin_id) DO UPDATE SET status = EXCLUDED.status, end_t = EXCLUDED.end_t
                    RETURNING id)
                """
        }
        if !batch.samples.isEmpty {
            sql.reserveCapacity(sql.utf8.count + batch.samples.count * 90)
            sql += ", smp AS (INSERT INTO samples (session_id, \(sampleColumns)) SELECT s.id, v.* FROM s, (VALUES "
            for (index, sample) in batch.samples.enumerated() {
                binds.append(sample.t)
                binds.append(sample.elapsed)
                for value in sample.values { binds.append(value) }
                binds.append(sample.submerged.map { Int16(truncatingIfNeeded: $0) })
                sql += index == 0 ? "(" : ",("
                // The first row names the types; VALUES takes the rest from it.
                if index == 0 {
                    sql += "\(parameter())::bigint,\(parameter())::bigint"
                    for _ in 0..<9 { sql += ",\(parameter())::float8" }
                    sql += ",\(parameter())::smallint)"
                } else {
                    sql += parameter()
                    for _ in 0..<11 { sql += "," + parameter() }
                    sql += ")"
                }
            }
            sql += ") AS v(\(sampleColumns)) ON CONFLICT (session_id, t) DO NOTHING)"
        }
        if !batch.events.isEmpty {
            sql += ", ev AS (INSERT INTO events (session_id, seq, t, kind, label) SELECT s.id, e.* FROM s, (VALUES "
            for (index, event) in batch.events.enumerated() {
                binds.append(event.seq)
                binds.append(event.t)
                binds.append(event.kind)
                binds.append(event.label)
                sql += index == 0
                    ? "(\(parameter())::bigint,\(parameter())::bigint,\(parameter())::text,\(parameter())::text)"
                    : ",(\(parameter()),\(parameter()),\(parameter()),\(parameter()))"
            }
            sql += ") AS e(seq, t, kind, label) ON CONFLICT (session_id, seq) DO NOTHING)"
        }
        sql += " SELECT id FROM s"
        let rows = try connection.query(sql, binds, doing: "store forwarded rows")
        guard let row = rows.first else { return nil }
        return try? row.decode(Int64.self)
    }
}
