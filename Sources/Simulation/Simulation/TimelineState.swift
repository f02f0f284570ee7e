import SimulationEvents
import ActionButtonCore

/// What a watch would show at a point of the timeline, folded from its events: session,
/// next action, app presence. The timeline printer, scenario expectations and the test
/// harness all read state this way, from the log, never from the engine's insides.
public struct TimelineState: Hashable, Sendable {
    public var session: SessionStatus = .none
    public var nextAction: IntentReference?
    public var app: AppPresence = .notRunning

    public init() {}

    public mutating func apply(_ event: SimulationEvent) {
        guard case .system(let systemEvent) = event.kind else { return }
        switch systemEvent {
        case .sessionChanged(_, let to): session = to
        case .nextActionChanged(_, let to, _): nextAction = to
        case .appLaunched: app = .foreground
        case .appMovedToBackground: app = .background
        default: break
        }
    }

    /// The state after every event at or before `time`.
    public static func at(_ time: Timestamp, in events: [SimulationEvent]) -> TimelineState {
        var state = TimelineState()
        for event in events where event.time <= time { state.apply(event) }
        return state
    }
}

/// A sink that keeps every event in memory (for tests, expectations and small replays).
public final class EventRecorder: SimulationEventSink {
    public private(set) var events: [SimulationEvent] = []
    public init() {}
    public func record(_ event: SimulationEvent) { events.append(event) }
}

/// Sends every event to several sinks, in order.
public final class EventFanOut: SimulationEventSink {
    public var sinks: [any SimulationEventSink]
    public init(_ sinks: [any SimulationEventSink]) { self.sinks = sinks }
    public func record(_ event: SimulationEvent) { for sink in sinks { sink.record(event) } }
}
