import ArgumentParser
import LabStore
import SessionStore

struct ForwardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forward",
        abstract: "Send what the local session store holds and the lab's database lacks.",
        discussion: """
        A run with --db postgres://... records into the local store and forwards from there while it goes on; what could not be sent (the lab's database was away when the run ended) waits in the local store. forward sends it: every session, sample and event the lab lacks, in order, each only once however often it is sent.

        Exit status: 0 the lab has everything; 2 no lab is configured (--db, ACTIONSIM_DB or db: in the config file) or the store cannot be read; 4 the lab's database stayed away for --wait (the rows still wait, nothing is lost).
        """)

    @OptionGroup var store: StoreOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("How long to keep trying while the lab's database is away, in seconds.", valueName: "seconds"),
            transform: NumberOption.within(0...86_400, "0 to 86400 seconds"))
    var wait: Double = 30

    func run() throws {
        let settings = try store.settings()
        guard let url = settings.lab else {
            throw CommandError.badInput("no lab to forward to: give --db postgres://USER@HOST[:PORT]/DATABASE (or set ACTIONSIM_DB)")
        }
        // Opening the store migrates it (its identity and outbox) and marks sessions of dead runs.
        let database = try SessionDatabase(path: settings.localPath)
        StoreOptions.report(database)
        let started = ContinuousClock.now
        let forwarder = LabForwarder(url: url, storePath: database.path)
        forwarder.waitsForUnreachedLab = true
        forwarder.start()
        let status = forwarder.finish(timeout: .milliseconds(Int64(wait * 1000)))
        let seconds = (ContinuousClock.now - started).secondsValue
        // A lab never reached is not one that has everything, even when nothing waits here.
        let backlog = status.backlog ?? 0
        if backlog > 0 || !status.reachable {
            let why = status.reachable ? "refused them (\(status.problem ?? "no reason given"))"
                : "stayed away for \(ForwardCommand.seconds(wait)) (\(status.problem ?? "unreachable"))"
            let waiting = backlog > 0 ? "\(backlog) rows still wait in \(database.path)"
                : "nothing waits in \(database.path), but whether the lab has all it holds is not known"
            throw CommandError.cannotWrite("the lab's database \(url) \(why): \(waiting)")
        }
        Terminal.line("forwarded \(status.sessions.count) session\(status.sessions.count == 1 ? "" : "s"), "
                      + "\(status.samplesSent) samples and \(status.eventsSent) events to \(url) in "
                      + String(format: "%.3f s", seconds) + "; it has everything \(database.path) holds")
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
