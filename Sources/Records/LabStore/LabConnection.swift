import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

/// One connection to the lab's PostgreSQL (postgres-nio), used from one thread at a time,
/// which waits for each answer. It runs no Swift task: the queries are NIO futures on the
/// connection's event loop, so a live run that forwards never starts Swift's global
/// executor (whose worker threads, once started, wake the process every second).
final class LabConnection: @unchecked Sendable {
    let url: LabURL
    private let connection: PostgresConnection
    private let logger: Logger

    /// One event loop thread for every connection of the process. It sleeps in
    /// `epoll_wait` until the server says something: an open, idle connection costs no
    /// wake-up.
    static let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    /// Connects (within `timeout`) and brings the lab's schema up to date.
    init(url: LabURL, timeout: Duration = .seconds(5)) throws(LabError) {
        self.url = url
        var logger = Logger(label: "actionsim.lab")
        logger.logLevel = .critical
        self.logger = logger
        let tls: PostgresConnection.Configuration.TLS
        switch url.tls {
        case .disable: tls = .disable
        case .prefer, .require:
            do {
                let context = try NIOSSLContext(configuration: .makeClientConfiguration())
                tls = url.tls == .prefer ? .prefer(context) : .require(context)
            } catch {
                throw .unreachable(url.description, "TLS could not be set up: \(error)")
            }
        }
        var configuration = PostgresConnection.Configuration(host: url.host, port: url.port, username: url.user,
                                                             password: url.password, database: url.database, tls: tls)
        configuration.options.connectTimeout = .nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000
                                                            + timeout.components.attoseconds / 1_000_000_000)
        do {
            connection = try PostgresConnection.connect(on: Self.group.next(), configuration: configuration, id: 1,
                                                        logger: logger).wait()
        } catch {
            if let psql = error as? PSQLError, psql.code == .server, let state = psql.serverInfo?[.sqlState],
               state.hasPrefix("28") || state == "3D000" {
                throw .loginRefused(url.description, Self.reason(error))
            }
            throw .unreachable(url.description, Self.reason(error))
        }
    }

    /// Runs one statement and returns its rows.
    @discardableResult
    func query(_ sql: String, _ binds: PostgresBindings = PostgresBindings(), doing: String) throws(LabError) -> [PostgresRow] {
        do {
            let result = try connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger).wait()
            return Array(result.rows)
        } catch {
            throw Self.labError(error, url: url, doing: doing)
        }
    }

    /// Runs `body` in a transaction: committed if it returns, rolled back if it throws.
    func transaction<T>(doing: String, _ body: () throws(LabError) -> T) throws(LabError) -> T {
        try query("BEGIN", doing: doing)
        do {
            let value = try body()
            try query("COMMIT", doing: doing)
            return value
        } catch {
            if !error.isUnreachable { _ = try? query("ROLLBACK", doing: doing) }
            throw error
        }
    }

    func close() {
        _ = try? connection.close().wait()
    }

    var isClosed: Bool { connection.isClosed }

    // MARK: Errors in words

    /// A server's refusal is a failure of what was asked; anything else (no connection, a
    /// server shutting down or starting up) says it is away.
    static func labError(_ error: any Error, url: LabURL, doing: String) -> LabError {
        if let psql = error as? PSQLError, psql.code == .server, let info = psql.serverInfo {
            let state = info[.sqlState] ?? ""
            // Class 57 (operator intervention: shutdown, cannot connect now), 08 (connection exception).
            if state.hasPrefix("57") || state.hasPrefix("08") {
                return .unreachable(url.description, info[.message] ?? "the server is shutting down")
            }
            return .failed(url.description, doing: doing, info[.message] ?? "refused (SQLSTATE \(state))")
        }
        return .unreachable(url.description, reason(error))
    }

    /// A connection error in words ("Connection refused"), without the libraries' wrapping.
    static func reason(_ error: any Error) -> String {
        if let psql = error as? PSQLError {
            if let info = psql.serverInfo, let message = info[.message] { return message }
            if let underlying = psql.underlying { return reason(underlying) }
            switch psql.code {
            case .serverClosedConnection, .uncleanShutdown: return "the server closed the connection"
            case .clientClosedConnection: return "the connection was closed"
            case .sslUnsupported: return "the server does not offer TLS (sslmode=require)"
            case .authMechanismRequiresPassword: return "the server asks for a password; put it in the URL (postgres://USER:PASSWORD@...)"
            default: return "\(psql.code)"
            }
        }
        if let io = error as? IOError { return String(cString: strerror(io.errnoCode)) }
        if let unknown = error as? SocketAddressError.UnknownHost { return unknown.errorDescription }
        if let connection = error as? NIOConnectionError {
            if let dns = connection.dnsAError ?? connection.dnsAAAAError { return "cannot resolve \(connection.host): \(reason(dns))" }
            if let first = connection.connectionErrors.first { return reason(first.error) }
            return "cannot connect to \(connection.host)"
        }
        if error is ChannelError {
            switch error as! ChannelError {
            case .connectTimeout: return "no answer (timed out)"
            case .ioOnClosedChannel, .alreadyClosed, .eof: return "the connection was closed"
            default: break
            }
        }
        let text = String(describing: error)
        return text.isEmpty ? "unknown error" : text
    }
}
