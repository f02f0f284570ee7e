import ActionButtonCore
import Foundation
import GRDB
import Simulation
import Telemetry

/// The session store: one SQLite database (WAL) holding every recorded session, its
/// events and its samples, beside the JSON Lines logs. Opening it finds sessions whose
/// process died before ending them and marks them interrupted, keeping every committed
/// sample (T4).
public final class SessionDatabase: @unchecked Sendable {
    // A DatabaseQueue serialises every access itself; this class adds no state of its own.
    public let path: String
    let queue: DatabaseQueue
    /// Sessions found unfinished and marked interrupted when the store was opened.
    public private(set) var recovered: [RecoveredSession] = []

    public struct RecoveredSession: Hashable, Sendable {
        public var id: Int64
        public var samplesKept: Int
    }

    /// `$XDG_DATA_HOME/actionsim/actionsim.sqlite`, else `~/.local/share/actionsim/actionsim.sqlite`.
    public static func defaultPath(dataDirectory: String? = nil) -> String {
        if let dataDirectory { return dataDirectory + "/actionsim.sqlite" }
        let environment = ProcessInfo.processInfo.environment
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/actionsim/actionsim.sqlite" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share/actionsim/actionsim.sqlite"
    }

    /// Opens (or creates) the store, brings its schema up to date and recovers the
    /// sessions of processes that are gone. `isAlive` says whether a process id still runs.
    public init(path: String, isAlive: (Int32) -> Bool = SessionDatabase.processIsAlive) throws(StoreError) {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw .cannotCreateDirectory(directory, (error as NSError).localizedDescription)
            }
        }
        var configuration = Configuration()
        configuration.journalMode = .wal
        // Another actionsim may be writing its own session: wait for it rather than fail.
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // WAL with synchronous=NORMAL: a commit is durable against a crash of this
            // process (the WAL is in the OS), and only a power loss can take the last ones.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Checkpoint (copy the WAL into the database, and sync it) every 32 MB of WAL rather
            // than SQLite's 4 MB: a recording only appends, and at the default a long replay
            // stopped to sync every few thousand samples. The last connection to close
            // checkpoints whatever is left.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 8192")
        }
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.read(Self.checkSchemaTable)
            try Self.migrator.migrate(queue)
            try queue.read(Self.checkSchema)
        } catch {
            throw StoreError.wrap(error, path: path, doing: "open it")
        }
        recovered = try recoverInterrupted(isAlive: isAlive)
    }

    /// Whether a process with this id exists (signal 0 checks without sending anything).
    public static func processIsAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE sessions (
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL,                 -- workout | dive
                    workout_style TEXT,
                    activity TEXT,                      -- walking | running | cycling | swimming | other
                    app TEXT NOT NULL,
                    run_name TEXT NOT NULL,
                    source TEXT NOT NULL,               -- replay | run
                    seed INTEGER,
                    clock TEXT NOT NULL,                -- virtual | real
                    wall_start INTEGER NOT NULL,        -- ns since 1970 UTC at start_t
                    start_t INTEGER NOT NULL,           -- ns on the run's time line
                    end_t INTEGER,
                    status TEXT NOT NULL,               -- active | ended | interrupted
                    sample_interval INTEGER NOT NULL,   -- ns
                    pool_length REAL NOT NULL,
                    route_latitude REAL NOT NULL,
                    route_longitude REAL NOT NULL,
                    pid INTEGER                         -- the recording process, for recovery
                );
                CREATE TABLE events (
                    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                    t INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    label TEXT NOT NULL
                );
                CREATE INDEX events_by_session ON events(session_id, t);
                -- Samples are appended in time order: a clustered key makes that an append.
                CREATE TABLE samples (
                    session_id INTEGER NOT NULL,
                    t INTEGER NOT NULL,
                    elapsed INTEGER NOT NULL,
                    heart_rate REAL, active_energy REAL, distance REAL, speed REAL, cadence REAL, strokes REAL,
                    depth REAL, pressure REAL, water_temperature REAL, submerged INTEGER,
                    PRIMARY KEY (session_id, t)
                ) WITHOUT ROWID;
                """)
        }
        return migrator
    }

    /// The columns every reader relies on. A file whose migrations say it is up to date but
    /// whose tables lack one was damaged or written by something else: refused at open (as
    /// damaged) rather than failing on the first row read.
    static let expectedColumns: [String: Set<String>] = [
        "sessions": ["id", "kind", "workout_style", "activity", "app", "run_name", "source", "seed", "clock", "wall_start",
                     "start_t", "end_t", "status", "sample_interval", "pool_length", "route_latitude", "route_longitude", "pid"],
        "events": ["session_id", "t", "kind", "label"],
        "samples": ["session_id", "t", "elapsed", "heart_rate", "active_energy", "distance", "speed", "cadence", "strokes",
                    "depth", "pressure", "water_temperature", "submerged"],
    ]

    /// Checks the store's tables with plain SQL rather than GRDB's schema introspection,
    /// which assumes a well-formed schema and stops the process on anything else.
    static func checkSchema(_ db: Database) throws {
        for (table, expected) in expectedColumns.sorted(by: { $0.key < $1.key }) {
            let columns = try Row.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
            guard !columns.isEmpty else { throw SchemaMismatch(problem: "it has no \(table) table") }
            let found = Set(try columns.compactMap { try $0.decode(String?.self, atIndex: 0)?.lowercased() })
            if let missing = expected.subtracting(found).sorted().first {
                throw SchemaMismatch(problem: "its \(table) table has no column \(missing)")
            }
        }
    }

    /// Before anything reads the schema (GRDB's migrator does): every entry of SQLite's
    /// schema table must have a text type and name. A damaged one (the fuzzer made a NULL
    /// type) would stop the process inside GRDB, which decodes them without a way to fail.
    static func checkSchemaTable(_ db: Database) throws {
        let damaged = try Int.fetchOne(db, sql: """
            SELECT COUNT(*) FROM sqlite_master
            WHERE typeof(type) != 'text' OR typeof(name) != 'text'
               OR typeof(tbl_name) NOT IN ('text', 'null') OR typeof(sql) NOT IN ('text', 'null')
            """) ?? 0
        if damaged > 0 {
            throw SchemaMismatch(problem: damaged == 1 ? "an entry of its schema table is damaged"
                                     : "\(damaged) entries of its schema table are damaged")
        }
    }

    /// Tables that are not the store's: reported as a damaged store.
    struct SchemaMismatch: Error {
        var problem: String
    }

    // MARK: Recovery (T4)

    private func recoverInterrupted(isAlive: (Int32) -> Bool) throws(StoreError) -> [RecoveredSession] {
        do {
            return try queue.write { db in
                let rows = try Row.fetchAll(db, sql: "SELECT id, pid FROM sessions WHERE status = 'active'")
                var recovered: [RecoveredSession] = []
                for row in rows {
                    let id: Int64 = try row.decode(forColumn: "id")
                    let pid: Int32? = try? row.decode(Int32?.self, forColumn: "pid")
                    if let pid, isAlive(pid) { continue }
                    let lastSample = try Int64.fetchOne(db, sql: "SELECT MAX(t) FROM samples WHERE session_id = ?", arguments: [id])
                    let lastEvent = try Int64.fetchOne(db, sql: "SELECT MAX(t) FROM events WHERE session_id = ?", arguments: [id])
                    let start = try Int64.fetchOne(db, sql: "SELECT start_t FROM sessions WHERE id = ?", arguments: [id]) ?? 0
                    let end = [lastSample, lastEvent, start].compactMap { $0 }.max() ?? start
                    try db.execute(sql: "UPDATE sessions SET status = 'interrupted', end_t = ? WHERE id = ?", arguments: [end, id])
                    try db.execute(sql: "INSERT INTO events (session_id, t, kind, label) VALUES (?, ?, 'interrupted', ?)",
                                   arguments: [id, end, "the recording process stopped before the session ended"])
                    let kept = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM samples WHERE session_id = ?", arguments: [id]) ?? 0
                    recovered.append(RecoveredSession(id: id, samplesKept: kept))
                }
                return recovered
            }
        } catch {
            throw StoreError.wrap(error, path: path, doing: "recover unfinished sessions")
        }
    }

    // MARK: Reading

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
    }

    public func sessions() throws(StoreError) -> [Listing] {
        do {
            return try queue.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT s.*, (SELECT COUNT(*) FROM samples WHERE session_id = s.id) AS sample_count,
                           COALESCE(s.end_t, (SELECT MAX(t) FROM samples WHERE session_id = s.id), s.start_t) AS last_t
                    FROM sessions s ORDER BY s.id
                    """).map { row in
                    Listing(id: try row.decode(forColumn: "id"),
                            kind: SessionLifecycle.Kind(rawValue: try row.decode(forColumn: "kind")) ?? .workout,
                            workoutStyle: try row.decode(forColumn: "workout_style"), app: try row.decode(forColumn: "app"),
                            runName: try row.decode(forColumn: "run_name"),
                            status: RecordedSession.Status(rawValue: try row.decode(forColumn: "status")) ?? .interrupted,
                            startWallClock: try row.decode(forColumn: "wall_start"),
                            duration: .nanoseconds(try row.decode(Int64.self, forColumn: "last_t")
                                &- row.decode(Int64.self, forColumn: "start_t")),
                            samples: try row.decode(forColumn: "sample_count"))
                }
            }
        } catch {
            throw StoreError.wrap(error, path: path, doing: "list sessions")
        }
    }

    /// Reads one session a row at a time: `body` gets the session's row and cursors over its
    /// samples and events, valid until it returns, all in one read transaction (a snapshot:
    /// a recording going on meanwhile is not seen half-way). What `show`, `export` and `plot`
    /// use, so that no session is ever loaded whole. Errors of the store are `StoreError`s
    /// (a value no sensor could read is `.damagedSession`); what `body` throws is rethrown.
    public func read<T>(id: Int64, _ body: (any SessionRows) throws -> T) throws -> T {
        var missing = false
        let result: T?
        do {
            result = try queue.read { db -> T? in
                guard let header = try Self.header(id: id, in: db, path: path) else {
                    missing = true
                    return nil
                }
                return try body(StoredSessionRows(db: db, header: header, path: path))
            }
        } catch let error as DatabaseError {
            throw StoreError.wrap(error, path: path, doing: "read session \(id)")
        }
        guard let result, !missing else { throw StoreError.noSuchSession(id, known: (try? sessions().map(\.id)) ?? []) }
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
                    routeStart: h.routeStart)
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

    /// The session's row, checked; nil if there is none.
    static func header(id: Int64, in db: Database, path: String) throws -> SessionHeader? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT s.*, (SELECT MAX(t) FROM samples WHERE session_id = s.id) AS last_sample,
                   (SELECT MAX(t) FROM events WHERE session_id = s.id) AS last_event
            FROM sessions s WHERE s.id = ?
            """, arguments: [id]) else { return nil }
        // Decoded with `decode`, which throws where a subscript would crash: the file is
        // outside input, and a damaged or hand-edited one must get an error.
        let kind = SessionLifecycle.Kind(rawValue: try row.decode(forColumn: "kind")) ?? .workout
        let startTime = Timestamp(nanoseconds: try row.decode(forColumn: "start_t"))
        let endTime = try row.decode(Int64?.self, forColumn: "end_t").map(Timestamp.init(nanoseconds:))
        let lastSample = try row.decode(Int64?.self, forColumn: "last_sample").map(Timestamp.init(nanoseconds:))
        let lastEvent = try row.decode(Int64?.self, forColumn: "last_event").map(Timestamp.init(nanoseconds:))
        let header = SessionHeader(
            id: id, kind: kind, workoutStyle: try row.decode(forColumn: "workout_style"),
            activity: try row.decode(String?.self, forColumn: "activity").flatMap(ActivityKind.init(rawValue:)),
            app: try row.decode(forColumn: "app"), runName: try row.decode(forColumn: "run_name"),
            source: try row.decode(forColumn: "source"), seed: try row.decode(forColumn: "seed"),
            clock: try row.decode(forColumn: "clock"), startWallClock: try row.decode(forColumn: "wall_start"),
            startTime: startTime, endTime: endTime,
            status: RecordedSession.Status(rawValue: try row.decode(forColumn: "status")) ?? .interrupted,
            sampleInterval: .nanoseconds(try row.decode(Int64.self, forColumn: "sample_interval")),
            poolLength: try row.decode(forColumn: "pool_length"),
            routeStart: (try row.decode(forColumn: "route_latitude"), try row.decode(forColumn: "route_longitude")),
            lastTime: endTime ?? max(lastSample ?? startTime, lastEvent ?? startTime))
        if let problem = implausibleValue(in: header) { throw StoreError.damagedSession(id, path: path, problem) }
        return header
    }

    /// What no sensor of a watch reads, and no recorder writes: a session holding one was
    /// damaged or edited, and is refused rather than handed to the summaries, plots and
    /// exports that assume readings a watch could make (a heart rate of 1e300 bpm cannot even
    /// be rounded to an integer). The store's sample cursors check every value they read.
    struct Plausible: Sendable {
        var name: String
        var range: ClosedRange<Double>
    }

    /// In the order of the samples table's columns, heart rate to water temperature.
    static let plausibleFields: [Plausible] = [
        Plausible(name: "heart rate", range: 0...400), Plausible(name: "active energy", range: 0...1e6),
        Plausible(name: "distance", range: 0...1e8), Plausible(name: "speed", range: 0...1000),
        Plausible(name: "cadence", range: 0...1000), Plausible(name: "strokes", range: 0...1e7),
        Plausible(name: "depth", range: -100...12_000), Plausible(name: "pressure", range: 0...200_000),
        Plausible(name: "water temperature", range: -100...200),
    ]

    static func implausibleValue(in session: SessionHeader) -> String? {
        guard session.sampleInterval > .zero, session.sampleInterval <= .seconds(86_400) else {
            return "its sample interval is \(session.sampleInterval)"
        }
        guard (0...10_000).contains(session.poolLength) else { return "its pool length is \(session.poolLength) m" }
        guard (-90...90).contains(session.routeStart.latitude), (-180...180).contains(session.routeStart.longitude) else {
            return "its route starts at \(session.routeStart.latitude), \(session.routeStart.longitude)"
        }
        return nil
    }
}
