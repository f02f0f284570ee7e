import Hummingbird
import HummingbirdCore
import Synchronization

/// The server of `actionsim sessions --web`: the pages of `StoredSessionsPage`, answered by
/// the command (which reads the store or the lab off the server's threads). Read-only: it
/// only ever reads, so it needs no token; it answers to its own host name only, as every
/// server does (`PageServing`).
public struct StoredSessionsServer: Sendable {
    public let address: ListenAddress
    public let answer: @Sendable (StoredSessionsPage.Request) async -> StoredSessionsPage.Answer

    public init(address: ListenAddress, answer: @escaping @Sendable (StoredSessionsPage.Request) async -> StoredSessionsPage.Answer) {
        self.address = address
        self.answer = answer
    }

    /// Serves until the calling task is cancelled; `listening` is told the address bound
    /// (port 0 becomes a free port) once the pages can be opened. Throws when it cannot listen.
    public func serve(listening: @escaping @Sendable (ListenAddress) -> Void) async throws(WatchServerError) {
        let failure = Mutex<WatchServerError?>(nil)
        await PageServing.run(address: address, pages: router().buildResponder(), builder: PageServing.http1(), services: [],
                              control: WatchServer.Control()) { result in
            switch result {
            case .success(let bound): listening(bound)
            case .failure(let error): failure.withLock { $0 = error }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    private func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: NoSuchPage())
        let answer = answer
        router.get("/") { request, _ in
            let board = request.uri.queryParameters["board"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
            return Self.response(await answer(.list(board: board)))
        }
        router.get("/sessions/:id") { _, context in
            guard let id = context.parameters.get("id").flatMap(Int64.init) else {
                return Self.response(.init(status: 404, html: StoredSessionsPage.problem("a session is named by its number, as `actionsim sessions` lists it")))
            }
            return Self.response(await answer(.session(id: id)))
        }
        return router
    }

    private static func response(_ answer: StoredSessionsPage.Answer) -> Response {
        PageServing.response(answer.html, type: "text/html; charset=utf-8", status: .init(code: answer.status))
    }
}

/// Any other address than the list and a session's: a page that says so and links to the
/// list, where the router answered an empty 404.
private struct NoSuchPage<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return PageServing.response(StoredSessionsPage.problem("there is no page \(request.uri.path): the sessions are listed at /, each at /sessions/NUMBER"),
                                        type: "text/html; charset=utf-8", status: .notFound)
        }
    }
}
