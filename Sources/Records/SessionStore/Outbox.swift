import Foundation
import GRDB
import GRDBSQLite
import SimulationEvents

/// The local store as a lab's outbox: what of it is not yet in the lab's database, a batch
/// at a time, in order (a session's row, then its samples in time order and its events in
/// the order they were recorded), and where each session stands once a batch is in.
///
/// A board records into its own SQLite store first (`SessionRecorder`), whatever the lab's
/// database is doing; a forwarder (`LabStore`'s `LabForwarder`) takes batches from here
/// and sends them on. Every row carries the key it has in the lab — the local store's
/// identity and the session's id there, a sample's time, an event's sequence number (its
/// rowid here) — so a batch sent twice (the lab committed it, then the board died before
/// `markForwarded`) is harmless: the lab keeps the first copy.
///
/// The state is kept per lab (`lab`: the database's address without its password), in the
/// table `lab_outbox`: a store forwarded to two labs, one after the other, sends each
/// everything.
public final class Outbox: @unchecked Sendable {
    // A DatabaseQueue of its own (a second connection to the store: WAL lets it read while
    // the recorder writes); used from the forwarder's thread only.
    public let path: String
    public let lab: String
    private let queue: DatabaseQueue
    /// The local store's identity (a UUID made when the store was created or first migrated).
    public let storeID: String

