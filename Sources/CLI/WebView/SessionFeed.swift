import ActionButtonCore
import Dispatch
import Exports
import SessionLog
import SimulationEvents
import Synchronization
import Telemetry

/// The session as the web page sees it: every event of the run, in the session log's
/// JSON with its timeline line, and each session's chart, pushed to every connected page.
///
/// Two sides. The run's side is a `SimulationEventSink`: `record(_:)` only appends the
/// event to a list under a lock, and `publish()` (the live loop calls it once per wake-up,
/// after its log batch) hands the batch over with one non-blocking signal; the loop is
/// never woken, and never waits for a page. The server's side is `run()`, a task on Swift's
/// executor that takes each batch, encodes it, keeps it for pages that connect later,
/// sends it to every page, and redraws the charts of the sessions it changed (at most once
/// a second, and only while something changes: an idle run costs nothing).
public final class SessionFeed: SimulationEventSink, Sendable {
    public enum Mode: String, Sendable {
        /// `run --web`: real buttons, the page's buttons press.
        case live
        /// `replay --web`: the scenario's presses; the page scrubs through its time.
        case replay
    }

    /// What the page's header says about the run.
    public struct Description: Sendable {
        public var mode: Mode
        /// The run in one line (the replay's banner, or the live settings).
        public var title: String
        /// Settings > Action Button: `workout` or `dive`.
        public var action: String
        public var run: SessionAssembler.Run
        public var intentNames: [String]

        public init(mode: Mode, title: String, action: String, run: SessionAssembler.Run, intentNames: [String]) {
            self.mode = mode
            self.title = title
            self.action = action
            self.run = run
            self.intentNames = intentNames
        }
    }

    /// A page's subscription: its messages, the first being everything so far.
    public struct Subscription: Sendable {
        public let id: Int
        public let messages: AsyncStream<String>
    }

    public let description: Description
    /// Events kept for pages that connect later; past it the oldest batches are dropped
    /// (and the page says how many events it lacks). 250,000 events is about 70 MB.
    public let historyLimit: Int
    /// Charts are redrawn at most this often while a session changes.
    public let chartInterval: Duration
    /// Bytes a page may leave unsent beyond what it was handed on connecting; past it the
    /// page is dropped (its socket closed), not buffered for: a page that does not read
    /// would otherwise hold every message since, long after the history let them go.
    public let queueLimit: Int
    /// Events an `events` message holds at most (about 150 KB).
    static let messageEvents = 500

    private struct Incoming {
        var events: [SimulationEvent] = []
        var signalled = false
        var finishedAt: Timestamp?
    }

    private struct Hub {
        var history: [(message: String, events: Int)] = []
        var historyStart = 0
        var historyEvents = 0
        var droppedEvents = 0
        var charts: [Int64: String] = [:]
        var finished: String?
        var clients: [Int: Client] = [:]
        var nextClient = 1

        /// Hands `message` to page `id`, or drops the page if it would hold more than its
        /// limit unsent: its stream ends, and the socket with it.
        mutating func deliver(_ message: String, to id: Int) {
            guard var client = clients[id] else { return }
            client.queued += message.utf8.count
            guard client.queued <= client.limit else {
                clients[id] = nil
                client.continuation.finish()
                return
            }
            client.continuation.yield(message)
            clients[id] = client
        }

        mutating func deliverToAll(_ message: String) {
            for id in Array(clients.keys) { deliver(message, to: id) }
        }
    }

    /// A page's stream, and how much of what it was handed its socket has not yet taken.
    private struct Client {
        var continuation: AsyncStream<String>.Continuation
        var queued: Int
        /// What it was handed on connecting (the history, which `history` holds anyway),
        /// plus `queueLimit`.
        var limit: Int
    }

    private let incoming = Mutex(Incoming())
    private let hub = Mutex(Hub())
    private let wakes: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation
    private let autoPublish: Bool
    private let finishedSent = DispatchSemaphore(value: 0)

