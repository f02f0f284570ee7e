import ActionButtonCore
import ArgumentParser
import Foundation
import LabStore
import SessionLog
import SessionStore
import Telemetry
import WebView

struct SessionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List the sessions in the session store, or in a lab's PostgreSQL.",
        discussion: """
        One line per session: its number (for show, export and plot), its board (for a lab, or a store holding several boards' sessions), kind, app, status, start (UTC), duration and samples. With --db postgres://... every board's sessions in the lab, numbered as the lab numbers them; --board NAME lists one board's.

        With --web: the same sessions on a web page (127.0.0.1:8080, or --listen ADDR:PORT), a board at a time if you pick one, and each session's summary (as show prints it) and chart (as plot draws it); read-only, served until Ctrl-C.
        """)

    @OptionGroup var store: StoreOptions

    @Flag(help: ArgumentHelp(
        "Serve these sessions as a web page: the list, a board at a time, and each session's summary and chart (read-only).",
        discussion: "On 127.0.0.1:8080 unless --listen says otherwise; the URL is printed on standard error. Served until Ctrl-C."))
    var web = false

    @Option(name: .customLong("listen"), help: ArgumentHelp(
        "Where the page is served (implies --web): ADDR:PORT, [IPv6]:PORT, or a port on 127.0.0.1. Port 0: any free port.",
        valueName: "addr:port"))
    var listen: String?

    @Flag(help: ArgumentHelp("Open the page in the desktop's browser (xdg-open; implies --web)."))
    var open = false

    func run() async throws {
        let serving = web || listen != nil || open
        let address = try listen.map { listen throws(ListenAddressError) in try ListenAddress(parsing: listen) } ?? .localhost
        let database = try store.open()
        let board = try store.boardFilter
        if serving {
            // Each page opens the store or the lab again; this first opening said what it had to.
            let store = store
            try await StoredSessionsWeb(location: database.location, board: board) { try store.open(reporting: false) }
                .serve(at: address, open: open)
            return
        }
        let listings = try database.sessions(board: board)
        guard !listings.isEmpty else {
            Terminal.line("no sessions\(board.map { " of board \($0)" } ?? "") in \(database.location) yet; `actionsim replay SCENARIO` records them")
            return
        }
        // The board column for a lab's sessions, one board's (--board), or a store holding more than
        // one board's (every session names its board, by default the host name: one board's own
        // store need not say so on every line).
        let boards = database is LabDatabase || board != nil || Set(listings.map(\.board)).count > 1
        let width = max(8, (listings.map(\.board.count).max() ?? 0) + 2)
        func boardColumn(_ text: String) -> String { boards ? pad(text, width) : "" }
        let output = OutputBuffer(immediate: false)
        func line(_ first: String, _ board: String, _ columns: [String]) -> String {
            pad(first, 6) + boardColumn(board) + zip(columns, SessionListingText.widths).map { pad($0, $1) }.joined()
                + columns[columns.count - 1]
        }
        output.line(line("ID", "BOARD", SessionListingText.names.map { $0.uppercased() }))
        for s in listings {
            output.line(line(String(s.id), s.board.isEmpty ? "—" : s.board, SessionListingText.columns(s)))
        }
        output.flush()
        for s in listings {
            if let damage = s.damage {
                Terminal.warning("warning: " + StoreError.damagedSession(s.id, path: database.location, damage).description)
            }
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