    public init(path: String, lab: String) throws(StoreError) {
        self.path = path
        self.lab = lab
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        // What was forwarded is noted without a sync to disk (the store is in WAL mode): a note
        // lost to a power cut only makes the rows go again, which the lab ignores.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            storeID = try queue.read { db in try String.fetchOne(db, sql: "SELECT id FROM store_identity LIMIT 1") } ?? ""
        } catch {
            throw StoreError.wrap(error, path: path, doing: "read what is to be forwarded")
        }
        guard !storeID.isEmpty else { throw .failed(path: path, doing: "read what is to be forwarded", "the store has no identity") }
    }

    /// A session as the lab gets it.
    public struct Session: Sendable {
        public var id: Int64
        public var board: String
        public var kind: String
        public var workoutStyle: String?
        public var activity: String?
        public var app: String
        public var runName: String
        public var source: String
        public var seed: Int64?
        public var clock: String
        public var wallStart: Int64
        public var start: Int64
        public var end: Int64?
        public var status: String
        public var sampleInterval: Int64
        public var poolLength: Double
        public var routeLatitude: Double
        public var routeLongitude: Double
        /// Nil in a session stored before the store kept it (east).
        public var routeBearing: Double?
        public var pid: Int64?
    }

    /// A batch's samples, a column each (what the lab takes as one array per column): read
    /// with SQLite's C calls into these arrays, with no row object or array per sample.
    public struct Samples: Sendable {
        public var t: [Int64] = []
        public var elapsed: [Int64] = []
        /// heart_rate, active_energy, distance, speed, cadence, strokes, depth, pressure,
        /// water_temperature (`sampleColumns`), a column each; nil where the sample has none.
        public var values: [[Double?]] = Array(repeating: [], count: Outbox.sampleColumns.count)
        public var submerged: [Int64?] = []
        public var count: Int { t.count }
        public var isEmpty: Bool { t.isEmpty }
    }

    /// A batch's events, a column each.
    public struct Events: Sendable {
        /// Each event's rowid in the local store: its key in the lab, and its order.
        public var seq: [Int64] = []
        public var t: [Int64] = []
        public var kind: [String] = []
        public var label: [String] = []
        /// A warning's code and numbers (`SessionWarning.storedForm`), nil for other events.
        public var detail: [String?] = []
        public var count: Int { seq.count }
        public var isEmpty: Bool { seq.isEmpty }
    }

    /// One batch for the lab: a session's row and the next of its rows.
    public struct Batch: Sendable {
        public var session: Session
        /// The session's id in the lab, when an earlier batch made it.
        public var labSessionID: Int64?
        public var samples: Samples
        public var events: Events
        /// Whether this batch takes the session's last rows: its status and end go with it
        /// (until then the lab sees it `active`, as it was when its first rows came).
        public var isLast: Bool
        public var rows: Int { samples.count + events.count }
    }

    public static let sampleColumns = SampleField.readings.map(\.column)

    /// The first session with something the lab lacks, and up to `samplesLimit` of its
    /// samples and `eventsLimit` of its events.
    public func nextBatch(samples samplesLimit: Int = 4000, events eventsLimit: Int = 1000) throws(StoreError) -> Batch? {
        do {
            return try queue.read { db -> Batch? in
                guard let row = try Row.fetchOne(db, sql: Self.pendingSQL + " ORDER BY s.id LIMIT 1", arguments: [lab]) else {
                    return nil
                }
                let session = try Self.session(row)
                let labSessionID = try row.decode(Int64?.self, forColumn: "lab_session_id")
                let lastSample = try row.decode(Int64?.self, forColumn: "last_sample_t") ?? .min
                let lastEvent = try row.decode(Int64?.self, forColumn: "last_event") ?? 0
                let samples = try Self.samples(db, session: session.id, after: lastSample, limit: samplesLimit + 1)
                let events = try Self.events(db, session: session.id, after: lastEvent, limit: eventsLimit + 1)
                let isLast = samples.count <= samplesLimit && events.count <= eventsLimit
                return Batch(session: session, labSessionID: labSessionID, samples: samples.prefix(samplesLimit),
                             events: events.prefix(eventsLimit), isLast: isLast)
            }
        } catch {
            throw StoreError.wrap(error, path: path, doing: "read what is to be forwarded")
        }
    }

    /// Notes that the lab committed `batch` (its session is `labSessionID` there).
    public func markForwarded(_ batch: Batch, labSessionID: Int64) throws(StoreError) {
        let s = batch.session
        do {
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO lab_outbox (lab, session_id, lab_session_id, status, end_t, last_sample_t, last_event)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (lab, session_id) DO UPDATE SET
                        lab_session_id = excluded.lab_session_id,
                        status = excluded.status, end_t = excluded.end_t,
                        last_sample_t = COALESCE(excluded.last_sample_t, lab_outbox.last_sample_t),
                        last_event = MAX(excluded.last_event, lab_outbox.last_event)
                    """, arguments: [lab, s.id, labSessionID, batch.isLast ? s.status : "active", batch.isLast ? s.end : nil,
                                     batch.samples.t.last, batch.events.seq.last ?? 0])
            }
        } catch {
            throw StoreError.wrap(error, path: path, doing: "note what was forwarded")
        }
    }

    /// Up to `limit` samples of the session after `after`, in time order. A value of the
    /// wrong storage class (text where a number belongs: a damaged or edited store) is an
    /// error naming it, never a zero.
    static func samples(_ db: Database, session: Int64, after: Int64, limit: Int) throws -> Samples {
        let statement = try db.makeStatement(sql: """
            SELECT t, elapsed, \(sampleColumns.joined(separator: ", ")), submerged
            FROM samples WHERE session_id = ?1 AND t > ?2 ORDER BY t LIMIT ?3
            """)
        let handle = statement.sqliteStatement
        sqlite3_bind_int64(handle, 1, session)
        sqlite3_bind_int64(handle, 2, after)
        sqlite3_bind_int64(handle, 3, Int64(limit))
        defer { sqlite3_reset(handle) }
        var samples = Samples()
        func integer(_ column: Int32, optional: Bool) throws -> Int64? {
            switch sqlite3_column_type(handle, column) {
            case SQLITE_INTEGER: return sqlite3_column_int64(handle, column)
            case SQLITE_NULL where optional: return nil
            default: throw Damaged(what: "a sample's \(column == 0 ? "time" : column == 1 ? "elapsed time" : "submerged flag")")
            }
        }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
            samples.t.append(try integer(0, optional: false)!)
            samples.elapsed.append(try integer(1, optional: false)!)
            for index in 0..<sampleColumns.count {
                let column = Int32(index + 2)
                switch sqlite3_column_type(handle, column) {
                case SQLITE_FLOAT, SQLITE_INTEGER: samples.values[index].append(sqlite3_column_double(handle, column))
                case SQLITE_NULL: samples.values[index].append(nil)
                default: throw Damaged(what: "a sample's \(sampleColumns[index])")
                }
            }
            samples.submerged.append(try integer(Int32(sampleColumns.count + 2), optional: true))
        }
        return samples
    }

    /// Up to `limit` events of the session after the event `after` (a rowid), in the order
    /// they were recorded.
    static func events(_ db: Database, session: Int64, after: Int64, limit: Int) throws -> Events {
        let statement = try db.makeStatement(sql: """
            SELECT rowid, t, kind, label, detail FROM events WHERE session_id = ?1 AND rowid > ?2 ORDER BY rowid LIMIT ?3
            """)
        let handle = statement.sqliteStatement
        sqlite3_bind_int64(handle, 1, session)
        sqlite3_bind_int64(handle, 2, after)
        sqlite3_bind_int64(handle, 3, Int64(limit))
        defer { sqlite3_reset(handle) }
        var events = Events()
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
            guard sqlite3_column_type(handle, 1) == SQLITE_INTEGER, sqlite3_column_type(handle, 2) == SQLITE_TEXT,
                  sqlite3_column_type(handle, 3) == SQLITE_TEXT else { throw Damaged(what: "an event") }
            events.seq.append(sqlite3_column_int64(handle, 0))
            events.t.append(sqlite3_column_int64(handle, 1))
            events.kind.append(Self.text(handle, 2))
            events.label.append(Self.text(handle, 3))
            events.detail.append(sqlite3_column_type(handle, 4) == SQLITE_TEXT ? Self.text(handle, 4) : nil)
        }
        return events
    }

    /// A text column's bytes as UTF-8, all of them (NUL included).
    static func text(_ handle: OpaquePointer?, _ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self)
    }

    /// A value the recorder never writes, found where a row is read to be forwarded.
    struct Damaged: Error, CustomStringConvertible {
        var what: String
        var description: String { "\(what) holds a value of the wrong type" }
    }

    /// Rows (samples and events) the lab does not have yet, plus one for each session row
    /// it lacks or holds out of date.
    public func backlog() throws(StoreError) -> Int {
        do {
            return try queue.read { db in
                var total = 0
                let rows = try Row.fetchAll(db, sql: Self.pendingSQL, arguments: [lab])
                for row in rows {
                    let id = try row.decode(Int64.self, forColumn: "id")
                    let lastSample = try row.decode(Int64?.self, forColumn: "last_sample_t") ?? .min
                    let lastEvent = try row.decode(Int64?.self, forColumn: "last_event") ?? 0
                    total += 1
                    total += try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM samples WHERE session_id = ? AND t > ?",
                                              arguments: [id, lastSample]) ?? 0
                    total += try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM events WHERE session_id = ? AND rowid > ?",
                                              arguments: [id, lastEvent]) ?? 0
                }
                return total
            }
        } catch {
            throw StoreError.wrap(error, path: path, doing: "count what is to be forwarded")
        }
    }

    /// Sessions whose row, samples or events the lab lacks, with where their forwarding stands.
    static let pendingSQL = """
        SELECT s.*, o.lab_session_id, o.last_sample_t, o.last_event
        FROM sessions s LEFT JOIN lab_outbox o ON o.session_id = s.id AND o.lab = ?1
        WHERE o.session_id IS NULL OR o.status IS NOT s.status OR o.end_t IS NOT s.end_t
           OR EXISTS (SELECT 1 FROM samples WHERE session_id = s.id AND t > COALESCE(o.last_sample_t, -9223372036854775808))
           OR EXISTS (SELECT 1 FROM events WHERE session_id = s.id AND rowid > COALESCE(o.last_event, 0))
        """

    /// The session's row, each value decoded as what the recorder writes (a damaged row is
    /// an error, never a crash: the file is outside input).
    private static func session(_ row: Row) throws -> Session {
        func value<T: DatabaseValueConvertible>(_ column: String) throws -> T { try row.decode(T.self, forColumn: column) }
        return Session(id: try value("id"), board: try value("board") as String? ?? "", kind: try value("kind"),
                       workoutStyle: try value("workout_style"), activity: try value("activity"), app: try value("app"),
                       runName: try value("run_name"), source: try value("source"), seed: try value("seed"),
                       clock: try value("clock"), wallStart: try value("wall_start"), start: try value("start_t"),
                       end: try value("end_t"), status: try value("status"), sampleInterval: try value("sample_interval"),
                       poolLength: try value("pool_length"), routeLatitude: try value("route_latitude"),
                       routeLongitude: try value("route_longitude"), routeBearing: row.hasColumn("route_bearing") ? try value("route_bearing") : nil,
                       pid: try value("pid"))
    }
}

extension Outbox.Samples {
    /// The first `count`.
    func prefix(_ count: Int) -> Outbox.Samples {
        guard count < self.count else { return self }
        var first = Outbox.Samples()
        first.t = Array(t.prefix(count))
        first.elapsed = Array(elapsed.prefix(count))
        first.values = values.map { Array($0.prefix(count)) }
        first.submerged = Array(submerged.prefix(count))
        return first
    }
}

extension Outbox.Events {
    /// The first `count`.
    func prefix(_ count: Int) -> Outbox.Events {
        guard count < self.count else { return self }
        return Outbox.Events(seq: Array(seq.prefix(count)), t: Array(t.prefix(count)), kind: Array(kind.prefix(count)),
                             label: Array(label.prefix(count)), detail: Array(detail.prefix(count)))
    }
}
