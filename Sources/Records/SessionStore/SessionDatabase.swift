import ActionButtonCore
import Foundation
import GRDB
import OutputFiles
import SimulationEvents
import Telemetry

/// The session store: one SQLite database (WAL) holding every recorded session, its
/// events and its samples, beside the JSON Lines logs. Opening it finds sessions whose
/// process died before ending them and marks them interrupted, keeping every committed
/// sample (T4).
///
/// Commands that only read (`sessions`, `show`, `export`, `plot`) open it with
/// `init(readingFrom:)`, which works on a store they may not write: a read-only file or
/// directory, or read-only media.
public final class SessionDatabase: @unchecked Sendable {
    // A DatabaseQueue serialises every access itself; this class adds no state of its own.
    public let path: String
    let queue: DatabaseQueue
    /// Sessions found unfinished (their process is gone) when the store was opened: marked
    /// interrupted, or only reported as such when the store is read-only.
    public private(set) var recovered: [RecoveredSession] = []
    /// Whether the store was opened read-only (nothing it finds is written back).
    public let isReadOnly: Bool
    /// The file the store was opened as (device and inode), to tell at a run's end whether
    /// the path still names it.
    private var identity: (device: UInt64, inode: UInt64)?

    public struct RecoveredSession: Hashable, Sendable {
        public var id: Int64
        public var samplesKept: Int
        /// False when the store is read-only: the session is shown as interrupted, but its
        /// row still says it is running.
        public var marked = true
    }

    /// `$XDG_DATA_HOME/actionsim/actionsim.sqlite`, else `~/.local/share/actionsim/actionsim.sqlite`.
    public static func defaultPath(dataDirectory: String? = nil) -> String {
        if let dataDirectory { return dataDirectory + "/actionsim.sqlite" }
        let environment = ProcessInfo.processInfo.environment
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/actionsim/actionsim.sqlite" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share/actionsim/actionsim.sqlite"
    }

    /// How long a command waits for a store another actionsim is writing, unless told
    /// (`--store-wait`), in seconds.
    public static let defaultBusyTimeout: Double = 5

