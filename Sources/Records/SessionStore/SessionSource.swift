import ActionButtonCore
import Telemetry

/// Where the reading commands (`sessions`, `show`, `export`, `plot`) find sessions: a
/// board's SQLite store (`SessionDatabase`) or a lab's PostgreSQL (`LabStore`'s
/// `LabDatabase`). The same rows either way: a session read from the lab is the session its
/// board recorded, read a row at a time from either.
public protocol SessionSource: AnyObject {
    /// The store's place, as messages name it (a path, or a URL without its password).
    var location: String { get }
    /// The sessions of `board` (nil: of every board), in order.
    func sessions(board: String?) throws -> [SessionDatabase.Listing]
    /// The newest session of `kind` (nil: of any) and `board` (nil: of any), without listing
    /// every session and counting its samples (`plot last` of a store of long sessions).
    func lastSession(kind: SessionLifecycle.Kind?, board: String?) throws -> Int64?
    /// Reads one session a row at a time: `body` gets its row and cursors over its samples
    /// and events, valid until it returns. A session that is not there or is damaged is an
    /// error of the store's; what `body` throws is rethrown.
    func read<T>(id: Int64, _ body: (any SessionRows) throws -> T) throws -> T
}

extension SessionDatabase: SessionSource {
    public var location: String { path }
}
