import Foundation
import SimulationEvents

/// The simulated sensors of a dive (T2, T3): a depth profile (planned or given), the
/// pressure physics demands of it, water temperature through a thermocline as a real
/// sensor with a lag reads it, submersion at a threshold, and the warnings a dive watch
/// gives (ascent too fast, deeper than rated).
public struct DiveSensorModel: Sendable {
    public let settings: SensorSettings.Dive
    private var random: SplitMix64
    private var sensorTemperature: Double
    private var elapsed = 0.0
    /// The ascent rate, which a watch averages over a few seconds so that a wave does not
    /// count as an ascent.
    private var ascent = AscentRate()
    private var ascentWarned = false
    private var depthWarned = false
    private var depth = 0.0

    /// Standard gravity (m/s²), as depth gauges assume.
    public static let gravity = 9.80665
    /// Seconds for the temperature sensor to cover 63% of a step change.
    static let temperatureTimeConstant = 20.0

    public init(settings: SensorSettings.Dive, random: SplitMix64) {
        self.settings = settings
        self.random = random
        self.sensorTemperature = settings.surfaceTemperature
    }

    public struct Reading: Hashable, Sendable {
        /// m below the surface.
        public var depth: Double
        /// Absolute pressure, kPa.
        public var pressure: Double
        /// °C, as the (lagging) sensor reads it.
        public var waterTemperature: Double
        public var submerged: Bool
        /// m/min, up positive, over `AscentRate.window` (nil until half of it is known).
        public var ascentRate: Double?
        /// What the watch warns about at this sample.
        public var warnings: [SessionWarning]
    }

    /// Pressure = surface pressure + ρ g h (T2), in kPa.
    public func absolutePressure(atDepth depth: Double) -> Double {
        settings.surfacePressure + settings.waterDensity * Self.gravity * depth / 1000
    }

    /// The water's own temperature at a depth: warm above the thermocline, cold below, a
    /// logistic step of the given thickness between.
    public func waterTemperature(atDepth depth: Double) -> Double {
        let s = (depth - settings.thermoclineDepth) / max(settings.thermoclineThickness / 4, 0.01)
        return settings.bottomTemperature + (settings.surfaceTemperature - settings.bottomTemperature) / (1 + exp(s))
    }

    /// The first reading, at the start of the dive session.
    public mutating func start() -> Reading { read(dt: 0) }

    /// Advances `dt` seconds and reads the sensors.
    public mutating func step(_ dt: Double) -> Reading {
        elapsed += dt
        return read(dt: dt)
    }

    private mutating func read(dt: Double) -> Reading {
        let planned = Self.plannedDepth(at: elapsed, settings: settings)
        // A diver is never exactly at a depth: slow buoyancy drift and a little sensor
        // noise, none at the surface itself.
        let drift = planned > 0.5 ? 0.15 * sin(elapsed / 40) + 0.02 * random.gaussian() : 0
        depth = max(0, planned + drift)

        let water = waterTemperature(atDepth: depth)
        sensorTemperature = dt > 0
            ? water + (sensorTemperature - water) * exp(-dt / Self.temperatureTimeConstant)
            : water
        var warnings: [SessionWarning] = []

        let ascentRate = ascent.add(time: elapsed, depth: depth)
        if let rate = ascentRate {
            if rate > settings.ascentRateLimit, !ascentWarned {
                ascentWarned = true
                warnings.append(.ascentRate(rate: rate, limit: settings.ascentRateLimit, depth: depth))
            } else if rate < settings.ascentRateLimit * 0.8 {
                ascentWarned = false
            }
        }
        if depth > settings.ratedDepth, !depthWarned {
            depthWarned = true
            warnings.append(.ratedDepth(depth: depth, rated: settings.ratedDepth))
        } else if depth < settings.ratedDepth - 1 {
            depthWarned = false
        }
        return Reading(depth: depth, pressure: absolutePressure(atDepth: depth), waterTemperature: sensorTemperature,
                       submerged: depth >= settings.submersionDepth, ascentRate: ascentRate, warnings: warnings)
    }

    /// The depth the dive is meant to be at, `t` seconds after the session started:
    /// the scenario's profile (linear between points, the last depth held), or the plan.
    public static func plannedDepth(at t: Double, settings: SensorSettings.Dive) -> Double {
        if let profile = settings.profile {
            guard let next = profile.firstIndex(where: { $0.time.secondsValue > t }) else { return profile.last!.depth }
            if next == 0 { return profile[0].depth }
            let a = profile[next - 1], b = profile[next]
            let f = (t - a.time.secondsValue) / (b.time.secondsValue - a.time.secondsValue)
            return a.depth + (b.depth - a.depth) * f
        }
        let plan = settings.plan
        var t = t - plan.surfaceTime.secondsValue
        if t <= 0 { return 0 }
        let descent = plan.maxDepth / plan.descentRate * 60
        if t < descent { return t / descent * plan.maxDepth }
        let bottom = plan.bottomTime.secondsValue
        if t < bottom { return plan.maxDepth }
        t -= bottom
        let stop = plan.safetyStopTime > .zero ? plan.safetyStopDepth : 0
        let toStop = (plan.maxDepth - stop) / plan.ascentRate * 60
        if t < toStop { return plan.maxDepth - t / toStop * (plan.maxDepth - stop) }
        t -= toStop
        let stopTime = plan.safetyStopTime.secondsValue
        if t < stopTime { return stop }
        t -= stopTime
        let toSurface = stop / plan.ascentRate * 60
        if t < toSurface { return stop - t / toSurface * stop }
        return 0
    }
}
