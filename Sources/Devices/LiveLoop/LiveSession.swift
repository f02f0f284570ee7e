import ActionButtonCore
import DeviceProfiles
import LinuxInput
import YAMLDocuments
import Simulation
import SimulationEvents

/// The live loop behind `actionsim run` and `actionsim record`: real buttons (or the
/// terminal) drive a `SimulationEngine` on the real clock.
///
/// One thread, one `epoll_wait` with no timeout: device descriptors, a timerfd set to the
/// engine's next deadline (chord window, hold time, start deadline, sensor tick, a sleeping
/// intent's wake-up), an eventfd for work from other threads, and the signal pipe. Each
/// wake-up reads what is ready, applies edges with their kernel times, dispatches at the
/// present, runs the intents it dispatched (on this thread: `LoopTaskExecutor`), settles
/// deadlines, flushes the log batch and re-arms the timer. Idle means no wake-ups at all,
/// and a 1 Hz session one a second.
public final class LiveSession {
    public struct Configuration: Sendable {
        public var setup: SessionSetup
        /// nil: the terminal is the buttons.
        public var profile: DeviceProfile?
        /// `--input PATH`: this evdev device instead of the profile's match rules.
        public var inputPath: String?
        /// Edges from another thread (the web page's buttons), beside the devices or the
        /// terminal. While it is there, the end of piped standard input does not end the run.
        public var remoteButtons: RemoteButtons?

        /// P2/P3 timings, checked when the configuration is made.
        public private(set) var recognizer: PressRecognizer.Configuration

        /// Refuses timings that cannot work together (a scenario's hold shorter than the
        /// profile's chord window), naming where each came from.
        public init(setup: SessionSetup, profile: DeviceProfile?, inputPath: String?,
                    remoteButtons: RemoteButtons? = nil) throws(DocumentError) {
            self.setup = setup
            self.profile = profile
            self.inputPath = inputPath
            self.remoteButtons = remoteButtons
            self.recognizer = try Self.timings(scenario: setup.recognizerSettings, profile: profile)
        }

        /// The timings of every command that presses buttons (run, record, inject,
        /// import-evemu): a scenario's keys win, then the device profile's, then its kind's
        /// defaults; the terminal's are evdev's (it needs no debounce).
        public static func timings(scenario: RecognizerSettings, profile: DeviceProfile?) throws(DocumentError) -> PressRecognizer.Configuration {
            try .resolvingDocuments(scenario: scenario, profile: profile?.recognizerSettings, defaults: profile?.kindDefaults ?? .evdev)
        }

        /// Another profile in place (SIGHUP), with the timings `timings(scenario:profile:)` gave.
        mutating func use(_ profile: DeviceProfile, recognizer: PressRecognizer.Configuration) {
            self.profile = profile
            self.recognizer = recognizer
        }
    }

    /// What a line for the person at the terminal is.
    public enum Notice: Hashable, Sendable {
        /// Also in the session log and timeline.
        case status
        case warning
        /// The terminal's key help, asked for with `?`.
        case help
    }

    public enum StopReason: Hashable, Sendable, CustomStringConvertible {
        case signal(String)
        case quit
        case inputEnded

        public var description: String {
            switch self {
            case .signal(let name): name
            case .quit: "quit"
            case .inputEnded: "input ended"
            }
        }
    }

    public struct Outcome: Sendable {
        public var reason: StopReason
        public var endTime: Timestamp
        /// How many times the loop woke up (the idle check reads it).
        public var wakeUps: Int
        /// The longest time one wake-up kept the loop from reading its devices, from the
        /// return of `epoll_wait` to the next call. A kernel's evdev buffer holds 64 events:
        /// at 1,000 edges a second that is 32 ms.
        public var longestWakeUp: Duration
    }

