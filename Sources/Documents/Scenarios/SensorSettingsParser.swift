import Foundation
import ActionButtonCore
import Telemetry
import YAMLDocuments

/// A scenario's `sensors:` section, read into the sensor models' settings: the one place
/// its keys are known and checked (the models themselves know no YAML).
extension SensorSettings {
    static let topKeys = ["interval", "rate", "profile", "workout", "dive"]
    static let profileKeys = ["age", "sex", "weight", "resting-heart-rate", "max-heart-rate"]
    static let workoutKeys = ["activities", "pool-length", "route-start", "route-bearing", "location-access"]
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
            if let v = w["route-bearing"] { settings.workout.routeBearing = try number(v, "route-bearing", in: 0...360, unit: "°") }
            if let v = w["location-access"] { settings.workout.allowsLocationAccess = try v.choice("location-access", of: LocationAccess.self) == .allow }
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
}

/// `sensors: workout: location-access`: what the wearer answers when an app asks.
enum LocationAccess: String, CaseIterable {
    case allow, deny
}
