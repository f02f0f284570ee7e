import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import WebView

/// Serves a run's metrics to Prometheus: `GET /metrics` answers the registry's text. It is
/// served as every page of actionsim is (`PageServing`): the same HTTP server, the same
/// limits on what a client may take (a request header's size, connections at once, a
/// client that does not read what it asked for, or asks nothing), the same Host check (a
/// page on another site cannot read the metrics through a DNS rebinding) and headers.
/// Nothing here is timed: the server's threads sleep in `epoll_wait` until a scrape
/// arrives, answer it and sleep again, so an idle board serving metrics wakes only when it
/// is scraped, and never wakes the run's own loop.
public final class MetricsServer: Sendable {
    /// Where `--metrics` serves when given a port alone, and its examples' port (Prometheus's
    /// registered exporter port for this kind of tool).
    public static let examplePort = 9464

    public let address: ListenAddress
    private let server: BackgroundServer

    /// Binds and starts serving; `address.port` 0 takes any free port (`address` says which).
    /// From a thread that is not Swift's executor (the main thread, before the run).
    public init(address: ListenAddress, exposition: @escaping @Sendable () -> [UInt8]) throws(MetricsServerError) {
        do {
            server = try PageServing.start(address: address, pages: MetricsPages(exposition: exposition))
        } catch {
            throw MetricsServerError(address: address, reason: error.reason)
        }
        self.address = ListenAddress(host: address.host, port: server.address.port)
    }

    /// Stops listening (a scrape under way is given a moment to finish).
    public func stop() {
        server.stop(grace: 1)
    }
}

/// `GET /metrics` (or `/`) gets the exposition, another method 405, another path 404.
struct MetricsPages: HTTPResponder {
    typealias Context = BasicRequestContext
    let exposition: @Sendable () -> [UInt8]

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let text = "text/plain; charset=utf-8"
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.contentType: text, .allow: "GET, HEAD"],
                            body: .init(byteBuffer: ByteBuffer(string: "only GET\n")))
        }
        guard request.uri.path == "/metrics" || request.uri.path == "/" else {
            return Response(status: .notFound, headers: [.contentType: text],
                            body: .init(byteBuffer: ByteBuffer(string: "actionsim serves its metrics at /metrics\n")))
        }
        let body = exposition()
        return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// `--metrics` given an address that cannot be used or bound.
public struct MetricsServerError: Error, CustomStringConvertible {
    public var address: ListenAddress?
    public var reason: String
    public var description: String {
        guard let address else { return reason }
        return "cannot serve metrics on \(address): \(reason); give another address with --metrics ADDR:PORT (port 0: any free port)"
    }
}
