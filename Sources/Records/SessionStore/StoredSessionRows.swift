import ActionButtonCore
import GRDB
import GRDBSQLite
import SimulationEvents
import Telemetry

/// One session read from the store a row at a time (`SessionDatabase.read`): the session's
/// row, and cursors over its samples and events that step SQLite's statements as they are
/// read. Nothing is loaded whole, so an export or a plot of a session of any length runs in
/// the same memory. Valid only inside the `read` call that handed it out.
///
/// Rows are read with SQLite's C calls on statements prepared once per read (a row a
/// cursor call, no GRDB row or argument array): a 10-hour session is 36,000 rows. Each
/// value is checked as it is read, as `StoredSession` checks the session's row: its storage
/// class (text where a number belongs is damage, not a zero), a time inside the session, a
/// reading a sensor could make. A damaged row stops the read with `StoreError.damagedSession`.
final class StoredSessionRows: SessionRows {
    let header: SessionHeader
    fileprivate let stored: StoredSession
    private let db: Database
    private let path: String
    /// Prepared statements not in use, by SQL: a cursor takes one and gives it back when done.
    private var idle: [String: [Statement]] = [:]
    /// Whether the events have their warnings' codes: not in a store from before them that
    /// is read where it cannot be migrated.
    private lazy var eventsHaveDetail = (try? Bool.fetchOne(
        db, sql: "SELECT COUNT(*) > 0 FROM pragma_table_info('events') WHERE name = 'detail'")) ?? false

    init(db: Database, stored: StoredSession, header: SessionHeader, path: String) {
        self.db = db
        self.stored = stored
        self.header = header
        self.path = path
    }

    /// The sample columns after `t` and `elapsed`, in `SampleFields`' bit order (`SampleField`).
    static let fieldColumns = SampleField.allCases.map(\.column)

    /// The query for the samples with the readings `fields` names; the statement is prepared
    /// once per read and per set of fields. SQLite's time a row grows with the columns read.
    /// A bound left out (nil) is not in the query either: no comparison a row for it.
    static func sampleSQL(_ fields: SampleFields, after: Bool, through: Bool) -> String {
        let columns = fieldColumns.indices.filter { fields.contains(SampleFields(rawValue: 1 << $0)) }.map { fieldColumns[$0] }
        return "SELECT " + (["t", "elapsed"] + columns).joined(separator: ", ") + " FROM samples WHERE session_id = ?1"
            + (after ? " AND t >= ?2" : "") + (through ? " AND t <= ?3" : "") + " ORDER BY t"
    }

    func sampleCount() throws -> Int {
        do {
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM samples WHERE session_id = ?", arguments: [header.id]) ?? 0
        } catch {
            throw StoreError.wrap(error, path: path, doing: "read session \(header.id)")
        }
    }

    func samples(after: Timestamp?, through: Timestamp?, fields: SampleFields) throws
        -> any SessionCursor<RecordedSession.TimedSample> {
        if let after, after.nanoseconds == .max { return EmptyCursor() }
        let statement = try take(Self.sampleSQL(fields, after: after != nil, through: through != nil))
        let handle = statement.sqliteStatement
        sqlite3_bind_int64(handle, 1, header.id)
        // `t > after`, written `t >= after + 1`.
        if let after { sqlite3_bind_int64(handle, 2, after.nanoseconds + 1) }
        if let through { sqlite3_bind_int64(handle, 3, through.nanoseconds) }
        return SampleCursor(rows: self, statement: statement, fields: fields)
    }