    public private(set) var configuration: Configuration
    /// Every event, held for the wake-up and passed on in time order.
    private let sink: TimeOrderedSink
    private let flushLog: () -> Void
    private let recorder: InputRecorder?
    private let notice: (String, Notice) -> Void
    /// Sensors and other instruments that run beside the engine on its clock.
    public var instruments: [any SimulationInstrument] = []
    /// Called once the devices are open, before the first event: where `run` prints the
    /// timeline's column header, so that a device that cannot be opened leaves no header.
    public var onReady: (() -> Void)?

    private var engine: SimulationEngine!
    private var present: LoopPresent!
    private var timeline: KernelTimeline!
    private var sources: [any InputSource] = []
    private var sourcesChanged = false
    private var warnedClock = false

    /// The press timings the session runs with: the configuration's, except that lines the
    /// kernel debounces (libgpiod 2.x) are not debounced a second time here.
    public var recognizer: PressRecognizer.Configuration { engine?.recognizer.configuration ?? configuration.recognizer }

    /// - Parameters:
    ///   - sink: where every event goes (timeline printer, session log, recorder), in order.
    ///   - flushLog: writes the buffered log batch; called after each wake-up that logged.
    ///   - notice: a line for the person at the terminal (standard error).
    public init(configuration: Configuration, sink: any SimulationEventSink, recorder: InputRecorder? = nil,
                flushLog: @escaping () -> Void, notice: @escaping (String, Notice) -> Void) {
        self.configuration = configuration
        self.sink = TimeOrderedSink(sink)
        self.recorder = recorder
        self.flushLog = flushLog
        self.notice = notice
    }

