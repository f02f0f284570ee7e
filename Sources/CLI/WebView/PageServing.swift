import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import SessionLog
import Synchronization

/// How every server of actionsim is served (the watch's page, the stored sessions' pages,
/// a run's `/metrics`): Hummingbird's parts put together without its `Application`, whose
/// date cache wakes the process every second for the Date header (an idle page must cost
/// nothing; the header is formatted per response instead), on NIO's shared event loops,
/// until `control.stop()` or cancellation. The servers differ only in their routes, their
/// channel (with or without WebSocket) and the services beside them; what a client may
/// take of them (`Limits`), which Host they answer to (`PageAccess.hostAllowed`) and the
/// headers every answer carries (`securityHeaders`) are the same for all.
public enum PageServing {
    /// What one client may take of a server, so that none can exhaust it: each a bound on
    /// memory, descriptors or time, none a timer while nothing is connected.
    public struct Limits: Sendable {
        /// Connections open at once; past it the server stops accepting (the kernel's
        /// backlog holds the next ones) until one closes.
        public var connections = 64
        /// A request's header block, in bytes (80 KB is Hummingbird's own; a browser's is
        /// under 8 KB).
        public var headerBytes = 16 * 1024
        /// Time a connection may stay open without sending a whole request header: the first
        /// one (`ConnectionGuard`), and between requests (Hummingbird's idle timeout).
        public var headerTimeout = TimeAmount.seconds(20)
        /// Time a client may leave the server's output unread: when the connection's outbound
        /// buffer has been full (so nothing more is read from it, and nothing more is made
        /// for it) this long without the client reading it down, the connection is closed.
        public var stalledOutput = TimeAmount.seconds(20)

        public init() {}
    }

    /// Headers on every answer: a page of actionsim is never framed by another site's page,
    /// loads nothing from elsewhere, is never taken for another type, never cached, and
    /// sends no Referer (a page's URL may hold the token).
    static let securityHeaders: HTTPFields = [
        HTTPField.Name("X-Frame-Options")!: "DENY",
        HTTPField.Name("Content-Security-Policy")!: "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            + "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        HTTPField.Name("Cross-Origin-Opener-Policy")!: "same-origin",
        HTTPField.Name("Cross-Origin-Resource-Policy")!: "same-origin",
        .cacheControl: "no-store",
    ]

    /// An HTTP/1.1 server's channel, within `limits`.
    static func http1(_ limits: Limits = Limits()) -> HTTPServerBuilder {
        let configuration = http1Configuration(limits)
        return HTTPServerBuilder { responder in
            GuardedChannel(base: HTTP1Channel(responder: responder, configuration: configuration), limits: limits)
        }
    }

    /// The same, with WebSocket upgrades to `webSocketRouter`'s routes.
    static func http1WebSocket(_ webSocketRouter: Router<BasicWebSocketRequestContext>, webSocket: WebSocketServerConfiguration,
                               limits: Limits = Limits()) -> HTTPServerBuilder {
        let responder = webSocketRouter.buildResponder()
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(http1: http1Configuration(limits), ws: webSocket)
        return HTTPServerBuilder { http in
            GuardedChannel(base: HTTP1WebSocketUpgradeChannel(responder: http, webSocketResponder: responder, configuration: configuration),
                           limits: limits)
        }
    }

    private static func http1Configuration(_ limits: Limits) -> HTTP1Channel.Configuration {
        HTTP1Channel.Configuration(
            idleTimeout: limits.headerTimeout,
            httpDecoderConfiguration: .init(maxHeaderFieldSize: limits.headerBytes, maxHeaderListSize: limits.headerBytes,
                                            maxHeaderFieldCount: 100))
    }

