import Dispatch
import Synchronization
import Exports
import LinuxInput
import SessionStore
import Telemetry
import WebView

/// `actionsim sessions --web`: the stored sessions of the local store or of a lab on a web
/// page. Each page opens the database afresh (a lab's PostgreSQL restarted meanwhile, or a
/// store replaced, is read as it is now, and each page has a connection of its own) and
/// reads it off the server's event loops. The list is read on a queue of its own, so that
/// it never waits behind a session's page; sessions' pages are drawn `pagesAtOnce` at a
/// time, and past `pagesWaiting` more waiting a page is answered at once that the server is
/// busy (HTTP 503) rather than queued: eight pages of a 3.6 M-sample session were answered
/// one after another, the list waiting 60 s behind them.
final class StoredSessionsWeb: @unchecked Sendable {
    private let open: @Sendable () throws -> any SessionSource
    /// Where the sessions are, in words (a lab without its password).
    private let location: String
    /// `--board` (or ACTIONSIM_BOARD, the config file): the only board the page shows.
    private let board: String?
    private let listQueue = DispatchQueue(label: "actionsim.sessions-list")
    private let pageQueue = DispatchQueue(label: "actionsim.session-pages", attributes: .concurrent)
    private let drawing: DispatchSemaphore
    /// Sessions' pages being drawn or waiting to be.
    private let pagesUnderWay = Mutex(0)
    let pagesAtOnce: Int
    let pagesWaiting: Int

    init(location: String, board: String?, pagesAtOnce: Int = 2, pagesWaiting: Int = 6,
         open: @escaping @Sendable () throws -> any SessionSource) {
        self.location = location
        self.board = board
        self.open = open
        self.pagesAtOnce = pagesAtOnce
        self.pagesWaiting = pagesWaiting
        drawing = DispatchSemaphore(value: pagesAtOnce)
    }

    /// Serves until SIGINT or SIGTERM; a port that cannot be listened on is an error (exit 2).
    func serve(at address: ListenAddress, open: Bool) async throws {
        let server = StoredSessionsServer(address: address) { request in await self.answer(request) }
        let work = Task {
            try await server.serve { bound in
                let url = WebPageServer.url(bound, access: PageAccess(mode: .readOnly(reason: "")))
                Terminal.note("web page: \(url)  (the sessions in \(self.location)\(self.board.map { ", board \($0)" } ?? ""); read-only)")
                if !bound.isLoopback {
                    Terminal.note("  listening on \(bound), not only this machine: anyone who can reach it sees the sessions")
                }
                Terminal.note("  Ctrl-C stops it")
                if open { WebPageServer.open(url) }
            }
        }
        // Ctrl-C stops the server; a page still being read (a lab's database that stopped
        // answering mid-query) is not waited for longer than the watch's page waits.
        let over = OneShot()
        Task.detached {
            _ = await work.result
            over.fire()
        }
        let shutdown = try StopSignals { _ in
            work.cancel()
            Task.detached {
                try? await Task.sleep(for: .seconds(WebPageServer.stopGrace))
                over.fire()
            }
        }
        await over.wait()
        shutdown.stop()
        if shutdown.received == nil { try await work.value }
    }

    func answer(_ request: StoredSessionsPage.Request) async -> StoredSessionsPage.Answer {
        guard case .session = request else {
            return await withCheckedContinuation { continuation in
                listQueue.async { continuation.resume(returning: self.answerNow(request)) }
            }
        }
        let admitted = pagesUnderWay.withLock { count in
            guard count < pagesAtOnce + pagesWaiting else { return false }
            count += 1
            return true
        }
        guard admitted else {
            return .init(status: 503, html: StoredSessionsPage.problem(
                "busy: \(pagesAtOnce + pagesWaiting) sessions' pages are being drawn or wait to be; reload this one in a moment (the list is not held up)"))
        }
        return await withCheckedContinuation { continuation in
            pageQueue.async {
                self.drawing.wait()
                let answer = self.answerNow(request)
                self.drawing.signal()
                self.pagesUnderWay.withLock { $0 -= 1 }
                continuation.resume(returning: answer)
            }
        }
    }

    private func answerNow(_ request: StoredSessionsPage.Request) -> StoredSessionsPage.Answer {
        do {
            let database = try open()
            switch request {
            case .list(let picked):
                let listings = try database.sessions(board: board)
                let boards = Set(listings.map(\.board)).sorted()
                let shown = board ?? picked
                let rows = listings.filter { shown == nil || $0.board == shown }.map {
                    StoredSessionsPage.Row(id: $0.id, board: $0.board, columns: SessionListingText.columns($0), damaged: $0.damage != nil)
                }
                // --board: that board only, no links to the others.
                return .init(status: 200, html: StoredSessionsPage.list(location: location, columns: SessionListingText.names, rows: rows,
                                                                        boards: board == nil ? boards : [], board: shown))
            case .session(let id):
                // Two passes, as `show` and `plot` each read: the summary, then the chart
                // (as big as the picture, whatever the session's length).
                let reference = SessionReference(.id(id))
                let summary = try reference.read(from: database, board: board) { rows in try ShowCommand.summary(of: rows) }
                let chart = ByteArraySink()
                try reference.read(from: database, board: board) { rows in
                    _ = try SVGPlot.write(try PlotModel(rows, context: .init(maxHeartRate: nil, ascentRateLimit: nil)), to: chart)
                }
                return .init(status: 200, html: StoredSessionsPage.session(id: id, summary: summary, chart: String(decoding: chart.bytes, as: UTF8.self)))
            }
        } catch {
            let (status, message) = ExitStatus.of(error)
            return .init(status: status == .badInput ? 404 : 500, html: StoredSessionsPage.problem(message ?? "this page could not be read"))
        }
    }
}
