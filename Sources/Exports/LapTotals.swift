import ActionButtonCore
import Simulation
import Telemetry

/// What FIT and TCX say about a lap (or the whole session): times, distance, energy, heart rate.
struct LapTotals {
    var start: Timestamp
    var end: Timestamp
    /// Start to end, pauses included.
    var elapsed: Double
    /// Running time only.
    var timer: Double
    var distance: Double?
    var energy: Double?
    var averageHeartRate: Double?
    var maxHeartRate: Double?
    var maxSpeed: Double?
    var averageCadence: Double?
    var strokes: Double?

    init(_ session: RecordedSession, from start: Timestamp, to end: Timestamp, samples range: Range<Int>) {
        self.start = start
        self.end = end
        elapsed = (end - start).secondsValue
        timer = session.runningIntervals.reduce(0) { total, interval in
            let a = max(interval.start, start), b = min(interval.end, end)
            return b > a ? total + (b - a).secondsValue : total
        }
        let samples = session.samples
        // Cumulative values: what the lap added since the sample before it.
        func delta(_ key: KeyPath<SensorSample, Double?>) -> Double? {
            let upTo = samples[..<range.upperBound].last { $0.sample[keyPath: key] != nil }
            guard let last: Double = upTo?.sample[keyPath: key] else { return nil }
            let before: Double = samples[..<range.lowerBound].last { $0.sample[keyPath: key] != nil }?.sample[keyPath: key] ?? 0
            return max(0, last - before)
        }
        distance = delta(\.distance)
        energy = delta(\.activeEnergy)
        strokes = delta(\.strokes)
        let slice = samples[range]
        let heartRates = slice.compactMap(\.sample.heartRate)
        averageHeartRate = heartRates.isEmpty ? nil : heartRates.reduce(0, +) / Double(heartRates.count)
        maxHeartRate = heartRates.max()
        maxSpeed = slice.compactMap(\.sample.speed).max()
        let cadences = slice.compactMap(\.sample.cadence)
        averageCadence = cadences.isEmpty ? nil : cadences.reduce(0, +) / Double(cadences.count)
    }

    /// The whole session as one lap.
    init(session: RecordedSession) {
        self.init(session, from: session.startTime, to: session.lastTime, samples: session.samples.indices)
    }
}