    /// `listening` is called once: with the address actually bound (port 0 becomes the port
    /// the system chose), or with why it could not listen.
    static func run<Pages: HTTPResponder>(address: ListenAddress, pages: Pages, builder: HTTPServerBuilder, limits: Limits = Limits(),
                                          services: [any Service], control: WatchServer.Control,
                                          listening: @escaping @Sendable (Result<ListenAddress, WatchServerError>) -> Void) async
    where Pages.Context == BasicRequestContext {
        let said = Mutex(false)
        let tell: @Sendable (Result<ListenAddress, WatchServerError>) -> Void = { result in
            let first = said.withLock { said in
                defer { said = true }
                return !said
            }
            if first { listening(result) }
        }
        let logger = { var logger = Logger(label: "actionsim.web"); logger.logLevel = .critical; return logger }()
        do {
            let server = try builder.buildServer(
                configuration: .init(address: .hostname(address.host, port: address.port),
                                     availableConnectionsDelegate: MaximumAvailableConnections(limits.connections, logger: logger)),
                eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger,
                responder: { request, writer, channel in
                    var response: Response
                    if PageAccess.hostAllowed(request.head, listeningOn: address) {
                        let context = BasicRequestContext(source: .init(channel: channel, logger: logger))
                        do {
                            response = try await pages.respond(to: request, context: context)
                        } catch let error as HTTPError {
                            response = Response(status: error.status)
                        } catch {
                            response = Response(status: .internalServerError)
                        }
                    } else {
                        response = Self.response("this server answers to its own address only (the request's Host is not it)\n",
                                                 type: "text/plain; charset=utf-8", status: .forbidden)
                    }
                    for field in securityHeaders { response.headers[field.name] = field.value }
                    response.headers[.date] = UTCTimestamp.http(Date())
                    try await writer.write(response: response.head, body: response.body)
                },
                onServerRunning: { channel in
                    // NIO takes up to four connections from the kernel in one read of the
                    // listening socket, past the limit if it was within three of it; one
                    // at a time, the limit holds exactly.
                    try? await channel.setOption(ChannelOptions.maxMessagesPerRead, value: 1).get()
                    tell(.success(ListenAddress(host: address.host, port: channel.localAddress?.port ?? address.port)))
                })
            let group = ServiceGroup(configuration: .init(services: [server] + services, logger: logger))
            guard control.started(group) else { return }
            try await group.run()
            tell(.failure(WatchServerError(address: address, reason: "the server stopped before it listened")))
        } catch {
            tell(.failure(WatchServerError(address: address, reason: WatchServer.reason(error))))
        }
    }

    /// A page or file (a page shows what is true now: `securityHeaders` say never to cache it).
    static func response(_ text: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// Serves plain pages (no WebSocket) from a thread that is not Swift's executor: returns
    /// once the server listens, or throws why it cannot. `run --metrics` serves so.
    public static func start<Pages: HTTPResponder>(address: ListenAddress, pages: Pages) throws(WatchServerError) -> BackgroundServer
    where Pages.Context == BasicRequestContext {
        try BackgroundServer.start { control, listening in
            await run(address: address, pages: pages, builder: http1(), services: [], control: control, listening: listening)
        }
    }
}

/// A server run by a task of its own, started from a thread that is not Swift's executor
/// (the live loop's, the main thread) or from a task, and stopped from any thread.
public final class BackgroundServer: Sendable {
    public typealias Run = @Sendable (WatchServer.Control, @escaping @Sendable (Result<ListenAddress, WatchServerError>) -> Void) async -> Void

    public let address: ListenAddress
    private let task: Task<Void, Never>
    private let control: WatchServer.Control
    private let done: DispatchSemaphore

    private init(address: ListenAddress, task: Task<Void, Never>, control: WatchServer.Control, done: DispatchSemaphore) {
        self.address = address
        self.task = task
        self.control = control
        self.done = done
    }

    /// Starts `run` on one of NIO's event loops (`EventLoopExecutor`) and waits, blocking the
    /// calling thread, until it says it listens (or why it cannot). Never from Swift's
    /// executor's own threads.
    public static func start(_ run: @escaping Run) throws(WatchServerError) -> BackgroundServer {
        let outcome = Mutex<Result<ListenAddress, WatchServerError>?>(nil)
        let ready = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let control = WatchServer.Control()
        let task = Task.detached(executorPreference: EventLoopExecutor(MultiThreadedEventLoopGroup.singleton.next())) {
            await run(control) { result in
                outcome.withLock { $0 = result }
                ready.signal()
            }
            done.signal()
        }
        ready.wait()
        let address = try outcome.withLock { $0! }.get()
        return BackgroundServer(address: address, task: task, control: control, done: done)
    }

    /// The same, from a task (a replay).
    public static func start(_ run: @escaping Run) async throws(WatchServerError) -> BackgroundServer {
        let done = DispatchSemaphore(value: 0)
        let holder = Mutex<Task<Void, Never>?>(nil)
        let control = WatchServer.Control()
        let result: Result<ListenAddress, WatchServerError> = await withCheckedContinuation { continuation in
            let once = Mutex(false)
            let task = Task.detached {
                await run(control) { result in
                    let first = once.withLock { said in defer { said = true }; return !said }
                    if first { continuation.resume(returning: result) }
                }
                done.signal()
            }
            holder.withLock { $0 = task }
        }
        let address = try result.get()
        return BackgroundServer(address: address, task: holder.withLock { $0! }, control: control, done: done)
    }

