import ActionButtonCore
import AppIntents

extension SensorReading {
    /// A logged sample as app code reads it.
    public init(_ sample: SensorSample, at time: Timestamp) {
        self.init(time: .nanoseconds(time.nanoseconds), elapsed: sample.elapsed, heartRate: sample.heartRate,
                  activeEnergy: sample.activeEnergy, distance: sample.distance, cadence: sample.cadence,
                  strokes: sample.strokes, speed: sample.speed, depth: sample.depth, pressure: sample.pressure,
                  waterTemperature: sample.waterTemperature, submerged: sample.submerged)
    }
}
