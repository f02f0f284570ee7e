import Dispatch
import Exports
import LinuxInput
import SessionStore
import Telemetry
import WebView

/// `actionsim sessions --web`: the stored sessions of the local store or of a lab on a web
/// page. The database is one connection (a lab's is one PostgreSQL connection used by one
/// thread), so every page is read on one serial queue, off the server's event loops; each
/// page reads what is true at that moment (a board forwarding meanwhile is seen at the next).
final class StoredSessionsWeb: @unchecked Sendable {
    // Touched only on `queue`.
    private let database: any SessionSource
    /// `--board` (or ACTIONSIM_BOARD, the config file): the only board the page shows.
    private let board: String?
    private let queue = DispatchQueue(label: "actionsim.sessions-page")

    init(database: any SessionSource, board: String?) {
        self.database = database
        self.board = board
    }

    /// Serves until SIGINT or SIGTERM; a port that cannot be listened on is an error (exit 2).
    func serve(at address: WebAddress, open: Bool) async throws {
        let server = StoredSessionsServer(address: address) { request in await self.answer(request) }
        let work = Task {
            try await server.serve { bound in
                let url = WebPageServer.url(bound, access: PageAccess(mode: .readOnly(reason: "")))
                Terminal.note("web page: \(url)  (the sessions in \(self.database.location)\(self.board.map { ", board \($0)" } ?? ""); read-only)")
                if !bound.isLoopback {
                    Terminal.note("  listening on \(bound), not only this machine: anyone who can reach it sees the sessions")
                }
                Terminal.note("  Ctrl-C stops it")
                if open { WebPageServer.open(url) }
            }
        }
        let shutdown = try StopSignals { _ in work.cancel() }
        let result = await work.result
        shutdown.stop()
        try result.get()
    }

    func answer(_ request: StoredSessionsPage.Request) async -> StoredSessionsPage.Answer {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.answerNow(request)) }
        }
    }

    private func answerNow(_ request: StoredSessionsPage.Request) -> StoredSessionsPage.Answer {
        do {
            switch request {
            case .list(let picked):
                let listings = try database.sessions(board: board)
                let boards = Set(listings.map(\.board)).sorted()
                let shown = board ?? picked
                let rows = listings.filter { shown == nil || $0.board == shown }.map {
                    StoredSessionsPage.Row(id: $0.id, board: $0.board, columns: SessionListingText.columns($0), damaged: $0.damage != nil)
                }
                return .init(status: 200, html: StoredSessionsPage.list(location: database.location, rows: rows, boards: boards, board: shown))
            case .session(let id):
                // Two passes, as `show` and `plot` each read: the summary, then the chart
                // (as big as the picture, whatever the session's length).
                let summary = try database.read(id: id) { rows in
                    if let board, rows.header.board != board {
                        throw CommandError.badInput("session \(id) in \(database.location) is board \(rows.header.board)'s, not \(board)'s")
                    }
                    return try ShowCommand.summary(of: rows)
                }
                let chart = ByteArraySink()
                try database.read(id: id) { rows in
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
