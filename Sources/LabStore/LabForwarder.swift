import Foundation
import PostgresNIO
import SessionStore
import Synchronization

/// Forwards a board's local store to the lab's PostgreSQL, on a thread of its own: every
/// session, sample and event the lab lacks, in order, a batch (up to 4,096 rows of a
/// session) per transaction, each batch one multi-row `INSERT ... ON CONFLICT DO NOTHING`
/// per table (a row already there, from a batch sent before a crash, is skipped).
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

    /// Sends what is left, waiting up to `timeout` while the lab is away, then stops.
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
        while true {
            condition.lock()
            switch next {
            case .now: break
            case .whenNudged: while !nudged && !stopping { condition.wait() }
            case .after(let wait):
                let until = Date().addingTimeInterval(Double(wait.components.seconds) + Double(wait.components.attoseconds) * 1e-18)
                while !(stopping && deadline.map { .now >= $0 } ?? false), Date() < until { _ = condition.wait(until: until) }
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
                    state.problem = "\(error)"
                }
                if stop && late { break }
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
        while let batch = try outbox.nextBatch() {
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

/// A batch into the lab's tables, in one transaction.
enum LabWriter {
    static let sampleColumns = "session_id, t, elapsed, " + Outbox.sampleColumns.joined(separator: ", ") + ", submerged"

    /// Returns the session's id in the lab.
    static func send(_ batch: Outbox.Batch, over connection: LabConnection, storeID: String) throws(LabError) -> Int64 {
        try connection.transaction(doing: "store forwarded rows") { () throws(LabError) -> Int64 in
            let id = try upsertSession(batch, over: connection, storeID: storeID)
            if !batch.samples.isEmpty {
                var binds = PostgresBindings(capacity: batch.samples.count * 12)
                var sql = "INSERT INTO samples (\(sampleColumns)) VALUES "
                sql.reserveCapacity(batch.samples.count * 80)
                var n = 0
                for (index, sample) in batch.samples.enumerated() {
                    if index > 0 { sql += "," }
                    sql += "(\(id)"
                    binds.append(sample.t)
                    binds.append(sample.elapsed)
                    for value in sample.values { binds.append(value) }
                    binds.append(sample.submerged.map { Int16($0) })
                    for _ in 0..<12 { n += 1; sql += ",$\(n)" }
                    sql += ")"
                }
                sql += " ON CONFLICT (session_id, t) DO NOTHING"
                try connection.query(sql, binds, doing: "store forwarded samples")
            }
            if !batch.events.isEmpty {
                var binds = PostgresBindings(capacity: batch.events.count * 4)
                var sql = "INSERT INTO events (session_id, seq, t, kind, label) VALUES "
                var n = 0
                for (index, event) in batch.events.enumerated() {
                    if index > 0 { sql += "," }
                    binds.append(event.seq)
                    binds.append(event.t)
                    binds.append(event.kind)
                    binds.append(event.label)
                    sql += "(\(id),$\(n + 1),$\(n + 2),$\(n + 3),$\(n + 4))"
                    n += 4
                }
                sql += " ON CONFLICT (session_id, seq) DO NOTHING"
                try connection.query(sql, binds, doing: "store forwarded events")
            }
            return id
        }
    }

    private static func upsertSession(_ batch: Outbox.Batch, over connection: LabConnection, storeID: String) throws(LabError) -> Int64 {
        let s = batch.session
        // Known to the lab already: only its status and end can have changed. (An insert that
        // finds it there would still take a number from the lab's id sequence.)
        if let known = batch.labSessionID {
            var binds = PostgresBindings(capacity: 5)
            binds.append(batch.isLast ? s.end : nil)
            binds.append(batch.isLast ? s.status : "active")
            binds.append(known)
            binds.append(storeID)
            binds.append(s.id)
            let rows = try connection.query("""
                UPDATE sessions SET end_t = $1, status = $2 WHERE id = $3 AND origin_store = $4 AND origin_id = $5 RETURNING id
                """, binds, doing: "store a forwarded session")
            if let row = rows.first, let id = try? row.decode(Int64.self) { return id }
        }
        var binds = PostgresBindings(capacity: 20)
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
        let rows = try connection.query("""
            INSERT INTO sessions (board, origin_store, origin_id, kind, workout_style, activity, app, run_name, source, seed,
                                  clock, wall_start, start_t, end_t, status, sample_interval, pool_length, route_latitude,
                                  route_longitude, pid)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
            ON CONFLICT (origin_store, origin_id) DO UPDATE SET status = EXCLUDED.status, end_t = EXCLUDED.end_t
            RETURNING id
            """, binds, doing: "store a forwarded session")
        guard let row = rows.first, let id = try? row.decode(Int64.self) else {
            throw .failed(connection.url.description, doing: "store a forwarded session", "it returned no id")
        }
        return id
    }
}
