import ActionButtonCore
import SimulationEvents

/// Rows handed out one at a time, in order, until `next()` answers nil: a database cursor,
/// or an array read from memory. Whoever reads a session through one holds a row at a
/// time, never the session, so a summary, an export or a plot of a session of any length
/// runs in the same memory.
public protocol SessionCursor<Element>: AnyObject {
    associatedtype Element
    func next() throws -> Element?
}

/// A session's row in the store, without its samples and events: what exports, plots and
/// `actionsim show` say about the session as a whole.
public struct SessionHeader: Sendable {
    public var id: Int64
    public var kind: SessionLifecycle.Kind
    /// The app's workout style (nil for dives).
    public var workoutStyle: String?
    public var activity: ActivityKind?
    public var app: String
    /// The scenario (or live run) that recorded it, and how.
    public var runName: String
    public var source: String
    public var seed: Int?
    public var clock: String
    /// Wall-clock time of the session's start, in nanoseconds since 1970-01-01 UTC.
    public var startWallClock: Int64
    /// The session's start and end on its run's time line.
    public var startTime: Timestamp
    public var endTime: Timestamp?
    public var status: RecordedSession.Status
    public var sampleInterval: Duration
    public var poolLength: Double
    public var routeStart: (latitude: Double, longitude: Double)
    /// Degrees from true north: the way the workout headed from `routeStart` (the
    /// scenario's `route-bearing`; east for a session stored before it was kept).
    public var routeBearing: Double
    /// Where the session stops on the time line: its end, or its last sign of life (the
    /// latest sample or event).
    public var lastTime: Timestamp
    /// The board that recorded it (`--board`; empty in a store from before boards were named).
    public var board: String

    public init(id: Int64, kind: SessionLifecycle.Kind, workoutStyle: String?, activity: ActivityKind?, app: String,
                runName: String, source: String, seed: Int?, clock: String, startWallClock: Int64, startTime: Timestamp,
                endTime: Timestamp?, status: RecordedSession.Status, sampleInterval: Duration, poolLength: Double,
                routeStart: (latitude: Double, longitude: Double), routeBearing: Double = RouteStart.standard.bearing,
                lastTime: Timestamp, board: String = "") {
        self.id = id
        self.kind = kind
        self.workoutStyle = workoutStyle
        self.activity = activity
        self.app = app
        self.runName = runName
        self.source = source
        self.seed = seed
        self.clock = clock
        self.startWallClock = startWallClock
        self.startTime = startTime
        self.endTime = endTime
        self.status = status
        self.sampleInterval = sampleInterval
        self.poolLength = poolLength
        self.routeStart = routeStart
        self.routeBearing = routeBearing
        self.lastTime = lastTime
        self.board = board
    }

    /// Wall-clock nanoseconds (since 1970) of a time on the run's time line.
    public func wallClock(_ time: Timestamp) -> Int64 {
        startWallClock &+ (time.nanoseconds &- startTime.nanoseconds)
    }
}

/// A recorded session read in time order, a row at a time: from the store's cursors
/// (`SessionDatabase.read`) or from a `RecordedSession` in memory. What every reader of a
/// session (summaries, exports, plots) takes, so that none of them depends on the
/// session's length.
public protocol SessionRows {
    var header: SessionHeader { get }
    /// How many samples the session has.
    func sampleCount() throws -> Int
    /// The samples with `after < time <= through` (nil: no bound), in time order, with at
    /// least the readings `fields` names: the store reads only those columns (a plot of a
    /// million samples needs three of the ten), the others may be nil.
    func samples(after: Timestamp?, through: Timestamp?, fields: SampleFields) throws
        -> any SessionCursor<RecordedSession.TimedSample>
    /// The events of these kinds (nil: all), in time order, then in the order they were recorded.
    func events(_ kinds: Set<RecordedSession.EventKind>?) throws -> any SessionCursor<RecordedSession.Event>
    /// A workout's samples summed up in spans (`SampleSpan`), in time order, covering every
    /// sample: or nil where they are not kept (a dive, a session held in memory, one recorded
    /// before the store kept spans, a lab's database).
    func sampleSpans() throws -> (any SessionCursor<SampleSpan>)?
}

extension SessionRows {
    public func sampleSpans() throws -> (any SessionCursor<SampleSpan>)? { nil }

    /// Every sample, in time order, with every reading.
    public func samples() throws -> any SessionCursor<RecordedSession.TimedSample> {
        try samples(after: nil, through: nil, fields: .all)
    }

    /// Every sample, in time order, with at least the readings `fields` names.
    public func samples(fields: SampleFields) throws -> any SessionCursor<RecordedSession.TimedSample> {
        try samples(after: nil, through: nil, fields: fields)
    }

    /// The samples with `after < time <= through`, with every reading.
    public func samples(after: Timestamp?, through: Timestamp?) throws -> any SessionCursor<RecordedSession.TimedSample> {
        try samples(after: after, through: through, fields: .all)
    }
}

/// The readings of a `SensorSample` a reader of samples needs, one flag per optional
/// reading (the time and elapsed time always come).
public struct SampleFields: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let heartRate = SampleFields(rawValue: 1 << 0)
    public static let activeEnergy = SampleFields(rawValue: 1 << 1)
    public static let distance = SampleFields(rawValue: 1 << 2)
    public static let speed = SampleFields(rawValue: 1 << 3)
    public static let cadence = SampleFields(rawValue: 1 << 4)
    public static let strokes = SampleFields(rawValue: 1 << 5)
    public static let depth = SampleFields(rawValue: 1 << 6)
    public static let pressure = SampleFields(rawValue: 1 << 7)
    public static let waterTemperature = SampleFields(rawValue: 1 << 8)
    public static let submerged = SampleFields(rawValue: 1 << 9)
    public static let all = SampleFields(rawValue: (1 << 10) - 1)
    /// What `SessionSummary.SampleTotals` adds up.
    public static let totals: SampleFields = [.heartRate, .activeEnergy, .distance, .depth, .waterTemperature, .submerged]
}

extension SampleField {
    /// Its bit in `SampleFields`.
    public var bit: SampleFields { SampleFields(rawValue: 1 << rawValue) }
}

/// Reads an array in order: the cursor of a session held in memory.
public final class ArrayCursor<Element>: SessionCursor {
    private let elements: [Element]
    private var index: Int
    private let end: Int

    public init(_ elements: [Element], range: Range<Int>? = nil) {
        self.elements = elements
        let range = range ?? elements.indices
        index = range.lowerBound
        end = range.upperBound
    }

    public func next() -> Element? {
        guard index < end else { return nil }
        defer { index += 1 }
        return elements[index]
    }
}

extension RecordedSession: SessionRows {
    public func sampleCount() -> Int { samples.count }

    /// Every reading, whatever `fields` asks for: they are in memory already.
    public func samples(after: Timestamp?, through: Timestamp?, fields: SampleFields) -> any SessionCursor<TimedSample> {
        // Samples are in time order: the bounds are found by bisection.
        func firstIndex(where isPast: (TimedSample) -> Bool) -> Int {
            var low = 0, high = samples.count
            while low < high {
                let middle = (low + high) / 2
                if isPast(samples[middle]) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        let lower = after.map { bound in firstIndex { $0.time > bound } } ?? 0
        let upper = through.map { bound in firstIndex { $0.time > bound } } ?? samples.count
        return ArrayCursor(samples, range: lower..<max(lower, upper))
    }

    public func events(_ kinds: Set<EventKind>?) -> any SessionCursor<Event> {
        ArrayCursor(kinds.map { kinds in events.filter { kinds.contains($0.kind) } } ?? events)
    }
}
