import Telemetry

/// Where the reading commands (`sessions`, `show`, `export`, `plot`) find sessions: a
/// board's SQLite store (`SessionDatabase`) or a lab's PostgreSQL (`LabStore`'s
/// `LabDatabase`). The same rows either way: a session read from the lab is the session its
/// board recorded.
public protocol SessionSource: AnyObject {
    /// The store's place, as messages name it (a path, or a URL without its password).
    var location: String { get }
    /// The sessions of `board` (nil: of every board), in order.
    func sessions(board: String?) throws -> [SessionDatabase.Listing]
    /// One session, whole.
    func session(id: Int64) throws -> RecordedSession
}

extension SessionDatabase: SessionSource {
    public var location: String { path }
}
