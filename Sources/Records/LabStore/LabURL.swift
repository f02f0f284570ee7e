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

    /// Whether `text` is a URL rather than a file's path: it starts with a scheme and `://`
    /// (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`), or with `postgres:` or
    /// `postgresql:` in any case. Every such text is parsed as a lab's URL, which refuses a
    /// scheme it does not know: taken as a SQLite path, `mysql://u:pw@h/db` was a directory
    /// tree named after it, password included.
    public static func isURL(_ text: String) -> Bool {
        if scheme(of: text) != nil { return true }
        let lowered = text.lowercased()
        return lowered.hasPrefix("postgres:") || lowered.hasPrefix("postgresql:")
    }

    /// The scheme of `text` when it starts with `SCHEME://`, as written.
    static func scheme(of text: String) -> Substring? {
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
              scheme.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return nil }
        return scheme
    }

    /// The schemes that name a PostgreSQL database, as libpq has them; a scheme is matched
    /// case-blind (RFC 3986, 3.1).
    static let schemes: Set<String> = ["postgres", "postgresql"]

    public init(parsing text: String) throws(LabError) {
        func refuse(_ problem: String) -> LabError { .badURL(Self.redacted(text), problem) }
        guard let scheme = Self.scheme(of: text) else { throw refuse("expected postgres://USER@HOST[:PORT]/DATABASE") }
        guard Self.schemes.contains(scheme.lowercased()) else {
            throw refuse("unknown scheme \"\(scheme)\"; a lab's database is postgres://USER@HOST[:PORT]/DATABASE (PostgreSQL), and a SQLite file is given as its path (begin it with ./ if it is one)")
        }
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
        guard components.fragment == nil else { throw refuse("a #fragment means nothing in a database's URL; remove it") }
        var tls: TLSMode?
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else {
                let fix = item.name.lowercased().contains("password")
                    ? "a password goes before the host: postgres://USER:PASSWORD@HOST/DATABASE"
                    : "the only one is sslmode (disable, prefer, require)"
                throw refuse("unknown parameter \"\(item.name)\"; \(fix)")
            }
            guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                throw refuse("sslmode must be disable, prefer or require")
            }
            // Given twice, which one holds is a guess: libpq takes the last, so
            // ?sslmode=require&sslmode=disable turned TLS off.
            if let tls { throw refuse("sslmode is given twice (\(tls.rawValue), then \(mode.rawValue)); give it once") }
            tls = mode
        }
        self.user = components.user ?? user
        self.password = components.password
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        self.port = components.port ?? 5432
        guard (1...65535).contains(port) else { throw refuse("the port must be from 1 to 65535") }
        self.database = database
        self.tls = tls ?? .disable
    }

    /// The URL without its password: what messages, the log and the outbox's state name.
    public var description: String {
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        return "postgres://\(user)@\(host):\(port)/\(database)" + (tls == .disable ? "" : "?sslmode=\(tls.rawValue)")
    }

    /// A URL as given, with what may be secret replaced by `***`: the password in the user
    /// part, the value of every parameter but `sslmode` (`?password=pw` is one libpq knows),
    /// and a fragment. Safe to print.
    static func redacted(_ text: String) -> String {
        let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? text.endIndex
        var base = String(text[..<end])
        if let at = base.lastIndex(of: "@"), let scheme = base.range(of: "://"), scheme.upperBound < at,
           let colon = base[scheme.upperBound..<at].firstIndex(of: ":") {
            base = String(base[..<colon]) + ":***" + String(base[at...])
        }
        var rest = text[end...]
        var query = ""
        if rest.first == "?" {
            let queryEnd = rest.firstIndex(of: "#") ?? rest.endIndex
            query = "?" + rest[rest.index(after: rest.startIndex)..<queryEnd].split(separator: "&", omittingEmptySubsequences: false)
                .map { item in
                    guard let equals = item.firstIndex(of: "=") else { return String(item) }
                    return item[..<equals] == "sslmode" ? String(item) : item[..<equals] + "=***"
                }
                .joined(separator: "&")
            rest = rest[queryEnd...]
        }
        return base + query + (rest.isEmpty ? "" : "#***")
    }
}

/// What went wrong with the lab's database.
public enum LabError: Error, CustomStringConvertible, Sendable {
    /// A `--db postgres://...` (or ACTIONSIM_DB, or the config file's `db:`) that is not a usable URL.
    case badURL(String, String)
    /// The server could not be reached or refused the connection.
    case unreachable(String, String)
    /// The server answered and refused the login: a wrong password, a user or a database it
    /// does not have, a client its pg_hba.conf does not let in (SQLSTATE class 28, 3D000).
    case loginRefused(String, String)
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
        case .loginRefused(let url, let reason):
            "the lab's database \(url) refused the login: \(reason); check the user, password and database "
                + "in the URL (postgres://USER:PASSWORD@HOST/DATABASE) and the server's pg_hba.conf"
        case .failed(let url, let doing, let reason): "the lab's database \(url) could not \(doing): \(reason)"
        case .noSuchSession(let id, let url, let board):
            "no session \(id) in \(url)" + (board.map { " from board \($0)" } ?? "") + "; `actionsim sessions` lists them"
        case .damagedSession(let id, let url, let problem): "session \(id) in \(url) is damaged: \(problem)"
        }
    }

    /// Why, in a few words, without the database's address (for messages that name it already).
    public var reason: String {
        switch self {
        case .unreachable(_, let reason), .loginRefused(_, let reason), .failed(_, _, let reason), .damagedSession(_, _, let reason),
             .badURL(_, let reason): reason
        case .noSuchSession: description
        }
    }

    /// Whether the error says the lab cannot be used now (retry later: the server is away, or
    /// turned the login down until someone fixes it) rather than refusing what was sent.
    public var isUnreachable: Bool {
        switch self {
        case .unreachable, .loginRefused: true
        case .badURL, .failed, .noSuchSession, .damagedSession: false
        }
    }
}
