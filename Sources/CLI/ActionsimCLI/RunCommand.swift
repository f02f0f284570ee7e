import ActionButtonCore
import ArgumentParser
import DeviceProfiles
import Foundation
import LabMetrics
import LiveLoop
import OutputFiles
import SessionLog
import RunRecords
import Scenarios
import SessionStore
import Simulation
import SimulationEvents
import Telemetry
import WebView
import SystemCalls

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Drive the Action button live from real buttons or the terminal.",
        discussion: """
        Presses go through the same rules as replay, on the real clock: edges carry the kernel's timestamps, and each intent's dispatch latency (press to perform()) is logged.

        Without --device the terminal is the buttons: a or space presses Action, s the side button, b both together (pause/resume), A and S hold a button down until pressed again, w wrist down, e end the session, ? help, q quit.

        With --device devices/PROFILE.yaml: a GPIO profile requests its lines (consumer "actionsim"); an evdev profile opens (and, if it says so, grabs) its keyboard, gamepad or gpio-keys device. An unplugged device is reopened when it comes back; the session goes on.

        Examples:
          actionsim run
          actionsim run --device devices/raspberry-pi-gpio.yaml --app scenarios/apps/trailrunner.yaml --first-press running
          actionsim run scenarios/demo.yaml --device devices/usb-keyboard.yaml

        With --web: a web page of the session on 127.0.0.1:8080 (--listen ADDR:PORT elsewhere): a drawn Apple Watch Ultra whose Action and side buttons press (with the token in the printed URL, unless --read-only), live charts and the timeline.

        Signals: SIGINT or SIGTERM end the run cleanly (the log is flushed and closed; SIGTERM stores the session as ended, SIGINT as interrupted); SIGHUP reloads the device profile; Ctrl-Z (SIGTSTP) gives the shell its terminal back and stops, and fg goes on.
        Exit status: 0 ended normally (q, Ctrl-C, SIGTERM, the end of piped input), 2 bad setup or profile, 3 the device could not be opened, 4 a system call failed.
        """)

    @OptionGroup var setup: SetupOptions
    @OptionGroup var device: DeviceOptions
    @OptionGroup var output: LiveOutputOptions
    @OptionGroup var session: SessionOptions

    func run() async throws { try await live().run() }
    func runOnThisThread() throws { try live().runOnThisThread() }

    private func live() throws -> LiveRun {
        try LiveRun(source: "run", setup: setup.load(), profile: device.load(), inputPath: device.inputPath,
                    output: output, session: session, recordTo: nil)
    }
}

/// `run` and `record`: a live session that can also run without Swift's executor.
protocol LiveCommand {
    func runOnThisThread() throws
}

extension RunCommand: LiveCommand {}
extension RecordCommand: LiveCommand {}

struct LiveOutputOptions: ParsableArguments {
    @Flag(help: "Print JSON Lines (the session log's format) instead of the timeline.")
    var json = false

    @Flag(help: "Show sensor samples in the timeline.")
    var samples = false

    @Flag(name: .customLong("no-store"), help: "Do not record the sessions in the session store.")
    var noStore = false

    @Option(help: ArgumentHelp(
        "Serve live metrics for Prometheus at http://ADDR:PORT/metrics.",
        discussion: "Presses by kind, ignored gestures and dropped edges by reason, intents performed and failed by role, start deadlines, press-to-dispatch latency, session state and the lab's forwarding backlog, each labelled with the board. A port alone is on 127.0.0.1; port 0 takes any free port.",
        valueName: "addr:port"))
    var metrics: String?

    @OptionGroup var store: StoreOptions

    @OptionGroup var web: WebOptions
}

/// One live session, as `run` and `record` share it.
struct LiveRun {
    let source: String
    let setup: SessionSetup
    let profile: DeviceProfile?
    let inputPath: String?
    let output: LiveOutputOptions
    let session: SessionOptions
    let recordTo: String?

    private struct Result: Sendable {
        var error: CommandError?
        var notes: [String] = []
    }

