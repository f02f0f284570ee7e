import ActionButtonCore
import ArgumentParser
import Foundation
import SessionLog
import SessionStore
import Telemetry

struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List the sessions in the session store.",
        discussion: "One line per session: its number (for show, export and plot), kind, app, status, start (UTC), duration and samples.")

    @OptionGroup var store: StoreOptions

    func run() throws {
        let database = try store.open()
        let listings = try database.sessions()
        guard !listings.isEmpty else {
            Terminal.line("no sessions in \(database.path) yet; `actionsim replay SCENARIO` records them")
            return
        }
        let output = OutputBuffer(immediate: false)
        output.line(pad("ID", 6) + pad("KIND", 18) + pad("APP", 14) + pad("STATUS", 13) + pad("STARTED (UTC)", 22)
                    + pad("DURATION", 13) + pad("SAMPLES", 9) + "SCENARIO")
        for s in listings {
            if s.damage != nil {
                output.line(pad(String(s.id), 6) + pad("—", 18) + pad("—", 14) + pad("damaged", 13) + pad("—", 22)
                            + pad("—", 13) + pad(String(s.samples), 9) + "—")
                continue
            }
            let kind = s.workoutStyle.map { "\(s.kind) \($0)" } ?? s.kind.rawValue
            let started = Date(timeIntervalSince1970: Double(s.startWallClock) / 1e9)
            output.line(pad(String(s.id), 6) + pad(kind, 18) + pad(s.app, 14) + pad(s.status.rawValue, 13)
                        + pad(UTCTimestamp.readable(started), 22) + pad(TimeFormat.wholeSeconds(s.duration), 13)
                        + pad(String(s.samples), 9) + s.runName)
        }
        output.flush()
        for s in listings {
            if let damage = s.damage {
                Terminal.warning("warning: " + StoreError.damagedSession(s.id, path: database.path, damage).description)
            }
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
