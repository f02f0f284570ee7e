import ActionButtonCore
import Foundation

/// The simulated sensors of a workout (T1, T3): one latent effort drives heart rate,
/// pace, cadence and energy, so that they move together as they do on a person.
///
/// Pure and cheap: `step` advances the model by `dt` of active session time and returns
/// what the watch would read. Paused time is never stepped, so nothing advances during a
/// pause; cumulative values only ever grow.
public struct WorkoutSensorModel: Sendable {
    public let activity: ActivityKind
    public let profile: AthleteProfile
    public let poolLength: Double

    private var random: SplitMix64
    /// Share of heart-rate reserve the body is working at (an Ornstein–Uhlenbeck process
    /// around the activity's intensity: hills, traffic lights, tiredness).
    private var effort: Double
    private var heartRate: Double
    private var energy = 0.0
    /// The distance actually covered; swimming reports whole pool lengths of it.
    private var coveredDistance = 0.0
    private var strokes = 0.0
    private var elapsed = 0.0

    /// Seconds for heart rate to cover 63% of the way to its target: ~30 s is the
    /// on-kinetics time constant seen in moderate exercise.
    static let heartRateTimeConstant = 30.0
    /// Seconds over which effort forgets its past, and how far it wanders.
    static let effortTimeConstant = 120.0
    static let effortSpread = 0.05
    /// Minutes of warm-up during which effort builds to the activity's intensity.
    static let warmUp = 180.0

    public init(activity: ActivityKind, profile: AthleteProfile, poolLength: Double = 25, random: SplitMix64) {
        self.activity = activity
        self.profile = profile
        self.poolLength = poolLength
        self.random = random
        self.effort = activity.intensity * 0.6
        // Standing at the start, already a little above resting.
        self.heartRate = profile.restingHeartRate + 0.12 * (profile.maxHeartRate - profile.restingHeartRate)
    }

    /// The reading at the current time, without advancing (the first sample of a session).
    public func reading() -> Reading {
        Reading(heartRate: heartRate, activeEnergy: energy, distance: reportedDistance, speed: currentSpeed,
                cadence: cadence, strokes: activity == .swimming ? strokes.rounded(.down) : nil)
    }

    /// Advances `dt` seconds of active time and reads the sensors.
    public mutating func step(_ dt: Double) -> Reading {
        guard dt > 0 else { return reading() }
        elapsed += dt
        let target = activity.intensity * (0.6 + 0.4 * min(1, elapsed / Self.warmUp))
        // Exact discretisation of the OU process, so any sample rate gives the same statistics.
        let decay = exp(-dt / Self.effortTimeConstant)
        effort = target + (effort - target) * decay
            + Self.effortSpread * (1 - decay * decay).squareRoot() * random.gaussian()
        effort = min(max(effort, 0.15), 0.97)

        let reserve = profile.maxHeartRate - profile.restingHeartRate
        let targetHeartRate = profile.restingHeartRate + effort * reserve
        // First-order lag towards the target, plus beat-to-beat jitter; bounded to what a
        // human heart does (never below 30, never above the profile's maximum).
        heartRate = targetHeartRate + (heartRate - targetHeartRate) * exp(-dt / Self.heartRateTimeConstant)
        let measured = heartRate + 0.8 * random.gaussian()
        heartRate = min(max(heartRate, 30), profile.maxHeartRate)

        energy += activeKilocaloriesPerMinute(heartRate: heartRate) * dt / 60
        coveredDistance += currentSpeed.map { $0 * dt } ?? 0
        if activity == .swimming { strokes += strokeRate * dt / 60 }

        var reading = reading()
        reading.heartRate = min(max(measured, 30), profile.maxHeartRate)
        return reading
    }

    public struct Reading: Hashable, Sendable {
        public var heartRate: Double
        /// kcal since the start, above resting.
        public var activeEnergy: Double
        /// m since the start; nil for kinds that do not move.
        public var distance: Double?
        /// m/s.
        public var speed: Double?
        /// Steps/min (walking, running) or revolutions/min (cycling).
        public var cadence: Double?
        /// Strokes since the start (swimming).
        public var strokes: Double?
    }

    // MARK: Models

    /// Active energy from heart rate: Keytel et al., "Prediction of energy expenditure from
    /// heart rate monitoring during submaximal exercise", J Sports Sci 23(3):289–297, 2005:
    ///   men:   EE (kJ/min) = −55.0969 + 0.6309 HR + 0.1988 W + 0.2017 A
    ///   women: EE (kJ/min) = −20.4022 + 0.4472 HR − 0.1263 W + 0.074 A
    /// (HR bpm, W kg, A years), divided by 4.184 kJ/kcal. "Active" is what exceeds the same
    /// formula at the resting heart rate, so standing still burns no active energy.
    public func activeKilocaloriesPerMinute(heartRate: Double) -> Double {
        max(0, Self.keytel(heartRate, profile) - Self.keytel(profile.restingHeartRate, profile)) / 4.184
    }

    static func keytel(_ hr: Double, _ p: AthleteProfile) -> Double {
        switch p.sex {
        case .male: -55.0969 + 0.6309 * hr + 0.1988 * p.weight + 0.2017 * p.age
        case .female: -20.4022 + 0.4472 * hr - 0.1263 * p.weight + 0.074 * p.age
        }
    }

    /// Speed follows effort: at the activity's intensity it is the cruising speed, and it
    /// scales with effort to the power 1.2 (harder means faster, with diminishing returns
    /// hidden in the heart-rate ceiling).
    private var currentSpeed: Double? {
        guard let cruising = activity.cruisingSpeed else { return nil }
        return cruising * pow(effort / activity.intensity, 1.2)
    }

    private var reportedDistance: Double? {
        guard activity.cruisingSpeed != nil else { return nil }
        if activity == .swimming { return (coveredDistance / poolLength).rounded(.down) * poolLength }
        return coveredDistance
    }

    /// Running cadence rises with speed (~170 spm at 3 m/s); walking ~110 spm; cycling ~88 rpm.
    private var cadence: Double? {
        guard let speed = currentSpeed else { return nil }
        switch activity {
        case .running: return 150 + 7 * speed
        case .walking: return 88 + 14 * speed
        case .cycling: return 70 + 2.4 * speed
        case .swimming, .other: return nil
        }
    }

    /// Freestyle strokes per minute, counting each arm.
    private var strokeRate: Double { 24 + 12 * effort }
}