    func events(_ kinds: Set<RecordedSession.EventKind>?) throws -> any SessionCursor<RecordedSession.Event> {
        var sql = "SELECT t, kind, label, \(eventsHaveDetail ? "detail" : "NULL") FROM events WHERE session_id = ?1"
        if let kinds {
            guard !kinds.isEmpty else { return EmptyCursor() }
            sql += " AND kind IN (" + kinds.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", ") + ")"
        }
        sql += " ORDER BY t, rowid"
        let statement = try take(sql)
        sqlite3_bind_int64(statement.sqliteStatement, 1, header.id)
        return EventCursor(rows: self, statement: statement)
    }

    static let spanSQL = """
        SELECT first_t, last_t, count, heart_rate_sum, heart_rates,
               hr_first_t, hr_first, hr_low_t, hr_low, hr_high_t, hr_high, hr_last_t, hr_last,
               speed_first_t, speed_first, speed_low_t, speed_low, speed_high_t, speed_high, speed_last_t, speed_last,
               distance, active_energy
        FROM sample_spans WHERE session_id = ?1 ORDER BY first_t
        """

    /// A workout's spans, where the store has them for every one of its samples: written
    /// with the samples since the store kept spans (`SampleSpanWriter`); a session recorded
    /// before, or a store from before (read as it is), has none.
    func sampleSpans() throws -> (any SessionCursor<SampleSpan>)? {
        guard header.kind == .workout else { return nil }
        do {
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sample_spans'") == true
            else { return nil }
            // Each bound alone: SQLite finds a lone min() or max() in the index, both at once by
            // reading every row.
            func time(_ sql: String) throws -> Int64? { try Int64.fetchOne(db, sql: sql, arguments: [header.id]) }
            guard let first = try time("SELECT t FROM samples WHERE session_id = ? ORDER BY t LIMIT 1"),
                  let last = try time("SELECT t FROM samples WHERE session_id = ? ORDER BY t DESC LIMIT 1"),
                  try time("SELECT first_t FROM sample_spans WHERE session_id = ? ORDER BY first_t LIMIT 1") == first,
                  try time("SELECT last_t FROM sample_spans WHERE session_id = ? ORDER BY first_t DESC LIMIT 1") == last
            else { return nil }
        } catch {
            throw StoreError.wrap(error, path: path, doing: "read session \(header.id)")
        }
        let statement = try take(Self.spanSQL)
        sqlite3_bind_int64(statement.sqliteStatement, 1, header.id)
        return SpanCursor(rows: self, statement: statement)
    }

    // MARK: Statements

    private func take(_ sql: String) throws -> Statement {
        if let statement = idle[sql]?.popLast() { return statement }
        do {
            return try db.makeStatement(sql: sql)
        } catch {
            throw StoreError.wrap(error, path: path, doing: "read session \(header.id)")
        }
    }

    /// Resets a cursor's statement and keeps it for the next cursor.
    /// Steps a cursor's statement to its next row and reads the row's time (column 0): nil
    /// at the end, where the statement is given back.
    fileprivate func nextTime(_ statement: inout Statement?, of what: String) throws -> (handle: OpaquePointer, time: Int64)? {
        guard let current = statement else { return nil }
        guard try step(current) else {
            giveBack(current)
            statement = nil
            return nil
        }
        let handle = current.sqliteStatement
        guard sqlite3_column_type(handle, 0) == SQLITE_INTEGER else {
            throw damaged("\(what)'s time holds \(Column.describe(handle, 0)) where a whole number belongs")
        }
        return (handle, sqlite3_column_int64(handle, 0))
    }

    fileprivate func giveBack(_ statement: Statement) {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        idle[statement.sql, default: []].append(statement)
    }

    /// Steps a cursor's statement: true for a row, false at the end.
    fileprivate func step(_ statement: Statement) throws -> Bool {
        switch sqlite3_step(statement.sqliteStatement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
            throw StoreError.wrap(DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql),
                                  path: path, doing: "read session \(header.id)")
        }
    }

    fileprivate func damaged(_ problem: String) -> StoreError {
        .damagedSession(header.id, path: path, problem)
    }
}

private final class EmptyCursor<Element>: SessionCursor {
    func next() -> Element? { nil }
}

private final class SampleCursor: SessionCursor {
    private let rows: StoredSessionRows
    private var statement: Statement?
    private let kind: SessionLifecycle.Kind
    /// Read once: what each row is checked against (no copy of the session's row per row).
    private let start: Int64
    private let end: Int64
    private let ranges: [ClosedRange<Double>]
    /// The readings the statement selects, in column order from column 2: indices into
    /// `StoredSessionRows.fieldColumns`.
    private let fields: [Int]

    init(rows: StoredSessionRows, statement: Statement, fields: SampleFields) {
        self.rows = rows
        self.statement = statement
        kind = rows.header.kind
        start = rows.stored.start
        end = rows.stored.end ?? rows.stored.start + StoredSession.timeLimit
        ranges = SessionDatabase.plausibleFields.map(\.range)
        self.fields = StoredSessionRows.fieldColumns.indices.filter { fields.contains(SampleFields(rawValue: 1 << $0)) }
    }

    deinit { close() }

    private func close() {
        if let statement { rows.giveBack(statement) }
        statement = nil
    }

