import ActionButtonCore
import Foundation
import GRDB
import OutputFiles
import SimulationEvents
import Telemetry

// Reading the store: the list of sessions, one session's rows, and what a stored value may be.
extension SessionDatabase {
    /// One line of `actionsim sessions`.
    public struct Listing: Hashable, Sendable {
        public var id: Int64
        public var kind: SessionLifecycle.Kind
        public var workoutStyle: String?
        public var app: String
        public var runName: String
        public var status: RecordedSession.Status
        public var startWallClock: Int64
        public var duration: Duration
        public var samples: Int
        /// The board that recorded it (empty in a store from before boards were named).
        public var board = ""
        /// Why the session cannot be read, when it is damaged; the other fields are then
        /// placeholders, and `session(id:)` refuses it with this reason.
        public var damage: String?

        public init(id: Int64, kind: SessionLifecycle.Kind, workoutStyle: String?, app: String, runName: String,
                    status: RecordedSession.Status, startWallClock: Int64, duration: Duration, samples: Int, board: String,
                    damage: String?) {
            self.id = id
            self.kind = kind
            self.workoutStyle = workoutStyle
            self.app = app
            self.runName = runName
            self.status = status
            self.startWallClock = startWallClock
            self.duration = duration
            self.samples = samples
            self.board = board
            self.damage = damage
        }
    }

    /// Every session of `board` (nil: of every board), in order.
    public func sessions(board: String?) throws(StoreError) -> [Listing] {
        let all = try sessions()
        guard let board else { return all }
        return all.filter { $0.board == board }
    }

    /// The newest session of `kind` (nil: any) and `board` (nil: any): its number alone.
    public func lastSession(kind: SessionLifecycle.Kind?, board: String?) throws(StoreError) -> Int64? {
        do {
            return try queue.read { db in
                try Int64.fetchOne(db, sql: """
                    SELECT id FROM sessions WHERE (?1 IS NULL OR kind = ?1) AND (?2 IS NULL OR board = ?2)
                    ORDER BY id DESC LIMIT 1
                    """, arguments: [kind?.rawValue, board])
            }
        } catch {
            throw StoreError.wrap(error, path: path, doing: "find its last session")
        }
    }

