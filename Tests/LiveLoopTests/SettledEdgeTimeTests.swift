import ActionButtonCore
import Foundation
import LinuxInput
import Scenarios
import SessionLog
import Simulation
import SimulationEvents
import Synchronization
import Testing
import YAMLDocuments
@testable import LiveLoop

/// A device whose edges the test writes, each with the kernel time it chooses: on a clock the
/// test moves, an edge the loop reads long after the kernel stamped it (what a busy emulated
/// guest does to it) is written with an old stamp.
private final class FakeDevice: InputSource, @unchecked Sendable {
    private enum Pending {
        case item(SourceItem)
        /// Unplugged and back: the descriptor closed, another opened (the kernel gives it the
        /// lowest free number: often the old one's), and the device says so.
        case replug(saying: SourceItem)
    }

    private let notifier: Mutex<EventNotifier?>
    private let pending = Mutex<[Pending]>([])

    init() throws { notifier = Mutex(try EventNotifier()) }

    func write(_ item: SourceItem) {
        pending.withLock { $0.append(.item(item)) }
        notifier.withLock { $0?.signal() }
    }

    /// Several items, read in one wake-up.
    func write(_ items: [SourceItem]) {
        pending.withLock { $0.append(contentsOf: items.map { .item($0) }) }
        notifier.withLock { $0?.signal() }
    }

    /// Wakes the loop with nothing to read (it reads the clock).
    func poke() { notifier.withLock { $0?.signal() } }

    /// Unplugged and plugged back in at the next read, as an evdev device that is read while
    /// it goes and reopened when it is back: `said` is what the device says of it.
    func replug(saying said: SourceItem) {
        pending.withLock { $0.append(.replug(saying: said)) }
        notifier.withLock { $0?.signal() }
    }

    var summary: String { "fake device" }
    var descriptors: [Int32] { notifier.withLock { $0.map { [$0.descriptor] } ?? [] } }
    var isMissingDevices: Bool { false }

    func read(_ descriptor: Int32, into items: inout [SourceItem]) {
        notifier.withLock { if let current = $0, current.descriptor == descriptor { _ = current.drain() } }
        let taken = pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        for entry in taken {
            switch entry {
            case .item(let item):
                items.append(item)
            case .replug(let said):
                notifier.withLock { $0 = nil }  // closed
                notifier.withLock { $0 = try? EventNotifier() }
                items.append(said)
            }
        }
    }

    func reopen(believedDown: (Button) -> Bool, into items: inout [SourceItem]) {}
    func close() {}
}

/// A clock the test moves. Its origin lies an hour after `CLOCK_MONOTONIC`'s present, so the
/// loop's timer (armed on that clock) never fires during a test: every wake-up is the test's.
private final class ManualClock: Sendable {
    let origin = Timestamp(nanoseconds: RealClock.monotonicNow().nanoseconds + 3_600_000_000_000)
    private let now = Mutex<Int64>(0)

    /// Absolute, as `CLOCK_MONOTONIC` is read.
    func read() -> Timestamp { Timestamp(nanoseconds: origin.nanoseconds + now.withLock { $0 }) }

    /// Moves the present to `time` on the run's time line.
    func set(_ time: Timestamp) { now.withLock { $0 = time.nanoseconds } }
}

/// What the loop passed on, for the test thread to look at while the loop runs.
private final class CollectedEvents: SimulationEventSink, @unchecked Sendable {
    private let events = Mutex<[SimulationEvent]>([])
    func record(_ event: SimulationEvent) { events.withLock { $0.append(event) } }
    var all: [SimulationEvent] { events.withLock { $0 } }

    /// Waits (up to 120 s, as `waitUntil`: a busy machine runs the loop's thread late) for an
    /// event that `matches`.
    func wait(for matches: (SimulationEvent) -> Bool) -> SimulationEvent? {
        for _ in 0..<24_000 {
            if let event = all.first(where: matches) { return event }
            usleep(5000)
        }
        return nil
    }
}

