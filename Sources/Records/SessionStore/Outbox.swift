import Foundation
import GRDB

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
        public var pid: Int64?
    }

    /// A sample's columns, as stored.
    public struct Sample: Sendable {
        public var t: Int64
        public var elapsed: Int64
        /// heart_rate, active_energy, distance, speed, cadence, strokes, depth, pressure, water_temperature.
        public var values: [Double?]
        public var submerged: Int64?
    }

    public struct Event: Sendable {
        /// Its rowid in the local store: its key in the lab, and its order.
        public var seq: Int64
        public var t: Int64
        public var kind: String
        public var label: String
    }

    /// One batch for the lab: a session's row and the next of its rows.
    public struct Batch: Sendable {
        public var session: Session
        /// The session's id in the lab, when an earlier batch made it.
        public var labSessionID: Int64?
        public var samples: [Sample]
        public var events: [Event]
        /// Whether this batch takes the session's last rows: its status and end go with it
        /// (until then the lab sees it `active`, as it was when its first rows came).
        public var isLast: Bool
        public var rows: Int { samples.count + events.count }
    }

    public static let sampleColumns = ["heart_rate", "active_energy", "distance", "speed", "cadence", "strokes", "depth",
                                       "pressure", "water_temperature"]

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
                let samples = try Row.fetchAll(db, sql: """
                    SELECT t, elapsed, \(Self.sampleColumns.joined(separator: ", ")), submerged
                    FROM samples WHERE session_id = ? AND t > ? ORDER BY t LIMIT ?
                    """, arguments: [session.id, lastSample, samplesLimit + 1]).map { row in
                    Sample(t: try row.decode(Int64.self, atIndex: 0), elapsed: try row.decode(Int64.self, atIndex: 1),
                           values: try (0..<9).map { try row.decode(Double?.self, atIndex: $0 + 2) },
                           submerged: try row.decode(Int64?.self, atIndex: 11))
                }
                let events = try Row.fetchAll(db, sql: """
                    SELECT rowid, t, kind, label FROM events WHERE session_id = ? AND rowid > ? ORDER BY rowid LIMIT ?
                    """, arguments: [session.id, lastEvent, eventsLimit + 1]).map { row in
                    Event(seq: try row.decode(Int64.self, atIndex: 0), t: try row.decode(Int64.self, atIndex: 1),
                          kind: try row.decode(String.self, atIndex: 2), label: try row.decode(String.self, atIndex: 3))
                }
                let isLast = samples.count <= samplesLimit && events.count <= eventsLimit
                return Batch(session: session, labSessionID: labSessionID, samples: Array(samples.prefix(samplesLimit)),
                             events: Array(events.prefix(eventsLimit)), isLast: isLast)
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
                                     batch.samples.last?.t, batch.events.last?.seq ?? 0])
            }
        } catch {
            throw StoreError.wrap(error, path: path, doing: "note what was forwarded")
        }
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
                       routeLongitude: try value("route_longitude"), pid: try value("pid"))
    }
}
