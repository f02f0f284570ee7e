import ActionButtonCore
import Foundation
import Synchronization
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import NIOCore
import NIOPosix
import ServiceLifecycle

/// The web page's server (`--web`): the page, its script, and one WebSocket per page over
/// which the session is pushed (`SessionFeed`) and the page's button edges come back. No
/// page ever polls: a page that is open and idle costs nothing but its open socket.
public struct WatchServer: Sendable {
    public let address: ListenAddress
    public let access: PageAccess
    public let feed: SessionFeed
    /// Where the page's button edges go (the live loop's `RemoteButtons`); nil: nowhere
    /// (a replay).
    public let press: (@Sendable (Button, EdgeDirection) -> Void)?

    public init(address: ListenAddress, access: PageAccess, feed: SessionFeed,
                press: (@Sendable (Button, EdgeDirection) -> Void)?) {
        self.address = address
        self.access = access
        self.feed = feed
        self.press = press
    }

    /// Stops a running server: pages get a WebSocket close, then the server ends.
    public final class Control: Sendable {
        private let group = Mutex<ServiceGroup?>(nil)
        private let stopRequested = Mutex(false)

        public init() {}

        func started(_ serviceGroup: ServiceGroup) -> Bool {
            group.withLock { $0 = serviceGroup }
            return !stopRequested.withLock { $0 }
        }

        /// Asks the server to shut down gracefully (from any thread or task).
        public func stop() {
            stopRequested.withLock { $0 = true }
            guard let serviceGroup = group.withLock({ $0 }) else { return }
            Task { await serviceGroup.triggerGracefulShutdown() }
        }
    }

    /// Serves until `control.stop()` (or the task is cancelled). `listening` is called once,
    /// with the address actually bound (port 0 becomes the port the system chose), or with
    /// why it could not listen.
    public func run(control: Control = Control(),
                    listening: @escaping @Sendable (Result<ListenAddress, WatchServerError>) -> Void) async {
        let builder = PageServing.http1WebSocket(socketRouter(), webSocket: .init(maxFrameSize: 1 << 16, autoPing: .disabled,
                                                                                  closeTimeout: .seconds(2)))
        await PageServing.run(address: address, pages: pageRouter().buildResponder(), builder: builder,
                              services: [FeedService(feed: feed)], control: control, listening: listening)
    }

    /// Makes Swift's global executor NIO's event loops, the server's own threads, instead of
    /// libdispatch's pool, which once started wakes the process every second for as long as
    /// it lives. Only before any task has started (a live run, from its main thread);
    /// returns whether it took.
    @discardableResult
    public static func runTasksOnServerThreads() -> Bool {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }

    /// A bind error in words ("Address already in use"), without NIO's wrapping.
    static func reason(_ error: any Error) -> String {
        if let io = error as? IOError { return String(cString: strerror(io.errnoCode)) }
        let text = String(describing: error)
        return text.isEmpty ? "unknown error" : text
    }

    // MARK: Pages

    private func pageRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/") { _, _ in PageServing.response(WatchPage.html, type: "text/html; charset=utf-8") }
        router.get("/watch.js") { _, _ in PageServing.response(WatchPage.script, type: "text/javascript; charset=utf-8") }
        router.get("/watch.css") { _, _ in PageServing.response(WatchPage.style, type: "text/css; charset=utf-8") }
        return router
    }

    // MARK: The socket

    private func socketRouter() -> Router<BasicWebSocketRequestContext> {
        let router = Router(context: BasicWebSocketRequestContext.self)
        let (address, access, feed, press) = (address, access, feed, press)
        router.ws("/session") { request, _ in
            guard PageAccess.hostAllowed(request.head, listeningOn: address),
                  PageAccess.originAllowed(request.headers[.origin], host: request.head.authority) else { return .dontUpgrade }
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            let token = context.request.uri.queryParameters["token"].map(String.init)
            var refusal = access.refusal(presenting: token)
            if refusal == nil, press == nil { refusal = "read-only: a replay's presses are its scenario's" }
            let subscription = feed.subscribe(hello: feed.hello(refusal: refusal))
            let pageRefusal = refusal
            // The page's messages out, its edges in; whichever ends first ends the socket: the
            // page gone, or the feed over (the run ended) or done with a page that does not
            // read what it is sent (`SessionFeed.queueLimit`).
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await message in subscription.messages {
                        feed.taken(message, by: subscription.id)
                        try await outbound.write(.text(message))
                    }
                }
                group.addTask {
                    // Buttons this page holds down, released if it goes away mid-press.
                    var held: Set<Button> = []
                    defer { for button in held { press?(button, .up) } }
                    for try await message in inbound.messages(maxSize: 4096) {
                        guard case .text(let text) = message else { continue }
                        switch PageMessage(parsing: text) {
                        case .edge(let button, let direction):
                            guard pageRefusal == nil, let press else {
                                feed.send(PageUpdate.refused(message: pageRefusal ?? "read-only").text, to: subscription.id)
                                continue
                            }
                            if direction == .down { held.insert(button) } else { held.remove(button) }
                            press(button, direction)
                        case nil:
                            feed.send(PageUpdate.refused(message: "not a message this server knows").text, to: subscription.id)
                        }
                    }
                }
                defer {
                    feed.unsubscribe(subscription.id)
                    group.cancelAll()
                }
                try await group.next()
            }
        }
        return router
    }
}

/// Runs `SessionFeed.run()` beside the server, and ends it with the server.
struct FeedService: Service {
    let feed: SessionFeed
    func run() async throws {
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                await feed.run()
            } onGracefulShutdown: {
                feed.close()
            }
        } onCancel: {
            feed.close()
        }
    }
}

/// What a page sends: `{"type":"edge","button":"action","edge":"down"}`.
enum PageMessage: Equatable {
    case edge(Button, EdgeDirection)

    private struct Wire: Decodable {
        var type: String
        var button: String?
        var edge: String?
    }

    init?(parsing text: String) {
        guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(text.utf8)), wire.type == "edge",
              let button = wire.button.flatMap(Button.init(rawValue:)),
              let direction = wire.edge.flatMap(EdgeDirection.init(rawValue:)) else { return nil }
        self = .edge(button, direction)
    }
}

/// Why the page could not be served.
public struct WatchServerError: Error, CustomStringConvertible {
    public var address: ListenAddress
    public var reason: String
    public var description: String {
        "cannot serve the web page on \(address): \(reason); give another address with --listen ADDR:PORT (port 0: any free port)"
    }
}
