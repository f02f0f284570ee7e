import SimulationEvents

/// The ascent rate as a dive computer shows it, computed in one place for the watch's
/// figure, its warning, `show`, the plot and the page (issue 27): the depth change over the
/// last `window` seconds of samples, in m/min, up positive. A wave or the sensor's jitter
/// over a second or two does not move it; a steady ascent reads its true rate once the
/// window is full.
public struct AscentRate: Sendable {
    /// Seconds the rate is averaged over (docs/sensors.md names it).
    public static let window = 10.0
    private var recent: [(time: Double, depth: Double)] = []

    public init() {}

    /// Adds the depth (m) at `time` (s, increasing) and gives the rate then, once half a
    /// window of depths is known (nil before).
    public mutating func add(time: Double, depth: Double) -> Double? {
        recent.append((time, depth))
        var drop = 0
        while drop < recent.count - 1, time - recent[drop].time > Self.window { drop += 1 }
        if drop > 0 { recent.removeFirst(drop) }
        guard let first = recent.first, time - first.time >= Self.window / 2 else { return nil }
        return (first.depth - depth) / (time - first.time) * 60
    }
}

extension SensorSample {
    /// The sample as a recorded session keeps it: without the ascent rate, which readers
    /// work out again from the depths with `AscentRate` (the same figures), so a session
    /// folded from the log is the session the store holds.
    public var asRecorded: SensorSample {
        var sample = self
        sample.ascentRate = nil
        return sample
    }
}
