import AppIntents

/// Something that happened during a workout: a lap, a segment, a marker, a pause (Apple's
/// page: "HKWorkoutEvent"). Those an app adds reach the session log as markers (T1).
public final class HKWorkoutEvent: Hashable, @unchecked Sendable {
    // @unchecked: immutable.
    public let type: HKWorkoutEventType
    public let dateInterval: DateInterval
    public let metadata: [String: any Sendable]?

    public init(type: HKWorkoutEventType, dateInterval: DateInterval, metadata: [String: Any]?) {
        self.type = type
        self.dateInterval = DateInterval(start: SimulatedDate.fromApp(dateInterval.start), duration: dateInterval.duration)
        self.metadata = HKQuantitySample.sendable(metadata)
    }

    /// The watchOS 2 form: an event at one instant.
    @available(watchOS, introduced: 2.0, deprecated: 4.0, message: "Use init(type:dateInterval:metadata:)")
    public convenience init(type: HKWorkoutEventType, date: Date) {
        self.init(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
    }

    @available(watchOS, introduced: 3.0, deprecated: 4.0, message: "Use init(type:dateInterval:metadata:)")
    public convenience init(type: HKWorkoutEventType, date: Date, metadata: [String: Any]) {
        self.init(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: metadata)
    }

    /// When the event began (its interval's start).
    @available(watchOS, introduced: 2.0, deprecated: 4.0, message: "Use dateInterval")
    public var date: Date { dateInterval.start }

    public static func == (lhs: HKWorkoutEvent, rhs: HKWorkoutEvent) -> Bool {
        lhs.type == rhs.type && lhs.dateInterval == rhs.dateInterval
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(dateInterval)
    }

    /// The marker the session log records for this event.
    var sessionMarker: SessionMarker {
        let label = metadata.flatMap { metadata in
            metadata.isEmpty ? nil : metadata.keys.sorted().map { "\($0)=\(metadata[$0].map { "\($0)" } ?? "")" }.joined(separator: " ")
        }
        return SessionMarker(type.name, label: label)
    }
}

/// The kinds of workout events (Apple's page: "HKWorkoutEventType").
public enum HKWorkoutEventType: Int, Hashable, Sendable, CaseIterable {
    case pause = 1, resume, lap, marker, motionPaused, motionResumed, segment, pauseOrResumeRequest

    var name: String { String(describing: self) }
}
