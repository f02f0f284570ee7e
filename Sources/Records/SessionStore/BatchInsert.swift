import ActionButtonCore
import GRDB
import GRDBSQLite
import Telemetry

/// Inserts a batch of samples and events through one prepared statement per table, bound
/// with SQLite's C calls. The only place in the store that talks to SQLite's C API: a
/// 10-hour session is 36,000 sample rows, and going through GRDB's argument arrays cost
/// an allocation and a boxed value per column per row, three times the insert itself.
///
/// The statements are GRDB's cached ones, so each is prepared once per connection and
/// left reset and unbound for GRDB after each batch.
enum BatchInsert {
    static let sampleSQL = """
        INSERT OR REPLACE INTO samples (session_id, t, elapsed, heart_rate, active_energy, distance, speed, cadence,
                                        strokes, depth, pressure, water_temperature, submerged)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    static let eventSQL = "INSERT INTO events (session_id, t, kind, label) VALUES (?, ?, ?, ?)"

    /// `sqlite3_bind_text`'s "copy the bytes now": the C header's `(sqlite3_destructor_type)-1`.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    static func samples(_ rows: [SessionRecorder.SampleRow], in db: Database) throws {
        guard !rows.isEmpty else { return }
        let statement = try db.cachedStatement(sql: sampleSQL)
        let handle = statement.sqliteStatement
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        func bind(_ value: Double?, _ index: Int32) {
            if let value { sqlite3_bind_double(handle, index, value) } else { sqlite3_bind_null(handle, index) }
        }
        for row in rows {
            let s = row.sample
            sqlite3_bind_int64(handle, 1, row.session)
            sqlite3_bind_int64(handle, 2, row.time.nanoseconds)
            sqlite3_bind_int64(handle, 3, s.elapsed.nanoseconds)
            bind(s.heartRate, 4)
            bind(s.activeEnergy, 5)
            bind(s.distance, 6)
            bind(s.speed, 7)
            bind(s.cadence, 8)
            bind(s.strokes, 9)
            bind(s.depth, 10)
            bind(s.pressure, 11)
            bind(s.waterTemperature, 12)
            if let submerged = s.submerged { sqlite3_bind_int64(handle, 13, submerged ? 1 : 0) } else { sqlite3_bind_null(handle, 13) }
            try step(handle, in: db, sql: sampleSQL)
        }
    }

    static func events(_ rows: [SessionRecorder.EventRow], in db: Database) throws {
        guard !rows.isEmpty else { return }
        let statement = try db.cachedStatement(sql: eventSQL)
        let handle = statement.sqliteStatement
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        for row in rows {
            sqlite3_bind_int64(handle, 1, row.session)
            sqlite3_bind_int64(handle, 2, row.event.time.nanoseconds)
            _ = row.event.kind.rawValue.withCString { sqlite3_bind_text(handle, 3, $0, -1, transient) }
            _ = row.event.label.withCString { sqlite3_bind_text(handle, 4, $0, -1, transient) }
            try step(handle, in: db, sql: eventSQL)
        }
    }

    /// Runs the bound statement once and resets it for the next row.
    private static func step(_ handle: OpaquePointer, in db: Database, sql: String) throws {
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
        }
        sqlite3_reset(handle)
    }
}
