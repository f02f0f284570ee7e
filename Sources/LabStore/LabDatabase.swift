import ActionButtonCore
import PostgresNIO
import SessionStore
import Simulation
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

    public func sessions(board: String?) throws -> [SessionDatabase.Listing] {
        guard try hasTables() else { return [] }
        var binds = PostgresBindings()
        var filter = ""
        if let board {
            binds.append(board)
            filter = "WHERE s.board = $1"
        }
        let rows = try connection.query("""
            SELECT s.id, s.board, s.kind, s.workout_style, s.app, s.run_name, s.status, s.wall_start, s.start_t, s.end_t,
                   (SELECT COUNT(*) FROM samples WHERE session_id = s.id), (SELECT MAX(t) FROM samples WHERE session_id = s.id)
            FROM sessions s \(filter) ORDER BY s.id
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

    public func session(id: Int64) throws -> RecordedSession {
        guard try hasTables() else { throw LabError.noSuchSession(id, in: location, board: nil) }
        var binds = PostgresBindings()
        binds.append(id)
        let rows = try connection.query("""
            SELECT kind, workout_style, activity, app, run_name, source, seed, clock, wall_start, start_t, end_t, status,
                   sample_interval, pool_length, route_latitude, route_longitude, board
            FROM sessions WHERE id = $1
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
              let board = try? columns[16].decode(String.self) else { throw damaged("its row holds values of the wrong type") }
        guard let kind = SessionLifecycle.Kind(rawValue: kindText) else { throw damaged("its kind is \"\(kindText)\"") }
        guard let status = RecordedSession.Status(rawValue: statusText) else { throw damaged("its status is \"\(statusText)\"") }
        var activity: ActivityKind?
        if let activityText {
            guard let known = ActivityKind(rawValue: activityText) else { throw damaged("its activity is \"\(activityText)\"") }
            activity = known
        }
        guard interval > 0, (end ?? start) >= start else { throw damaged("its sample interval or end makes no sense") }
        var session = RecordedSession(
            id: id, kind: kind, workoutStyle: style, activity: activity, app: app, runName: run, source: source,
            seed: seed.map { Int($0) }, clock: clock, startWallClock: wall, startTime: Timestamp(nanoseconds: start),
            endTime: end.map(Timestamp.init(nanoseconds:)), status: status, sampleInterval: .nanoseconds(interval),
            poolLength: pool, routeStart: (latitude, longitude))
        session.board = board

        for event in try connection.query("SELECT t, kind, label FROM events WHERE session_id = $1 ORDER BY t, seq", binds,
                                          doing: "read session \(id)") {
            guard let (t, kindText, label) = try? event.decode((Int64, String, String).self) else {
                throw damaged("an event holds values of the wrong type")
            }
            session.events.append(.init(time: Timestamp(nanoseconds: t), kind: RecordedSession.EventKind(rawValue: kindText) ?? .other,
                                        label: label))
        }
        let samples = try connection.query("""
            SELECT t, elapsed, heart_rate, active_energy, distance, speed, cadence, strokes, depth, pressure, water_temperature,
                   submerged
            FROM samples WHERE session_id = $1 ORDER BY t
            """, binds, doing: "read session \(id)")
        for row in samples {
            guard let (t, elapsed, heartRate, energy, distance, speed, cadence, strokes, depth, pressure, temperature, submerged)
                    = try? row.decode((Int64, Int64, Double?, Double?, Double?, Double?, Double?, Double?, Double?, Double?,
                                       Double?, Int16?).self) else {
                throw damaged("a sample holds values of the wrong type")
            }
            guard t >= start, end.map({ t <= $0 }) ?? true, elapsed >= 0, elapsed <= t - start else {
                throw damaged("the sample at \(Timestamp(nanoseconds: t)) is outside the session")
            }
            var sample = SensorSample(session: kind, elapsed: .nanoseconds(elapsed))
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
            session.samples.append(.init(time: Timestamp(nanoseconds: t), sample: sample))
        }
        if let problem = SessionDatabase.implausibleValue(in: session) { throw damaged(problem) }
        return session
    }
}
