import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import SessionLog
import Synchronization

/// How every page of actionsim is served: Hummingbird's parts put together without its
/// `Application`, whose date cache wakes the process every second for the Date header (an
/// idle page must cost nothing; the header is formatted per response instead), on NIO's
/// shared event loops, until `control.stop()` or cancellation. The watch's page
/// (`WatchServer`) and the stored sessions' pages (`StoredSessionsServer`) differ only in
/// their routes, their channel (with or without WebSocket) and the services beside them.
enum PageServing {
    /// `listening` is called once: with the address actually bound (port 0 becomes the port
    /// the system chose), or with why it could not listen.
    static func run(address: WebAddress, pages: RouterResponder<BasicRequestContext>, builder: HTTPServerBuilder,
                    services: [any Service], control: WatchServer.Control,
                    listening: @escaping @Sendable (Result<WebAddress, WatchServerError>) -> Void) async {
        let said = Mutex(false)
        let tell: @Sendable (Result<WebAddress, WatchServerError>) -> Void = { result in
            let first = said.withLock { said in
                defer { said = true }
                return !said
            }
            if first { listening(result) }
        }
        let logger = { var logger = Logger(label: "actionsim.web"); logger.logLevel = .critical; return logger }()
        do {
            let server = try builder.buildServer(
                configuration: .init(address: .hostname(address.host, port: address.port)),
                eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger,
                responder: { request, writer, channel in
                    let context = BasicRequestContext(source: .init(channel: channel, logger: logger))
                    var response: Response
                    do {
                        response = try await pages.respond(to: request, context: context)
                    } catch let error as HTTPError {
                        response = Response(status: error.status)
                    } catch {
                        response = Response(status: .internalServerError)
                    }
                    response.headers[.date] = UTCTimestamp.http(Date())
                    try await writer.write(response: response.head, body: response.body)
                },
                onServerRunning: { channel in
                    tell(.success(WebAddress(host: address.host, port: channel.localAddress?.port ?? address.port)))
                })
            let group = ServiceGroup(configuration: .init(services: [server] + services, logger: logger))
            guard control.started(group) else { return }
            try await group.run()
            tell(.failure(WatchServerError(address: address, reason: "the server stopped before it listened")))
        } catch {
            tell(.failure(WatchServerError(address: address, reason: WatchServer.reason(error))))
        }
    }

    /// A page or file, never cached (a page shows what is true now).
    static func response(_ text: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: type, .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