    /// Stops serving: a graceful shutdown (pages get a WebSocket close), given up after
    /// `grace` seconds.
    public func stop(grace: Double) {
        control.stop()
        if done.wait(timeout: .now() + grace) == .timedOut { task.cancel() }
    }

    /// Serves until the calling task is cancelled (Ctrl-C), then stops as `stop` does.
    public func serveUntilCancelled(grace: Double) async {
        let over = OneShot()
        Task.detached { [task] in
            await task.value
            over.fire()
        }
        await withTaskCancellationHandler {
            await over.wait()
        } onCancel: { [task, control] in
            control.stop()
            Task.detached {
                try? await Task.sleep(for: .seconds(grace))
                task.cancel()
                over.fire()
            }
        }
    }
}

/// Runs a task's jobs on one of NIO's event loops, whatever Swift's global executor is: a
/// server started with it as its task's preference (and the tasks it starts in task groups,
/// and the actors it calls) runs on NIO's threads, which sleep in `epoll_wait` until there is
/// work. Swift's global executor on Linux is libdispatch's pool, whose timer wakes the
/// process every second once the pool has started; NIO can stand in for it in a `swift build`
/// binary (`WatchServer.runTasksOnServerThreads`) but not in `make release`'s static one.
final class EventLoopExecutor: TaskExecutor {
    private let loop: any EventLoop

    init(_ loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        loop.execute { job.runSynchronously(on: executor) }
    }
}

/// Resumes its waiter once, at the first `fire()` (from any thread), or at once if fired.
public final class OneShot: Sendable {
    private let state = Mutex<(fired: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    public init() {}

    public func fire() {
        let waiter = state.withLock { state in
            defer { state = (true, nil) }
            return state.fired ? nil : state.waiter
        }
        waiter?.resume()
    }

    public func wait() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if state.fired { return true }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }
}

/// A server's child channel with `ConnectionGuard` first in its pipeline, before the
/// HTTP codec: it sees the connection's bytes as they come.
struct GuardedChannel<Base: ServerChildChannel>: ServerChildChannel {
    let base: Base
    let limits: PageServing.Limits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Base.Value> {
        let limits = limits
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ConnectionGuard(headerTimeout: limits.headerTimeout, stalledOutput: limits.stalledOutput))
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Base.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

/// Closes a connection whose client holds it without asking (no whole request header within
/// `headerTimeout` of opening it: a WebSocket's channel has no idle timeout of Hummingbird's
/// before its first request) or without reading (the outbound buffer full, NIO's channel
/// not writable, for `stalledOutput`: a client that reads, however slowly, brings it back
/// under its low mark). While the buffer is full NIO reads nothing more from the client,
/// so a client pipelining requests it never reads the answers to gets no more answers made:
/// its connection costs a buffer, then nothing. Timers run only for a connection that is
/// opening or stalled.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let headerTimeout: TimeAmount
    private let stalledOutput: TimeAmount
    private var headerTimer: Scheduled<Void>?
    private var headerSeen = false
    /// The last bytes read before the header's end was found (it may span two reads).
    private var tail: [UInt8] = []
    private var stallTimer: Scheduled<Void>?

    init(headerTimeout: TimeAmount, stalledOutput: TimeAmount) {
        self.headerTimeout = headerTimeout
        self.stalledOutput = stalledOutput
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { armHeaderTimer(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        armHeaderTimer(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        headerTimer?.cancel()
        stallTimer?.cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !headerSeen {
            let bytes = tail + Array(unwrapInboundIn(data).readableBytesView)
            if Self.endsHeader(bytes) {
                headerSeen = true
                tail = []
                headerTimer?.cancel()
                headerTimer = nil
            } else {
                tail = Array(bytes.suffix(3))
            }
        }
        context.fireChannelRead(data)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            stallTimer?.cancel()
            stallTimer = nil
        } else if stallTimer == nil {
            let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
            stallTimer = loop.scheduleTask(in: stalledOutput) { [self] in
                stallTimer = nil
                if !context.channel.isWritable { context.close(promise: nil) }
            }
        }
        context.fireChannelWritabilityChanged()
    }

    private func armHeaderTimer(_ context: ChannelHandlerContext) {
        guard headerTimer == nil, !headerSeen else { return }
        let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
        headerTimer = loop.scheduleTask(in: headerTimeout) { [self] in
            headerTimer = nil
            if !headerSeen { context.close(promise: nil) }
        }
    }

    /// Whether `bytes` hold the end of a header block (an empty line).
    private static func endsHeader(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return true
        }
        return false
    }
}
