import Foundation
import ActionButtonCore
import YAMLDocuments

/// Who wears the watch: what heart rate and energy depend on (T1). Defaults are an
/// ordinary 35-year-old; a scenario's `sensors: profile:` says otherwise.
public struct AthleteProfile: Hashable, Sendable {
    public enum Sex: String, Hashable, Sendable, CaseIterable { case male, female }

    public var age: Double = 35
    public var sex: Sex = .male
    /// kg.
    public var weight: Double = 70
    /// bpm.
    public var restingHeartRate: Double = 60
    /// bpm; nil means Tanaka's age-predicted maximum.
    public var declaredMaxHeartRate: Double?

    public init() {}

    /// HRmax = 208 − 0.7 × age (Tanaka, Monahan & Seals, "Age-predicted maximal heart rate
    /// revisited", J Am Coll Cardiol 37(1):153–156, 2001), unless the profile gives one.
    public var maxHeartRate: Double { declaredMaxHeartRate ?? (208 - 0.7 * age) }
}

/// The scenario's `sensors:` section, checked: rates, the wearer, the pool, the route,
/// the dive plan and the water. Every key is documented in the README (Telemetry).
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
        public var routeStart = (latitude: 46.0207, longitude: 7.7491)
        public init() {}

        public static func == (a: Workout, b: Workout) -> Bool {
            a.activities == b.activities && a.poolLength == b.poolLength
                && a.routeStart.latitude == b.routeStart.latitude && a.routeStart.longitude == b.routeStart.longitude
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(activities)
            hasher.combine(poolLength)
            hasher.combine(routeStart.latitude)
            hasher.combine(routeStart.longitude)
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

    // MARK: Reading the scenario's `sensors:` section

    static let topKeys = ["interval", "rate", "profile", "workout", "dive"]
    static let profileKeys = ["age", "sex", "weight", "resting-heart-rate", "max-heart-rate"]
    static let workoutKeys = ["activities", "pool-length", "route-start"]
    static let diveKeys = ["max-depth", "descent-rate", "bottom-time", "ascent-rate", "safety-stop", "surface-time", "profile",
                           "ascent-rate-limit", "rated-depth", "surface-pressure", "water-density", "surface-temperature",
                           "bottom-temperature", "thermocline", "submersion-depth"]

    /// Reads a scenario's `sensors:` mapping (nil: every default). Errors point at the key.
    public static func parse(_ mapping: YAMLMapping?) throws(DocumentError) -> SensorSettings {
        var settings = SensorSettings()
        guard let map = mapping else { return settings }
        try map.rejectUnknownKeys(topKeys)
        if map.contains("interval") && map.contains("rate") {
            throw try map.required("rate").error("give interval or rate, not both")
        }
        if let v = map["interval"] {
            settings.interval = try v.duration("interval")
            guard settings.interval >= .milliseconds(10), settings.interval <= .seconds(3600) else {
                throw v.error("interval must be between 10ms and 1h, found \(TimeFormat.duration(settings.interval))")
            }
        }
        if let v = map["rate"] {
            let hertz = try rate(v)
            settings.interval = .nanoseconds(Int64((1e9 / hertz).rounded()))
        }
        if let v = map["profile"] {
            let p = try v.mapping("profile")
            try p.rejectUnknownKeys(profileKeys)
            if let v = p["age"] { settings.profile.age = try number(v, "age", in: 5...110, unit: "years") }
            if let v = p["sex"] { settings.profile.sex = try v.choice("sex", of: AthleteProfile.Sex.self) }
            if let v = p["weight"] { settings.profile.weight = try number(v, "weight", in: 20...300, unit: "kg") }
            if let v = p["resting-heart-rate"] {
                settings.profile.restingHeartRate = try number(v, "resting-heart-rate", in: 30...120, unit: "bpm")
            }
            if let v = p["max-heart-rate"] {
                settings.profile.declaredMaxHeartRate = try number(v, "max-heart-rate", in: 100...230, unit: "bpm")
            }
            guard settings.profile.maxHeartRate > settings.profile.restingHeartRate + 20 else {
                throw v.error("the maximum heart rate (\(Int(settings.profile.maxHeartRate)) bpm) must be well above the resting one (\(Int(settings.profile.restingHeartRate)) bpm)")
            }
        }
        if let v = map["workout"] {
            let w = try v.mapping("workout")
            try w.rejectUnknownKeys(workoutKeys)
            if let v = w["activities"] {
                for entry in try v.mapping("activities").entries {
                    let name = try entry.value.string("activity for \"\(entry.key)\"")
                    do throws(WorkoutActivityType.Unusable) {
                        settings.workout.activities[entry.key] = try WorkoutActivityType.modelled(named: name)
                    } catch {
                        let hint = WorkoutActivityType(name: name) == nil
                            ? Spelling.suggestion(for: name, among: WorkoutActivityType.allCases.map(\.name)) : ""
                        throw entry.value.error("activity for \"\(entry.key)\": \(error)" + hint)
                    }
                }
            }
            if let v = w["pool-length"] { settings.workout.poolLength = try number(v, "pool-length", in: 10...100, unit: "m") }
            if let v = w["route-start"] {
                let pair = try v.sequence("route-start")
                guard pair.count == 2 else { throw v.error("route-start needs [latitude, longitude] in degrees") }
                settings.workout.routeStart = (try number(pair[0], "latitude", in: -85...85, unit: "°"),
                                               try number(pair[1], "longitude", in: -180...180, unit: "°"))
            }
        }
        if let v = map["dive"] { try parseDive(v, into: &settings.dive) }
        return settings
    }

    private static func parseDive(_ value: YAMLValue, into dive: inout Dive) throws(DocumentError) {
        let d = try value.mapping("dive")
        try d.rejectUnknownKeys(diveKeys)
        let planKeys = ["max-depth", "descent-rate", "bottom-time", "ascent-rate", "safety-stop", "surface-time"]
        if let profile = d["profile"], let planKey = planKeys.first(where: { d.contains($0) }) {
            throw profile.error("give a profile or a plan (\(planKey), ...), not both")
        }
        if let v = d["max-depth"] { dive.plan.maxDepth = try number(v, "max-depth", in: 1...330, unit: "m") }
        if let v = d["descent-rate"] { dive.plan.descentRate = try number(v, "descent-rate", in: 1...60, unit: "m/min") }
        if let v = d["ascent-rate"] { dive.plan.ascentRate = try number(v, "ascent-rate", in: 1...60, unit: "m/min") }
        if let v = d["bottom-time"] { dive.plan.bottomTime = try v.duration("bottom-time") }
        if let v = d["surface-time"] { dive.plan.surfaceTime = try v.duration("surface-time") }
        if let v = d["safety-stop"] {
            if (try? v.bool("safety-stop")) == false {
                dive.plan.safetyStopTime = .zero
            } else {
                let s = try v.mapping("safety-stop")
                try s.rejectUnknownKeys(["depth", "time"])
                if let v = s["depth"] { dive.plan.safetyStopDepth = try number(v, "depth", in: 1...10, unit: "m") }
                if let v = s["time"] { dive.plan.safetyStopTime = try v.duration("time") }
            }
        }
        if dive.plan.safetyStopTime > .zero, dive.plan.safetyStopDepth >= dive.plan.maxDepth {
            throw (d["safety-stop"] ?? d["max-depth"] ?? value).error(
                "the safety stop (\(dive.plan.safetyStopDepth) m) must be shallower than max-depth (\(dive.plan.maxDepth) m)")
        }
        let descentTime = Duration.seconds(dive.plan.maxDepth / dive.plan.descentRate * 60)
        if d.contains("bottom-time"), dive.plan.bottomTime < descentTime {
            throw try d.required("bottom-time").error(
                "bottom-time (\(TimeFormat.duration(dive.plan.bottomTime))) is shorter than the descent to \(dive.plan.maxDepth) m (\(TimeFormat.duration(descentTime)))")
        }
        if let v = d["profile"] {
            var points: [DiveProfilePoint] = []
            for item in try v.sequence("profile") {
                let p = try item.mapping("a profile point")
                try p.rejectUnknownKeys(["at", "depth"])
                let point = DiveProfilePoint(time: try p.required("at").duration("at"),
                                             depth: try number(try p.required("depth"), "depth", in: 0...330, unit: "m"))
                if let last = points.last, point.time <= last.time {
                    throw item.error("profile points must be in time order; this one (\(TimeFormat.duration(point.time))) is not after the one before (\(TimeFormat.duration(last.time)))")
                }
                points.append(point)
            }
            guard points.count >= 2 else { throw v.error("a profile needs at least two points ({at: TIME, depth: METRES})") }
            dive.profile = points
        }
        if let v = d["ascent-rate-limit"] { dive.ascentRateLimit = try number(v, "ascent-rate-limit", in: 1...60, unit: "m/min") }
        if let v = d["rated-depth"] { dive.ratedDepth = try number(v, "rated-depth", in: 1...1000, unit: "m") }
        if let v = d["surface-pressure"] { dive.surfacePressure = try number(v, "surface-pressure", in: 50...110, unit: "kPa") }
        if let v = d["water-density"] { dive.waterDensity = try number(v, "water-density", in: 990...1050, unit: "kg/m³") }
        if let v = d["surface-temperature"] { dive.surfaceTemperature = try number(v, "surface-temperature", in: -2...40, unit: "°C") }
        if let v = d["bottom-temperature"] { dive.bottomTemperature = try number(v, "bottom-temperature", in: -2...40, unit: "°C") }
        if let v = d["thermocline"] {
            let t = try v.mapping("thermocline")
            try t.rejectUnknownKeys(["depth", "thickness"])
            if let v = t["depth"] { dive.thermoclineDepth = try number(v, "depth", in: 0...300, unit: "m") }
            if let v = t["thickness"] { dive.thermoclineThickness = try number(v, "thickness", in: 0.1...100, unit: "m") }
        }
        if let v = d["submersion-depth"] { dive.submersionDepth = try number(v, "submersion-depth", in: 0.1...5, unit: "m") }
    }

    private static func number(_ value: YAMLValue, _ what: String, in range: ClosedRange<Double>, unit: String) throws(DocumentError) -> Double {
        let x = try value.double(what)
        guard range.contains(x) else {
            throw value.error("\(what) must be between \(trim(range.lowerBound)) and \(trim(range.upperBound)) \(unit), found \(trim(x))")
        }
        return x
    }

    /// `1`, `2.5`, `1 Hz`, `10Hz`: samples per second.
    private static func rate(_ value: YAMLValue) throws(DocumentError) -> Double {
        var text = try value.string("rate").lowercased()
        if text.hasSuffix("hz") { text = String(text.dropLast(2)).trimmingCharacters(in: .whitespaces) }
        // The bounds of interval (1h to 10ms), named as numbers this accepts.
        guard let hertz = Double(text), hertz.isFinite, hertz >= 1.0 / 3600, hertz <= 100 else {
            throw value.error("rate must be samples per second from 0.000278 (one an hour; slower than 1 Hz reads better as interval: 1h) to 100, "
                              + "such as 1 or \"4 Hz\"; found \"\(try value.string("rate"))\"")
        }
        return hertz
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

    static func trim(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
    }
}