    /// Every session, in order. A damaged one is listed with its damage, not refused: the
    /// others are unaffected.
    public func sessions() throws(StoreError) -> [Listing] {
        do {
            return try queue.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT s.*, (SELECT COUNT(*) FROM samples WHERE session_id = s.id) AS sample_count,
                           (SELECT MIN(t) FROM samples WHERE session_id = s.id) AS first_sample,
                           (SELECT MAX(t) FROM samples WHERE session_id = s.id) AS last_sample
                    FROM sessions s ORDER BY s.id
                    """).map { row in
                    let samples: Int = try row.decode(forColumn: "sample_count")
                    let id = (row["id"] as DatabaseValue?).flatMap { Int64.fromDatabaseValue($0) } ?? 0
                    do throws(StoredSession.Damage) {
                        let stored = try StoredSession(row)
                        // The first and last sample bound the rest: both must lie in the session.
                        for column in ["first_sample", "last_sample"] {
                            let value: DatabaseValue = (row[column] as DatabaseValue?) ?? .null
                            if let time = try StoredSession.integer(value, "a sample's time", optional: true),
                               !stored.contains(sampleTime: time) {
                                throw StoredSession.Damage(problem: Self.outside(time, stored))
                            }
                        }
                        let lastSample = try StoredSession.integer(row, "last_sample", optional: true)
                        let last = stored.end ?? lastSample ?? stored.start
                        return Listing(id: stored.id, kind: stored.kind, workoutStyle: stored.workoutStyle, app: stored.app,
                                       runName: stored.runName, status: status(stored.status, of: stored.id),
                                       startWallClock: stored.wallStart, duration: .nanoseconds(last - stored.start),
                                       samples: samples, board: Self.board(row), damage: nil)
                    } catch {
                        return Listing(id: id, kind: .workout, workoutStyle: nil, app: "", runName: "", status: .interrupted,
                                       startWallClock: 0, duration: .zero, samples: samples, board: Self.board(row),
                                       damage: error.problem)
                    }
                }
            }
        } catch {
            throw StoreError.wrap(error, path: path, doing: "list sessions")
        }
    }

    /// Reads one session a row at a time: `body` gets the session's row and cursors over its
    /// samples and events, valid until it returns, all in one read transaction (a snapshot:
    /// a recording going on meanwhile is not seen half-way). What `show`, `export` and `plot`
    /// use, so that no session is ever loaded whole. The session's row is checked before
    /// `body` runs, and every event and sample as it is read (`StoredSessionRows`): damage
    /// is `StoreError.damagedSession`. What `body` throws is rethrown.
    public func read<T>(id: Int64, _ body: (any SessionRows) throws -> T) throws -> T {
        let result: T?
        do {
            result = try queue.read { db -> T? in
                guard let row = try Row.fetchOne(db, sql: """
                    SELECT s.*, (SELECT MAX(t) FROM samples WHERE session_id = s.id) AS last_sample,
                           (SELECT MIN(t) FROM events WHERE session_id = s.id) AS first_event,
                           (SELECT MAX(t) FROM events WHERE session_id = s.id) AS last_event
                    FROM sessions s WHERE s.id = ?
                    """, arguments: [id]) else { return nil }
                let stored: StoredSession
                let header: SessionHeader
                do throws(StoredSession.Damage) {
                    stored = try StoredSession(row)
                    header = try Self.header(stored, row, status: self.status(stored.status, of: id))
                } catch {
                    throw StoreError.damagedSession(id, path: path, error.problem)
                }
                return try body(StoredSessionRows(db: db, stored: stored, header: header, path: path))
            }
        } catch let error as DatabaseError {
            throw StoreError.wrap(error, path: path, doing: "read session \(id)")
        }
        guard let result else { throw StoreError.noSuchSession(id, known: (try? sessions().map(\.id)) ?? []) }
        return result
    }

    /// Loads a whole session into memory: its row, events and samples (tests, small sessions).
    public func session(id: Int64) throws(StoreError) -> RecordedSession {
        do {
            return try read(id: id) { rows in
                let h = rows.header
                var session = RecordedSession(
                    id: h.id, kind: h.kind, workoutStyle: h.workoutStyle, activity: h.activity, app: h.app, runName: h.runName,
                    source: h.source, seed: h.seed, clock: h.clock, startWallClock: h.startWallClock, startTime: h.startTime,
                    endTime: h.endTime, status: h.status, sampleInterval: h.sampleInterval, poolLength: h.poolLength,
                    routeStart: h.routeStart, routeBearing: h.routeBearing)
                session.board = h.board
                let events = try rows.events(nil)
                while let event = try events.next() { session.events.append(event) }
                let samples = try rows.samples()
                while let sample = try samples.next() { session.samples.append(sample) }
                return session
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.wrap(error, path: path, doing: "load session \(id)")
        }
    }

    /// A session's board: text, or empty (a store from before boards, or a damaged value).
    static func board(_ row: Row) -> String {
        guard let value = row["board"] as DatabaseValue?, case .string(let text) = value.storage else { return "" }
        return text
    }

    /// The checked row as what readers see: where the session stops is its end, or its last
    /// sample or event (each checked to be a time, no sample outside the session and no event
    /// far from it).
    private static func header(_ stored: StoredSession, _ row: Row,
                               status: RecordedSession.Status) throws(StoredSession.Damage) -> SessionHeader {
        let lastSample = try StoredSession.integer(row, "last_sample", optional: true)
        let lastEvent = try StoredSession.integer(row, "last_event", optional: true)
        if let lastSample, !stored.contains(sampleTime: lastSample) { throw StoredSession.Damage(problem: outside(lastSample, stored)) }
        // The first and last event bound the rest, whether or not a reader reads them all.
        for time in [try StoredSession.integer(row, "first_event", optional: true), lastEvent].compactMap({ $0 })
        where !StoredSession.isNearZero(time) {
            throw StoredSession.Damage(problem: "an event is at \(Timestamp(nanoseconds: time))")
        }
        let start = Timestamp(nanoseconds: stored.start)
        let last = stored.end.map(Timestamp.init(nanoseconds:))
            ?? max(lastSample.map(Timestamp.init(nanoseconds:)) ?? start, lastEvent.map(Timestamp.init(nanoseconds:)) ?? start)
        return SessionHeader(
            id: stored.id, kind: stored.kind, workoutStyle: stored.workoutStyle, activity: stored.activity,
            app: stored.app, runName: stored.runName, source: stored.source, seed: stored.seed, clock: stored.clock,
            startWallClock: stored.wallStart, startTime: start, endTime: stored.end.map(Timestamp.init(nanoseconds:)),
            status: status, sampleInterval: .nanoseconds(stored.sampleInterval), poolLength: stored.poolLength,
            routeStart: stored.routeStart, routeBearing: stored.routeBearing, lastTime: last, board: board(row))
    }

    /// Whether a time on a run's time line is one a recorder writes (within a century of
    /// zero): what a lab's database checks its sessions', samples' and events' times against.
    public static func isPlausibleTime(_ time: Int64) -> Bool { StoredSession.isNearZero(time) }

    /// A sample outside its session's time, said as a user can check it.
    static func outside(_ time: Int64, _ stored: StoredSession) -> String {
        time < stored.start
            ? "the sample at \(Timestamp(nanoseconds: time)) is before its start (\(Timestamp(nanoseconds: stored.start)))"
            : "the sample at \(Timestamp(nanoseconds: time)) is after its end (\(Timestamp(nanoseconds: stored.end ?? stored.start)))"
    }

    /// What no sensor of a watch reads, and no recorder writes: a session holding one was
    /// damaged or edited, and is refused rather than handed to the summaries, plots and
    /// exports that assume readings a watch could make (a heart rate of 1e300 bpm cannot even
    /// be rounded to an integer). The store's sample cursors check every value as they read it.
    public struct Plausible: Sendable {
        public var name: String
        public var range: ClosedRange<Double>
    }

    /// In the order of the samples table's columns, heart rate to water temperature. A lab's
    /// database (`LabStore`) checks its rows against the same.
    public static let plausibleFields: [Plausible] = SampleField.readings.map { Plausible(name: $0.name, range: $0.plausible) }
}