    /// From Swift's executor: the blocking loop gets a thread of its own.
    func run() async throws {
        let (colors, lab) = try prepare()
        let configuration = try LiveSession.Configuration(setup: setup, profile: profile, inputPath: inputPath)
        let (source, output, session, recordTo) = (source, output, session, recordTo)
        let result = await OwnThread.run("actionsim live loop", stackSize: 8 << 20) {
            Self.session(configuration, source: source, output: output, options: session, recordTo: recordTo, colors: colors,
                         lab: lab)
        }
        try report(result)
    }

    /// On the calling thread (the main thread, before Swift's executor has started: see
    /// `Actionsim.runFromCommandLineAndExit`).
    func runOnThisThread() throws {
        let (colors, lab) = try prepare()
        // No task has started yet: the page's server and its tasks can share NIO's threads,
        // and libdispatch's pool, with its wake-up a second, never starts.
        if output.web.enabled { WatchServer.runTasksOnServerThreads() }
        let configuration = try LiveSession.Configuration(setup: setup, profile: profile, inputPath: inputPath)
        try report(Self.session(configuration, source: source, output: output, options: session, recordTo: recordTo,
                                colors: colors, lab: lab))
    }

    /// What the run serves and forwards: the store's place, the board and the lab; the
    /// metrics and their server.
    struct LabSide {
        var settings: LabSettings
        var metrics: RunMetrics?
        var server: MetricsServer?
    }

    /// Warnings about the apps, and refusals before anything is opened. Returns whether to
    /// colour, and the lab's side of the run (its metrics server listening already).
    private func prepare() throws -> (Bool, LabSide) {
        let colors = try prepareSetup()
        let settings = try output.store.settings()
        var lab = LabSide(settings: settings)
        if let metrics = output.metrics {
            let address = try ListenAddress(parsing: metrics, option: "--metrics", examplePort: MetricsServer.examplePort)
            let runMetrics = RunMetrics(board: settings.board)
            do {
                lab.server = try MetricsServer(address: address, exposition: { runMetrics.exposition() })
            } catch {
                throw CommandError.badInput(error.description)
            }
            lab.metrics = runMetrics
            Terminal.note("metrics: http://\(lab.server!.address)/metrics (board \(settings.board))")
        }
        return (colors, lab)
    }

    private func prepareSetup() throws -> Bool {
        if output.web.enabled { _ = try output.web.address() }
        for warning in setup.apps.flatMap(\.warnings) { Terminal.warning(warning.description) }
        if let recordTo {
            if setup.appSources.contains(.inline) {
                throw CommandError.badInput("cannot record to \(recordTo): the setup scenario writes an app manifest inline; a recording names its apps by file")
            }
            // The scenario is written when the session ends: a path it cannot be written to
            // is refused now, not after the session.
            try OutputFile.check(recordTo)
        }
        return !output.json && Terminal.useColors(session.color)
    }

    private func report(_ result: Result) throws {
        for note in result.notes { Terminal.note(note) }
        if let error = result.error { throw error }
    }

