import ActionButtonCore
import ArgumentParser
import Foundation
import LabStore
import SessionLog
import SessionStore
import Telemetry

struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List the sessions in the session store, or in a lab's PostgreSQL.",
        discussion: "One line per session: its number (for show, export and plot), its board (for a lab, or a store holding several boards' sessions), kind, app, status, start (UTC), duration and samples. With --db postgres://... every board's sessions in the lab, numbered as the lab numbers them; --board NAME lists one board's.")

    @OptionGroup var store: StoreOptions

    func run() throws {
        let database = try store.open()
        let board = try store.boardFilter
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
        output.line(pad("ID", 6) + boardColumn("BOARD") + pad("KIND", 18) + pad("APP", 14) + pad("STATUS", 13)
                    + pad("STARTED (UTC)", 22) + pad("DURATION", 13) + pad("SAMPLES", 9) + "SCENARIO")
        for s in listings {
            if s.damage != nil {
                output.line(pad(String(s.id), 6) + boardColumn(s.board.isEmpty ? "—" : s.board) + pad("—", 18) + pad("—", 14)
                            + pad("damaged", 13) + pad("—", 22) + pad("—", 13) + pad(String(s.samples), 9) + "—")
                continue
            }
            let kind = s.workoutStyle.map { "\(s.kind) \($0)" } ?? s.kind.rawValue
            let started = Date(timeIntervalSince1970: Double(s.startWallClock) / 1e9)
            output.line(pad(String(s.id), 6) + boardColumn(s.board.isEmpty ? "—" : s.board) + pad(kind, 18) + pad(s.app, 14)
                        + pad(s.status.rawValue, 13) + pad(UTCTimestamp.readable(started), 22)
                        + pad(TimeFormat.wholeSeconds(s.duration), 13) + pad(String(s.samples), 9) + s.runName)
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
