import ActionButtonCore
import Foundation
import GRDB
import OutputFiles
import SimulationEvents
import Telemetry

// The store's schema: its migrations, and the checks that a file is the store it claims to be.
extension SessionDatabase {
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
        // The way a workout headed (`route-bearing`), so that an export draws the route the
        // app's CoreLocation saw. Sessions stored before headed east, the default.
        migrator.registerMigration("v5-route-bearing") { db in
            try db.execute(sql: "ALTER TABLE sessions ADD COLUMN route_bearing REAL")
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
}
