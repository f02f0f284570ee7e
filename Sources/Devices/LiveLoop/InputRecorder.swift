import ActionButtonCore
import Scenarios
import SimulationEvents

/// Captures a live session for `actionsim record`: the loop hands it every input it applies
/// (before the recognizer, so bounces and drops replay too), and as an event sink it notes
/// the gestures, intents and drops the session produced, to write them as expectations.
public final class InputRecorder: SimulationEventSink {
    public private(set) var recording = RecordedScenario()

    public init() {}

    /// An input the live loop applied, at its time on the run's time line.
    public func record(_ step: RecordedScenario.Step, at time: Timestamp) {
        recording.steps.append((time, step))
    }

    public func finish(at time: Timestamp) { recording.end = time }

    public func record(_ event: SimulationEvent) {
        // An intent is expected at its gesture's time: where both the live loop and a replay
        // dispatch it.
        switch event.kind {
        case .gesture(let gesture):
            recording.expectations.append((gesture.time, .init("gesture", gesture.kind.rawValue)))
        case .performing(let invocation, _):
            recording.expectations.append((invocation.gesture.time, .init("intent", invocation.intent.name)))
        case .system(.gestureIgnored(let gesture, let reason)):
            recording.expectations.append((gesture.time, .init("ignored", reason.code)))
        case .edgeDropped(let edge, let reason):
            switch reason {
            case .bounce: recording.expectations.append((edge.time, .init("dropped", "bounce")))
            case .unchanged: recording.expectations.append((edge.time, .init("dropped", "unchanged")))
            }
        default:
            break
        }
    }
}
