import Foundation
import LabMetrics
import LabStore
import SessionStore
import Synchronization

/// A recording run's link to the lab (`--db postgres://...`): the forwarder from the local
/// store to the lab's database, what it says while the run goes on (the lab gone away, the
/// backlog waiting, the backlog sent), and at the end where the sessions are.
final class LabLink: Sendable {
    let forwarder: LabForwarder
    let settings: LabSettings

    /// How long the end of a run waits for the lab to take what is left when it is away.
    static let finishTimeout: Duration = .seconds(10)

    /// Starts forwarding the store `recorder` writes, when a lab is configured.
    init?(settings: LabSettings, recorder: SessionRecorder, metrics: RunMetrics?, live: Bool) {
        guard let url = settings.lab else { return nil }
        self.settings = settings
        let said = Mutex<(reachable: Bool, lastBacklogNote: ContinuousClock.Instant?)>((true, nil))
        forwarder = LabForwarder(url: url, storePath: recorder.database.path) { status in
            metrics?.forwarding(backlog: status.backlog ?? 0, reachable: status.reachable)
            let message: String? = said.withLock { said in
                let backlog = status.backlog.map { "\($0) row\($0 == 1 ? "" : "s")" } ?? "its rows"
                if said.reachable, !status.reachable {
                    said = (false, .now)
                    return "warning: the lab's database is away (\(status.problem ?? "unreachable")); the session goes on, "
                        + "\(backlog) wait in the local store and are sent when it is back"
                }
                if !said.reachable, status.reachable {
                    said = (true, nil)
                    return "the lab's database \(url) is back; the backlog (\(backlog)) is being sent"
                }
                // While it is away, the backlog every 15 s.
                if !status.reachable, let last = said.lastBacklogNote, .now - last >= .seconds(15) {
                    said.lastBacklogNote = .now
                    return "warning: the lab's database is still away; \(backlog) wait in the local store"
                }
                return nil
            }
            if let message { Terminal.warning(message) }
        }
        // A live run (committing a second's rows each second) sends every 5 s: each send wakes
        // the forwarder's thread and the connection's, and a 1 Hz session stays within the live
        // path's two wake-ups a second (make bench). A replay sends at once.
        if live { forwarder.minimumInterval = .seconds(5) }
        recorder.onCommit = { [forwarder] in forwarder.nudge() }
        forwarder.start()
    }

    /// Sends what is left (waiting up to `finishTimeout` if the lab is away) and says where
    /// the sessions are.
    func finish() -> [String] {
        let status = forwarder.finish(timeout: Self.finishTimeout)
        let url = forwarder.url
        let board = "board \(settings.board)"
        if let backlog = status.backlog, backlog > 0 {
            let why = status.reachable ? "refused them (\(status.problem ?? "no reason given"))"
                : "is away (\(status.problem ?? "unreachable"))"
            // The forward command to copy: it reads the default store unless told another.
            let store = forwarder.storePath == SessionDatabase.defaultPath() ? ""
                : " --data-dir \((forwarder.storePath as NSString).deletingLastPathComponent)"
            return ["warning: the lab's database \(url) \(why): \(backlog) rows wait in \(forwarder.storePath) "
                    + "and are sent by the next run with this --db, or by `actionsim forward --db \(url)\(store)`"]
        }
        let ids = status.sessions.values.sorted()
        guard !ids.isEmpty else { return ["lab: \(url) is up to date (\(board))"] }
        return ["lab: \(url) (\(board)): session\(ids.count == 1 ? "" : "s") " + ids.map(String.init).joined(separator: ", ")
                + ", \(status.samplesSent) samples forwarded; `actionsim show \(ids.last!) --db \(url)`"]
    }
}
