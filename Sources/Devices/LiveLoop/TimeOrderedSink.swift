import ActionButtonCore
import SessionLog
import SimulationEvents

/// Keeps a live session's log in time order. In one wake-up the loop may learn of several
/// edges at once (after a stall, a SYN_DROPPED resync, a busy second): the first can
/// dispatch an intent at the present before the next edge, which happened earlier, is
/// applied. So a wake-up's events are held and passed on sorted by time (stably: events of
/// one instant keep their order), and `floor` is the latest time passed on, which no later
/// event may be before.
final class TimeOrderedSink: SimulationEventSink {
    private let sink: any SimulationEventSink
    private var held: [SimulationEvent] = []
    /// The latest time passed on so far.
    private(set) var floor: Timestamp = .zero

    init(_ sink: any SimulationEventSink) { self.sink = sink }

    func record(_ event: SimulationEvent) {
        held.append(event)
        latestHeld = max(latestHeld ?? event.time, event.time)
    }

    /// The latest time among the events held for this wake-up.
    private(set) var latestHeld: Timestamp?

    /// Passes on what this wake-up logged, in time order.
    func flush() {
        guard !held.isEmpty else { return }
        let ordered = held.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
        held.removeAll(keepingCapacity: true)
        latestHeld = nil
        for (_, event) in ordered {
            // Nothing is ever before what was passed on already. An edge can be: an intent's
            // report after the present was passed on, then an edge's debounce settled before
            // it. It is logged at `floor`, and the log says when it happened.
            let time = max(event.time, floor)
            floor = time
            if time == event.time {
                sink.record(event)
                continue
            }
            switch event.kind {
            case .edge(let edge), .edgeDropped(let edge, _):
                sink.record(SimulationEvent(time: time, kind: .step(
                    "logged late: \(edge.button) \(edge.direction == .down ? "down" : "up") at \(JSONLineWriter.seconds(event.time.nanoseconds)) s, "
                        + "\(JSONLineWriter.seconds(time.nanoseconds - event.time.nanoseconds)) s before the log's latest time")))
            default:
                break
            }
            sink.record(SimulationEvent(time: time, kind: event.kind))
        }
    }
}
