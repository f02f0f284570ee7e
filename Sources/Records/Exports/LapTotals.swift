import ActionButtonCore
import SimulationEvents
import Telemetry

/// What FIT and TCX say about a lap (or the whole session): times, distance, energy, heart rate.
struct LapTotals {
    /// Start to end, pauses included (FIT's total_elapsed_time).
    var elapsed: Double
    /// Running time only (FIT's total_timer_time, TCX's TotalTimeSeconds).
    var timer: Double
    var distance: Double?
    var energy: Double?
    var averageHeartRate: Double?
    var maxHeartRate: Double?
    var maxSpeed: Double?
    var averageCadence: Double?
    var strokes: Double?
}

/// Adds up the samples of consecutive laps, read in order, one lap at a time. Cumulative
/// values (distance, energy, strokes) are what the lap added since the last value before
/// it, so the last value seen is carried from one lap to the next.
struct LapAccumulator {
    // Carried over: the last value of each cumulative sensor so far.
    private var distance: Double?
    private var energy: Double?
    private var strokes: Double?
    // At the start of the current lap.
    private var distanceBefore: Double?
    private var energyBefore: Double?
    private var strokesBefore: Double?
    // The current lap.
    private var heartRateSum = 0.0, heartRates = 0
    private var maxHeartRate: Double?
    private var maxSpeed: Double?
    private var cadenceSum = 0.0, cadences = 0

    mutating func add(_ s: SensorSample) {
        if let d = s.distance { distance = d }
        if let e = s.activeEnergy { energy = e }
        if let n = s.strokes { strokes = n }
        if let hr = s.heartRate {
            heartRateSum += hr
            heartRates += 1
            maxHeartRate = max(maxHeartRate ?? hr, hr)
        }
        if let v = s.speed { maxSpeed = max(maxSpeed ?? v, v) }
        if let c = s.cadence {
            cadenceSum += c
            cadences += 1
        }
    }

    /// The lap's totals; the next sample added starts the next lap.
    mutating func finishLap(elapsed: Duration, timer: Duration) -> LapTotals {
        func delta(_ last: Double?, _ before: Double?) -> Double? { last.map { max(0, $0 - (before ?? 0)) } }
        let totals = LapTotals(elapsed: elapsed.secondsValue, timer: timer.secondsValue,
                               distance: delta(distance, distanceBefore), energy: delta(energy, energyBefore),
                               averageHeartRate: heartRates == 0 ? nil : heartRateSum / Double(heartRates),
                               maxHeartRate: maxHeartRate, maxSpeed: maxSpeed,
                               averageCadence: cadences == 0 ? nil : cadenceSum / Double(cadences),
                               strokes: delta(strokes, strokesBefore))
        distanceBefore = distance
        energyBefore = energy
        strokesBefore = strokes
        heartRateSum = 0
        heartRates = 0
        maxHeartRate = nil
        maxSpeed = nil
        cadenceSum = 0
        cadences = 0
        return totals
    }
}