    /// Opens (or creates) the store, brings its schema up to date and recovers the
    /// sessions of processes that are gone. `isAlive` says whether a process id still runs.
    /// Another writer holding the store is waited for up to `busyTimeout` seconds, at the
    /// open and at each commit; longer is `StoreError.locked`.
    public init(path: String, busyTimeout: Double = SessionDatabase.defaultBusyTimeout,
                isAlive: (Int32) -> Bool = SessionDatabase.processIsAlive) throws(StoreError) {
        self.path = path
        Self.protectFromOutputs(path)
        self.isReadOnly = false
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do { try OutputFile.createDirectories(directory) } catch {
                throw .cannotCreateDirectory(directory, error.reason)
            }
        }
        var configuration = Configuration()
        configuration.journalMode = .wal
        // Another actionsim may be writing its own session: wait for it rather than fail.
        configuration.busyMode = .timeout(busyTimeout)
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
        identity = Self.identity(of: path)
        recovered = try recoverInterrupted(isAlive: isAlive)
    }

    /// Why the path no longer names the file this store writes, or nil while it does. A store
    /// deleted during a run is written to the end (SQLite holds it open) and vanishes at its
    /// close: the run's end said its sessions were stored, in a file no one could open.
    public var goneFromPath: String? {
        guard let identity else { return nil }
        guard let now = Self.identity(of: path) else { return "was deleted during the run" }
        return now == identity ? nil : "was replaced by another file during the run"
    }

    private static func identity(of path: String) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// Opens the store for reading only. A store that may be written is opened as `init(path:)`
    /// opens it (migrated, its unfinished sessions marked); one that may not — a read-only
    /// file, directory or file system — is read as it is, its unfinished sessions reported
    /// as interrupted without being marked. A store that does not exist yet is read as an
    /// empty one, and nothing is created.
    public convenience init(readingFrom path: String, isAlive: (Int32) -> Bool = SessionDatabase.processIsAlive) throws(StoreError) {
        Self.protectFromOutputs(path)
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno != ENOENT { throw .failed(path: path, doing: "open it", String(cString: strerror(errno))) }
            try self.init(emptyStoreNamed: path)
            return
        }
        let directory = (path as NSString).deletingLastPathComponent
        if access(path, W_OK) == 0, access(directory.isEmpty ? "." : directory, W_OK | X_OK) == 0 {
            guard let queue = Self.openIfNothingToWrite(path, isAlive: isAlive) else {
                try self.init(path: path, isAlive: isAlive)
                return
            }
            // Read through the connection that asked: a second one cost a short export a
            // good part of its start-up.
            try self.init(readOnly: queue, at: path, isAlive: isAlive)
            return
        }
        // Nothing to write (or nothing that may be written): read-only. A read-write
        // connection also checkpoints the log and syncs when it closes, which was a good part
        // of a short export's time.
        try self.init(readOnlyAt: path, isAlive: isAlive)
    }

    /// No output of the command replaces the store or its companions (`plot 1 -o
    /// actionsim.sqlite` in the data folder replaced the store with a picture).
    private static func protectFromOutputs(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            OutputFile.readsInput(path + suffix, as: "the session store this command uses")
        }
    }

    /// How a reading command's connection is opened: read-only, waiting for a writer rather
    /// than failing, and reading the first 8 MB of the file through a memory map (SQLite's
    /// `mmap_size`) instead of a `read` call a page, which copied each page once more (a
    /// tenth of a short export's time). No more: mapped pages count in the process's
    /// resident memory, and a reader of a store of any size stays under 40 MB.
    static var readOnlyConfiguration: Configuration {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA mmap_size = 8388608")
        }
        return configuration
    }

    /// The store opened read-only, when opening it need not write to it; nil when it must:
    /// a migration to run, or a session whose process is gone to mark interrupted. Anything
    /// in the way of asking (a damaged file) says it must, and opening it read-write reports
    /// it as before.
    private static func openIfNothingToWrite(_ path: String, isAlive: (Int32) -> Bool) -> DatabaseQueue? {
        do {
            let configuration = readOnlyConfiguration
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            let mustWrite = try queue.read { db in
                try checkSchemaTable(db)
                guard try migrator.hasCompletedMigrations(db) else { return true }
                let pids = try Row.fetchAll(db, sql: "SELECT pid FROM sessions WHERE status = 'active'")
                return pids.contains { row in
                    guard let pid = try? row.decode(Int32?.self, atIndex: 0) else { return true }
                    return !isAlive(pid)
                }
            }
            return mustWrite ? nil : queue
        } catch {
            return nil
        }
    }

    private init(emptyStoreNamed path: String) throws(StoreError) {
        self.path = path
        self.isReadOnly = true
        do {
            queue = try DatabaseQueue()
            try Self.migrator.migrate(queue)
        } catch {
            throw StoreError.wrap(error, path: path, doing: "open it")
        }
    }

    private convenience init(readOnlyAt path: String, isAlive: (Int32) -> Bool) throws(StoreError) {
        let configuration = Self.readOnlyConfiguration
        let queue: DatabaseQueue
        do {
            queue = try Self.openReadOnly(path, configuration: configuration)
        } catch {
            throw StoreError.wrap(error, path: path, doing: "open it")
        }
        try self.init(readOnly: queue, at: path, isAlive: isAlive)
    }

    private init(readOnly queue: DatabaseQueue, at path: String, isAlive: (Int32) -> Bool) throws(StoreError) {
        self.path = path
        self.isReadOnly = true
        self.queue = queue
        do {
            try queue.read(Self.checkSchema)
        } catch {
            throw StoreError.wrap(error, path: path, doing: "open it")
        }
        recovered = try findInterrupted(isAlive: isAlive)
    }

    private static func openReadOnly(_ path: String, configuration: Configuration) throws -> DatabaseQueue {
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.read(checkSchemaTable)
            return queue
        } catch let error as DatabaseError
                    where [.SQLITE_CANTOPEN, .SQLITE_READONLY].contains(error.resultCode) && !hasWriteAheadLog(path) {
            // A WAL store read-only needs its -shm file, which a read-only directory or file
            // system cannot take (SQLite says it cannot open the file, or, when it may not
            // create the -shm, that the database is read-only). With no log of uncheckpointed commits beside it, the
            // database file holds everything: read it as unchanging (SQLite's `immutable`),
            // which needs no -shm.
            let queue = try DatabaseQueue(path: immutableURI(path), configuration: configuration)
            try queue.read(checkSchemaTable)
            return queue
        }
    }

    /// Whether `path` has a write-ahead log holding commits not yet in the database file.
    static func hasWriteAheadLog(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) == 0 && info.st_size > 0
    }

    /// SQLite's URI for reading a file that nothing changes while it is open: the path
    /// percent-encoded as a URI's path is (Foundation's), which SQLite decodes.
    static func immutableURI(_ path: String) -> String {
        "file:" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + "?immutable=1"
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
        // A lab (issue 18): each session says which board recorded it; the store has an
        // identity, its sessions' key in the lab's database with their local ids; and the
        // outbox notes, per lab, how far each session was forwarded (`Outbox`).
        migrator.registerMigration("v2-lab") { db in
            try db.execute(sql: """
                ALTER TABLE sessions ADD COLUMN board TEXT NOT NULL DEFAULT '';
                CREATE TABLE store_identity (id TEXT NOT NULL);
                CREATE TABLE lab_outbox (
                    lab TEXT NOT NULL,                  -- the lab's database, without its password
                    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                    lab_session_id INTEGER NOT NULL,    -- its id in the lab
                    status TEXT NOT NULL,               -- the status and end the lab has
                    end_t INTEGER,
                    last_sample_t INTEGER,              -- the lab has every sample up to this time
                    last_event INTEGER NOT NULL,        -- and every event up to this rowid
                    PRIMARY KEY (lab, session_id)
                );
                """)
            try db.execute(sql: "INSERT INTO store_identity (id) VALUES (?)", arguments: [UUID().uuidString.lowercased()])
        }
        // Issue 16: a workout's samples summed up in spans of up to 32 (`SampleSpan`,
        // `SampleSpanWriter`), written with them, so a plot of a long session reads the
        // spans. Sessions recorded before have none, and are plotted from their samples.
        migrator.registerMigration("v3-spans") { db in
            try db.execute(sql: """
                CREATE TABLE sample_spans (
                    session_id INTEGER NOT NULL,
                    first_t INTEGER NOT NULL,           -- the span's first and last sample
                    last_t INTEGER NOT NULL,
                    count INTEGER NOT NULL,
                    heart_rate_sum REAL NOT NULL,
                    heart_rates INTEGER NOT NULL,
                    -- heart rate and speed: the first, lowest, highest and last reading, each with its time
                    hr_first_t INTEGER, hr_first REAL, hr_low_t INTEGER, hr_low REAL,
                    hr_high_t INTEGER, hr_high REAL, hr_last_t INTEGER, hr_last REAL,
                    speed_first_t INTEGER, speed_first REAL, speed_low_t INTEGER, speed_low REAL,
                    speed_high_t INTEGER, speed_high REAL, speed_last_t INTEGER, speed_last REAL,
                    distance REAL,                      -- the span's last distance and energy
                    active_energy REAL,
                    PRIMARY KEY (session_id, first_t)
                ) WITHOUT ROWID;
                """)
        }
        // Issue 28: a warning's code and numbers beside its sentence (`SessionWarning`'s
        // stored form), so that readers never parse the sentence. Warnings stored before
        // get their code from their sentence here, once; their numbers stay unknown. A
        // store read where it cannot be written keeps its old schema: its warnings are read
        // without codes (`StoredSessionRows.events`), so `detail` is not an expected column.
        migrator.registerMigration("v4-warning-detail") { db in
            try db.execute(sql: """
                ALTER TABLE events ADD COLUMN detail TEXT;
                UPDATE events SET detail = '{"code":"ascent-rate"}' WHERE kind = 'warning' AND label LIKE 'ascent rate %';
                UPDATE events SET detail = '{"code":"rated-depth"}' WHERE kind = 'warning' AND label LIKE '% rated depth %';
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
        "samples": Set(["session_id", "t", "elapsed"] + SampleField.allCases.map(\.column)),
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

    /// Read-only: the sessions recovery would mark, reported without marking them.
    private func findInterrupted(isAlive: (Int32) -> Bool) throws(StoreError) -> [RecoveredSession] {
        do {
            return try queue.read { db in
                let rows = try Row.fetchAll(db, sql: "SELECT id, pid FROM sessions WHERE status = 'active'")
                var found: [RecoveredSession] = []
                for row in rows {
                    guard let id = try? row.decode(Int64.self, forColumn: "id") else { continue }
                    if let pid = try? row.decode(Int32?.self, forColumn: "pid"), isAlive(pid) { continue }
                    let kept = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM samples WHERE session_id = ?", arguments: [id]) ?? 0
                    found.append(RecoveredSession(id: id, samplesKept: kept, marked: false))
                }
                return found
            }
        } catch {
            throw StoreError.wrap(error, path: path, doing: "look for unfinished sessions")
        }
    }

    /// A session reported interrupted but not marked so (a read-only store) reads as interrupted.
    private func status(_ stored: RecordedSession.Status, of id: Int64) -> RecordedSession.Status {
        stored == .active && recovered.contains(where: { $0.id == id && !$0.marked }) ? .interrupted : stored
    }

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
                    routeStart: h.routeStart)
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
            routeStart: stored.routeStart, lastTime: last, board: board(row))
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
