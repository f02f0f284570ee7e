import Foundation
import NIOCore
import PostgresNIO
import SessionStore
import Synchronization
import SystemCalls

/// Forwards a board's local store to the lab's PostgreSQL, on a thread of its own: every
/// session, sample and event the lab lacks, in order, a batch (up to 16,000 samples and
/// 4,000 events of a session) per statement, each table's rows inserted from arrays
/// (`LabWriter`) with `ON CONFLICT DO NOTHING` (a row already there, from a batch sent before
/// a crash, is skipped).
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
    /// Whether the thread waits for a nudge (rather than for a time: the next send, a retry):
    /// only then does a nudge wake it. A live run nudges every second; woken each time in a
    /// wait for the next send, it woke several times a second for nothing.
    private var waitsForNudge = false
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
        OwnThread.startOrStop("actionsim-lab") { [self] in loop() }
    }

    /// The store has new rows (the recorder committed a batch).
    public func nudge() {
        condition.lock()
        nudged = true
        let wake = waitsForNudge
        condition.unlock()
        // Signalled after unlocking: woken while the lock is held, the thread would only block on it.
        if wake { condition.signal() }
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
                // No sooner than `minimumInterval` after the last send: first that time, deaf to
                // nudges (a live run's rows of each second are there by then), then rows if none came.
                if minimumInterval > .zero, let last = lastSend {
                    let wait = last + minimumInterval - .now
                    if wait > .zero {
                        let until = Date().addingTimeInterval(Double(wait.components.seconds) + Double(wait.components.attoseconds) * 1e-18)
                        while !stopping, Date() < until { _ = condition.wait(until: until) }
                    }
                }
                waitsForNudge = true
                while !nudged && !stopping { condition.wait() }
                waitsForNudge = false
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
                // Nothing sent (the rows a nudge announced went with the last batch): the next
                // rows need not wait for the interval, and no timer is left running.
                if try drain(outbox!, over: connection!, stopAt: stop ? deadline : nil) == 0 { lastSend = nil }
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
    /// Returns how many batches it sent.
    private func drain(_ outbox: Outbox, over connection: LabConnection, stopAt deadline: ContinuousClock.Instant?) throws -> Int {
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
            if let deadline, .now >= deadline { return batches }
        }
        return batches
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

/// A batch into the lab's tables: one statement (an upsert of the session, and its samples
/// and events inserted from arrays, as data-modifying CTEs), so one round trip and one
/// implicit transaction per batch.
///
/// Each column of the batch goes as one array parameter in PostgreSQL's binary format
/// (`LabArray`), and `unnest` turns the arrays back into rows: the statement is the same
/// whatever the batch's size, so the server parses and plans a few lines instead of a
/// `VALUES` list of thousands of rows and tens of thousands of parameters, and reads each
/// value as the bytes it is stored as. `ON CONFLICT DO NOTHING` keeps a resent row harmless.
enum LabWriter {
    static let sampleColumns = "t, elapsed, " + Outbox.sampleColumns.joined(separator: ", ") + ", submerged"
    static let samplesPerBatch = 16_000
    static let eventsPerBatch = 4_000

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
        var binds = PostgresBindings(capacity: 40)
        var sql: String
        if known {
            binds.append(batch.isLast ? s.end : nil)
            binds.append(batch.isLast ? s.status : "active")
            binds.append(batch.labSessionID!)
            binds.append(storeID)
            binds.append(s.id)
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
            binds.append(s.routeBearing)
            binds.append(s.pid)
            sql = """
                WITH s AS (
                    INSERT INTO sessions (board, origin_store, origin_id, kind, workout_style, activity, app, run_name, source,
                                          seed, clock, wall_start, start_t, end_t, status, sample_interval, pool_length,
                                          route_latitude, route_longitude, route_bearing, pid)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
                    ON CONFLICT (origin_store, origin_id) DO UPDATE SET status = EXCLUDED.status, end_t = EXCLUDED.end_t
                    RETURNING id)
                """
        }
        func parameter(_ array: LabArray) -> String {
            binds.append(array)
            return "$\(binds.count)::\(array.sqlType)"
        }
        if !batch.samples.isEmpty {
            let samples = batch.samples
            var columns = [parameter(.int8(samples.t)), parameter(.int8(samples.elapsed))]
            for column in samples.values { columns.append(parameter(.float8(column))) }
            columns.append(parameter(.int2(samples.submerged.map { $0.map { Int16(truncatingIfNeeded: $0) } })))
            sql += """
                , smp AS (INSERT INTO samples (session_id, \(sampleColumns))
                          SELECT s.id, v.* FROM s, unnest(\(columns.joined(separator: ", "))) AS v(\(sampleColumns))
                          ON CONFLICT (session_id, t) DO NOTHING)
                """
        }
        if !batch.events.isEmpty {
            let events = batch.events
            let columns = [parameter(.int8(events.seq)), parameter(.int8(events.t)), parameter(.text(events.kind)),
                           parameter(.text(events.label)), parameter(.text(events.detail))]
            sql += """
                , ev AS (INSERT INTO events (session_id, seq, t, kind, label, detail)
                         SELECT s.id, e.* FROM s, unnest(\(columns.joined(separator: ", "))) AS e(seq, t, kind, label, detail)
                         ON CONFLICT (session_id, seq) DO NOTHING)
                """
        }
        sql += " SELECT id FROM s"
        let rows = try connection.query(sql, binds, doing: "store forwarded rows")
        guard let row = rows.first else { return nil }
        return try? row.decode(Int64.self)
    }
}

