import ActionButtonCore
import PostgresNIO
import SessionStore
import SimulationEvents
import Telemetry

/// The lab's PostgreSQL as the reading commands see it (`sessions`, `show`, `export`,
/// `plot` with `--db postgres://...`): every board's sessions, by their id in the lab.
/// Rows are checked as the local store checks its own (a kind, a status and times that
/// make sense, readings a sensor could make): a damaged session is refused, never shown.
public final class LabDatabase: SessionSource, @unchecked Sendable {
    // One connection, used by the one thread that runs the command.
    public let url: LabURL
    private let connection: LabConnection

    public init(url: LabURL) throws(LabError) {
        self.url = url
        connection = try LabConnection(url: url)
    }

    deinit { connection.close() }

    public var location: String { url.description }

    /// Whether the lab has its tables yet (a database no board has forwarded to has none;
    /// reading it finds no sessions and creates nothing).
    private func hasTables() throws(LabError) -> Bool {
        let rows = try connection.query("SELECT to_regclass('actionsim_migrations') IS NOT NULL", doing: "read its tables")
        return (try? rows.first?.decode(Bool.self)) ?? false
    }

    /// " WHERE column = $1 AND ..." for each condition that has a value (bound in `binds`, in
    /// order), or nothing when none has.
    private static func filter(_ conditions: [(column: String, value: String?)], binds: inout PostgresBindings) -> String {
        var terms: [String] = []
        for case let (column, value?) in conditions {
            binds.append(value)
            terms.append("\(column) = $\(terms.count + 1)")
        }
        return terms.isEmpty ? "" : " WHERE " + terms.joined(separator: " AND ")
    }

    public func lastSession(kind: SessionLifecycle.Kind?, board: String?) throws -> Int64? {
        guard try hasTables() else { return nil }
        var binds = PostgresBindings()
        let filter = Self.filter([("kind", kind?.rawValue), ("board", board)], binds: &binds)
        let rows = try connection.query("SELECT id FROM sessions\(filter) ORDER BY id DESC LIMIT 1", binds, doing: "find its last session")
        guard let row = rows.first else { return nil }
        do {
            return try row.decode(Int64.self)
        } catch {
            throw LabError.failed(url.description, doing: "find its last session", "a session's id is not a whole number")
        }
    }

    public func sessions(board: String?) throws -> [SessionDatabase.Listing] {
        guard try hasTables() else { return [] }
        var binds = PostgresBindings()
        let filter = Self.filter([("s.board", board)], binds: &binds)
        let rows = try connection.query("""
            SELECT s.id, s.board, s.kind, s.workout_style, s.app, s.run_name, s.status, s.wall_start, s.start_t, s.end_t,
                   (SELECT COUNT(*) FROM samples WHERE session_id = s.id), (SELECT MAX(t) FROM samples WHERE session_id = s.id)
            FROM sessions s\(filter) ORDER BY s.id
            """, binds, doing: "list sessions")
        return rows.map { row in
            guard let (id, board, kind, style, app, run, status, wall, start, end, samples, last) = try? row.decode(
                (Int64, String, String, String?, String, String, String, Int64, Int64, Int64?, Int64, Int64?).self) else {
                let id = (try? row.makeRandomAccess()[0].decode(Int64.self)) ?? 0
                return SessionDatabase.Listing(id: id, kind: .workout, workoutStyle: nil, app: "", runName: "", status: .interrupted,
                                               startWallClock: 0, duration: .zero, samples: 0, board: "",
                                               damage: "its row holds values of the wrong type")
            }
            guard let kind = SessionLifecycle.Kind(rawValue: kind), let status = RecordedSession.Status(rawValue: status),
                  (end ?? start) >= start else {
                return SessionDatabase.Listing(id: id, kind: .workout, workoutStyle: nil, app: "", runName: "", status: .interrupted,
                                               startWallClock: 0, duration: .zero, samples: Int(samples), board: board,
                                               damage: "its kind, status or end is not one a recorder writes")
            }
            let stop = end ?? last ?? start
            return SessionDatabase.Listing(id: id, kind: kind, workoutStyle: style, app: app, runName: run, status: status,
                                           startWallClock: wall, duration: .nanoseconds(stop - start), samples: Int(samples),
                                           board: board, damage: nil)
        }
    }

