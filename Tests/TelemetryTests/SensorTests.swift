import ActionButtonCore
import Scenarios
import SimulationEvents
import Telemetry
import Testing
import TestSupport
import YAMLDocuments

@Suite("Simulated sensors")
struct SensorTests {
    @Test("T3: the same seed and scenario give the same samples; another seed gives others")
    func deterministic() async throws {
        let a = Fixture.samples(try await Fixture.run(Fixture.workout(seed: 5)))
        let b = Fixture.samples(try await Fixture.run(Fixture.workout(seed: 5)))
        let c = Fixture.samples(try await Fixture.run(Fixture.workout(seed: 6)))
        #expect(!a.isEmpty)
        #expect(a.map(\.sample) == b.map(\.sample))
        #expect(a.map(\.time) == b.map(\.time))
        #expect(a.map(\.sample.heartRate) != c.map(\.sample.heartRate))
    }

    @Test("T1: a workout samples heart rate, energy, distance and cadence at 1 Hz by default")
    func defaultRate() async throws {
        let outcome = try await Fixture.run(Fixture.workout())
        let samples = Fixture.samples(outcome)
        let gaps = zip(samples, samples.dropFirst()).map { $1.sample.elapsed - $0.sample.elapsed }
        #expect(Set(gaps) == [.seconds(1)])
        let first = try #require(samples.first?.sample)
        #expect(first.heartRate != nil && first.activeEnergy != nil && first.distance != nil && first.cadence != nil)
        #expect(first.strokes == nil)
        // One sample per whole second of running time, from the start (elapsed 0) on.
        func at(_ match: (SimulationEvent.Kind) -> Bool) throws -> Timestamp {
            let time = Fixture.time(outcome, where: match)
            return try #require(time)
        }
        let started = try at { if case .session(.started, _, _) = $0 { true } else { false } }
        let paused = try at { if case .session(.paused, _, _) = $0 { true } else { false } }
        let resumed = try at { if case .session(.resumed, _, _) = $0 { true } else { false } }
        let ended = try at { if case .session(.ended, _, _) = $0 { true } else { false } }
        let running = ((ended - started) - (resumed - paused)).secondsValue
        #expect(samples.count == Int(running.rounded(.up)))
    }

    @Test("T1: sensors: rate: 4 Hz samples four times a second")
    func configuredRate() async throws {
        let samples = Fixture.samples(try await Fixture.run(Fixture.workout(sensors: "sensors: {rate: 4 Hz}")))
        #expect(samples.count >= 4 * 17 * 60)
        #expect(samples[1].sample.elapsed == .milliseconds(250))
    }

    @Test("T3: heart rate lags effort and stays in human range; cumulative values never go back")
    func plausible() async throws {
        let samples = Fixture.samples(try await Fixture.run(Fixture.workout(sensors: "sensors: {profile: {age: 40, resting-heart-rate: 58}}")))
        let heartRates = samples.compactMap(\.sample.heartRate)
        let maxHR = 208 - 0.7 * 40
        #expect(heartRates.allSatisfy { $0 >= 30 && $0 <= maxHR })
        // A lag, not a jump: the first 10 seconds stay well under the steady state.
        let early = heartRates.prefix(10).max()!
        let steady = heartRates[(4 * 60)..<(9 * 60)].reduce(0, +) / Double(5 * 60)
        #expect(early < steady - 20)
        #expect(steady > 120 && steady < maxHR)
        for key in [\SensorSample.distance, \SensorSample.activeEnergy] {
            let values = samples.compactMap { $0.sample[keyPath: key] }
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
        }
    }

    @Test("T3: nothing is sampled while a workout is paused, and session time skips the pause")
    func paused() async throws {
        let outcome = try await Fixture.run(Fixture.workout())
        let samples = Fixture.samples(outcome)
        let pausedAt = try #require(Fixture.time(outcome) { if case .session(.paused, _, _) = $0 { true } else { false } })
        let resumedAt = try #require(Fixture.time(outcome) { if case .session(.resumed, _, _) = $0 { true } else { false } })
        #expect(!samples.contains { $0.time > pausedAt && $0.time < resumedAt })
        let before = try #require(samples.last { $0.time <= pausedAt })
        let after = try #require(samples.first { $0.time >= resumedAt })
        #expect(after.sample.elapsed - before.sample.elapsed <= .seconds(1))
        #expect(after.sample.distance! - before.sample.distance! < 10)
    }

    @Test("T1: swimming counts whole pool lengths and strokes; a kind that does not move has no distance")
    func kinds() async throws {
        let swim = Fixture.samples(try await Fixture.run(Fixture.workout(style: "swimming", sensors: "sensors: {workout: {pool-length: 50}}")))
        let distances = swim.compactMap(\.sample.distance)
        #expect(distances.last! > 500)
        #expect(distances.allSatisfy { $0.truncatingRemainder(dividingBy: 50) == 0 })
        #expect(swim.last!.sample.strokes! > 100)
        let yoga = Fixture.samples(try await Fixture.run(Fixture.workout(style: "yoga")))
        #expect(yoga.allSatisfy { $0.sample.distance == nil && $0.sample.heartRate != nil })
    }

    @Test("T2: a dive samples depth, pressure = surface + ρ g h, temperature and submersion")
    func dive() async throws {
        let samples = Fixture.samples(try await Fixture.run(Fixture.dive(sensors: "sensors: {dive: {water-density: 1000, surface-pressure: 90}}")))
        #expect(samples.count > 19 * 60)
        for (_, s) in samples {
            let depth = try #require(s.depth)
            #expect(abs(s.pressure! - (90 + 1000 * 9.80665 * depth / 1000)) < 1e-9)
            #expect(s.submerged == (depth >= 1))
            #expect(s.waterTemperature! >= 16 - 1e-9 && s.waterTemperature! <= 24 + 1e-9)
        }
        let deepest = samples.compactMap(\.sample.depth).max()!
        #expect(abs(deepest - 18) < 0.5)
        // Cold below the thermocline, after the sensor's lag.
        #expect(samples.first { $0.sample.depth! > 17 && $0.sample.elapsed > .seconds(300) }!.sample.waterTemperature! < 17)
    }

