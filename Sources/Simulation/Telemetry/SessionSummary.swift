import ActionButtonCore

/// What `actionsim show` prints about a session: totals a runner or a diver checks first.
/// Read in one pass over the samples and one over the events, so a session of any length
/// is summarised in the same memory.
public struct SessionSummary: Hashable, Sendable {
    /// From start to end, pauses included.
    public var duration: Duration
    /// Running time only (what a watch's workout timer shows).
    public var activeDuration: Duration
    public var samples: Int
    public var pauses: Int
    /// Marker kind → how many (lap, segment, waypoint, snapshot, ...).
    public var markers: [String: Int]
    /// How many laps a workout has (0 for a dive).
    public var laps: Int
    /// The first laps (up to `keptLaps`), with their timer and elapsed times.
    public var firstLaps: [SessionLap]
    /// How many warnings there were, and the first of them (up to `keptWarnings`).
    public var warningCount: Int
    public var firstWarnings: [String]

    public var distance: Double?
    public var averageHeartRate: Double?
    public var maxHeartRate: Double?
    public var activeEnergy: Double?

    public var maxDepth: Double?
    /// Time spent submerged.
    public var diveTime: Duration?
    public var minTemperature: Double?
    public var ascentRateWarnings: Int
    public var ratedDepthWarnings: Int
    /// The fastest ascent (`AscentRate`, the watch's figure), if the diver rose at all.
    public var peakAscent: AscentPeak?

    /// The fastest ascent rate of a dive, where and when.
    public struct AscentPeak: Hashable, Sendable {
        public var time: Timestamp
        /// m/min, over `AscentRate.window`.
        public var rate: Double
        /// m, at `time`.
        public var depth: Double
    }

    public static let keptLaps = 8
    public static let keptWarnings = 10

    /// What a pass over the samples adds up: a reader that reads them anyway (the plot) adds
    /// each one here and passes the totals on, saving the summary a pass of its own.
    public struct SampleTotals: Sendable {
        var count = 0
        var heartRateSum = 0.0, heartRates = 0
        var distance: Double?, energy: Double?, maxHeartRate: Double?, maxDepth: Double?, minTemperature: Double?
        var submerged = Duration.zero
        /// The last sample's time and whether it was submerged (not the sample: a copy a row).
        var previousTime: Timestamp?
        var previousSubmerged = false
        var ascent = AscentRate()
        var peakAscent: AscentPeak?

        public init() {}

        public mutating func add(_ timed: RecordedSession.TimedSample) {
            let s = timed.sample
            count += 1
            if let d = s.distance { distance = d }
            if let e = s.activeEnergy { energy = e }
            if let hr = s.heartRate {
                heartRateSum += hr
                heartRates += 1
                maxHeartRate = Swift.max(maxHeartRate ?? hr, hr)
            }
            if let d = s.depth {
                maxDepth = Swift.max(maxDepth ?? d, d)
                if let rate = ascent.add(time: timed.time.seconds, depth: d), rate > (peakAscent?.rate ?? 0) {
                    peakAscent = AscentPeak(time: timed.time, rate: rate, depth: d)
                }
            }
            if let t = s.waterTemperature { minTemperature = Swift.min(minTemperature ?? t, t) }
            if let previousTime, previousSubmerged { submerged += timed.time - previousTime }
            previousTime = timed.time
            previousSubmerged = s.submerged == true
        }

        /// Adds a workout's span of samples as `add` would add each of them (a span has no
        /// depth, temperature or submerged flag: dives are not summed up in spans).
        public mutating func add(_ span: SampleSpan) {
            count += span.count
            if let d = span.distance { distance = d }
            if let e = span.activeEnergy { energy = e }
            heartRateSum += span.heartRateSum
            heartRates += span.heartRates
            if let hr = span.heartRate?.highest.value { maxHeartRate = Swift.max(maxHeartRate ?? hr, hr) }
            previousTime = span.last
            previousSubmerged = false
        }
    }

    /// Samples past which a workout's summary reads its spans instead of each sample.
    public static let spanThreshold = 100_000

    /// The summary of `rows`: for a long workout (`spanThreshold` samples or more) from the
    /// store's spans where it keeps them (samples added up `SampleSpan.capacity` at a time, as
    /// `add` would add each: a 3.6 M-sample session is read in 1/32 of the rows), else from
    /// every sample, each checked as it is read (a hand-edited value is found damaged), as
    /// the plot does.
    public init(_ rows: some SessionRows) throws {
        var totals = SampleTotals()
        let header = rows.header
        let long = header.kind == .workout && header.sampleInterval > .zero
            && (header.lastTime - header.startTime) / header.sampleInterval >= Double(Self.spanThreshold)
        if long, let spans = try rows.sampleSpans() {
            while let span = try spans.next() { totals.add(span) }
        } else {
            let cursor = try rows.samples(fields: .totals)
            while let timed = try cursor.next() { totals.add(timed) }
        }
        try self.init(rows, totals: totals)
    }

    /// The summary of `rows`, whose samples are already added up in `totals`.
    public init(_ rows: some SessionRows, totals: SampleTotals) throws {
        let header = rows.header
        duration = header.lastTime - header.startTime
        samples = totals.count
        distance = totals.distance
        activeEnergy = totals.energy
        averageHeartRate = totals.heartRates == 0 ? nil : totals.heartRateSum / Double(totals.heartRates)
        maxHeartRate = totals.maxHeartRate
        maxDepth = totals.maxDepth
        minTemperature = totals.minTemperature
        diveTime = header.kind == .dive ? totals.submerged : nil
        peakAscent = totals.peakAscent

        var pauses = 0, warningCount = 0, ascent = 0, rated = 0
        var markers: [String: Int] = [:]
        var warnings: [String] = []
        let events = try rows.events([.paused, .marker, .warning])
        while let event = try events.next() {
            switch event.kind {
            case .paused: pauses += 1
            case .marker: markers[event.label, default: 0] += 1
            case .warning:
                warningCount += 1
                if warnings.count < Self.keptWarnings { warnings.append(event.label) }
                if event.warningCode == .ascentRate { ascent += 1 }
                if event.warningCode == .ratedDepth { rated += 1 }
            default: break
            }
        }
        self.pauses = pauses
        self.markers = markers
        self.warningCount = warningCount
        firstWarnings = warnings
        ascentRateWarnings = ascent
        ratedDepthWarnings = rated

        activeDuration = try {
            let intervals = try RunningIntervalCursor(rows)
            var total = Duration.zero
            while let interval = try intervals.next() { total += interval.end - interval.start }
            return total
        }()

        var laps = 0
        var firstLaps: [SessionLap] = []
        if header.kind == .workout {
            let cursor = try LapCursor(rows)
            while let lap = try cursor.next() {
                laps += 1
                if firstLaps.count < Self.keptLaps { firstLaps.append(lap) }
            }
        }
        self.laps = laps
        self.firstLaps = firstLaps
    }
}