    func next() throws -> RecordedSession.TimedSample? {
        guard let (handle, t) = try rows.nextTime(&statement, of: "a sample") else { return nil }
        guard t >= start, t <= end else { throw rows.damaged(SessionDatabase.outside(t, rows.stored)) }
        let time = Timestamp(nanoseconds: t)
        guard sqlite3_column_type(handle, 1) == SQLITE_INTEGER else {
            throw rows.damaged("the sample at \(time)'s elapsed time holds \(Column.describe(handle, 1)) where a whole number belongs")
        }
        let elapsed = sqlite3_column_int64(handle, 1)
        guard elapsed >= 0, elapsed <= t - start else {
            throw rows.damaged("the sample at \(time) has an elapsed time of \(elapsed) ns; expected 0 to \(t - start) ns, the time since its start")
        }
        // Filled in place: a sample is some 190 bytes, and each copy of it a row costs.
        var timed = RecordedSession.TimedSample(time: time, sample: SensorSample(session: kind, elapsed: .nanoseconds(elapsed)))
        // A number, as `plausibleFields[field]` allows it.
        func value(_ column: Int32, _ field: Int) throws -> Double? {
            try Column.number(handle, column, in: ranges[field], rows: rows,
                              of: "the sample at \(time)", SessionDatabase.plausibleFields[field].name)
        }
        for (offset, field) in fields.enumerated() {
            let column = Int32(2 + offset)
            switch field {
            case 0: timed.sample.heartRate = try value(column, field)
            case 1: timed.sample.activeEnergy = try value(column, field)
            case 2: timed.sample.distance = try value(column, field)
            case 3: timed.sample.speed = try value(column, field)
            case 4: timed.sample.cadence = try value(column, field)
            case 5: timed.sample.strokes = try value(column, field)
            case 6: timed.sample.depth = try value(column, field)
            case 7: timed.sample.pressure = try value(column, field)
            case 8: timed.sample.waterTemperature = try value(column, field)
            default:    // 9, submerged
                timed.sample.submerged = try Column.integer(handle, column, rows: rows, of: "the sample at \(time)", "submerged flag")
                    .map { $0 != 0 }
            }
        }
        return timed
    }
}

private final class EventCursor: SessionCursor {
    private let rows: StoredSessionRows
    private var statement: Statement?

    init(rows: StoredSessionRows, statement: Statement) {
        self.rows = rows
        self.statement = statement
    }

    deinit { close() }

    private func close() {
        if let statement { rows.giveBack(statement) }
        statement = nil
    }

    func next() throws -> RecordedSession.Event? {
        guard let (handle, t) = try rows.nextTime(&statement, of: "an event") else { return nil }
        // Events may come before the session (the press that started it), never far from it.
        guard StoredSession.isNearZero(t) else { throw rows.damaged("an event is at \(Timestamp(nanoseconds: t))") }
        let time = Timestamp(nanoseconds: t)
        guard sqlite3_column_type(handle, 1) == SQLITE_TEXT, sqlite3_column_type(handle, 2) == SQLITE_TEXT else {
            throw rows.damaged("the event at \(time) holds \(Column.describe(handle, 1)), \(Column.describe(handle, 2)) where text belongs")
        }
        let detail = sqlite3_column_type(handle, 3) == SQLITE_TEXT ? Column.text(handle, 3) : nil
        return RecordedSession.Event(time: time, kind: RecordedSession.EventKind(rawValue: Column.text(handle, 1)) ?? .other,
                                     label: Column.text(handle, 2), warning: SessionWarning(storedForm: detail),
                                     warningCode: SessionWarning.code(ofStoredForm: detail))
    }
}

/// A workout's spans, each checked as a sample is: its times in order and inside the
/// session, its readings ones a sensor could make.
private final class SpanCursor: SessionCursor {
    private let rows: StoredSessionRows
    private var statement: Statement?
    private let start: Int64
    private let end: Int64
    private var previous: Int64?

    init(rows: StoredSessionRows, statement: Statement) {
        self.rows = rows
        self.statement = statement
        start = rows.stored.start
        end = rows.stored.end ?? rows.stored.start + StoredSession.timeLimit
    }

    deinit {
        if let statement { rows.giveBack(statement) }
    }