    /// - Parameter autoPublish: hand each event over as it comes (a replay, which has no
    ///   wake-ups to batch by) instead of at `publish()` (the live loop).
    public init(_ description: Description, autoPublish: Bool, historyLimit: Int = 250_000,
                chartInterval: Duration = .milliseconds(900), queueLimit: Int = 32 << 20) {
        self.description = description
        self.queueLimit = queueLimit
        self.autoPublish = autoPublish
        self.historyLimit = historyLimit
        self.chartInterval = chartInterval
        (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    // MARK: The run's side

    public func record(_ event: SimulationEvent) {
        incoming.withLock { $0.events.append(event) }
        if autoPublish { publish() }
    }

    /// Hands what was recorded since the last call to the server, without waiting.
    public func publish() {
        let mustSignal = incoming.withLock { incoming in
            guard !incoming.events.isEmpty, !incoming.signalled else { return false }
            incoming.signalled = true
            return true
        }
        if mustSignal { wake.yield() }
    }

    /// The run is over at `time`: pages are told, and every chart is drawn a last time.
    public func finish(at time: Timestamp) {
        incoming.withLock {
            $0.finishedAt = time
            $0.signalled = true
        }
        wake.yield()
    }

    // MARK: The server's side

    /// Processes batches until `close()`. Run it once, beside the server.
    public func run() async {
        var processor = FeedProcessor(description)
        var lastRender: ContinuousClock.Instant?
        for await _ in wakes {
            let (events, finishedAt) = incoming.withLock { incoming in
                defer {
                    incoming.events.removeAll(keepingCapacity: true)
                    incoming.signalled = false
                }
                return (incoming.events, incoming.finishedAt)
            }
            // In messages of at most `messageEvents`: a replay hands its whole run over in one
            // batch, and each page's socket makes a copy of the message it is sending.
            for start in stride(from: 0, to: events.count, by: Self.messageEvents) {
                let chunk = events[start..<min(start + Self.messageEvents, events.count)]
                broadcast(processor.encode(chunk), events: chunk.count)
            }
            // Redrawn at once for what a page waits to see (a press, a lap, a pause, the end);
            // for samples alone, at most every `chartInterval`: the next sample brings the
            // rest. No timer: a quiet run makes no work here.
            let now = ContinuousClock.now
            if !processor.dirty.isEmpty,
               finishedAt != nil || processor.dirtyByEvent || lastRender.map({ now - $0 >= chartInterval }) ?? true {
                for (id, chart) in processor.renderCharts() { store(chart: chart, session: id) }
                lastRender = now
            }
            if let finishedAt { finish(finishedAt) }
        }
    }

    private func finish(_ time: Timestamp) {
        let message = PageUpdate.finished(t: Double(time.nanoseconds) / 1e9).text
        hub.withLock { hub in
            guard hub.finished == nil else { return }
            hub.finished = message
            hub.deliverToAll(message)
        }
        finishedSent.signal()
    }

    /// Waits until the pages have been handed the `finished` message (after `finish(at:)`).
    @discardableResult
    public func waitUntilFinishedSent(timeout: Duration) -> Bool {
        let nanoseconds = Int(timeout.components.seconds) * 1_000_000_000 + Int(timeout.components.attoseconds / 1_000_000_000)
        guard finishedSent.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else { return false }
        finishedSent.signal()
        return true
    }

    private func broadcast(_ message: String, events: Int) {
        hub.withLock { hub in
            hub.history.append((message, events))
            hub.historyEvents += events
            while hub.historyEvents > historyLimit, hub.historyStart < hub.history.count - 1 {
                let dropped = hub.history[hub.historyStart]
                hub.history[hub.historyStart] = ("", 0)
                hub.historyStart += 1
                hub.historyEvents -= dropped.events
                hub.droppedEvents += dropped.events
            }
            if hub.historyStart > 1024, hub.historyStart * 2 > hub.history.count {
                hub.history.removeFirst(hub.historyStart)
                hub.historyStart = 0
            }
            hub.deliverToAll(message)
        }
    }

    private func store(chart: String, session: Int64) {
        hub.withLock { hub in
            hub.charts[session] = chart
            hub.deliverToAll(chart)
        }
    }

    /// A new page: `hello` first, then everything so far, then what comes.
    public func subscribe(hello: String) -> Subscription {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .unbounded)
        let id = hub.withLock { hub in
            var initial = [hello]
            if hub.droppedEvents > 0 { initial.append(PageUpdate.trimmed(events: hub.droppedEvents).text) }
            initial += hub.history[hub.historyStart...].map(\.message)
            initial += hub.charts.sorted(by: { $0.key < $1.key }).map(\.value)
            if let finished = hub.finished { initial.append(finished) }
            var queued = 0
            for message in initial {
                continuation.yield(message)
                queued += message.utf8.count
            }
            let id = hub.nextClient
            hub.nextClient += 1
            hub.clients[id] = Client(continuation: continuation, queued: queued, limit: queued + queueLimit)
            return id
        }
        return Subscription(id: id, messages: stream)
    }

    /// A message for one page only (a refused press).
    public func send(_ message: String, to id: Int) {
        hub.withLock { hub in hub.deliver(message, to: id) }
    }

    /// Page `id`'s socket took `message` from its stream: it no longer counts as unsent.
    public func taken(_ message: String, by id: Int) {
        hub.withLock { hub in hub.clients[id]?.queued -= message.utf8.count }
    }

    public func unsubscribe(_ id: Int) {
        let client = hub.withLock { $0.clients.removeValue(forKey: id) }
        client?.continuation.finish()
    }

    /// Events kept for pages that connect later (handed over and processed).
    var historyEventCount: Int { hub.withLock { $0.historyEvents } }

    /// Ends `run()` and every page's stream.
    public func close() {
        wake.finish()
        let clients = hub.withLock { hub in
            defer { hub.clients.removeAll() }
            return Array(hub.clients.values)
        }
        for client in clients { client.continuation.finish() }
    }

    /// The first message a page gets: what the run is, and whether this page may press.
    public func hello(refusal: String?) -> String {
        let d = description
        return PageUpdate.hello(.init(mode: d.mode.rawValue, title: d.title, action: d.action, app: d.run.app, run: d.run.name,
                                      canPress: refusal == nil, refusal: refusal)).text
    }
}

/// The server side's state: the timeline renderer and the sessions as they grow. Owned by
/// `SessionFeed.run()`, one task.
struct FeedProcessor {
    private var renderer: TimelineRenderer
    private var writer = JSONLineWriter(capacity: 1024)
    private(set) var assembler: SessionAssembler
    /// Sessions changed since their chart was last drawn.
    private(set) var dirty: Set<Int> = []
    /// One of them changed by more than a sample.
    private(set) var dirtyByEvent = false

