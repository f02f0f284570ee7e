import ActionButtonCore
import CoreMetrics
import Prometheus
import SimulationEvents
import Synchronization

/// A run's live metrics for a lab's Prometheus (`run --metrics ADDR:PORT`): what the
/// engine did, counted as its events arrive, through swift-metrics, into a registry of the
/// run's own that `MetricsServer` serves in Prometheus's text format.
///
/// | Metric | Labels |
/// |---|---|
/// | `actionsim_gestures_total` | `kind`: press, both, hold, side |
/// | `actionsim_gestures_ignored_total` | `reason`: busy, no-next-action, no-session, ... (A10, A12) |
/// | `actionsim_edges_dropped_total` | `reason`: bounce, unchanged (P1, P2) |
/// | `actionsim_intents_performed_total`, `actionsim_intents_failed_total` | `role`: start, next-action, pause, resume |
/// | `actionsim_start_deadlines_total` | `outcome`: met, missed, threw (A5) |
/// | `actionsim_press_dispatch_latency_seconds` | a histogram (P4) |
/// | `actionsim_session_state` | `state`: none, running, paused; 1 for the current one |
/// | `actionsim_forwarding_backlog_rows`, `actionsim_lab_reachable` | the outbox to the lab's database |
///
/// Every metric has the label `board`. Updating one is an atomic add: nothing here wakes
/// a thread, so an idle run with metrics on wakes no more than one without.
public final class RunMetrics: SimulationEventSink, @unchecked Sendable {
    // Only the engine's thread calls `record` (the labelled counters are made there, once
    // per label value); the registry itself is thread-safe, and the server only reads it.
    public let registry = PrometheusCollectorRegistry()
    public let board: String
    private let factory: PrometheusMetricsFactory
    private var gestures: [Gesture.Kind: CoreMetrics.Counter] = [:]
    private var ignored: [String: CoreMetrics.Counter] = [:]
    private var dropped: [String: CoreMetrics.Counter] = [:]
    private var performed: [String: CoreMetrics.Counter] = [:]
    private var failed: [String: CoreMetrics.Counter] = [:]
    private var deadlines: [String: CoreMetrics.Counter] = [:]
    private let latency: CoreMetrics.Timer
    private let states: [SessionStatus: CoreMetrics.Gauge]
    private let backlog: CoreMetrics.Gauge
    private let reachable: CoreMetrics.Gauge

    /// Press-to-dispatch latency buckets: 50 µs to 1 s (a live dispatch takes well under
    /// a millisecond; a loaded board's tail shows in the upper buckets).
    public static let latencyBuckets: [Duration] = [
        .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
        .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
    ]
    static let latencyName = "actionsim_press_dispatch_latency_seconds"

    public init(board: String) {
        self.board = board
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets[Self.latencyName] = Self.latencyBuckets
        self.factory = factory
        let dimensions = [("board", board)]
        latency = CoreMetrics.Timer(label: Self.latencyName, dimensions: dimensions, factory: factory)
        states = Dictionary(uniqueKeysWithValues: SessionStatus.allCases.map { state in
            (state, CoreMetrics.Gauge(label: "actionsim_session_state", dimensions: dimensions + [("state", state.rawValue)],
                                      factory: factory))
        })
        backlog = CoreMetrics.Gauge(label: "actionsim_forwarding_backlog_rows", dimensions: dimensions, factory: factory)
        reachable = CoreMetrics.Gauge(label: "actionsim_lab_reachable", dimensions: dimensions, factory: factory)
        sessionState(.none)
        // Every kind and role is there from the start (at 0), so that a query for a count
        // finds it before the first press, and rate() sees the first one.
        for kind in Gesture.Kind.allCases { _ = counter(&gestures, kind, "actionsim_gestures_total", "kind", kind.rawValue) }
        for role in ["start", "next-action", "pause", "resume"] {
            _ = counter(&performed, role, "actionsim_intents_performed_total", "role", role)
            _ = counter(&failed, role, "actionsim_intents_failed_total", "role", role)
        }
        for outcome in ["met", "missed", "threw"] {
            _ = counter(&deadlines, outcome, "actionsim_start_deadlines_total", "outcome", outcome)
        }
    }

    public func record(_ event: SimulationEvent) {
        switch event.kind {
        case .gesture(let gesture):
            counter(&gestures, gesture.kind, "actionsim_gestures_total", "kind", gesture.kind.rawValue).increment()
        case .edgeDropped(_, let reason):
            let code = switch reason { case .bounce: "bounce"; case .unchanged: "unchanged" }
            counter(&dropped, code, "actionsim_edges_dropped_total", "reason", code).increment()
        case .performing(let invocation, _):
            let role = Self.role(invocation.role)
            counter(&performed, role, "actionsim_intents_performed_total", "role", role).increment()
            if invocation.latency >= .zero { latency.recordNanoseconds(invocation.latency.nanoseconds) }
        case .system(let system):
            switch system {
            case .intentThrew(let invocation, _):
                let role = Self.role(invocation.role)
                counter(&failed, role, "actionsim_intents_failed_total", "role", role).increment()
            case .startResolved(_, let outcome):
                let code = switch outcome { case .met: "met"; case .missed: "missed"; case .threw: "threw" }
                counter(&deadlines, code, "actionsim_start_deadlines_total", "outcome", code).increment()
            case .gestureIgnored(_, let reason):
                counter(&ignored, reason.code, "actionsim_gestures_ignored_total", "reason", reason.code).increment()
            case .sessionChanged(_, let to):
                sessionState(to)
            default:
                break
            }
        default:
            break
        }
    }

    /// The outbox's rows not yet in the lab's database, and whether the last attempt reached it
    /// (from the forwarder's thread).
    public func forwarding(backlog rows: Int, reachable isReachable: Bool) {
        backlog.record(rows)
        reachable.record(isReachable ? 1 : 0)
    }

    /// The text Prometheus scrapes.
    public func exposition() -> [UInt8] {
        registry.emitToBuffer()
    }

    private func sessionState(_ current: SessionStatus) {
        for (state, gauge) in states { gauge.record(state == current ? 1 : 0) }
    }

    private func counter<Key: Hashable>(_ table: inout [Key: CoreMetrics.Counter], _ key: Key, _ name: String,
                                        _ label: String, _ value: String) -> CoreMetrics.Counter {
        if let counter = table[key] { return counter }
        let counter = CoreMetrics.Counter(label: name, dimensions: [("board", board), (label, value)], factory: factory)
        table[key] = counter
        return counter
    }

    static func role(_ role: Invocation.Role) -> String {
        switch role {
        case .start: "start"
        case .nextAction: "next-action"
        case .pause: "pause"
        case .resume: "resume"
        case .control: "control"
        }
    }
}