    /// Runs until SIGINT, SIGTERM, `q`, or the end of piped input. Blocks the calling
    /// thread, which also runs the intents: call it from a thread of its own, never from
    /// Swift's executor.
    ///
    /// - Parameters:
    ///   - origin: the `CLOCK_MONOTONIC` time that is zero on the run's time line; the
    ///     session log's header names it, so its times can be set beside the kernel's.
    ///   - clock: where the present comes from: `CLOCK_MONOTONIC`, or a test's clock that it
    ///     moves itself (it then wakes the loop, as a device would, to have the time read).
    ///     The loop's timer is armed on `CLOCK_MONOTONIC` at `origin` plus each deadline.
    public func run(origin: Timestamp = RealClock.monotonicNow(),
                    clock: @escaping @Sendable () -> Timestamp = { RealClock.monotonicNow() }) throws(LiveRunError) -> Outcome {
        let signals: SignalPipe
        let loop: EventLoop
        do {
            signals = try SignalPipe()
            loop = try EventLoop(signals: signals)
        } catch {
            throw .system(error)
        }
        defer { signals.close() }

        present = LoopPresent(origin: origin, read: clock)
        timeline = KernelTimeline(origin: origin)
        let wakeDescriptor = loop.wakeDescriptor
        let intents = LoopTaskExecutor(wake: { EventLoop.wake(wakeDescriptor) })
        do {
            engine = try SimulationEngine(apps: configuration.setup.apps.map(\.definition), settings: configuration.setup.settings,
                                          recognizer: configuration.recognizer, clock: .real(present.clock), intentsOn: intents, sink: sink)
        } catch {
            throw .setup("\(configuration.setup.scenarioFile ?? "actionsim"): \(error)")
        }
        engine.instruments = instruments
        let loopPresent = present!
        engine.dispatchClock = { loopPresent.realNow }
        engine.host.onReport { intents.signal() }
        defer { engine.host.onReport(nil) }

        sources = try openSources(configuration.profile, debounce: configuration.recognizer.debounce)
        defer { closeSources() }
        onReady?()
        for source in sources { log("live input: \(source.summary)", at: .zero) }
        useKernelDebounce(configuration.recognizer, at: .zero)
        let nice = EventLoop.raiseThreadPriority()
        log(nice <= EventLoop.preferredNice
                ? "live loop at nice \(nice)"
                : "live loop at nice \(nice): not allowed nice \(EventLoop.preferredNice) (RLIMIT_NICE); on a busy machine, fast input may overflow the kernel's buffer",
            at: .zero)
        for source in sources {
            if let gpio = source as? GPIOSource {
                for line in gpio.linesActiveAtStart() {
                    log(.input("line \(line) reads pressed at start: check the profile's active-low and bias"), at: .zero)
                }
            }
        }
        sink.flush()
        flushLog()

        var watch: DirectoryWatch?
        var retryAt: Int64?
        var stop: StopReason?
        var inputEnded = false
        var items: [SourceItem] = []
        var wakes: [EventLoop.Wake] = []
        var longest: Int64 = 0
        while stop == nil {
            // Watch for a vanished device only while one is missing.
            let missing = sources.contains { $0.isMissingDevices }
            if missing, watch == nil, retryAt == nil {
                do {
                    watch = try DirectoryWatch(directories: ["/dev/input", "/dev/input/by-id", "/dev/input/by-path", "/dev"])
                } catch {
                    // No inotify in this kernel: try again every half second, only while missing.
                    retryAt = RealClock.monotonicNow().nanoseconds + 500_000_000
                }
            } else if !missing {
                watch = nil
                retryAt = nil
            }
            do {
                if sourcesChanged { loop.unwatchAll(); sourcesChanged = false }
                var descriptors = Set(sources.flatMap(\.descriptors))
                if let watch { descriptors.insert(watch.fileDescriptor) }
                // On the main thread the loop also runs the main queue: `@MainActor` intents.
                if MainDispatchQueue.isMainThread { descriptors.insert(MainDispatchQueue.descriptor) }
                try loop.watchOnly(descriptors)
                let deadline = [engine.nextDeadline, engine.host.nextSleeperDeadline].compactMap { $0 }.min()
                loop.arm(at: [deadline.map { origin.nanoseconds + $0.nanoseconds }, retryAt].compactMap { $0 }.min())

                if intents.loopWillSleep() { wakes = try loop.wait() } else { wakes = [] }
                intents.loopWoke()
                let woke = RealClock.monotonicNow().nanoseconds
                // Time stopped by Ctrl-Z is not time the loop kept from its devices.
                var stopped: Int64 = 0
                items.removeAll(keepingCapacity: true)
                var reopen = false
                var reload = false
                for wake in wakes {
                    switch wake {
                    case .readable(let descriptor) where descriptor == MainDispatchQueue.descriptor:
                        MainDispatchQueue.drain()
                    case .readable(let descriptor):
                        if let watch, descriptor == watch.fileDescriptor {
                            reopen = watch.drain() || reopen
                        } else {
                            for source in sources where source.descriptors.contains(descriptor) { source.read(descriptor, into: &items) }
                        }
                    case .signal:
                        for signal in signals.take() {
                            switch signal {
                            case .interrupt: stop = .signal("SIGINT")
                            case .terminate: stop = .signal("SIGTERM")
                            case .hangup: reload = true
                            case .stop: stopped += suspend(signals)
                            case .continue: for source in sources { source.resume() }
                            }
                        }
                    case .timer:
                        if let due = retryAt, RealClock.monotonicNow().nanoseconds >= due {
                            reopen = true
                            retryAt = RealClock.monotonicNow().nanoseconds + 500_000_000
                        }
                    case .woken:
                        break
                    }
                }
                if reopen {
                    let engine = self.engine!
                    for source in sources where source.isMissingDevices {
                        source.reopen(believedDown: { engine.recognizer.isDown($0) }, into: &items)
                    }
                }
                // What other threads reported before this wake-up comes first. Then, instant by
                // instant as a replay steps virtual time (`settle`), what this wake-up read and
                // what fell due meanwhile: an intent whose sleep ran out wakes at its deadline,
                // before an edge made after it, however late the loop woke. From the hold on,
                // what another thread reports is stamped at the instant held.
                engine.drainReports()
                present.hold(max(sink.floor, sink.latestHeld ?? .zero, engine.recognizer.time ?? .zero))
                let now = presentAfterLastRead(&items)
                if items.contains(where: \.changesSources) { sourcesChanged = true }
                settle(items, through: now, intents: intents, stop: &stop, inputEnded: &inputEnded)
                if reload { reloadProfile(at: now) }
                sink.flush()
                flushLog()
                present.release()
                longest = max(longest, RealClock.monotonicNow().nanoseconds - woke - stopped)
                if inputEnded, stop == nil, isSettled, configuration.remoteButtons == nil { stop = .inputEnded }
            } catch {
                throw .system(error)
            }
        }

        let end = max(present.realNow, engine.recognizer.time ?? .zero)
        present.hold(end)
        step(to: end, including: true, intents: intents)
        engine.advance(to: end)
        engine.finish(at: end)
        recorder?.finish(at: end)
        let longestWakeUp = Duration.nanoseconds(longest)
        log("live session ended (\(stop!)) after \(loop.wakeCount) event-loop wake-ups", at: end)
        log("the longest wake-up kept the loop from its devices for \(TimeFormat.duration(longestWakeUp))", at: end)
        sink.flush()
        flushLog()
        return Outcome(reason: stop!, endTime: end, wakeUps: loop.wakeCount, longestWakeUp: longestWakeUp)
    }

