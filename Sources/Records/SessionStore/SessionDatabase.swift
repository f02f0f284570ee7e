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
}
