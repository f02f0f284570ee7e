import ActionButtonCore
import AppIntents

extension SensorReading {
    /// A logged sample as app code reads it: the same reading, with its event's time.
    public init(_ sample: SensorSample, at time: Timestamp) {
        self = sample
        self.time = .nanoseconds(time.nanoseconds)
    }
}
