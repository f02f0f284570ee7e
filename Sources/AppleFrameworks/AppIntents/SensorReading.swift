import ActionButtonCore

/// One reading of the simulated sensors (T1, T2): what the session log records as a sample
/// (`SensorSample`) and what HealthKit's live workout builder and CoreMotion's submersion
/// manager hand an app on a watch, the same value, so apps read exactly what the log shows.
/// Values a session kind lacks stay nil.
public struct SensorReading: Hashable, Sendable, Codable {
    /// The kind of session it was taken in.
    public var session: SessionLifecycle.Kind
    /// When it was taken, on the engine's clock: set when it is handed to apps (a logged
    /// sample's time is its event's).
    public var time: Duration
    /// Time in the session, excluding pauses.
    public var elapsed: Duration
    /// Beats per minute.
    public var heartRate: Double?
    /// Kilocalories since the session began.
    public var activeEnergy: Double?
    /// Metres since the session began.
    public var distance: Double?
    /// Steps (or pedal turns) per minute.
    public var cadence: Double?
    /// Swimming strokes since the session began.
    public var strokes: Double?
    /// Metres per second.
    public var speed: Double?
    /// Metres below the surface.
    public var depth: Double?
    /// Absolute pressure, kilopascals.
    public var pressure: Double?
    /// Degrees Celsius.
    public var waterTemperature: Double?
    public var submerged: Bool?
    /// m/min, up positive: what a dive watch shows, the depth change over the last ten
    /// seconds (`AscentRate`); nil out of the water or before five seconds of depths.
    public var ascentRate: Double?

    /// A sample as the sensors start it, to be filled in.
    public init(session: SessionLifecycle.Kind, elapsed: Duration) {
        self.init(session: session, time: .zero, elapsed: elapsed)
    }

    public init(session: SessionLifecycle.Kind = .workout, time: Duration, elapsed: Duration = .zero, heartRate: Double? = nil, activeEnergy: Double? = nil,
                distance: Double? = nil, cadence: Double? = nil, strokes: Double? = nil, speed: Double? = nil,
                depth: Double? = nil, pressure: Double? = nil, waterTemperature: Double? = nil, submerged: Bool? = nil) {
        self.session = session
        self.time = time
        self.elapsed = elapsed
        self.heartRate = heartRate
        self.activeEnergy = activeEnergy
        self.distance = distance
        self.cadence = cadence
        self.strokes = strokes
        self.speed = speed
        self.depth = depth
        self.pressure = pressure
        self.waterTemperature = waterTemperature
        self.submerged = submerged
    }
}

/// App-side code told of every new reading: the simulated frameworks' delegates hang off
/// this. The host holds observers weakly, as a watch holds a delegate.
public protocol SensorReadingObserver: AnyObject, Sendable {
    /// Called inside the simulated watch, on the engine's time line, once per reading.
    func sensorsDidUpdate(_ reading: SensorReading)
}
