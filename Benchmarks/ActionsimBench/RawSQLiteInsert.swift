import GRDBSQLite
import Telemetry

/// The baseline for the session store: the same rows a replay stores, bulk-inserted
/// through SQLite's C API the way a careful C programmer would — one transaction, one
/// prepared statement per table, bound and stepped in a loop — into the same tables, on
/// a database with the store's settings (WAL, synchronous=NORMAL).
struct RawSQLiteInsert {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    var samples: [RecordedSession.TimedSample]
    var events: [RecordedSession.Event]

    var rows: Int { samples.count + events.count }

    /// Creates the database and its tables (not timed).
    static func create(at path: String) throws -> OpaquePointer? {
        var db: OpaquePointer?
        try check(sqlite3_open(path, &db), db, "open \(path)")
        try check(sqlite3_exec(db, """
            PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
            CREATE TABLE events (session_id INTEGER NOT NULL, t INTEGER NOT NULL, kind TEXT NOT NULL, label TEXT NOT NULL);
            CREATE INDEX events_by_session ON events(session_id, t);
            CREATE TABLE samples (session_id INTEGER NOT NULL, t INTEGER NOT NULL, elapsed INTEGER NOT NULL,
                heart_rate REAL, active_energy REAL, distance REAL, speed REAL, cadence REAL, strokes REAL,
                depth REAL, pressure REAL, water_temperature REAL, submerged INTEGER,
                PRIMARY KEY (session_id, t)) WITHOUT ROWID;
            """, nil, nil, nil), db, "create tables")
        return db
    }

    /// Inserts every row in one transaction (timed).
    func insert(into db: OpaquePointer?) throws {
        try Self.check(sqlite3_exec(db, "BEGIN", nil, nil, nil), db, "begin")
        var statement: OpaquePointer?
        try Self.check(sqlite3_prepare_v2(db, "INSERT INTO samples VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", -1, &statement, nil),
                       db, "prepare")
        func bind(_ value: Double?, _ index: Int32) {
            if let value { sqlite3_bind_double(statement, index, value) } else { sqlite3_bind_null(statement, index) }
        }
        for timed in samples {
            let s = timed.sample
            sqlite3_bind_int64(statement, 1, 1)
            sqlite3_bind_int64(statement, 2, timed.time.nanoseconds)
            sqlite3_bind_int64(statement, 3, s.elapsed.nanoseconds)
            bind(s.heartRate, 4); bind(s.activeEnergy, 5); bind(s.distance, 6); bind(s.speed, 7); bind(s.cadence, 8)
            bind(s.strokes, 9); bind(s.depth, 10); bind(s.pressure, 11); bind(s.waterTemperature, 12)
            if let submerged = s.submerged { sqlite3_bind_int64(statement, 13, submerged ? 1 : 0) } else { sqlite3_bind_null(statement, 13) }
            try Self.check(sqlite3_step(statement), db, "insert a sample")
            sqlite3_reset(statement)
        }
        sqlite3_finalize(statement)
        try Self.check(sqlite3_prepare_v2(db, "INSERT INTO events VALUES (?, ?, ?, ?)", -1, &statement, nil), db, "prepare")
        for event in events {
            sqlite3_bind_int64(statement, 1, 1)
            sqlite3_bind_int64(statement, 2, event.time.nanoseconds)
            _ = event.kind.rawValue.withCString { sqlite3_bind_text(statement, 3, $0, -1, SQLITE_TRANSIENT) }
            _ = event.label.withCString { sqlite3_bind_text(statement, 4, $0, -1, SQLITE_TRANSIENT) }
            try Self.check(sqlite3_step(statement), db, "insert an event")
            sqlite3_reset(statement)
        }
        sqlite3_finalize(statement)
        try Self.check(sqlite3_exec(db, "COMMIT", nil, nil, nil), db, "commit")
    }

    static func check(_ code: Int32, _ db: OpaquePointer?, _ what: String) throws {
        guard code == SQLITE_OK || code == SQLITE_DONE || code == SQLITE_ROW else {
            throw Failure(description: "\(what): \(String(cString: sqlite3_errmsg(db)))")
        }
    }
}

/// SQLite's "copy the bytes now" destructor, which the C header spells as a cast of -1.
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// Closes a database `RawSQLiteInsert.create` opened.
@discardableResult
func sqlite3Close(_ db: OpaquePointer?) -> Int32 { sqlite3_close(db) }
