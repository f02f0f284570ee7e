import ActionButtonCore
import ArgumentParser
import Foundation
import LinuxInput
import RunRecords
import Scenarios
import SessionLog
import SessionStore
import SimulationEvents
import Synchronization
import Telemetry
import WebView
import YAMLDocuments

/// Options every command that runs a session shares.
struct SessionOptions: ParsableArguments {
    @Option(name: .customLong("log-dir"), help: ArgumentHelp(
        "Directory for the session log (JSON Lines, one file per run).",
        discussion: "Default: $XDG_DATA_HOME/actionsim/logs, else ~/.local/share/actionsim/logs.",
        valueName: "dir"))
    var logDirectory: String?

    @Flag(name: .customLong("no-log"), help: "Do not write a session log file.")
    var noLog = false

    @Option(help: "Colour the output: auto (on a terminal), always or never.")
    var color: Terminal.ColorChoice = .auto

    @Option(name: .customLong("store-wait"), help: ArgumentHelp(
        "How long to wait for a session store another actionsim is writing, in seconds.",
        discussion: "0 to 86400; default 5. A store still locked after that: the run goes on without it and ends with exit status 4.",
        valueName: "seconds"))
    var storeWait: Double = SessionDatabase.defaultBusyTimeout

    func validate() throws {
        guard storeWait.isFinite, storeWait >= 0, storeWait <= 86_400 else {
            throw ValidationError("--store-wait \(storeWait): give a number of seconds from 0 to 86400")
        }
    }
}

extension Terminal.ColorChoice: ExpressibleByArgument {}

struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a scenario and print what the watch does, step by step.",
        discussion: """
        Runs on virtual time by default: as fast as the machine goes, the same result every run. Prints a timeline (time, input, session state, next action, what happened) and, if the scenario has expectations, their verdicts. Exits 1 if an expectation fails.

        With --web: the replay on a web page (127.0.0.1:8080, or --listen ADDR:PORT): the drawn watch, the charts and the timeline, with a scrubber through the replay's time; served after the replay until Ctrl-C.
        """)

    @Argument(help: ArgumentHelp("The scenario file (YAML).", valueName: "scenario"))
    var file: String

    @Flag(help: "Print JSON Lines (the session log's format) instead of the timeline.")
    var json = false

    @Flag(help: "Run in real time instead of virtual time (a 10-minute scenario takes 10 minutes).")
    var realtime = false

    @Flag(help: "Show sensor samples in the timeline.")
    var samples = false

    @OptionGroup var session: SessionOptions

    @Flag(name: .customLong("no-store"), help: "Do not record the sessions in the session store.")
    var noStore = false

    @Flag(name: .customLong("store"), help: ArgumentHelp(
        "With --web: record the sessions in the session store too.",
        discussion: "A replay shown on its page is not stored unless asked: `make demo-web` after `make demo` would store the demo twice."))
    var storeWithPage = false

    @OptionGroup var store: StoreOptions

    @OptionGroup var web: WebOptions

    func validate() throws {
        if storeWithPage && noStore { throw ValidationError("--store and --no-store say opposite things; give one") }
        if storeWithPage && !web.enabled { throw ValidationError("--store goes with --web (a replay without its page is stored unless --no-store)") }
    }

    /// Whether the sessions go to the store: a replay does, unless --no-store; a replay shown
    /// on its page only with --store.
    var storing: Bool { web.enabled ? storeWithPage : !noStore }

    func run() async throws {
        let webAddress = web.enabled ? try web.address() : nil
        let scenario = try ScenarioParser.load(contentsOf: file, swiftApps: Actionsim.swiftApps)
        let settings = try store.settings()
        let replay = Replay(scenario: scenario, json: json, realtime: realtime, samples: samples,
                            logDirectory: session.noLog ? nil : session.logDirectory ?? SessionLogFile.defaultDirectory,
                            color: session.color, store: storing ? settings : nil, storeWait: session.storeWait,
                            web: webAddress, openPage: web.open)
        // The replay runs in a task of its own so that SIGTERM or Ctrl-C can stop it cleanly.
        let work = Task { try await replay.execute() }
        let shutdown = try StopSignals { _ in work.cancel() }
        let result = await work.result
        shutdown.stop()
        // With --web, a signal after the replay ran to its end only stops the page's server.
        if let signal = shutdown.received, !replay.progress.ranToEnd { throw CommandError.interrupted(by: signal) }
        try result.get()
    }

    /// One replay, with everything it writes: the timeline (or JSON Lines), the session log
    /// and the store. Cancelling its task stops the run where it is and closes them all.
    struct Replay: Sendable {
        var scenario: Scenario
        var json: Bool
        var realtime: Bool
        var samples: Bool
        /// nil: no session log.
        var logDirectory: String?
        var color: Terminal.ColorChoice
        /// The session store, the board, and the lab the store is forwarded to (if any);
        /// nil: no session store.
        var store: LabSettings?
        /// `--store-wait`: how long to wait for a store another writer holds (seconds).
        var storeWait: Double
        /// `--web`: where to serve the page (nil: no page).
        var web: ListenAddress?
        /// `--open`: start the desktop's browser on the page.
        var openPage = false
        let progress = Progress()

        /// Whether the replay ran to its end (set before a page is served after it).
        final class Progress: Sendable {
            private let state = Mutex(false)
            var ranToEnd: Bool { state.withLock { $0 } }
            func setRanToEnd() { state.withLock { $0 = true } }
        }

        func execute() async throws {
            // The page first: an address that cannot be had stops the replay before it prints.
            var page: WebPageServer?
            if let web { page = try await startPage(web) }
            let colors = !json && Terminal.useColors(color)
            for warning in scenario.apps.flatMap(\.warnings) { Terminal.warning(warning.description) }

            let output = OutputBuffer(immediate: realtime)
            let live = LiveDisplay(mode: LiveDisplay.mode(realtime: realtime, json: json, span: scenario.until ?? scenario.lastMentionedTime),
                                   output: output)
            var sinks: [any SimulationEventSink] = []
            let printer: TimelinePrinter?
            let jsonStream: JSONLinesStream?
            if json {
                jsonStream = JSONLinesStream()
                sinks.append(jsonStream!)
                printer = nil
            } else {
                jsonStream = nil
                let names = scenario.apps.flatMap(\.model.intents).map(\.name)
                printer = TimelinePrinter(renderer: TimelineRenderer(colors: colors, showSamples: samples, intentNames: names,
                                                                     layout: Terminal.timelineLayout),
                                          output: output, flushEachLine: realtime, live: live)
                sinks.append(printer!)
                output.line(ReplayCommand.banner(for: scenario, realtime: realtime))
                output.line(printer!.renderer.header)
            }
            let records = RunRecords(
                run: .init(source: "replay", name: scenario.name, app: scenario.app.model.name, seed: scenario.seed,
                           clock: realtime ? "real" : "virtual", wallClockAtZero: ReplayCommand.wallClockAtZero(for: scenario, realtime: realtime),
                           sensors: scenario.sensors, board: store?.board ?? ""),
                settings: scenario.settings.description, places: .init(logDirectory: logDirectory, storePath: store?.localPath, storeWait: storeWait),
                writing: .replay, doing: "replaying",
                onLogWriteError: { [storing = store != nil] error in
                    Terminal.error("\(error); the run goes on in memory (the output\(storing ? " and the store" : "") still get every event)")
                })
            for line in records.opened { Terminal.warning(line) }
            sinks += records.sinks
            let recorder = records.recorder
            // A virtual replay's batches are cut by rows only: what a commit holds must not
            // depend on how fast the machine runs the replay (a full disk's report says it).
            if !realtime { recorder?.batchInterval = nil }
            let labLink = recorder.flatMap { recorder in store.flatMap { LabLink(settings: $0, recorder: recorder, metrics: nil, live: realtime) } }
            sinks.append(live)
            if let page { sinks.append(page.feed) }

            let started = ContinuousClock.now
            let outcome: ScenarioOutcome
            do {
                // The printer, stream, log and store take every event: the run keeps them only
                // if it has expectations to check, so that a long replay runs in constant memory.
                outcome = try await ScenarioRunner.run(scenario, realtime: realtime, sinks: sinks, keepEvents: false)
            } catch {
                live.finish()
                output.flush()
                throw CommandError.badInput("\(scenario.file): \(error)")
            }
            let stopped = Task.isCancelled
            let elapsed = ContinuousClock.now - started
            live.finish()
            jsonStream?.flush()
            let recordNotes = records.close(at: outcome.endTime, output: "the output above",
                                            howToEnd: "a step such as {at: \(outcome.endTime), end: session} ends it (A11)")
            let labNotes = labLink?.finish() ?? []

            if !json {
                let summary = "replayed \(outcome.endTime) of \(realtime ? "real" : "virtual") time in \(TimeFormat.duration(elapsed)) · \(outcome.eventCount) events"
                output.line("")
                output.line(colors ? summary.dim : summary)
                if !stopped { for line in ReplayCommand.verdicts(outcome, colors: colors) { output.line(line) } }
            }
            output.flush()
            if stopped {
                Terminal.warning("stopped at \(outcome.endTime) by a signal: the log and the store hold every event up to then; expectations were not checked")
            }
            for line in recordNotes { Terminal.note(line) }
            for line in labNotes { Terminal.note(line) }
            if let page {
                if stopped {
                    page.stop(at: outcome.endTime)
                } else {
                    progress.setRanToEnd()
                    Terminal.note("the page shows the whole replay; Ctrl-C stops serving it")
                    await page.serve(until: outcome.endTime)
                }
            }
            if !stopped, !outcome.passed {
                if json { for failure in outcome.failures { Terminal.warning("\(failure.location): \(failure.message)") } }
                throw CommandError.expectationsFailed
            }
            // Said when the store could not be had (the run's first warning); the status says it too.
            if records.storeLocked { throw CommandError.alreadySaid(.cannotWrite) }
        }

        /// The page of the replay, read-only (its presses are the scenario's), served from now on.
        private func startPage(_ address: ListenAddress) async throws -> WebPageServer {
            let run = SessionAssembler.Run(source: "replay", name: scenario.name, app: scenario.app.model.name, seed: scenario.seed,
                                           clock: realtime ? "real" : "virtual",
                                           wallClockAtZero: ReplayCommand.wallClockAtZero(for: scenario, realtime: realtime),
                                           sensors: scenario.sensors)
            let feed = SessionFeed(.init(mode: .replay, title: ReplayCommand.banner(for: scenario, realtime: realtime),
                                         action: scenario.settings.sessionKind.rawValue, run: run,
                                         intentNames: scenario.apps.flatMap(\.model.intents).map(\.name)),
                                   autoPublish: true)
            let access = PageAccess(mode: .readOnly(reason: "read-only: a replay's presses are its scenario's"))
            let page = try await WebPageServer.start(WatchServer(address: address, access: access, feed: feed, press: nil))
            Terminal.note(WebPageServer.announce(page.address, access: access))
            if openPage { WebPageServer.open(WebPageServer.url(page.address, access: access)) }
            return page
        }
    }

    /// The wall-clock time (ns since 1970) at the replay's time zero. A virtual replay is
    /// dated so that the scenario ends about now: its sessions lie in the past, in time order
    /// with the runs before and after it (a run at 12:00 whose dive starts 41 minutes in was
    /// dated 12:41, after a live session at 12:05). A real-time replay starts now.
    static func wallClockAtZero(for scenario: Scenario, realtime: Bool, now: Date = Date()) -> Int64 {
        let nowNanoseconds = Int64((now.timeIntervalSince1970 * 1e9).rounded())
        return realtime ? nowNanoseconds : nowNanoseconds &- scenario.lastMentionedTime.nanoseconds
    }

    static func banner(for scenario: Scenario, realtime: Bool) -> String {
        var parts = [scenario.name, scenario.settings.description, "seed \(scenario.seed)"]
        if !scenario.rules.isEmpty { parts.append("rules " + scenario.rules.joined(separator: ", ")) }
        if realtime { parts.append("real time") }
        return parts.joined(separator: " · ")
    }

    static func verdicts(_ outcome: ScenarioOutcome, colors: Bool) -> [String] {
        guard outcome.checkCount > 0 else { return [] }
        var lines: [String] = []
        for result in outcome.results {
            let mark = result.passed ? (colors ? "✓".green : "✓") : (colors ? "✗".red : "✗")
            let text = result.passed ? result.message : "\(result.location): \(result.message)"
            lines.append("\(mark) \(text)")
        }
        let unsaid = outcome.failureCount - outcome.failures.count
        if unsaid > 0 { lines.append("✗ … and \(unsaid) more failed checks of the steps file") }
        let failed = outcome.failureCount
        var summary = failed == 0
            ? "expectations: \(outcome.checkCount) passed"
            : "expectations: \(failed) of \(outcome.checkCount) failed"
        // A steps file's passed checks are counted, not listed.
        let listed = outcome.results.count + unsaid
        if listed < outcome.checkCount { summary += " (\(outcome.checkCount - listed) passed checks of the steps file not listed)" }
        lines.append(colors ? (failed == 0 ? summary.green : summary.red.bold) : summary)
        return lines
    }
}

/// Prints the timeline as events arrive.
final class TimelinePrinter: SimulationEventSink {
    var renderer: TimelineRenderer
    let output: OutputBuffer
    let flushEachLine: Bool
    let live: LiveDisplay?

    init(renderer: TimelineRenderer, output: OutputBuffer, flushEachLine: Bool, live: LiveDisplay? = nil) {
        self.renderer = renderer
        self.output = output
        self.flushEachLine = flushEachLine
        self.live = live
    }

    func record(_ event: SimulationEvent) {
        guard let line = renderer.line(for: event) else { return }
        live?.willPrintLine()
        output.line(line)
        if flushEachLine { output.flush() }
        live?.didPrintLine()
    }
}
