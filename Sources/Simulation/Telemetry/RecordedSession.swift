import ActionButtonCore
import AppIntents
import SimulationEvents

/// A session as it was recorded, held whole in memory: the store's rows of one session.
/// Readers take any `SessionRows` (this, or the store's cursors), so that what works on a
/// session in memory works on one of any length read from the store.
@dynamicMemberLookup
public struct RecordedSession: Sendable {
    public enum Status: String, Hashable, Sendable, CaseIterable {
        /// Still being recorded (or its process died and no one has opened the store since).
        case active
        case ended
        /// Its run stopped without ending it: every committed sample is kept (T4).
        case interrupted
    }

    /// One thing that happened in the session, reduced to what a plot or an export marks.
    public struct Event: Hashable, Sendable {
        public var time: Timestamp
        public var kind: EventKind
        /// The gesture, the intent, the marker's kind, the warning's text, ...
        public var label: String
        /// A warning's code and numbers, which readers go by (the label is its sentence).
        public var warning: SessionWarning?
        /// The warning's code: also known for a warning stored before codes were (its
        /// numbers are not).
        public var warningCode: SessionWarning.Code?

        public init(time: Timestamp, kind: EventKind, label: String, warning: SessionWarning? = nil,
                    warningCode: SessionWarning.Code? = nil) {
            self.time = time
            self.kind = kind
            self.label = label
            self.warning = warning
            self.warningCode = warning?.code ?? warningCode
        }
    }

    public enum EventKind: String, Hashable, Sendable, CaseIterable {
        case press, intent, started, paused, resumed, ended, marker, warning, error, ignored, donation, interrupted, other
    }

    public struct TimedSample: Hashable, Sendable {
        public var time: Timestamp
        public var sample: SensorSample
        public init(time: Timestamp, sample: SensorSample) {
            self.time = time
            self.sample = sample
        }
    }

    /// Everything about the session but its rows (its `lastTime` is the rows'): read and
    /// written through as `session.id`, `session.startTime`, ...
    private var about: SessionHeader

    public subscript<Value>(dynamicMember key: WritableKeyPath<SessionHeader, Value>) -> Value {
        get { about[keyPath: key] }
        set { about[keyPath: key] = newValue }
    }

    public var samples: [TimedSample]
    public var events: [Event]

    public init(id: Int64, kind: SessionLifecycle.Kind, workoutStyle: String?, activity: ActivityKind?, app: String,
                runName: String, source: String, seed: Int?, clock: String, startWallClock: Int64, startTime: Timestamp,
                endTime: Timestamp?, status: Status, sampleInterval: Duration, poolLength: Double,
                routeStart: (latitude: Double, longitude: Double), routeBearing: Double = RouteStart.standard.bearing,
                samples: [TimedSample] = [], events: [Event] = []) {
        about = SessionHeader(id: id, kind: kind, workoutStyle: workoutStyle, activity: activity, app: app, runName: runName,
                              source: source, seed: seed, clock: clock, startWallClock: startWallClock, startTime: startTime,
                              endTime: endTime, status: status, sampleInterval: sampleInterval, poolLength: poolLength,
                              routeStart: routeStart, routeBearing: routeBearing, lastTime: startTime)
        self.samples = samples
        self.events = events
    }

    /// Where the session stops on the time line: its end, or its last sign of life.
    public var lastTime: Timestamp {
        about.endTime ?? max(samples.last?.time ?? about.startTime, events.last?.time ?? about.startTime)
    }

    /// Wall-clock nanoseconds (since 1970) of a time on the run's time line.
    public func wallClock(_ time: Timestamp) -> Int64 { about.wallClock(time) }

    /// The session as a whole, as the store's readers see it.
    public var header: SessionHeader {
        var header = about
        header.lastTime = lastTime
        return header
    }
}

extension RecordedSession.Event {
    /// What of a simulation event a session keeps as an event: presses, intents, session
    /// changes, markers, warnings, errors. Samples go to their own table; edges and other
    /// bookkeeping stay in the JSON Lines log.
    public static func from(_ event: SimulationEvent) -> RecordedSession.Event? {
        let kind: RecordedSession.EventKind
        let label: String
        switch event.kind {
        case .gesture(let gesture):
            kind = .press
            label = gesture.kind.rawValue
        case .performing(let invocation, _):
            kind = .intent
            label = invocation.intent.name
        case .session(let change, let style, _):
            switch change {
            case .started(let sessionKind):
                kind = .started
                label = style.map { "\(sessionKind) \($0)" } ?? sessionKind.rawValue
            case .paused: (kind, label) = (.paused, "paused")
            case .resumed: (kind, label) = (.resumed, "resumed")
            case .ended: (kind, label) = (.ended, "ended")
            }
        case .marker(let marker):
            kind = .marker
            label = marker.kind
        case .warning(let warning):
            return RecordedSession.Event(time: event.time, kind: .warning, label: warning.description, warning: warning)
        case .system(.errorShown(let error)):
            kind = .error
            label = error.message
        case .system(.gestureIgnored(let gesture, let reason)):
            kind = .ignored
            label = "\(gesture.kind.rawValue): \(reason.code)"
        case .donation(let intent, _):
            kind = .donation
            label = intent.name
        case .sessionRefused(let command, let rejection):
            kind = .warning
            label = "session refused to \(command.rawValue): \(rejection)"
        case .system(.intentThrew(let invocation, let message)):
            kind = .error
            label = "\(invocation.intent.name) threw: \(message)"
        default:
            return nil
        }
        return RecordedSession.Event(time: event.time, kind: kind, label: label)
    }
}
