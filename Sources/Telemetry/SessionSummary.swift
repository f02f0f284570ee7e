import ActionButtonCore

/// What `actionsim show` prints about a session: totals a runner or a diver checks first.
public struct SessionSummary: Hashable, Sendable {
    /// From start to end, pauses included.
    public var duration: Duration
    /// Running time only (what a watch's workout timer shows).
    public var activeDuration: Duration
    public var samples: Int
    public var pauses: Int
    /// Marker kind → how many (lap, segment, waypoint, snapshot, ...).
    public var markers: [String: Int]
    public var laps: Int
    public var warnings: [String]

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

    public init(_ session: RecordedSession) {
        duration = session.lastTime - session.startTime
        activeDuration = session.runningIntervals.reduce(Duration.zero) { $0 + ($1.end - $1.start) }
        samples = session.samples.count
        pauses = session.events.filter { $0.kind == .paused }.count
        var markers: [String: Int] = [:]
        for event in session.events where event.kind == .marker { markers[event.label, default: 0] += 1 }
        self.markers = markers
        laps = session.kind == .workout ? session.laps.count : 0
        warnings = session.events.filter { $0.kind == .warning }.map(\.label)

        let samples = session.samples.map(\.sample)
        distance = samples.last(where: { $0.distance != nil })?.distance
        activeEnergy = samples.last(where: { $0.activeEnergy != nil })?.activeEnergy
        let heartRates = samples.compactMap(\.heartRate)
        averageHeartRate = heartRates.isEmpty ? nil : heartRates.reduce(0, +) / Double(heartRates.count)
        maxHeartRate = heartRates.max()

        maxDepth = samples.compactMap(\.depth).max()
        minTemperature = samples.compactMap(\.waterTemperature).min()
        if session.kind == .dive {
            var submerged = Duration.zero
            for (a, b) in zip(session.samples, session.samples.dropFirst()) where a.sample.submerged == true {
                submerged += b.time - a.time
            }
            diveTime = submerged
        }
        ascentRateWarnings = warnings.filter { $0.hasPrefix("ascent rate") }.count
        ratedDepthWarnings = warnings.filter { $0.contains("rated depth") }.count
    }
}