    init(_ description: SessionFeed.Description) {
        renderer = TimelineRenderer(colors: false, showSamples: true, intentNames: description.intentNames)
        assembler = SessionAssembler(run: description.run)
    }

    /// One `events` message: each event's log JSON and its timeline line.
    mutating func encode(_ events: some Collection<SimulationEvent>) -> String {
        var items: [PageUpdate.Event] = []
        items.reserveCapacity(events.count)
        for event in events {
            writer.removeAll()
            EventEncoding.write(event, into: &writer)
            let changed = assembler.apply(event)
            var face: [String]?
            var elapsed: String?
            if case .sample(let sample) = event.kind {
                face = WatchFaceText.lines(sample, activity: assembler.open.flatMap { assembler.sessions[$0].activity })
                elapsed = WatchFaceText.elapsed(sample)
            }
            items.append(PageUpdate.Event(log: String(decoding: writer.bytes.dropLast(), as: UTF8.self), line: renderer.line(for: event),
                                          face: face, elapsed: elapsed))
            if let changed {
                dirty.insert(changed)
                if case .sample = event.kind {} else { dirtyByEvent = true }
            }
        }
        return PageUpdate.events(items).text
    }

    /// The charts of the changed sessions, as `chart` messages.
    mutating func renderCharts() -> [(Int64, String)] {
        defer {
            dirty.removeAll()
            dirtyByEvent = false
        }
        return dirty.sorted().map { index in
            let session = assembler.sessions[index]
            return (session.id, Self.chartMessage(session, context: PlotModel.Context(sensors: assembler.run.sensors)))
        }
    }

    /// The session's chart: `actionsim plot`'s model and drawing (`PlotModel`, `SVGPlot`),
    /// with where the model put time, so that the page can draw a cursor over it.
    static func chartMessage(_ session: RecordedSession, context: PlotModel.Context) -> String {
        let model: PlotModel
        let sink = ByteArraySink()
        do {
            model = try PlotModel(session, context: context)
            try SVGPlot.write(model, to: sink)
        } catch {
            // An in-memory session cannot fail to be read; say so on the page if it ever does.
            return PageUpdate.chartFailed(session: session.id, message: "\(error)").text
        }
        let svg = String(decoding: sink.bytes, as: UTF8.self)
        let frame = model.frame
        let top = model.panels.map(\.top).min() ?? 0
        let label = "\(session.id) · " + (session.kind == .dive ? "dive" : (session.workoutStyle ?? "workout"))
        let axis = PageUpdate.Axis(t0: model.start.seconds, t1: model.end.seconds, x0: frame.left, x1: frame.width - frame.right,
                                   width: frame.width, top: top, bottom: model.timeAxisY)
        return PageUpdate.chart(.init(session: session.id, kind: session.kind.rawValue, label: label, status: session.status.rawValue,
                                      axis: axis, svg: svg)).text
    }
}