/// A live session with TrailRunner (First Press: running), a 2 ms debounce and a fake device,
/// run on a thread of its own as `actionsim run` runs it.
private final class FakeRun: @unchecked Sendable {
    let device: FakeDevice
    let events = CollectedEvents()
    let origin: Timestamp
    let clock: ManualClock?
    /// What `actionsim record` keeps of the run.
    let recorder = InputRecorder()
    let setup: SessionSetup
    private let session: LiveSession
    private let finished = DispatchSemaphore(value: 0)

    /// - Parameter clock: a clock the test moves; nil for `CLOCK_MONOTONIC`.
    init(clock: ManualClock? = nil, changing: ((inout SessionSetup) -> Void)? = nil) throws {
        self.clock = clock
        origin = clock?.origin ?? RealClock.monotonicNow()
        var setup = try SessionSetup.fromOptions(appFiles: [repository + "/scenarios/apps/trailrunner.yaml"], action: "workout",
                                                 app: nil, firstPress: "running", seed: 1)
        setup.recognizerSettings = RecognizerSettings(debounce: .init(.milliseconds(2), source: "the test"))
        changing?(&setup)
        self.setup = setup
        device = try FakeDevice()
        session = LiveSession(configuration: try .init(setup: setup, profile: nil, inputPath: nil), sink: EventFanOut([events, recorder]),
                              recorder: recorder, flushLog: {}, notice: { _, _ in })
        session.givenSources = [device]
    }

    func start() {
        Thread { [self] in
            if let clock {
                _ = try? session.run(origin: origin, clock: { clock.read() })
            } else {
                _ = try? session.run(origin: origin)
            }
            finished.signal()
        }.start()
    }

    /// An edge the kernel stamps now; its time on the run's time line.
    @discardableResult
    func edge(_ button: Button, _ direction: EdgeDirection) -> Timestamp {
        let now = RealClock.monotonicNow().nanoseconds
        device.write(.edge(button, direction, time: now, resynced: false))
        return Timestamp(nanoseconds: now - origin.nanoseconds)
    }

    /// On the test's clock: an Action press at 0 s (down, up 30 ms later) and the loop woken
    /// at 1 s; the start intent it dispatched.
    func pressStartOnTheTestClock() -> SimulationEvent? {
        device.write([.edge(.action, .down, time: stamp(.zero), resynced: false),
                      .edge(.action, .up, time: stamp(Timestamp.zero.advanced(by: .milliseconds(30))), resynced: false)])
        move(to: Timestamp.zero.advanced(by: .seconds(1)))
        return events.wait { if case .performing = $0.kind { true } else { false } }
    }

    /// An Action press (down, up 30 ms later), and the start intent it dispatched.
    func pressStart() -> SimulationEvent? {
        edge(.action, .down)
        usleep(30_000)
        edge(.action, .up)
        return events.wait { if case .performing = $0.kind { true } else { false } }
    }

    /// The recognizer timings the run used (what a recording's header says).
    var recognizer: PressRecognizer.Configuration { session.recognizer }

    /// A kernel stamp at `time` on the run's time line.
    func stamp(_ time: Timestamp) -> Int64 { origin.nanoseconds + time.nanoseconds }

    /// The test's clock moves to `time`, and the loop wakes to read it.
    func move(to time: Timestamp) {
        clock?.set(time)
        device.poke()
    }

    func quit() -> Bool {
        device.write(.command(.quit, time: (clock?.read() ?? RealClock.monotonicNow()).nanoseconds))
        return finished.wait(timeout: .now() + 120) == .success
    }

    func settled(_ button: Button, _ direction: EdgeDirection) -> [SimulationEvent] {
        events.all.filter { if case .edge(let edge) = $0.kind { edge.button == button && edge.direction == direction } else { false } }
    }

    var lateNotes: [SimulationEvent] {
        events.all.filter { if case .step(let text) = $0.kind { text.contains("read late: ") || text.contains("logged late: ") } else { false } }
    }

    var sessionStarted: SimulationEvent? {
        events.all.first { if case .session(.started, _, _) = $0.kind { true } else { false } }
    }
}

/// Writes side down, stamped now, from app code (a session observer) on the loop's thread.
private final class ObserverEdge: Sendable {
    struct State {
        var run: FakeRun?
        var written: Timestamp?
    }
    let state = Mutex(State())