    /// The session itself, blocking until it ends.
    private static func session(_ configuration: LiveSession.Configuration, source: String, output: LiveOutputOptions,
                                options session: SessionOptions, recordTo: String?, colors: Bool, lab: LabSide) -> Result {
        var result = Result()
        defer { lab.server?.stop() }
        let out = OutputBuffer(immediate: true)
        var sinks: [any SimulationEventSink] = []
        let json = output.json ? JSONLinesStream() : nil
        var header: String?
        if let json { sinks.append(json) } else {
            let names = configuration.setup.apps.flatMap(\.model.intents).map(\.name)
            let printer = TimelinePrinter(renderer: TimelineRenderer(colors: colors, showSamples: output.samples, intentNames: names,
                                                                     layout: Terminal.timelineLayout),
                                          output: out, flushEachLine: true)
            sinks.append(printer)
            header = printer.renderer.header
        }
        // The web page (--web): a sink that hands each wake-up's events to the server.
        var configuration = configuration
        var web: WebPageServer?
        if output.web.enabled {
            do {
                let (server, remote) = try webServer(configuration, output: output, source: source)
                web = try WebPageServer.start(server)
                configuration.remoteButtons = remote
                sinks.append(server.feed)
                Terminal.note(WebPageServer.announce(web!.address, access: server.access))
                if output.web.open { WebPageServer.open(WebPageServer.url(web!.address, access: server.access)) }
            } catch {
                let (status, message) = ExitStatus.of(error)
                result.error = CommandError(status: status, message: message)
                return result
            }
        }
        // Zero on the run's time line, taken before the log so its header can name it.
        let origin = RealClock.monotonicNow()
        let logDirectory = session.noLog ? nil : session.logDirectory ?? SessionLogFile.defaultDirectory
        // Sessions and samples go to the session store too, as replay's do (T1, T2, T4).
        let records = RunRecords(
            run: .init(source: source, name: configuration.profile?.name ?? "terminal", app: configuration.setup.settings.appName,
                       seed: configuration.setup.seed, clock: "real",
                       wallClockAtZero: Int64((Date().timeIntervalSince1970 * 1e9).rounded()), sensors: configuration.setup.sensors,
                       board: lab.settings.board),
            settings: configuration.setup.settings.description, monotonicOrigin: origin,
            places: .init(logDirectory: logDirectory, storePath: output.noStore ? nil : lab.settings.localPath, storeWait: session.storeWait),
            writing: .live, doing: "running")
        for line in records.opened { Terminal.warning(line) }
        let log = records.log
        if let log { sinks.append(log) }
        let recorder = recordTo != nil ? InputRecorder() : nil
        if let recorder { sinks.append(recorder) }
        if let metrics = lab.metrics { sinks.append(metrics) }
        let stored = records.recorder
        if let stored { sinks.append(stored) }
        let labLink = stored.flatMap { LabLink(settings: lab.settings, recorder: $0, metrics: lab.metrics, live: true) }

        // A log that cannot be written (a full disk) does not stop the session: say so
        // the moment it happens, and again at the end.
        var logFailureSaid = false
        let shownOn = output.json ? "standard output" : "the timeline"
        let stillRecording = records.stillRecording(besides: shownOn)
        let live = LiveSession(configuration: configuration, sink: EventFanOut(sinks), recorder: recorder,
                               flushLog: {
                                   json?.flush()
                                   log?.flush()
                                   web?.feed.publish()
                                   if !logFailureSaid, let error = log?.writeError {
                                       logFailureSaid = true
                                       Terminal.warning("warning: \(error); the session goes on in memory (\(stillRecording) still get every event), the log stops here")
                                   }
                               },
                               notice: { text, kind in
                                   // The timeline shows status lines already; JSON output does not.
                                   switch kind {
                                   case .help: Terminal.note(text)
                                   case .warning: if output.json || !Terminal.stdoutIsTerminal { Terminal.warning("warning: " + text) }
                                   case .status: if output.json { Terminal.note(text) }
                                   }
                               })
        live.instruments = SensorSuite.instruments(for: configuration.setup.sensors, seed: configuration.setup.seed)
        Terminal.note("actionsim \(source): \(configuration.setup.settings)"
                      + (configuration.profile.map { " · profile \($0.file)" } ?? " · the terminal is the buttons")
                      + " · Ctrl-C ends the session")
        if configuration.profile == nil { Terminal.note(TerminalKeyMap.help) }
        // After the banner, the key help (on standard error) and the devices' opening, so the
        // columns sit on the timeline and a device that cannot be opened leaves no header.
        if let header { live.onReady = { out.line(header) } }
        let outcome: LiveSession.Outcome
        do throws(LiveRunError) {
            outcome = try live.run(origin: origin)
        } catch {
            out.flush()
            web?.stop(at: .zero)
            _ = records.close(at: .zero, output: shownOn)
            _ = labLink?.finish()
            let (status, message) = ExitStatus.of(error)
            result.error = CommandError(status: status, message: message)
            return result
        }
        out.flush()
        web?.stop(at: outcome.endTime)
        // `q` is the person ending the run, and the session with it: stored as ended. So is
        // SIGTERM, a request to stop (`systemctl stop actionsim`, a shutdown): the service's
        // sessions would otherwise all read as crashes. SIGINT or the input's end stops the
        // run under the session: stored as interrupted.
        let ending: String? = switch outcome.reason {
        case .quit: "ended by the user (q)"
        case .signal("SIGTERM"): "ended by SIGTERM (a stop request)"
        default: nil
        }
        result.notes += records.close(at: outcome.endTime, output: shownOn, endingOpenSession: ending)
        if let labLink { result.notes += labLink.finish() }
        if let recorder, let recordTo {
            let recorded = Date()
            let inputs = recorder.recording.steps.count
            let saved = RecordingFile.save(to: recordTo, fallbackDirectories: [
                session.logDirectory ?? SessionLogFile.defaultDirectory,
                ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp",
            ]) { (path: String) throws(OutputFileError) in
                let directory = (SessionSetupPaths.absolute(path) as NSString).deletingLastPathComponent
                let header = RecordedScenario.Header(
                    name: "Recorded " + (configuration.profile?.name ?? "terminal") + " session",
                    comments: ["Recorded by `actionsim record` from " + (configuration.profile?.file ?? "the terminal")
                               + " on " + UTCTimestamp.iso8601(recorded) + ".",
                               "Edge times are the kernel's, on the session log's time line (zero when the run started). Replay: actionsim replay \(path)"],
                    apps: configuration.setup.appSources.compactMap { RecordedScenario.Header.App($0, from: directory) },
                    settings: configuration.setup.settings, seed: configuration.setup.seed, recognizer: live.recognizer)
                try RecordingOutput.write(recorder.recording, header: header, to: path)
            }
            switch saved {
            case .written:
                result.notes.append("recorded \(inputs) inputs to \(recordTo)")
            case .elsewhere(let path, let error):
                result.error = .cannotWrite("\(error); the recording (\(inputs) inputs) is saved as \(path) instead")
            case .lost(let error, let attempts):
                result.error = .cannotWrite("\(error); the recording (\(inputs) inputs) could not be saved elsewhere either ("
                                            + attempts.map(\.description).joined(separator: "; ") + ")")
            }
        }
        // Said at the start, and again by the records' close; the status says it too.
        if records.storeLocked, result.error == nil { result.error = .alreadySaid(.cannotWrite) }
        return result
    }
}

