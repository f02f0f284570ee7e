import Foundation
import ActionButtonCore

/// The scenario's `sensors:` section, checked: rates, the wearer, the pool, the route,
/// the dive plan and the water. Every key is documented in docs/sensors.md.
public struct SensorSettings: Hashable, Sendable {
    /// Time between samples on the session's clock (T1, T2: default 1 Hz).
    public var interval: Duration = .seconds(1)
    public var profile = AthleteProfile()
    public var workout = Workout()
    public var dive = Dive()

    public init() {}

    public struct Workout: Hashable, Sendable {
        /// Workout style → HealthKit activity type: a scenario's override of the activity the
        /// app names when it starts a session (say, to record a `trail` style as hiking).
        public var activities: [String: WorkoutActivityType] = [:]
        /// m; swimming distance counts whole lengths of it.
        public var poolLength: Double = 25
        /// Where the simulated route starts (degrees, WGS84).
        public var routeStart = (latitude: RouteStart.standard.latitude, longitude: RouteStart.standard.longitude)
        /// Degrees clockwise from north: the direction the app's positions (CoreLocation)
        /// head in from the route's start.
        public var routeBearing: Double = RouteStart.standard.bearing
        /// Whether the wearer allows an app's request for location access
        /// (`location-access: allow` or `deny`); a watch asks the wearer the first time.
        public var allowsLocationAccess = true
        public init() {}

        public static func == (a: Workout, b: Workout) -> Bool {
            a.activities == b.activities && a.poolLength == b.poolLength
                && a.routeStart.latitude == b.routeStart.latitude && a.routeStart.longitude == b.routeStart.longitude
                && a.routeBearing == b.routeBearing && a.allowsLocationAccess == b.allowsLocationAccess
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(activities)
            hasher.combine(poolLength)
            hasher.combine(routeStart.latitude)
            hasher.combine(routeStart.longitude)
            hasher.combine(routeBearing)
            hasher.combine(allowsLocationAccess)
        }

        /// The sensor model of a workout session: the scenario's override for its style, else
        /// the model of the activity type the app started it with
        /// (`WorkoutActivityType.sensorModel`, the one table). A session whose app named no
        /// activity, or one without a model, records heart rate and energy only, and says why.
        public func sensorModel(forStyle style: String?, activity: WorkoutActivityType?) -> (model: ActivityKind, warning: String?) {
            let chosen = style.flatMap { activities[$0] } ?? activity
            guard let chosen else {
                return (.other, "the workout session started without a HealthKit activity type (set HKWorkoutConfiguration.activityType, or `activity:` in the manifest); recording heart rate and energy only")
            }
            guard let model = chosen.sensorModel else {
                return (.other, (chosen.unmodelledReason ?? "\(chosen) has no sensor model") + "; recording heart rate and energy only")
            }
            return (model, nil)
        }
    }

    public struct Dive: Hashable, Sendable {
        /// A planned dive: surface, descent, bottom, ascent with a safety stop.
        public var plan = DivePlan()
        /// A profile given point by point instead of the plan: (time in the dive, depth m).
        public var profile: [DiveProfilePoint]?
        /// m/min; faster ascents are warned about.
        public var ascentRateLimit: Double = 10
        /// m; Apple Watch Ultra is rated for recreational dives to 40 m (EN13319).
        public var ratedDepth: Double = 40
        /// kPa at the surface (101.325 at sea level; less at altitude).
        public var surfacePressure: Double = 101.325
        /// kg/m³: 1025 for seawater, 1000 for fresh water.
        public var waterDensity: Double = 1025
        public var surfaceTemperature: Double = 24
        public var bottomTemperature: Double = 16
        /// m: the middle of the thermocline, and how thick it is.
        public var thermoclineDepth: Double = 12
        public var thermoclineThickness: Double = 3
        /// m: deeper than this the watch counts as submerged.
        public var submersionDepth: Double = 1
        public init() {}
    }

    public struct DivePlan: Hashable, Sendable {
        /// At the surface before the descent starts.
        public var surfaceTime: Duration = .seconds(30)
        public var maxDepth: Double = 18
        /// m/min.
        public var descentRate: Double = 18
        /// From leaving the surface to leaving the bottom.
        public var bottomTime: Duration = .seconds(600)
        /// m/min.
        public var ascentRate: Double = 9
        public var safetyStopDepth: Double = 5
        public var safetyStopTime: Duration = .seconds(180)
        public init() {}
    }

    public struct DiveProfilePoint: Hashable, Sendable {
        public var time: Duration
        public var depth: Double
        public init(time: Duration, depth: Double) {
            self.time = time
            self.depth = depth
        }
    }

    // MARK: How much a run samples

    /// The most samples a scenario may take: as many as its longest run (1000 hours) takes at
    /// the default 1 Hz. Each costs about `bytesPerSample` of store and log on disk, and
    /// memory while `test` keeps the run's events: 3.6 million is about 1 GB.
    public static let maximumSamples: Int64 = 3_600_000

    /// Bytes one sample takes in the session store and the session log together (79 and
    /// 218, measured on an hour at 100 Hz).
    public static let bytesPerSample: Int64 = 300

    /// The most samples sessions take in `span` at this rate (a session open all along).
    public func samples(over span: Duration) -> Int64 {
        span.nanoseconds / max(interval.nanoseconds, 1)
    }

    /// A number as a person writes it: `25`, not `25.0`.
    public static func trim(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
    }
}
