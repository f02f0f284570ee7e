import PostgresNIO

/// The lab's tables, as the local SQLite store has them (`SessionDatabase`'s migrations):
/// `sessions`, `events`, `samples`, with the same columns, plus what tells boards apart
/// (`board`) and makes every row's key the one it had on its board (`origin_store` and
/// `origin_id` for a session; `seq` for an event, its rowid there), so that a resend
/// changes nothing.
///
/// Versioned migrations, each applied once in a transaction and noted in
/// `actionsim_migrations`; sixteen boards starting at once take turns (an advisory lock).
enum LabSchema {
    static let migrations: [(version: String, sql: [String])] = [
        ("v1", [
            """
            CREATE TABLE sessions (
                id BIGSERIAL PRIMARY KEY,
                board TEXT NOT NULL,                    -- --board of the run that recorded it
                origin_store TEXT NOT NULL,             -- the board's store (its identity)
                origin_id BIGINT NOT NULL,              -- the session's id there
                kind TEXT NOT NULL,                     -- workout | dive
                workout_style TEXT,
                activity TEXT,
                app TEXT NOT NULL,
                run_name TEXT NOT NULL,
                source TEXT NOT NULL,                   -- replay | run | record
                seed BIGINT,
                clock TEXT NOT NULL,                    -- virtual | real
                wall_start BIGINT NOT NULL,             -- ns since 1970 UTC at start_t
                start_t BIGINT NOT NULL,                -- ns on the run's time line
                end_t BIGINT,
                status TEXT NOT NULL,                   -- active | ended | interrupted
                sample_interval BIGINT NOT NULL,        -- ns
                pool_length DOUBLE PRECISION NOT NULL,
                route_latitude DOUBLE PRECISION NOT NULL,
                route_longitude DOUBLE PRECISION NOT NULL,
                pid BIGINT,
                UNIQUE (origin_store, origin_id)
            )
            """,
            "CREATE INDEX sessions_by_board ON sessions (board, id)",
            """
            CREATE TABLE events (
                session_id BIGINT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                seq BIGINT NOT NULL,
                t BIGINT NOT NULL,
                kind TEXT NOT NULL,
                label TEXT NOT NULL,
                PRIMARY KEY (session_id, seq)
            )
            """,
            """
            CREATE TABLE samples (
                session_id BIGINT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                t BIGINT NOT NULL,
                elapsed BIGINT NOT NULL,
                heart_rate DOUBLE PRECISION, active_energy DOUBLE PRECISION, distance DOUBLE PRECISION,
                speed DOUBLE PRECISION, cadence DOUBLE PRECISION, strokes DOUBLE PRECISION,
                depth DOUBLE PRECISION, pressure DOUBLE PRECISION, water_temperature DOUBLE PRECISION,
                submerged SMALLINT,
                PRIMARY KEY (session_id, t)
            )
            """,
        ]),
        // The rows' key checks against `sessions` went: the forwarder writes a session's row in
        // the same statement as its samples and events, and checking each row's session (a
        // trigger per row) took more than half of the insert's time (make bench). A session
        // is deleted with its rows: DELETE FROM samples, events, then sessions WHERE id = N.
        ("v2", [
            "ALTER TABLE samples DROP CONSTRAINT IF EXISTS samples_session_id_fkey",
            "ALTER TABLE events DROP CONSTRAINT IF EXISTS events_session_id_fkey",
        ]),
        // A warning's code and numbers beside its sentence, as the local store's v4 has them.
        ("v3-warning-detail", [
            "ALTER TABLE events ADD COLUMN IF NOT EXISTS detail TEXT",
            """
            UPDATE events SET detail = '{"code":"ascent-rate"}' WHERE kind = 'warning' AND label LIKE 'ascent rate %'
            """,
            """
            UPDATE events SET detail = '{"code":"rated-depth"}' WHERE kind = 'warning' AND label LIKE '% rated depth %'
            """,
        ]),
        // The way a workout headed, as the local store's v5 has it (NULL: east).
        ("v4-route-bearing", [
            "ALTER TABLE sessions ADD COLUMN IF NOT EXISTS route_bearing DOUBLE PRECISION",
        ]),
    ]

    /// Applies the migrations the database lacks. Safe with many boards at once.
    static func migrate(_ connection: LabConnection) throws(LabError) {
        try connection.query("""
            CREATE TABLE IF NOT EXISTS actionsim_migrations (
                version TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
            """, doing: "set up its tables")
        let applied = try appliedVersions(connection)
        guard migrations.contains(where: { !applied.contains($0.version) }) else { return }
        try connection.transaction(doing: "set up its tables") { () throws(LabError) in
            // One board migrates; the others wait here, then find it done.
            try connection.query("SELECT pg_advisory_xact_lock(7418001)", doing: "set up its tables")
            let applied = try appliedVersions(connection)
            for migration in migrations where !applied.contains(migration.version) {
                for statement in migration.sql { try connection.query(statement, doing: "set up its tables") }
                var binds = PostgresBindings()
                binds.append(migration.version)
                try connection.query("INSERT INTO actionsim_migrations (version) VALUES ($1)", binds, doing: "set up its tables")
            }
        }
    }

    static func appliedVersions(_ connection: LabConnection) throws(LabError) -> Set<String> {
        var versions: Set<String> = []
        for row in try connection.query("SELECT version FROM actionsim_migrations", doing: "read its schema version") {
            if let version = try? row.decode(String.self) { versions.insert(version) }
        }
        return versions
    }
}