    /// Ctrl-Z (SIGTSTP): the terminal goes back to the shell as it was, what happened so far
    /// is logged, and the process stops; on `fg` the terminal is made raw and non-blocking
    /// again. Time went on meanwhile: windows and deadlines that ran out are settled at the
    /// next wake-up, at their own times. Returns how long the process was stopped, in ns.
    private func suspend(_ signals: SignalPipe) -> Int64 {
        let now = present.realNow
        engine.advance(to: now)
        log("stopped (SIGTSTP); the terminal is back to how the shell left it until the process continues", at: now)
        flushLog()
        for source in sources { source.suspend() }
        signals.stopProcess()
        for source in sources { source.resume() }
        let later = present.realNow
        engine.advance(to: later)
        log("continued after \(TimeFormat.duration(later - now))", at: later)
        return later.nanoseconds - now.nanoseconds
    }

    /// Runs the intents the engine dispatched (or woke) until each has finished or sleeps,
    /// applying what they report, which may dispatch more.
    private func runIntents(_ intents: LoopTaskExecutor) {
        repeat { intents.runJobs() } while engine.drainReports() > 0
    }

    /// Settles, in time order, everything due before `time` (or at it too, when `including`):
    /// at each instant, with the present held there, the intents whose sleep ran out wake
    /// (and what they report is stamped then), then windows, hold times, the start deadline
    /// and sensor ticks. This is `advanceVirtual`'s order, so that a recording of this run
    /// replays to the same session (S3). Ends with the present held at `time` and the
    /// intents asleep until then awake, ready for an input at `time`.
    private func step(to time: Timestamp, including: Bool, intents: LoopTaskExecutor) {
        var last: Timestamp?
        while let due = [engine.nextDeadline, engine.host.nextSleeperDeadline].compactMap({ $0 }).min(),
              including ? due <= time : due < time {
            // Settled already, yet still said to be due: never spin on it.
            if due == last { break }
            last = due
            present.hold(due)
            engine.host.wakeDueSleepers()
            runIntents(intents)
            engine.advance(to: present.heldInstant ?? due)
            runIntents(intents)
        }
        present.hold(time)
        engine.host.wakeDueSleepers()
        runIntents(intents)
    }

    /// The present for this wake-up, after one more read of the devices: an edge the kernel
    /// stamped before it is then in `items` (evdev and GPIO queue an event as they stamp it),
    /// so that no later wake-up reads an edge older than what this one logs at the present.
    /// Edges read in that last read may be a little newer than the clock read before it: the
    /// present is then the newest of them.
    private func presentAfterLastRead(_ items: inout [SourceItem]) -> Timestamp {
        let now = present.realNow
        for source in sources where !(source is TerminalSource) {
            for descriptor in source.descriptors { source.read(descriptor, into: &items) }
        }
        return timeline.present(now, after: items.compactMap { item in
            if case .edge(_, _, let kernelTime, _) = item { kernelTime } else { nil }
        })
    }

