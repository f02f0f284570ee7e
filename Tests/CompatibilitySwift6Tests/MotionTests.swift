// Issue 24: CoreMotion as watch apps use it in Swift 6 language mode: handlers that call a
// main-actor model's own methods, the pedometer and the activity manager.
import ActionButtonHarness
import AppIntents
import CoreMotion
import Telemetry
import Testing

private let trailApp = AppDefinition.workoutApp("TrailSensors6", start: StartTrailIntent.self)

/// A watch running the trail app, its first press a trail run, with the sensors on.
func trailWatch(seed: Int) throws -> ActionButtonHarness {
    let watch = try ActionButtonHarness(app: trailApp, settings: .workout(app: "TrailSensors6", firstPress: "running"),
                                        instruments: SensorSuite.instruments(for: SensorSettings(), seed: seed))
    watch.stallLimit = .seconds(300)
    return watch
}

/// The trail app's tests, one at a time: they share its singletons (`TrailSession.shared`).
@Suite("Swift 6: the trail app (CoreMotion, HealthKit, WatchKit, App Intents)", .serialized)
struct TrailAppSwift6Tests {}

// CoreMotion's handlers and managers.
extension TrailAppSwift6Tests {
    @Test("T1: a @MainActor model's altimeter handler runs on the main queue it passed, once a reading")
    func altimeterOnMain() async throws {
        let watch = try trailWatch(seed: 7)
        try await watch.press()
        try await watch.runInApp("start the altimeter") { Task { @MainActor in AltimeterModel.shared.start() } }
        try await watch.advance(by: .seconds(20))
        let readings = await AltimeterModel.shared.readings
        #expect(readings >= 19 && readings <= 21)
        #expect(await AltimeterModel.shared.offMainThread == 0)
        #expect(await AltimeterModel.shared.relativeAltitude == 0)
        #expect(abs((await AltimeterModel.shared.pressure ?? 0) - 101.325) < 0.001)
        await AltimeterModel.shared.stop()
        await TrailSession.shared.end()
    }

    @Test("T1: the pedometer counts a run's steps and distance; the activity manager says running")
    func pedometerAndActivity() async throws {
        let watch = try trailWatch(seed: 8)
        try await watch.press()
        try await watch.runInApp("start counting") { Task { @MainActor in StrideModel.shared.start(at: Date()) } }
        try await watch.advance(by: .seconds(60))
        let steps = await StrideModel.shared.steps
        #expect(steps > 100 && steps < 250, "\(steps) steps")
        let distance = await StrideModel.shared.distance
        #expect(distance > 50, "\(distance) m")
        #expect((await StrideModel.shared.cadence ?? 0) > 2)
        let activities = await StrideModel.shared.activities
        #expect(activities.last == "running", "\(activities)")
        await StrideModel.shared.stop()
        await TrailSession.shared.end()
    }
}
