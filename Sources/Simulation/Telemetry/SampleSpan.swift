import ActionButtonCore

/// Up to `capacity` consecutive samples of a workout, summed up as a plot and a summary
/// need them: for heart rate and speed the first, lowest, highest and last reading with
/// their times; the heart-rate sum; the last distance and energy. The store keeps one row
/// per span beside the samples as it records them (`sample_spans`), so that a plot of a
/// million samples reads some thirty thousand spans instead.
///
/// What a span stands for is exact: adding its four points of a reading, in time order, to
/// a per-pixel reduction gives what adding each of its samples gives, as long as the whole
/// span falls in one pixel column (`PlotModel` reads a span's samples where it does not).
/// Dives are not summed up (their ascent rate needs each depth): a dive's plot reads its
/// samples.
public struct SampleSpan: Sendable, Hashable {
    /// A reading's extremes over the span: the first and last, the lowest and highest (the
    /// earliest of equal ones), each with its time.
    public struct Extremes: Sendable, Hashable {
        public var first: Point
        public var lowest: Point
        public var highest: Point
        public var last: Point

        public init(first: Point, lowest: Point, highest: Point, last: Point) {
            self.first = first
            self.lowest = lowest
            self.highest = highest
            self.last = last
        }

        init(_ point: Point) {
            (first, lowest, highest, last) = (point, point, point, point)
        }

        mutating func add(_ point: Point) {
            if point.value < lowest.value { lowest = point }
            if point.value > highest.value { highest = point }
            last = point
        }

        /// The four points in time order (a point may appear twice).
        public var points: [Point] {
            lowest.time <= highest.time ? [first, lowest, highest, last] : [first, highest, lowest, last]
        }
    }

    public struct Point: Sendable, Hashable {
        public var time: Timestamp
        public var value: Double

        public init(time: Timestamp, value: Double) {
            self.time = time
            self.value = value
        }
    }

    /// Samples a span holds at most: about as many spans as samples in a pixel column of a
    /// million-sample plot, which keeps both the spans read and the samples read where a
    /// span crosses a column's edge near their least.
    public static let capacity = 32

    /// The first and last sample's time.
    public var first: Timestamp
    public var last: Timestamp
    public var count: Int
    public var heartRate: Extremes?
    public var speed: Extremes?
    public var heartRateSum: Double
    public var heartRates: Int
    /// The last distance and active energy read in the span, if any.
    public var distance: Double?
    public var activeEnergy: Double?

    public init(first: Timestamp, last: Timestamp, count: Int, heartRate: Extremes?, speed: Extremes?, heartRateSum: Double,
                heartRates: Int, distance: Double?, activeEnergy: Double?) {
        self.first = first
        self.last = last
        self.count = count
        self.heartRate = heartRate
        self.speed = speed
        self.heartRateSum = heartRateSum
        self.heartRates = heartRates
        self.distance = distance
        self.activeEnergy = activeEnergy
    }

    /// A span of one sample.
    public init(_ timed: RecordedSession.TimedSample) {
        self.init(first: timed.time, last: timed.time, count: 0, heartRate: nil, speed: nil, heartRateSum: 0, heartRates: 0,
                  distance: nil, activeEnergy: nil)
        add(timed)
    }

    public var isFull: Bool { count >= Self.capacity }

    /// Adds the next sample (later than `last`).
    public mutating func add(_ timed: RecordedSession.TimedSample) {
        let s = timed.sample
        count += 1
        last = timed.time
        if let hr = s.heartRate {
            heartRateSum += hr
            heartRates += 1
            if hr.isFinite { Self.add(Point(time: timed.time, value: hr), to: &heartRate) }
        }
        if let v = s.speed, v.isFinite { Self.add(Point(time: timed.time, value: v), to: &speed) }
        if let d = s.distance { distance = d }
        if let e = s.activeEnergy { activeEnergy = e }
    }

    private static func add(_ point: Point, to extremes: inout Extremes?) {
        if extremes == nil { extremes = Extremes(point) } else { extremes!.add(point) }
    }
}
