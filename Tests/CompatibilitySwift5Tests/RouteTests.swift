// Issue 24: the Swift 5 outdoor run (WatchApp/OutdoorRun.swift) on the simulated watch:
// CoreLocation's delegate with a distance filter, headings, one-off locations and live
// updates, and HealthKit's route builder through completion handlers.
import ActionButtonHarness
import AppIntents
import CoreLocation
import HealthKit
import Telemetry
import Testing

private let runApp = AppDefinition.workoutApp("OutdoorRun5", start: StartLogbookIntent.self)

@Suite("Swift 5: an outdoor run records its route", .serialized)
struct RouteSwift5Tests {
    @Test("T1: locations every 10 m from the scenario's route start, along its bearing; the route is finished")
    func route() async throws {
        var sensors = SensorSettings()
        sensors.workout.routeStart = (latitude: -33.86, longitude: 151.21)
        sensors.workout.routeBearing = 200
        let watch = try ActionButtonHarness(app: runApp, settings: .workout(app: "OutdoorRun5", firstPress: "run"),
                                            instruments: SensorSuite.instruments(for: sensors, seed: 5))
        watch.stallLimit = .seconds(300)
        let run = OutdoorRun()
        try await watch.press()
        try await watch.runInApp("start") { try? run.start() }
        try await watch.runInApp("follow") { Task { await run.followLive() } }
        try await watch.runInApp("diagnostics") { Task { await run.followDiagnostics() } }
        try await watch.advance(by: .seconds(90))
        try await watch.runInApp("finish") { run.finish() }
        try await watch.runInApp("once") { run.askOnce() }
        try await watch.runInApp("describe") { run.lines = run.describe() }
        try await watch.advance(by: .seconds(1))
        #expect(watch.errors.isEmpty, "\(watch.errors)")

        #expect(run.failures == [.denied])
        #expect(run.statuses == [.notDetermined, .authorizedAlways])
        #expect(run.headings == [200])
        #expect(run.liveCount == 5)
        #expect(run.oneOff.count == 1)
        let start = CLLocation(latitude: -33.86, longitude: 151.21)
        let first = try #require(run.locations.first)
        #expect(first.distance(from: start) < 15)
        // The distance filter: each location at least 10 m from the one before, never much more at a run's pace.
        let hops = zip(run.locations, run.locations.dropFirst()).map { $0.1.distance(from: $0.0) }
        #expect(hops.allSatisfy { $0 >= 10 && $0 < 20 }, "\(hops)")
        let distance = try #require(run.workout?.totalDistance?.doubleValue(for: .meter()))
        let last = try #require(run.locations.last)
        // Within a hop (at most 20 m) of the workout's distance, since the filter skips readings.
        #expect(abs(last.distance(from: start) - distance) < 20, "last location \(last.distance(from: start)) m, workout \(distance) m")
        #expect(last.coordinate.latitude < first.coordinate.latitude && last.coordinate.longitude < first.coordinate.longitude,
                "a bearing of 200° heads south-south-west")
        #expect(run.lines == ["valid true false", "altitude 12.0 8.0 3.0 0.5 5.0 9.0", "status true true true", "where true 200.0 -1.0",
                            "source true false true -99 1.5"])
        // The wearer allowed "always" at once: nothing denied, nothing being asked.
        #expect(run.diagnostics == ["denied false false false false asking false false false false"])
        #expect(run.routeError == nil)
        #expect(run.route?.count == run.locations.count)
    }
}