    /// Reads one session a page of rows at a time, in one read-only snapshot (a board
    /// forwarding to it meanwhile is not seen half-way), as `SessionDatabase.read` reads the
    /// local store: `body` gets the checked row and cursors over the samples and events,
    /// which fetch `LabSessionRows.pageSize` rows per round trip, so that a session of any
    /// length is read in the same memory.
    public func read<T>(id: Int64, _ body: (any SessionRows) throws -> T) throws -> T {
        guard try hasTables() else { throw LabError.noSuchSession(id, in: location, board: nil) }
        try connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY", doing: "read session \(id)")
        do {
            let value = try body(try header(id: id))
            try connection.query("COMMIT", doing: "read session \(id)")
            return value
        } catch {
            if !((error as? LabError)?.isUnreachable ?? false) { _ = try? connection.query("ROLLBACK", doing: "read session \(id)") }
            throw error
        }
    }

    /// The session's row, checked as the local store checks its own.
    private func header(id: Int64) throws -> LabSessionRows {
        var binds = PostgresBindings()
        binds.append(id)
        let rows = try connection.query("""
            SELECT kind, workout_style, activity, app, run_name, source, seed, clock, wall_start, start_t, end_t, status,
                   sample_interval, pool_length, route_latitude, route_longitude, board, route_bearing,
                   (SELECT MAX(t) FROM samples WHERE session_id = s.id), (SELECT MIN(t) FROM events WHERE session_id = s.id),
                   (SELECT MAX(t) FROM events WHERE session_id = s.id)
            FROM sessions s WHERE id = $1
            """, binds, doing: "read session \(id)")
        guard let row = rows.first else { throw LabError.noSuchSession(id, in: location, board: nil) }
        func damaged(_ problem: String) -> LabError { .damagedSession(id, in: location, problem) }
        guard let (kindText, style, activityText, app, run, source, seed, clock, wall, start, end, statusText) = try? row.decode(
            (String, String?, String?, String, String, String, Int64?, String, Int64, Int64, Int64?, String).self) else {
            throw damaged("its row holds values of the wrong type")
        }
        let columns = row.makeRandomAccess()
        guard let interval = try? columns[12].decode(Int64.self), let pool = try? columns[13].decode(Double.self),
              let latitude = try? columns[14].decode(Double.self), let longitude = try? columns[15].decode(Double.self),
              let board = try? columns[16].decode(String.self) else {
            throw damaged("its row holds values of the wrong type")
        }
        let lastSample: Int64?, firstEvent: Int64?, lastEvent: Int64?
        let bearing: Double
        do {
            bearing = try columns[17].decode(Double?.self) ?? RouteStart.standard.bearing
        } catch {
            throw damaged("its row holds values of the wrong type")
        }
        guard (0...360).contains(bearing) else { throw damaged("its route heads \(bearing)°") }
        do {
            (lastSample, firstEvent, lastEvent) = (try columns[18].decode(Int64?.self), try columns[19].decode(Int64?.self),
                                                   try columns[20].decode(Int64?.self))
        } catch {
            throw damaged("a sample's or an event's time holds a value of the wrong type")
        }
        guard let kind = SessionLifecycle.Kind(rawValue: kindText) else { throw damaged("its kind is \"\(kindText)\"") }
        guard let status = RecordedSession.Status(rawValue: statusText) else { throw damaged("its status is \"\(statusText)\"") }
        var activity: ActivityKind?
        if let activityText {
            guard let known = ActivityKind(rawValue: activityText) else { throw damaged("its activity is \"\(activityText)\"") }
            activity = known
        }
        guard interval > 0, SessionDatabase.isPlausibleTime(start), (end ?? start) >= start,
              SessionDatabase.isPlausibleTime(end ?? start) else {
            throw damaged("its sample interval, start or end makes no sense")
        }
        if let lastSample, lastSample > (end ?? .max) {
            throw damaged("the sample at \(Timestamp(nanoseconds: lastSample)) is after its end")
        }
        for time in [firstEvent, lastEvent].compactMap({ $0 }) where !SessionDatabase.isPlausibleTime(time) {
            throw damaged("an event is at \(Timestamp(nanoseconds: time))")
        }
        let startTime = Timestamp(nanoseconds: start)
        let last = end.map(Timestamp.init(nanoseconds:))
            ?? max(lastSample.map(Timestamp.init(nanoseconds:)) ?? startTime, lastEvent.map(Timestamp.init(nanoseconds:)) ?? startTime)
        let header = SessionHeader(
            id: id, kind: kind, workoutStyle: style, activity: activity, app: app, runName: run, source: source,
            seed: seed.map { Int($0) }, clock: clock, startWallClock: wall, startTime: startTime,
            endTime: end.map(Timestamp.init(nanoseconds:)), status: status, sampleInterval: .nanoseconds(interval),
            poolLength: pool, routeStart: (latitude, longitude), routeBearing: bearing, lastTime: last, board: board)
        return LabSessionRows(header: header, connection: connection, location: location)
    }
}

