import ActionButtonCore

/// The running (not paused) time of a session, read from its pause and resume events as
/// the time asked about moves forward: a workout's timer, which stops while it is paused.
///
/// FIT and TCX call a lap's time with pauses left out its *timer* time and the time from its
/// start to its end its *elapsed* time; `actionsim show` and the exports use these words too.
public final class RunningTimeline {
    private let pauses: any SessionCursor<RecordedSession.Event>
    private let startTime: Timestamp
    private var pending: RecordedSession.Event?
    private var started = false
    /// Running time from the start up to the last pause or resume read.
    private var accumulated: Duration = .zero
    /// When the session last started running, nil while it is paused.
    private var runningSince: Timestamp?
    private var lastAsked: Timestamp?

    /// `pauses`: the session's `paused` and `resumed` events (others are skipped).
    public init(header: SessionHeader, pauses: any SessionCursor<RecordedSession.Event>) {
        self.pauses = pauses
        startTime = header.startTime
        runningSince = header.startTime
    }

    public convenience init(_ rows: some SessionRows) throws {
        self.init(header: rows.header, pauses: try rows.events([.paused, .resumed]))
    }

    /// Running time from the session's start to `time`. Times asked must not go back.
    public func runningTime(upTo time: Timestamp) throws -> Duration {
        precondition(lastAsked.map { time >= $0 } ?? true, "RunningTimeline: times asked must not go back")
        lastAsked = time
        if !started {
            started = true
            pending = try pauses.next()
        }
        while let event = pending, event.time <= time {
            if event.time >= startTime {
                switch event.kind {
                case .paused:
                    if let since = runningSince {
                        accumulated += event.time - since
                        runningSince = nil
                    }
                case .resumed:
                    if runningSince == nil { runningSince = event.time }
                default:
                    break
                }
            }
            pending = try pauses.next()
        }
        guard let since = runningSince, time > since else { return accumulated }
        return accumulated + (time - since)
    }
}

/// The stretches a session was running, in order: from its start (or a resume) to a pause
/// (or its last time).
public final class RunningIntervalCursor: SessionCursor {
    public typealias Element = (start: Timestamp, end: Timestamp)
    private let pauses: any SessionCursor<RecordedSession.Event>
    private let lastTime: Timestamp
    private let startTime: Timestamp
    private var from: Timestamp?
    private var done = false

    public init(header: SessionHeader, pauses: any SessionCursor<RecordedSession.Event>) {
        self.pauses = pauses
        startTime = header.startTime
        lastTime = header.lastTime
        from = header.startTime
    }

    public convenience init(_ rows: some SessionRows) throws {
        self.init(header: rows.header, pauses: try rows.events([.paused, .resumed]))
    }

    public func next() throws -> Element? {
        guard !done else { return nil }
        while let event = try pauses.next() {
            guard event.time >= startTime else { continue }
            switch event.kind {
            case .paused:
                if let start = from {
                    from = nil
                    return (start, event.time)
                }
            case .resumed:
                if from == nil { from = event.time }
            default:
                break
            }
        }
        done = true
        return from.map { ($0, lastTime) }
    }
}

/// One lap: the session split at each lap or segment marker (what a watch's Mark Lap does),
/// the last one closed by the end.
public struct SessionLap: Hashable, Sendable {
    /// 1 for the first lap.
    public var number: Int
    public var start: Timestamp
    public var end: Timestamp
    /// What began and ended it: `start`, `lap`, `segment`, `end`.
    public var startedBy: String
    public var endedBy: String
    /// From its start to its end, pauses included.
    public var elapsed: Duration
    /// Running time only: the elapsed time less the time it was paused.
    public var timer: Duration

    /// The lap's samples are those with `samplesAfter < time <= end` (nil: from the first).
    public var samplesAfter: Timestamp? { number == 1 ? nil : start }
    /// How long it was paused.
    public var paused: Duration { elapsed - timer }
}

/// A session's laps, in order, read from its markers and pauses.
public final class LapCursor: SessionCursor {
    private let markers: any SessionCursor<RecordedSession.Event>
    private let running: RunningTimeline
    private let header: SessionHeader
    private var start: Timestamp
    private var trigger = "start"
    /// Running time from the session's start to the current lap's start.
    private var runningAtStart: Duration = .zero
    private var count = 0
    private var endReached = false

    public init(header: SessionHeader, markers: any SessionCursor<RecordedSession.Event>, running: RunningTimeline) {
        self.header = header
        self.markers = markers
        self.running = running
        start = header.startTime
    }

    /// The laps of `rows`, each with its elapsed and timer time.
    public convenience init(_ rows: some SessionRows) throws {
        self.init(header: rows.header, markers: try rows.events([.marker]), running: try RunningTimeline(rows))
    }

    public func next() throws -> SessionLap? {
        while !endReached {
            let split: (time: Timestamp, label: String)
            if let marker = try markers.next() {
                guard marker.label == "lap" || marker.label == "segment", marker.time > header.startTime else { continue }
                split = (marker.time, marker.label)
            } else {
                endReached = true
                split = (header.lastTime, "end")
            }
            guard split.time >= start else { continue }
            count += 1
            let runningAtEnd = try running.runningTime(upTo: split.time)
            let lap = SessionLap(number: count, start: start, end: split.time, startedBy: trigger, endedBy: split.label,
                                 elapsed: split.time - start, timer: runningAtEnd - runningAtStart)
            runningAtStart = runningAtEnd
            start = split.time
            trigger = split.label
            return lap
        }
        return nil
    }
}