/// A column of a batch as one PostgreSQL array parameter, in the binary format the server
/// reads without parsing text (`array_recv`): a header (one dimension, whether any element
/// is NULL, the element's type, the length, the lower bound 1), then each element as its
/// length and its big-endian bytes, or a length of -1 for NULL. postgres-nio's own arrays
/// hold no NULLs, and a sample's readings are NULL where its kind has none (a workout's depth).
struct LabArray: PostgresDynamicTypeEncodable {
    let element: PostgresDataType
    let psqlType: PostgresDataType
    let sqlType: String
    let count: Int
    let hasNull: Bool
    let elements: ByteBuffer

    var psqlFormat: PostgresFormat { .binary }

    static func int8(_ values: [Int64]) -> LabArray {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(values.count * 12)
        for value in values {
            buffer.writeInteger(8, as: Int32.self)
            buffer.writeInteger(value)
        }
        return LabArray(element: .int8, psqlType: .int8Array, sqlType: "int8[]", count: values.count, hasNull: false, elements: buffer)
    }

    static func float8(_ values: [Double?]) -> LabArray {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(values.count * 12)
        var hasNull = false
        for value in values {
            if let value {
                buffer.writeInteger(8, as: Int32.self)
                buffer.writeInteger(value.bitPattern)
            } else {
                buffer.writeInteger(-1, as: Int32.self)
                hasNull = true
            }
        }
        return LabArray(element: .float8, psqlType: .float8Array, sqlType: "float8[]", count: values.count, hasNull: hasNull,
                        elements: buffer)
    }

    static func int2(_ values: [Int16?]) -> LabArray {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(values.count * 6)
        var hasNull = false
        for value in values {
            if let value {
                buffer.writeInteger(2, as: Int32.self)
                buffer.writeInteger(value)
            } else {
                buffer.writeInteger(-1, as: Int32.self)
                hasNull = true
            }
        }
        return LabArray(element: .int2, psqlType: .int2Array, sqlType: "int2[]", count: values.count, hasNull: hasNull, elements: buffer)
    }

    static func text(_ values: [String]) -> LabArray { text(values.map(Optional.some)) }

    static func text(_ values: [String?]) -> LabArray {
        var buffer = ByteBuffer()
        var hasNull = false
        for value in values {
            guard let value else {
                buffer.writeInteger(-1, as: Int32.self)
                hasNull = true
                continue
            }
            let lengthIndex = buffer.writerIndex
            buffer.writeInteger(0, as: Int32.self)
            let written = buffer.writeString(value)
            buffer.setInteger(Int32(written), at: lengthIndex)
        }
        return LabArray(element: .text, psqlType: .textArray, sqlType: "text[]", count: values.count, hasNull: hasNull, elements: buffer)
    }

    func encode<JSONEncoder: PostgresJSONEncoder>(into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        buffer.writeInteger(1, as: Int32.self)                      // dimensions
        buffer.writeInteger(hasNull ? 1 : 0, as: Int32.self)       // flags: has NULLs
        buffer.writeInteger(element.rawValue)                       // the element's type
        buffer.writeInteger(Int32(count))                           // the dimension's length
        buffer.writeInteger(1, as: Int32.self)                      // its lower bound
        var elements = self.elements
        buffer.writeBuffer(&elements)
    }
}