/// One session of the lab's database read a page at a time: cursors that fetch the next
/// `pageSize` rows after the last one they handed out (by the table's key: a sample's time,
/// an event's time and sequence number), each row checked as it is read. Valid only inside
/// the `LabDatabase.read` that handed it out (its snapshot).
final class LabSessionRows: SessionRows {
    let header: SessionHeader
    private let connection: LabConnection
    private let location: String
    static let pageSize = 2_000

    init(header: SessionHeader, connection: LabConnection, location: String) {
        self.header = header
        self.connection = connection
        self.location = location
    }

    func damaged(_ problem: String) -> LabError { .damagedSession(header.id, in: location, problem) }

    func sampleCount() throws -> Int {
        var binds = PostgresBindings()
        binds.append(header.id)
        let rows = try connection.query("SELECT COUNT(*) FROM samples WHERE session_id = $1", binds,
                                         doing: "read session \(header.id)")
        return Int((try? rows.first?.decode(Int64.self)) ?? 0)
    }

    /// Every reading of each sample, whatever `fields` asks for (allowed: at least those): a
    /// page of a lab's rows costs its round trip far more than its columns.
    func samples(after: Timestamp?, through: Timestamp?, fields: SampleFields) throws -> any SessionCursor<RecordedSession.TimedSample> {
        SampleCursor(rows: self, after: after?.nanoseconds, through: through?.nanoseconds ?? .max)
    }

    func events(_ kinds: Set<RecordedSession.EventKind>?) throws -> any SessionCursor<RecordedSession.Event> {
        EventCursor(rows: self, kinds: kinds)
    }

    /// A page of rows, in the snapshot of the read.
    func page(_ sql: String, _ binds: PostgresBindings) throws -> [PostgresRow] {
        try connection.query(sql, binds, doing: "read session \(header.id)")
    }

    final class SampleCursor: SessionCursor {
        private let rows: LabSessionRows
        private var after: Int64?
        private let through: Int64
        private var buffer = PageBuffer<RecordedSession.TimedSample>()

        init(rows: LabSessionRows, after: Int64?, through: Int64) {
            self.rows = rows
            self.after = after
            self.through = through
        }

        func next() throws -> RecordedSession.TimedSample? {
            try buffer.next(reading: fetch)
        }

