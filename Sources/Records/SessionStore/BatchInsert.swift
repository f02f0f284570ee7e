import ActionButtonCore
import GRDB
import GRDBSQLite
import SimulationEvents
import Telemetry

/// Inserts a batch of samples and events through one prepared statement per table, bound
/// with SQLite's C calls. The only place in the store that talks to SQLite's C API: a
/// 10-hour session is 36,000 sample rows, and going through GRDB's argument arrays cost
/// an allocation and a boxed value per column per row, three times the insert itself.
///
/// The statements are GRDB's cached ones, so each is prepared once per connection and
/// left reset and unbound for GRDB after each batch.
enum BatchInsert {
    static let sampleSQL = "INSERT OR REPLACE INTO samples (session_id, t, elapsed, "
        + SampleField.allCases.map(\.column).joined(separator: ", ") + ") VALUES (?, ?, ?"
        + String(repeating: ", ?", count: SampleField.allCases.count) + ")"
    static let eventSQL = "INSERT INTO events (session_id, t, kind, label, detail) VALUES (?, ?, ?, ?, ?)"
    static let spanSQL = """
        INSERT OR REPLACE INTO sample_spans (session_id, first_t, last_t, count, heart_rate_sum, heart_rates,
            hr_first_t, hr_first, hr_low_t, hr_low, hr_high_t, hr_high, hr_last_t, hr_last,
            speed_first_t, speed_first, speed_low_t, speed_low, speed_high_t, speed_high, speed_last_t, speed_last,
            distance, active_energy)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

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
            for field in SampleField.allCases {
                let index = Int32(4 + field.rawValue)
                if field != .submerged {
                    bind(field.number(in: s), index)
                } else if let submerged = s.submerged {
                    sqlite3_bind_int64(handle, index, submerged ? 1 : 0)
                } else {
                    sqlite3_bind_null(handle, index)
                }
            }
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
            if let warning = row.event.warning {
                _ = warning.storedForm.withCString { sqlite3_bind_text(handle, 5, $0, -1, transient) }
            } else {
                sqlite3_bind_null(handle, 5)
            }
            try step(handle, in: db, sql: eventSQL)
        }
    }

    /// Writes a span of a session's samples, or rewrites it (the same first time).
    static func span(_ span: SampleSpan, session: Int64, in db: Database) throws {
        let statement = try db.cachedStatement(sql: spanSQL)
        let handle = statement.sqliteStatement
        defer { sqlite3_clear_bindings(handle) }
        sqlite3_bind_int64(handle, 1, session)
        sqlite3_bind_int64(handle, 2, span.first.nanoseconds)
        sqlite3_bind_int64(handle, 3, span.last.nanoseconds)
        sqlite3_bind_int64(handle, 4, Int64(span.count))
        sqlite3_bind_double(handle, 5, span.heartRateSum)
        sqlite3_bind_int64(handle, 6, Int64(span.heartRates))
        for (offset, extremes) in [span.heartRate, span.speed].enumerated() {
            let base = Int32(7 + offset * 8)
            let points = extremes.map { [$0.first, $0.lowest, $0.highest, $0.last] }
            for index in 0..<4 {
                if let point = points?[index] {
                    sqlite3_bind_int64(handle, base + Int32(index * 2), point.time.nanoseconds)
                    sqlite3_bind_double(handle, base + Int32(index * 2 + 1), point.value)
                } else {
                    sqlite3_bind_null(handle, base + Int32(index * 2))
                    sqlite3_bind_null(handle, base + Int32(index * 2 + 1))
                }
            }
        }
        if let d = span.distance { sqlite3_bind_double(handle, 23, d) } else { sqlite3_bind_null(handle, 23) }
        if let e = span.activeEnergy { sqlite3_bind_double(handle, 24, e) } else { sqlite3_bind_null(handle, 24) }
        try step(handle, in: db, sql: spanSQL)
    }

    static func deleteSpans(ofSession session: Int64, in db: Database) throws {
        try db.execute(sql: "DELETE FROM sample_spans WHERE session_id = ?", arguments: [session])
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