    func write() {
        state.withLock { state in
            guard let run = state.run else { return }
            state.written = run.edge(.side, .down)
        }
    }
}

@Suite("Live loop: a settled edge is logged at its last edge's kernel time plus the debounce, or says why not", .serialized)
struct SettledEdgeTimeTests {
    static let debounce = Duration.milliseconds(2)

    @Test("P2: an edge read in the wake-up where a sleeping intent's time runs out is debounced from its kernel time, before the intent's report")
    func edgeBeforeAWokenIntentsReport() throws {
        let run = try FakeRun(clock: ManualClock())
        run.start()
        let performing = try #require(run.pressStartOnTheTestClock(), "the press dispatched the start intent")
        // The start intent sleeps 1.2 s (TrailRunner's takes: 1.2s). The side button goes down
        // 1 s in; the loop reads it only 1.6 s in, once that sleep is over.
        let down = performing.time.advanced(by: .seconds(1))
        run.clock?.set(performing.time.advanced(by: .milliseconds(1600)))
        run.device.write(.edge(.side, .down, time: run.stamp(down), resynced: false))
        _ = run.events.wait { if case .session(.started, _, _) = $0.kind { true } else { false } }
        #expect(run.quit(), "the loop ended on quit")

        let started = try #require(run.sessionStarted, "the start intent woke and started the session")
        #expect(started.time > down.advanced(by: Self.debounce), "the intent reported after the edge settled: the interleaving happened")
        let settled = run.settled(.side, .down)
        #expect(settled.map(\.time) == [down.advanced(by: Self.debounce)],
                "side down at \(down) s settles 2 ms later, however late the intent that woke with it reported")
        #expect(run.lateNotes.isEmpty, "the edge was read before the report: nothing is late")
    }

    @Test("P2: an edge the kernel stamped before an intent's report but read after it is logged late with a note giving its time, never moved silently")
    func edgeReadAfterALaterReport() throws {
        let writer = ObserverEdge()
        let run = try FakeRun { setup in
            // The app's session observer runs inside the start intent, before it returns: an
            // edge the kernel stamps then is read by the loop after the intent's report.
            var definition = setup.apps[0].definition
            let observer = definition.sessionObserver
            definition.sessionObserver = { change in
                observer?(change)
                if case .started = change { writer.write() }
            }
            setup.apps[0] = ScenarioApp(swift: definition, referencedAt: SourceLocation(file: "the test", line: 1, column: 1))
        }
        writer.state.withLock { $0.run = run }
        run.start()
        _ = try #require(run.pressStart(), "the press dispatched the start intent")
        _ = run.events.wait { if case .edge(let edge) = $0.kind { edge.button == .side } else { false } }
        #expect(run.quit(), "the loop ended on quit")
        defer { writer.state.withLock { $0.run = nil } }  // the app's observer holds the writer, which holds the run

        let down = try #require(writer.state.withLock { $0.written }, "the session started and the edge was written")
        let settled = try #require(run.settled(.side, .down).first, "the side edge settled")
        if settled.time == down.advanced(by: Self.debounce) { return }
        // Logged late: the note names the edge's kernel time, and the edge settles 2 ms after
        // the time it was counted at, which is the note's.
        let note = run.lateNotes.first { event in
            if case .step(let text) = event.kind { text.hasPrefix("read late: side down at \(JSONLineWriter.seconds(down.nanoseconds)) s, ") } else { false }
        }
        let said = try #require(note, "side down at \(down) s was logged at \(settled.time) s, not 2 ms after it, and no note says why")
        #expect(settled.time == said.time.advanced(by: Self.debounce), "counted at the note's time, settled 2 ms after it")
    }

    @Test("S3: a press made just after a sleeping intent's time ran out, read in the wake-up where it ran out, finds the intent finished, as the recording's replay does (issue 25, item 10)")
    func pressJustAfterAnIntentsEnd() async throws {
        // On a clock the test moves: the loop reads the time only when the test wakes it.
        let run = try FakeRun(clock: ManualClock())
        run.start()
        let performing = try #require(run.pressStartOnTheTestClock(), "the press dispatched the start intent")
        // P4: the intent starts at its gesture's instant, as in a replay, and the log's latency
        // is what the loop took: the loop read the clock at 1 s.
        if case .performing(let invocation, _) = performing.kind {
            #expect(invocation.gesture.time == performing.time, "dispatched at the gesture's own time")
            #expect(invocation.latency == Timestamp.zero.advanced(by: .seconds(1)) - invocation.gesture.time,
                    "the latency runs from the gesture to the loop's present (\(invocation.latency))")
        }
        // TrailRunner's start intent takes 1.2 s from its dispatch. The loop next wakes 50 ms
        // after that (a busy machine), and reads an Action press the kernel stamped 0.67 ms
        // after the intent's end: it learns in one wake-up that the intent's time ran out and
        // of the press.
        let end = performing.time.advanced(by: .milliseconds(1200))
        run.clock?.set(end.advanced(by: .milliseconds(50)))
        run.device.write([.edge(.action, .down, time: run.stamp(end.advanced(by: .microseconds(670))), resynced: false),
                          .edge(.action, .up, time: run.stamp(end.advanced(by: .milliseconds(30))), resynced: false)])
        run.move(to: end.advanced(by: .seconds(1)))
        let second = run.events.wait { event in
            if case .gesture(let gesture) = event.kind { gesture.time > end } else { false }
        }
        #expect(run.quit(), "the loop ended on quit")
        _ = try #require(second, "the second press was recognized")
        #expect(run.lateNotes.isEmpty, "the press was read with its own kernel times")

        let live = run.events.all
        let returned = live.first { if case .system(.intentReturned) = $0.kind { true } else { false } }
        #expect(returned?.time == end, "the intent woke at its own end, \(end) s, however late the loop read the clock")
        let busy = live.filter { if case .system(.gestureIgnored(_, .busy)) = $0.kind { true } else { false } }
        #expect(busy.isEmpty, "a press 0.67 ms after the intent's end was refused as busy: \(busy)")

        // The recording, replayed on virtual time, does what the live run did.
        let replayed = EventRecorder()
        let engine = try SimulationEngine(apps: run.setup.apps.map(\.definition), settings: run.setup.settings,
                                          recognizer: run.recognizer, sink: replayed)
        let inputs = run.recorder.recording.steps.compactMap { time, step -> TimedInput? in
            if case .edge(let button, let direction) = step { TimedInput(at: time, .edge(Edge(button, direction, at: time))) } else { nil }
        }
        try await engine.runVirtual(inputs, until: run.recorder.recording.end)
        func outline(_ events: [SimulationEvent]) -> [String] {
            events.compactMap { event in
                switch event.kind {
                case .gesture(let gesture): "gesture \(gesture.kind) at \(gesture.time)"
                case .performing(let invocation, _): "performing \(invocation.intent.name) at \(event.time)"
                case .system(.gestureIgnored(let gesture, let reason)): "ignored \(gesture.kind): \(reason.code)"
                case .system(.intentReturned): "returned at \(event.time)"
                case .session(let change, _, _): "session \(change) at \(event.time)"
                default: nil
                }
            }
        }
        #expect(outline(live) == outline(replayed.events), "the recording replays to the same session")
    }

    @Test("A device lost and back on another descriptor is read there: a warning from a source makes the loop look at its sources again (it did only for status lines, and a typed warning of a lost device left the loop deaf)")
    func deviceBackOnNewDescriptor() throws {
        let run = try FakeRun()
        run.start()
        _ = try #require(run.pressStart(), "the press dispatched the start intent")
        run.device.replug(saying: .warning(.inputLost(source: "fake device", reason: "unplugged", kind: .evdev)))
        _ = try #require(run.events.wait { if case .warning(.inputLost) = $0.kind { true } else { false } }, "the loss was logged")
        run.edge(.side, .down)
        let read = run.events.wait { if case .edge(let edge) = $0.kind { edge.button == .side } else { false } }
        #expect(run.quit(), "the loop ended on quit")
        #expect(read != nil, "an edge on the device's new descriptor was never read")
    }
}