        private func fetch() throws -> [RecordedSession.TimedSample] {
            let header = rows.header
            var binds = PostgresBindings()
            binds.append(header.id)
            binds.append(after ?? .min)
            binds.append(through)
            // `t > after`; with no bound, every time (Int64.min included) is after nothing.
            let page = try rows.page("""
                SELECT t, elapsed, \(SampleField.allCases.map(\.column).joined(separator: ", "))
                FROM samples WHERE session_id = $1 AND \(after == nil ? "t >= $2" : "t > $2") AND t <= $3
                ORDER BY t LIMIT \(LabSessionRows.pageSize)
                """, binds)
            var samples: [RecordedSession.TimedSample] = []
            samples.reserveCapacity(page.count)
            let start = header.startTime.nanoseconds, end = header.endTime?.nanoseconds
            for row in page {
                guard let (t, elapsed, heartRate, energy, distance, speed, cadence, strokes, depth, pressure, temperature, submerged)
                        = try? row.decode((Int64, Int64, Double?, Double?, Double?, Double?, Double?, Double?, Double?, Double?,
                                           Double?, Int16?).self) else {
                    throw rows.damaged("a sample holds values of the wrong type")
                }
                let at = Timestamp(nanoseconds: t)
                guard t >= start, end.map({ t <= $0 }) ?? SessionDatabase.isPlausibleTime(t) else {
                    throw rows.damaged("the sample at \(at) is outside the session")
                }
                guard elapsed >= 0, elapsed <= t - start else {
                    throw rows.damaged("the sample at \(at) has an elapsed time of \(elapsed) ns; expected 0 to \(t - start) ns, the time since its start")
                }
                let values = [heartRate, energy, distance, speed, cadence, strokes, depth, pressure, temperature]
                for (value, field) in zip(values, SessionDatabase.plausibleFields) {
                    if let value, !field.range.contains(value) {
                        throw rows.damaged("the sample at \(at) has a \(field.name) of \(value)")
                    }
                }
                var sample = SensorSample(session: header.kind, elapsed: .nanoseconds(elapsed))
                sample.heartRate = heartRate
                sample.activeEnergy = energy
                sample.distance = distance
                sample.speed = speed
                sample.cadence = cadence
                sample.strokes = strokes
                sample.depth = depth
                sample.pressure = pressure
                sample.waterTemperature = temperature
                sample.submerged = submerged.map { $0 != 0 }
                samples.append(.init(time: at, sample: sample))
                after = t
            }
            return samples
        }
    }

    final class EventCursor: SessionCursor {
        private let rows: LabSessionRows
        private let kinds: Set<RecordedSession.EventKind>?
        /// The last event handed out: its time and sequence number (the table's key).
        private var after: (t: Int64, seq: Int64)?
        private var buffer: PageBuffer<RecordedSession.Event>

        init(rows: LabSessionRows, kinds: Set<RecordedSession.EventKind>?) {
            self.rows = rows
            self.kinds = kinds
            buffer = PageBuffer(exhausted: kinds?.isEmpty ?? false)
        }

        func next() throws -> RecordedSession.Event? {
            try buffer.next(reading: fetch)
        }

        private func fetch() throws -> [RecordedSession.Event] {
            var binds = PostgresBindings()
            binds.append(rows.header.id)
            var sql = "SELECT t, seq, kind, label, detail FROM events WHERE session_id = $1"
            if let after {
                binds.append(after.t)
                binds.append(after.seq)
                sql += " AND (t, seq) > ($2, $3)"
            }
            if let kinds {
                // The kinds are the recorder's own words (an enum's raw values), never user text.
                sql += " AND kind IN (" + kinds.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", ") + ")"
            }
            sql += " ORDER BY t, seq LIMIT \(LabSessionRows.pageSize)"
            let page = try rows.page(sql, binds)
            var events: [RecordedSession.Event] = []
            events.reserveCapacity(page.count)
            for row in page {
                guard let (t, seq, kind, label, detail) = try? row.decode((Int64, Int64, String, String, String?).self) else {
                    throw rows.damaged("an event holds values of the wrong type")
                }
                guard SessionDatabase.isPlausibleTime(t) else { throw rows.damaged("an event is at \(Timestamp(nanoseconds: t))") }
                events.append(.init(time: Timestamp(nanoseconds: t), kind: RecordedSession.EventKind(rawValue: kind) ?? .other,
                                    label: label, warning: SessionWarning(storedForm: detail),
                                    warningCode: SessionWarning.code(ofStoredForm: detail)))
                after = (t, seq)
            }
            return events
        }
    }
}
