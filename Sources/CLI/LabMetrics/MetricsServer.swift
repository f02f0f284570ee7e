import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Serves a run's metrics to Prometheus: `GET /metrics` answers the registry's text, on an
/// event loop thread of its own. Nothing here is timed: the thread sleeps in `epoll_wait`
/// until a scrape arrives, answers it and sleeps again, so an idle board serving metrics
/// wakes only when it is scraped, and never wakes the run's own loop.
public final class MetricsServer: Sendable {
    public let address: MetricsAddress
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel

    /// Binds and starts serving; `address.port` 0 takes any free port (`boundAddress` says which).
    public init(address: MetricsAddress, exposition: @escaping @Sendable () -> [UInt8]) throws(MetricsServerError) {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline(withErrorHandling: true).flatMap {
                    channel.pipeline.addHandler(MetricsHandler(exposition: exposition))
                }
            }
        do {
            channel = try bootstrap.bind(host: address.host, port: address.port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw MetricsServerError(address: address, reason: Self.reason(error))
        }
        self.group = group
        self.address = MetricsAddress(host: address.host, port: channel.localAddress?.port ?? address.port)
    }

    /// Stops listening and ends the server's thread.
    public func stop() {
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
    }

    /// A bind error in words ("Address already in use"), without NIO's wrapping.
    static func reason(_ error: any Error) -> String {
        if let io = error as? IOError { return String(cString: strerror(io.errnoCode)) }
        if let resolution = error as? NIOConnectionError, let first = resolution.connectionErrors.first {
            return reason(first.error)
        }
        let text = String(describing: error)
        return text.isEmpty ? "unknown error" : text
    }
}

/// One HTTP connection: `GET /metrics` (or `/`) gets the exposition, anything else 404.
private final class MetricsHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let exposition: @Sendable () -> [UInt8]
    private var request: HTTPRequestHead?

    init(exposition: @escaping @Sendable () -> [UInt8]) {
        self.exposition = exposition
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): request = head
        case .body: break
        case .end:
            guard let head = request else { return }
            request = nil
            respond(to: head, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
        let status: HTTPResponseStatus
        let body: [UInt8]
        let type: String
        if head.method != .GET && head.method != .HEAD {
            (status, body, type) = (.methodNotAllowed, Array("only GET\n".utf8), "text/plain; charset=utf-8")
        } else if path == "/metrics" || path == "/" {
            (status, body, type) = (.ok, exposition(), "text/plain; version=0.0.4; charset=utf-8")
        } else {
            (status, body, type) = (.notFound, Array("actionsim serves its metrics at /metrics\n".utf8), "text/plain; charset=utf-8")
        }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: type)
        headers.add(name: "Content-Length", value: String(body.count))
        let keepAlive = head.isKeepAlive
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))),
                      promise: nil)
        if head.method != .HEAD {
            var buffer = context.channel.allocator.buffer(capacity: body.count)
            buffer.writeBytes(body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            let channel = context.channel
            done.whenComplete { _ in channel.close(promise: nil) }
        }
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
