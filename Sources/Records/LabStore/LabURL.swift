import Foundation

/// A lab's PostgreSQL database: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE]`
/// (also `postgresql://`), as libpq and psql write it. `sslmode` is `disable` (the default:
/// a lab's database is on its own network), `prefer` or `require`.
public struct LabURL: Hashable, Sendable, CustomStringConvertible {
    public enum TLSMode: String, Sendable, CaseIterable { case disable, prefer, require }

    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    public var tls: TLSMode

    /// Whether `text` names a PostgreSQL database rather than a file.
    public static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    public init(parsing text: String) throws(LabError) {
        func refuse(_ problem: String) -> LabError { .badURL(Self.redacted(text), problem) }
        guard Self.isURL(text) else { throw refuse("expected postgres://USER@HOST[:PORT]/DATABASE") }
        guard let components = URLComponents(string: text) else {
            throw refuse("not a URL; a password with @, : or / in it is written percent-encoded (%40, %3A, %2F)")
        }
        guard let host = components.host, !host.isEmpty else { throw refuse("no host; expected postgres://USER@HOST[:PORT]/DATABASE") }
        let user = components.user ?? ""
        guard !user.isEmpty else { throw refuse("no user; expected postgres://USER@\(host)/DATABASE") }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw refuse("no database; expected postgres://\(user)@\(host)/DATABASE")
        }
        var tls = TLSMode.disable
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else {
                throw refuse("unknown parameter \"\(item.name)\"; the only one is sslmode (disable, prefer, require)")
            }
            guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                throw refuse("sslmode must be disable, prefer or require")
            }
            tls = mode
        }
        self.user = components.user ?? user
        self.password = components.password
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        self.port = components.port ?? 5432
        guard (1...65535).contains(port) else { throw refuse("the port must be from 1 to 65535") }
        self.database = database
        self.tls = tls
    }

    /// The URL without its password: what messages, the log and the outbox's state name.
    public var description: String {
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        return "postgres://\(user)@\(host):\(port)/\(database)" + (tls == .disable ? "" : "?sslmode=\(tls.rawValue)")
    }

    /// A URL as given, with any password replaced: safe to print.
    static func redacted(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@"), let scheme = text.range(of: "://"), scheme.upperBound < at else { return text }
        let credentials = text[scheme.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + ":***" + String(text[at...])
    }
}

/// What went wrong with the lab's database.
public enum LabError: Error, CustomStringConvertible, Sendable {
    /// A `--db postgres://...` (or ACTIONSIM_DB, or the config file's `db:`) that is not a usable URL.
    case badURL(String, String)
    /// The server could not be reached or refused the connection.
    case unreachable(String, String)
    /// A query failed.
    case failed(String, doing: String, String)
    /// No such session (with the ids there are, for the message).
    case noSuchSession(Int64, in: String, board: String?)
    /// A session whose rows make no sense.
    case damagedSession(Int64, in: String, String)

    public var description: String {
        switch self {
        case .badURL(let url, let problem): "--db \(url): \(problem)"
        case .unreachable(let url, let reason):
            "cannot reach the lab's database \(url): \(reason); is the server running and reachable from here?"
        case .failed(let url, let doing, let reason): "the lab's database \(url) could not \(doing): \(reason)"
        case .noSuchSession(let id, let url, let board):
            "no session \(id) in \(url)" + (board.map { " from board \($0)" } ?? "") + "; `actionsim sessions` lists them"
        case .damagedSession(let id, let url, let problem): "session \(id) in \(url) is damaged: \(problem)"
        }
    }

    /// Why, in a few words, without the database's address (for messages that name it already).
    public var reason: String {
        switch self {
        case .unreachable(_, let reason), .failed(_, _, let reason), .damagedSession(_, _, let reason), .badURL(_, let reason): reason
        case .noSuchSession: description
        }
    }

    /// Whether the error says the server is away (retry later) rather than refusing what was sent.
    public var isUnreachable: Bool {
        if case .unreachable = self { return true }
        return false
    }
}