    /// Nothing left that would still change the session: no intent running, no window,
    /// hold time or start deadline pending.
    private var isSettled: Bool {
        !engine.host.hasRunningIntents && engine.recognizer.nextWakeup == nil && engine.system.nextDeadline == nil
    }

    // MARK: Inputs

    /// Applies what this wake-up read, each input at its own time, with what fell due before
    /// it settled first (`step`), then settles what is due by `now`.
    private func settle(_ items: [SourceItem], through now: Timestamp, intents: LoopTaskExecutor,
                        stop: inout StopReason?, inputEnded: inout Bool) {
        // Several devices may have woken the loop at once: hand edges over in kernel-time order.
        let ordered = items.enumerated().sorted { a, b in
            (a.element.time ?? .max, a.offset) < (b.element.time ?? .max, b.offset)
        }.map(\.element)
        for item in ordered {
            switch item {
            case .edge(let button, let direction, let kernelTime, let resynced):
                let placement = place(kernelTime, now: now)
                let time = placement.time
                // Windows that ran out before the edge are settled first, at their own times;
                // a window ending exactly at the edge is the edge's (P3 boundaries are inclusive).
                step(to: time, including: false, intents: intents)
                if resynced {
                    // Not an edge the kernel reported: the button's real state, found after lost
                    // events or a reconnect. Said in the log so that nobody mistakes it for a press.
                    sink.record(SimulationEvent(time: time, kind: .step("resynced: \(button) is \(direction == .down ? "down" : "up")")))
                }
                if !resynced, placement.isLate, let stamped = placement.stamped {
                    // Read after the session had passed its time (a wake-up late: the kernel
                    // stamped it as this loop read the clock; or after a report from another
                    // thread that came later): logged, and debounced, at the session's latest
                    // time, and said.
                    sink.record(SimulationEvent(time: time, kind: TimeOrderedSink.lateNote(
                        "read late", button, direction, happened: stamped, loggedAt: time)))
                }
                recorder?.record(.edge(button, direction), at: time)
                engine.apply(.edge(Edge(button, direction, at: time)), at: time)
            case .otherKey(let name, let kernelTime):
                let time = place(kernelTime, now: now).time
                step(to: time, including: false, intents: intents)
                recorder?.record(.key(name), at: time)
                engine.apply(.key(name), at: time)
            case .command(let command, let readTime):
                let time = place(readTime, now: now).time
                switch command {
                case .wristDown:
                    step(to: time, including: false, intents: intents)
                    recorder?.record(.wristDown, at: time)
                    engine.apply(.wristDown, at: time)
                case .endSession:
                    step(to: time, including: false, intents: intents)
                    recorder?.record(.endSession, at: time)
                    engine.apply(.endSession, at: time)
                case .help:
                    notice(TerminalKeyMap.help, .help)
                case .quit:
                    stop = stop ?? .quit
                case .inputEnded:
                    inputEnded = true
                }
            case .status(let text):
                log(text, at: now)
            case .warning(let warning):
                log(warning, at: now)
            }
            runIntents(intents)
        }
        step(to: now, including: true, intents: intents)
        engine.advance(to: now)
        runIntents(intents)
    }

    /// A kernel time (absolute `CLOCK_MONOTONIC`) on the run's time line, by the rules of
    /// `KernelTimeline.place`, past what the session already passed (the log, the press
    /// recognizer). A stamp on another clock is said once in the log.
    private func place(_ kernelTime: Int64, now: Timestamp) -> KernelTimeline.Placement {
        let floor = max(sink.floor, engine.recognizer.time ?? sink.floor, present.heldInstant ?? sink.floor)
        let placement = timeline.place(kernelTime, now: now, floor: floor)
        if placement.stamped == nil, !warnedClock {
            warnedClock = true
            log(.clockNotMonotonic, at: now)
        }
        return placement
    }