extension LiveRun {
    /// The page's server and, unless read-only, the channel its button edges take to the loop.
    fileprivate static func webServer(_ configuration: LiveSession.Configuration, output: LiveOutputOptions,
                                      source: String) throws -> (WatchServer, RemoteButtons?) {
        let address = try output.web.address()
        let access = PageAccess(mode: output.web.readOnly
            ? .readOnly(reason: "read-only: actionsim \(source) was started with --read-only")
            : .token(PageAccess.newToken()))
        let remote: RemoteButtons? = output.web.readOnly ? nil : try RemoteButtons(summary: "the web page's buttons (--web)")
        let setup = configuration.setup
        let name = configuration.profile?.name ?? "terminal"
        let run = SessionAssembler.Run(source: source, name: name, app: setup.settings.appName, seed: setup.seed, clock: "real",
                                       wallClockAtZero: Int64((Date().timeIntervalSince1970 * 1e9).rounded()), sensors: setup.sensors)
        let description = SessionFeed.Description(
            mode: .live, title: "\(setup.settings) · \(configuration.profile?.name ?? "the terminal")",
            action: setup.settings.sessionKind.rawValue, run: run, intentNames: setup.apps.flatMap(\.model.intents).map(\.name))
        let feed = SessionFeed(description, autoPublish: false)
        var press: (@Sendable (Button, EdgeDirection) -> Void)?
        if let remote { press = { button, direction in remote.push(button, direction) } }
        return (WatchServer(address: address, access: access, feed: feed, press: press), remote)
    }
}

enum SessionSetupPaths {
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
