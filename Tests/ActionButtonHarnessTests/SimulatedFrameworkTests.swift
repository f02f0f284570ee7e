import ActionButtonCore
import ActionButtonHarness
import AppIntents
import HealthKit
import SimulationEvents
import Testing

@Suite("Simulated HealthKit and CoreMotion")
struct SimulatedFrameworkTests {
    @Test("A4: until the app asks for authorization a first press only launches it; HealthKit's request tells the system")
    func authorizationIsReported() async throws {
        // An app that has never asked, and asks when it launches.
        let app = AppDefinition.workoutApp("Cycle", start: HealthKitStartIntent.self, actions: [ReadSensorsIntent.self],
                                           healthAuthorization: .never, didFinishLaunching: {
            AppDependencyManager.shared.add { WorkoutObjects() }
            Task { try await HKHealthStore().requestAuthorization(toShare: [], read: [HKQuantityType(.heartRate)]) }
        })
        let watch = try ActionButtonHarness(app: app, settings: settings("Cycle"))
        try await watch.press()
        #expect(watch.performedNames.isEmpty)
        #expect(watch.appPresence == .foreground)
        let asked = watch.events.contains { if case .system(.healthAuthorizationRequested) = $0.kind { true } else { false } }
        #expect(asked)
        // Asked now: the next first press performs the start intent.
        try await watch.advance(by: .seconds(5))
        try await watch.press()
        watch.expectPerformed(HealthKitStartIntent.self, role: .start(workoutStyle: "running"))
        watch.expectSession(.running)
    }

    @Test("T1: the live builder reads the samples the engine logs; workout events become markers; delegates hear of both")
    func builderReadsSamples() async throws {
        let app = AppDefinition.workoutApp("Cycle", start: HealthKitStartIntent.self, pause: HealthKitPauseIntent(),
                                           actions: [ReadSensorsIntent.self],
                                           didFinishLaunching: { AppDependencyManager.shared.add { WorkoutObjects() } })
        let watch = try ActionButtonHarness(app: app, settings: settings("Cycle"))
        try await watch.press()
        watch.expectNextAction(ReadSensorsIntent.self)

        var sample = SensorSample(session: .workout, elapsed: .seconds(10))
        sample.heartRate = 131
        sample.distance = 84.5
        try await watch.advance(by: .seconds(10))
        try await watch.deliver(sample)
        try await watch.press()
        #expect(watch.appLog.contains("heart rate 131.0, distance 84.5"))
        #expect(watch.markers == [SessionMarker("lap", label: "lap=1")])
    }

    @Test("HealthKit's session delegate hears each state change, and of what the watch refuses")
    func sessionDelegate() async throws {
        let objects = WorkoutObjects()
        let app = AppDefinition.workoutApp("Cycle", start: HealthKitStartIntent.self, pause: HealthKitPauseIntent(),
                                           actions: [ReadSensorsIntent.self],
                                           didFinishLaunching: { AppDependencyManager.shared.add { objects } })
        let watch = try ActionButtonHarness(app: app, settings: settings("Cycle"))
        try await watch.press()
        var sample = SensorSample(session: .workout, elapsed: .seconds(1))
        sample.heartRate = 100
        try await watch.deliver(sample)
        try await watch.pressBoth()
        try await watch.pressBoth()  // no resume intent: ignored (A7)
        watch.expectLastIgnored("no-resume-intent")
        try await watch.endSession()
        let told = objects.delegate.told.withLock { $0 }
        // The builder collects the pause as a workout event, as HealthKit's does.
        #expect(told == ["not started -> running", "collected HKQuantityTypeIdentifierHeartRate", "running -> paused", "event"])
    }

    @Test("T2: the submersion manager turns dive samples into events, measurements and temperatures (pressure = surface + ρ g depth)")
    func submersionData() async throws {
        let objects = DiveObjects()
        let app = AppDefinition.diveApp("Dive", start: CoreMotionStartIntent(), actions: [PauseDiveIntent.self],
                                        didFinishLaunching: { AppDependencyManager.shared.add { objects } })
        let watch = try ActionButtonHarness(app: app, settings: .dive(app: "Dive"))
        try await watch.press()
        var surface = SensorSample(session: .dive, elapsed: .seconds(1))
        surface.depth = 0
        surface.pressure = 101.3
        surface.submerged = false
        try await watch.deliver(surface)
        try await watch.advance(by: .seconds(60))
        var deep = SensorSample(session: .dive, elapsed: .seconds(61))
        deep.depth = 12
        deep.pressure = 101.3 + 1025 * 9.80665 * 12 / 1000
        deep.waterTemperature = 18.25
        deep.submerged = true
        try await watch.deliver(deep)
        let told = objects.recorder.told.withLock { $0 }
        #expect(told == [
            "event notSubmerged",
            "measurement no depth, no pressure, surface 101.3 kPa, notSubmerged",
            "event submerged",
            "measurement 12.0 m, 221.9 kPa, surface 101.3 kPa, submergedDeep",
            "temperature 18.2 °C",
        ])
        #expect(watch.engine?.host.latestReading?.depth == 12)
    }

    @Test("A8: a dive cannot be paused; the refusal is logged and the dive goes on")
    func diveCannotPause() async throws {
        let app = AppDefinition.diveApp("Dive", start: CoreMotionStartIntent(), actions: [PauseDiveIntent.self],
                                        didFinishLaunching: { AppDependencyManager.shared.add { DiveObjects() } })
        let watch = try ActionButtonHarness(app: app, settings: .dive(app: "Dive"))
        try await watch.press()
        try await watch.press()
        watch.expectPerformed(PauseDiveIntent.self, role: .nextAction)
        let refused = watch.events.contains { if case .sessionRefused(.pause, .diveCannotPause) = $0.kind { true } else { false } }
        #expect(refused)
        watch.expectSession(.running)
    }
}