    /// Lines the kernel debounces (libgpiod 2.x) are not debounced again by the recognizer:
    /// the kernel already reports each line's level once it has settled.
    private func useKernelDebounce(_ wanted: PressRecognizer.Configuration, at now: Timestamp) {
        var effective = wanted
        let kernel = sources.compactMap { ($0 as? GPIOSource)?.kernelDebounce }.max() ?? .zero
        if kernel > .zero, kernel >= wanted.debounce {
            effective.debounce = .zero
            log("the kernel debounces the GPIO lines (\(TimeFormat.duration(kernel)), \(GPIOLibrary.version))", at: now)
        }
        if effective != engine.recognizer.configuration { engine.replaceRecognizer(effective) }
    }

    private func log(_ text: String, at time: Timestamp) {
        sink.record(SimulationEvent(time: time, kind: .step(text)))
        notice(text, .status)
    }

    private func log(_ warning: SessionWarning, at time: Timestamp) {
        sink.record(SimulationEvent(time: time, kind: .warning(warning)))
        notice(warning.description, .warning)
    }

    // MARK: Sources

    /// Sources a test gives instead of the profile's devices (a fake device).
    var givenSources: [any InputSource]?

    private func openSources(_ profile: DeviceProfile?, debounce: Duration) throws(LiveRunError) -> [any InputSource] {
        if let givenSources { return givenSources }
        let remote: [any InputSource] = configuration.remoteButtons.map { [RemoteButtonsSource($0)] } ?? []
        guard let profile else {
            guard !StandardStreams.inputWasClosed else {
                throw .setup("standard input is closed (<&-), and without --device or --input run reads its keys from it: "
                             + "give it a terminal, a pipe or a file (yes a | actionsim run, < keys.txt), or name a device")
            }
            return [TerminalSource()] + remote
        }
        switch profile.input {
        case .evdev(let input):
            return [try EvdevSource(profile: input, profileName: profile.file, explicitPath: configuration.inputPath)] + remote
        case .gpio(let input):
            if configuration.inputPath != nil { throw .setup("--input names an evdev device; \(profile.file) is a GPIO profile") }
            return [try GPIOSource(profile: input, debounce: debounce)] + remote
        }
    }

    private func closeSources() {
        for source in sources { source.close() }
        sources.removeAll()
    }

    /// SIGHUP: read the profile again and switch to it. A profile that no longer parses or
    /// whose devices cannot be opened leaves the old one in place; the session goes on.
    private func reloadProfile(at now: Timestamp) {
        guard let old = configuration.profile else {
            log("SIGHUP: no device profile to reload (input is the terminal)", at: now)
            return
        }
        let profile: DeviceProfile
        let timings: PressRecognizer.Configuration
        do {
            profile = try DeviceProfileParser.load(contentsOf: old.file)
            timings = try LiveSession.Configuration.timings(scenario: configuration.setup.recognizerSettings, profile: profile)
        } catch {
            log(.input("SIGHUP: \(error); keeping the profile as it was"), at: now)
            return
        }
        closeSources()
        sourcesChanged = true
        do {
            sources = try openSources(profile, debounce: timings.debounce)
        } catch {
            log(.input("SIGHUP: \(error); keeping the profile as it was"), at: now)
            sources = (try? openSources(old, debounce: configuration.recognizer.debounce)) ?? []
            if sources.isEmpty { log(.input("the old profile's devices could not be reopened either"), at: now) }
            return
        }
        configuration.use(profile, recognizer: timings)
        useKernelDebounce(timings, at: now)
        for source in sources { log("SIGHUP: reloaded \(profile.file): \(source.summary)", at: now) }
    }
}
