import ActionButtonCore
import AppIntents

/// One line of the session log (T4): everything that happened, with its time.
public struct SimulationEvent: Hashable, Sendable {
    public var time: Timestamp
    public var kind: Kind

    public init(time: Timestamp, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    public enum Kind: Hashable, Sendable {
        /// P1: an accepted button edge.
        case edge(Edge)
        /// P2: an edge that did not count, and why.
        case edgeDropped(Edge, PressRecognizer.DropReason)
        /// P3: what the recognizer decided (or a scenario's gesture step).
        case gesture(Gesture)
        /// Something the Action-button system did (A1–A12). Dispatches are recorded as
        /// `performing` instead, which adds the intent's parameters.
        case system(SystemEvent)
        /// The system calls `perform()` on an intent (A3, A6, A7), with its parameters.
        case performing(Invocation, parameters: [IntentIdentity.Parameter])
        /// The app's session changed (T1, T2); a start says the workout style and the
        /// HealthKit activity type whose sensor model records it (nil for a dive, or when
        /// the app named none).
        case session(SessionLifecycle.Change, workoutStyle: String?, activity: WorkoutActivityType?)
        /// An intent asked the session for something it refused.
        case sessionRefused(SessionLifecycle.Command, SessionLifecycle.Rejection)
        /// A6: a donation through `donate(result:)` (results are logged as `intentReturned`).
        case donation(intent: IntentReference, donor: IntentReference)
        /// T1: a marker a next action made.
        case marker(SessionMarker)
        /// A sensor sample (T1, T2).
        case sample(SensorSample)
        /// A warning about the session (ascent rate, rated depth, ...).
        case warning(SessionWarning)
        /// A line the app logged.
        case appLog(String)
        /// What the watch said when an intent finished (its result's dialog).
        case dialog(intent: IntentReference, text: String)
        /// The watch tapped the wrist: a WatchKit haptic the app played, by its name.
        case haptic(String)
        /// A scenario or operator step that is not a button: wrist down, end, settings change.
        case step(String)
    }
}

/// A sensor sample as the log records it: a reading, at its event's time.
public typealias SensorSample = SensorReading

/// Where the engine's events go, in order.
public protocol SimulationEventSink: AnyObject {
    func record(_ event: SimulationEvent)
}

/// Something that runs beside the engine on its clock and adds to the log: the sensors.
/// It sees every event first, and is woken at the times it asks for.
public protocol SimulationInstrument: AnyObject {
    func observe(_ event: SimulationEvent)
    var nextWakeup: Timestamp? { get }
    /// Appends what it has to log at `time` to `events` (the engine's buffer, reused at
    /// every tick, so that a sample costs no allocation).
    func wake(at time: Timestamp, into events: inout [SimulationEvent.Kind])
    /// A reading for apps only, made by the last `wake` and never logged: CoreMotion's
    /// submersion updates come three times a second under water, more often than samples.
    func takeAppReading() -> SensorSample?
    /// Whether any app listens for readings (a submersion manager's delegate, a live
    /// workout builder): readings between samples are made only then, since nothing logs them.
    func appReadings(wanted: Bool)
    /// Who wears the watch, if this instrument knows (the sensors do).
    var wearer: WearerProfile? { get }
    /// Where the wearer's route starts and heads, if this instrument knows (the sensors do).
    var routeStart: RouteStart? { get }
}

extension SimulationInstrument {
    public func takeAppReading() -> SensorSample? { nil }
    public func appReadings(wanted: Bool) {}
    public var wearer: WearerProfile? { nil }
    public var routeStart: RouteStart? { nil }
}

// Codable so that a simulated watch in another process can send what happened (ActionButtonHarness).
extension SimulationEvent: Codable {}
extension SimulationEvent.Kind: Codable {}