    func next() throws -> SampleSpan? {
        guard let (handle, first) = try rows.nextTime(&statement, of: "a span of samples") else { return nil }
        let at = Timestamp(nanoseconds: first)
        // What a column is called is worked out only for a damaged one.
        func integer(_ column: Int32, _ what: @autoclosure () -> String) throws -> Int64? {
            try Column.integer(handle, column, rows: rows, of: "the span of samples at \(at)", what())
        }
        func number(_ column: Int32, _ what: @autoclosure () -> String, _ range: ClosedRange<Double>) throws -> Double? {
            try Column.number(handle, column, in: range, rows: rows, of: "the span of samples at \(at)", what())
        }
        guard let last = try integer(1, "last time"), let count = try integer(2, "count"),
              let sum = try number(3, "heart-rate sum", 0...1e12), let heartRates = try integer(4, "heart-rate count")
        else { throw rows.damaged("the span of samples at \(at) lacks its last time, count or heart-rate sum") }
        guard first >= start, last >= first, last <= end, first > (previous ?? .min), count >= 1,
              count <= SampleSpan.capacity, heartRates >= 0, heartRates <= count
        else {
            throw rows.damaged("the span of samples at \(at) is out of order or out of the session (to \(Timestamp(nanoseconds: last)), \(count) samples)")
        }
        previous = last
        let fields = SessionDatabase.plausibleFields
        func extremes(_ column: Int32, _ field: Int) throws -> SampleSpan.Extremes? {
            func point(_ index: Int32) throws -> SampleSpan.Point? {
                func name() -> String { ["first", "lowest", "highest", "last"][Int(index)] + " " + fields[field].name }
                let time = try integer(column + index * 2, name() + "'s time")
                let value = try number(column + index * 2 + 1, name(), fields[field].range)
                guard let time, let value else {
                    if time == nil, value == nil { return nil }
                    throw rows.damaged("the span of samples at \(at)'s \(name()) lacks its time or value")
                }
                guard time >= first, time <= last else { throw rows.damaged("the span of samples at \(at)'s \(name()) is outside it") }
                return SampleSpan.Point(time: Timestamp(nanoseconds: time), value: value)
            }
            let points = (try point(0), try point(1), try point(2), try point(3))
            guard let a = points.0, let b = points.1, let c = points.2, let d = points.3 else {
                if points.0 == nil, points.1 == nil, points.2 == nil, points.3 == nil { return nil }
                throw rows.damaged("the span of samples at \(at) lacks some of its \(fields[field].name)")
            }
            return SampleSpan.Extremes(first: a, lowest: b, highest: c, last: d)
        }
        return SampleSpan(first: at, last: Timestamp(nanoseconds: last), count: Int(count), heartRate: try extremes(5, 0),
                          speed: try extremes(13, 3), heartRateSum: sum, heartRates: Int(heartRates),
                          distance: try number(21, fields[2].name, fields[2].range),
                          activeEnergy: try number(22, fields[1].name, fields[1].range))
    }
}

/// A column of the current row, as SQLite's C calls give it.
private enum Column {
    /// A whole number, or nil for NULL. Anything else is damage to `subject`'s `name`
    /// ("the sample at 10 s", "submerged flag"), worded only when there is some.
    static func integer(_ handle: OpaquePointer, _ column: Int32, rows: StoredSessionRows,
                        of subject: @autoclosure () -> String, _ name: @autoclosure () -> String) throws -> Int64? {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_NULL: return nil
        case SQLITE_INTEGER: return sqlite3_column_int64(handle, column)
        default: throw rows.damaged("\(subject())'s \(name()) holds \(describe(handle, column)) where a whole number belongs")
        }
    }

    /// A number inside `range` (what a sensor could read), or nil for NULL; anything else is
    /// damage, worded as `integer` words it.
    static func number(_ handle: OpaquePointer, _ column: Int32, in range: ClosedRange<Double>, rows: StoredSessionRows,
                       of subject: @autoclosure () -> String, _ name: @autoclosure () -> String) throws -> Double? {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_NULL: return nil
        case SQLITE_INTEGER, SQLITE_FLOAT:
            let value = sqlite3_column_double(handle, column)
            guard range.contains(value) else { throw rows.damaged("\(subject()) has a \(name()) of \(value)") }
            return value
        default: throw rows.damaged("\(subject())'s \(name()) holds \(describe(handle, column)) where a number belongs")
        }
    }

    static func text(_ handle: OpaquePointer, _ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self)
    }

    /// What a column holds, in words (as `StoredSession.describe` says it).
    static func describe(_ handle: OpaquePointer, _ column: Int32) -> String {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_NULL: return "nothing (NULL)"
        case SQLITE_INTEGER: return "the whole number \(sqlite3_column_int64(handle, column))"
        case SQLITE_FLOAT: return "the number \(sqlite3_column_double(handle, column))"
        case SQLITE_TEXT:
            let text = self.text(handle, column)
            return "the text \"\(text.prefix(40))\(text.count > 40 ? "…" : "")\""
        default: return "\(sqlite3_column_bytes(handle, column)) bytes of binary data"
        }
    }
}