    @Test("T2: a too-fast ascent and a dive past the rated depth are warned about; a planned dive is not")
    func warnings() async throws {
        func warnings(_ outcome: ScenarioOutcome) -> [String] {
            outcome.events.compactMap { if case .warning(let warning) = $0.kind { warning.description } else { nil } }
        }
        #expect(warnings(try await Fixture.run(Fixture.dive())).isEmpty)
        let rushed = """
            sensors:
              dive:
                rated-depth: 30
                profile: [{at: 0s, depth: 0}, {at: 3m, depth: 35}, {at: 10m, depth: 35}, {at: 11m, depth: 15}, {at: 15m, depth: 0}]
            """
        let found = warnings(try await Fixture.run(Fixture.dive(sensors: rushed)))
        #expect(found.contains { $0.hasPrefix("ascent rate") && $0.contains("exceeds the 10.0 m/min limit") })
        #expect(found.contains { $0.contains("exceeds the watch's rated depth of 30.0 m") })
        #expect(found.count == 2)
    }

    @Test("T2 (issue 27): one ascent rate: the warning's figure is the sample's at that moment, the same one the plot traces and the page shows")
    func oneAscentRate() async throws {
        let rushed = """
            sensors:
              dive:
                profile: [{at: 0s, depth: 0}, {at: 2m, depth: 22}, {at: 9m, depth: 21}, {at: 10m, depth: 9}, {at: 12m, depth: 0}]
            """
        let outcome = try await Fixture.run(Fixture.dive(sensors: rushed))
        var last: SensorSample?
        var warned: (rate: Double, limit: Double, depth: Double, sample: SensorSample)?
        var stationary: [Double] = []
        for event in outcome.events {
            switch event.kind {
            case .sample(let sample):
                last = sample
                // On the bottom, between 3 and 8 minutes in: only drift and sensor noise.
                if sample.elapsed > .seconds(180), sample.elapsed < .seconds(480), let rate = sample.ascentRate { stationary.append(rate) }
            case .warning(.ascentRate(let rate, let limit, let depth)):
                warned = (rate, limit, depth, try #require(last))
            default: break
            }
        }
        let warning = try #require(warned, "no ascent-rate warning")
        // The warning comes with the sample it was made from, and says that sample's figures.
        #expect(warning.sample.ascentRate == warning.rate)
        #expect(warning.sample.depth == warning.depth)
        #expect(warning.limit == 10)
        // The plot, the page and `show` read the same figure: AscentRate over the stored depths.
        var again = AscentRate()
        var traced: Double?
        for event in outcome.events {
            guard case .sample(let sample) = event.kind, let depth = sample.depth else { continue }
            let rate = again.add(time: event.time.seconds, depth: depth)
            if sample == warning.sample { traced = rate }
        }
        #expect(traced == warning.rate)
        // Staying at one depth reads as staying: the window smooths the depth's jitter (the
        // page's rate from one sample to the next showed ↑ 3.8 m/min here).
        #expect(!stationary.isEmpty)
        #expect(stationary.allSatisfy { abs($0) < 1 }, "\(stationary.map(abs).max() ?? 0)")
    }

    @Test("S1: a bad sensors section is refused with file:line:column and the fix")
    func badSettings() throws {
        // The scenario reader parses the sensors section with the rest of the file.
        func message(_ sensors: String) throws -> String {
            do {
                _ = try Fixture.scenario(Fixture.workout(sensors: sensors))
                return ""
            } catch let error as DocumentError {
                return error.description
            }
        }
        let typo = try message("sensors: {profile: {resting-heartrate: 50}}")
        #expect(typo.hasPrefix("fixture.yaml:"))
        #expect(typo.contains("unknown key \"resting-heartrate\"") && typo.contains("did you mean \"resting-heart-rate\""))
        #expect(try message("sensors: {rate: fast}").contains("rate must be samples per second"))
        #expect(try message("sensors: {dive: {profile: [{at: 1m, depth: 5}, {at: 30s, depth: 2}]}}").contains("time order"))
        #expect(try message("sensors: {profile: {age: 300}}").contains("age must be between 5 and 110 years, found 300"))
        // Issue 12 item 17: the override names a HealthKit activity type, and one with no
        // sensor model says so.
        #expect(try message("sensors: {workout: {activities: {yoga: rowing}}}").contains("no sensor model for rowing"))
        #expect(try message("sensors: {workout: {activities: {yoga: hikng}}}").contains("did you mean \"hiking\""))
    }

    @Test("T1: the active-energy formula is Keytel's, above the resting rate")
    func energy() {
        var profile = AthleteProfile()
        profile.age = 30
        profile.weight = 80
        profile.restingHeartRate = 60
        let model = WorkoutSensorModel(activity: .running, profile: profile, random: SplitMix64(seed: 1))
        // Men: EE = -55.0969 + 0.6309 HR + 0.1988 W + 0.2017 A (kJ/min); the difference of
        // 150 and 60 bpm is 0.6309 × 90 kJ/min.
        #expect(abs(model.activeKilocaloriesPerMinute(heartRate: 150) - 0.6309 * 90 / 4.184) < 1e-9)
        #expect(model.activeKilocaloriesPerMinute(heartRate: 50) == 0)
    }
}
