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
    public let address: MetricsAddress
    private let server: BackgroundServer

    /// Binds and starts serving; `address.port` 0 takes any free port (`address` says which).
    /// From a thread that is not Swift's executor (the main thread, before the run).
    public init(address: MetricsAddress, exposition: @escaping @Sendable () -> [UInt8]) throws(MetricsServerError) {
        do {
            server = try PageServing.start(address: WebAddress(host: address.host, port: address.port),
                                           pages: MetricsPages(exposition: exposition))
        } catch {
            throw MetricsServerError(address: address, reason: error.reason)
        }
        self.address = MetricsAddress(host: address.host, port: server.address.port)
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

/// Where metrics are served: `ADDR:PORT`, `[IPv6]:PORT`, or a port alone (on 127.0.0.1).
/// Port 0 lets the system pick a free one (printed when the run starts).
public struct MetricsAddress: Hashable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    public init(parsing text: String) throws(MetricsServerError) {
        func refuse(_ problem: String) -> MetricsServerError {
            MetricsServerError(address: nil, reason: "--metrics \(text): \(problem)")
        }
        let hostPart: String
        let portPart: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw refuse("an IPv6 address is written in brackets, then the port: [::1]:9464")
            }
            hostPart = String(text[text.index(after: text.startIndex)..<close])
            portPart = text[text.index(close, offsetBy: 2)...]
        } else if let colon = text.lastIndex(of: ":") {
            guard text.firstIndex(of: ":") == colon else {
                throw refuse("an IPv6 address is written in brackets, then the port: [::1]:9464")
            }
            hostPart = String(text[..<colon])
            portPart = text[text.index(after: colon)...]
        } else if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            hostPart = "127.0.0.1"
            portPart = Substring(text)
        } else {
            throw refuse("expected ADDR:PORT (127.0.0.1:9464, 0.0.0.0:9464, [::1]:9464) or a port")
        }
        guard !hostPart.isEmpty else {
            throw refuse("no address before the port; 127.0.0.1:\(portPart) is this machine only, 0.0.0.0:\(portPart) every interface")
        }
        guard hostPart.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:_%".contains($0)) }) else {
            throw refuse("\"\(hostPart)\" is not a host name or an IP address")
        }
        guard !portPart.isEmpty, portPart.allSatisfy({ $0.isASCII && $0.isNumber }), portPart.count <= 5,
              let port = Int(portPart), port <= 65535 else {
            throw refuse("the port must be a number from 0 to 65535")
        }
        self.init(host: hostPart, port: port)
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// `--metrics` given an address that cannot be used or bound.
public struct MetricsServerError: Error, CustomStringConvertible {
    public var address: MetricsAddress?
    public var reason: String
    public var description: String {
        guard let address else { return reason }
        return "cannot serve metrics on \(address): \(reason); give another address with --metrics ADDR:PORT (port 0: any free port)"
    }
}
