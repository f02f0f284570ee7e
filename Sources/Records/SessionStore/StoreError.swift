import GRDB

/// What can go wrong with the session store, said so that a user can act on it.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotCreateDirectory(String, String)
    /// The file is not a SQLite database, or its pages are damaged.
    case corrupted(path: String, String)
    case failed(path: String, doing: String, String)
    /// Another writer held the store longer than this one would wait for it.
    case locked(path: String)
    case noSuchSession(Int64, known: [Int64])
    /// One session holds values no recording could have made.
    case damagedSession(Int64, path: String, String)

    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let why):
            return "cannot create the data directory \(path): \(why)"
        case .corrupted(let path, let why):
            return "the session database \(path) is damaged or not a database (\(why)); move it aside (the next run starts a new one) or point --db elsewhere"
        case .failed(let path, let doing, let why):
            return "session database \(path): cannot \(doing): \(why)"
        case .locked(let path):
            return "session database \(path) is locked by another writer, longer than this command waits (--store-wait SECONDS waits longer)"
        case .damagedSession(let id, let path, let why):
            return "session \(id) in \(path) is damaged (\(why)); the other sessions are unaffected"
        case .noSuchSession(let id, let known):
            let list = known.isEmpty ? "the store has no sessions yet; replay a scenario first"
                : "known sessions: " + known.suffix(12).map(String.init).joined(separator: ", ") + "; `actionsim sessions` lists them"
            return "no session \(id) in the store; \(list)"
        }
    }

    /// Wraps a GRDB or SQLite error met while doing something.
    static func wrap(_ error: any Error, path: String, doing: String) -> StoreError {
        if let store = error as? StoreError { return store }
        if let mismatch = error as? SessionDatabase.SchemaMismatch { return .corrupted(path: path, mismatch.problem) }
        if let database = error as? DatabaseError {
            switch database.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return .locked(path: path)
            case .SQLITE_NOTADB, .SQLITE_CORRUPT:
                return .corrupted(path: path, database.message ?? "\(database.resultCode)")
            default:
                return .failed(path: path, doing: doing, database.message ?? "\(database.resultCode)")
            }
        }
        return .failed(path: path, doing: doing, "\(error)")
    }
}
