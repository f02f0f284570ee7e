// Issue 24: an outdoor run's route in Swift 6 language mode, as the seven trial apps record
// it: CoreLocation's delegate and live updates, HealthKit's route builder, positions from
// the scenario's route start and bearing.
import ActionButtonHarness
import AppIntents
import CoreLocation
import HealthKit
import Telemetry
import Testing

private let routeApp = AppDefinition.workoutApp("RouteRunner6", start: StartRouteRunIntent.self)

@Suite("Swift 6: an outdoor run records its route (CoreLocation, HKWorkoutRouteBuilder)", .serialized)
struct RouteSwift6Tests {
    /// The distances between the delivered locations, and from the route's start to the
    /// first, add up to the workout's distance within 1 %: the positions lie on the
    /// great circle the scenario's bearing gives, a reading apart, and the workout's
    /// distance is the sensors' (docs/sensors.md, "Positions").
    static let distanceTolerance = 0.01

    @Test("T1: two minutes of running deliver a location a second from the route start, and the route is saved")
    func route() async throws {
        var sensors = SensorSettings()
        sensors.workout.routeStart = (latitude: 46.52, longitude: 6.63)
        sensors.workout.routeBearing = 30
        let watch = try ActionButtonHarness(app: routeApp, settings: .workout(app: "RouteRunner6", firstPress: "running"),
                                            instruments: SensorSuite.instruments(for: sensors, seed: 24))
        watch.stallLimit = .seconds(300)
        try await watch.press()
        try await watch.advance(by: .seconds(120))
        try await watch.runInApp("finish the run") { Task { @MainActor in try await RouteRecorder.shared.finish() } }
        try await watch.advance(by: .seconds(1))
        #expect(watch.errors.isEmpty, "\(watch.errors)")

        // Told when the delegate is set and when the app's request is answered; both calls come
        // after the request (the main queue runs them once the intent awaits), so both read
        // the new status, as an app's would on a watch.
        let authorizations = await RouteRecorder.shared.authorizations
        #expect(authorizations == [.authorizedWhenInUse, .authorizedWhenInUse], "\(authorizations)")
        let locations = await RouteRecorder.shared.locations
        #expect((118...121).contains(locations.count), "\(locations.count) locations")
        let live = await RouteRecorder.shared.liveLocations
        #expect(abs(live.count - locations.count) <= 2, "\(live.count) live updates, \(locations.count) delegate locations")
        guard let first = locations.first, let last = locations.last else { return }

        let start = CLLocation(latitude: 46.52, longitude: 6.63)
        #expect(first.distance(from: start) < 10, "the first location is \(first.distance(from: start)) m from the route start")
        #expect(abs(first.coordinate.latitude - 46.52) < 0.0001 && abs(first.coordinate.longitude - 6.63) < 0.0001)
        #expect(first.horizontalAccuracy == 5 && first.speed > 1 && first.course == 30)
        #expect(zip(locations, locations.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })

        let travelled = first.distance(from: start) + zip(locations, locations.dropFirst()).reduce(0.0) { $0 + $1.1.distance(from: $1.0) }
        let workout = await RouteRecorder.shared.workout
        let distance = try #require(workout?.totalDistance?.doubleValue(for: .meter()))
        #expect(distance > 150, "\(distance) m in two minutes of running")
        #expect(abs(travelled - distance) / distance < Self.distanceTolerance, "locations \(travelled) m, workout \(distance) m")
        // A straight route: the last location is as far from the start as the path is long.
        #expect(abs(last.distance(from: start) - travelled) < 0.05)

        let route = try #require(await RouteRecorder.shared.route)
        #expect(route.count == locations.count)
        #expect(route.sampleType == HKSeriesType.workoutRoute())
        #expect(await RouteRecorder.shared.storedRoute.count == locations.count)
        #expect((59...61).contains(await RouteRecorder.shared.firstMinute.count))
        #expect(await RouteRecorder.shared.diagnostics == 0)
        #expect(watch.appLog.contains { $0.hasPrefix("CLLocationManager.requestWhenInUseAuthorization() asks for location access") })
        #expect(watch.appLog.contains { $0.hasPrefix("workout route saved: \(locations.count) locations, ") }, "\(watch.appLog)")
    }

    @Test("The wearer denies location access (location-access: deny): the delegate hears CLError.denied, live updates say so, the workout runs without a route")
    func locationDenied() async throws {
        var sensors = SensorSettings()
        sensors.workout.allowsLocationAccess = false
        let watch = try ActionButtonHarness(app: routeApp, settings: .workout(app: "RouteRunner6", firstPress: "running"),
                                            instruments: SensorSuite.instruments(for: sensors, seed: 24))
        watch.stallLimit = .seconds(300)
        try await watch.press()
        try await watch.advance(by: .seconds(30))
        #expect(watch.errors.isEmpty, "\(watch.errors)")
        #expect(watch.appLog.contains("CLLocationManager.requestWhenInUseAuthorization() asks for location access (when in use): "
                                      + "the wearer denies it (the scenario's location-access: deny)"), "\(watch.appLog)")
        #expect(await RouteRecorder.shared.manager.authorizationStatus == .denied)
        #expect(await RouteRecorder.shared.authorizations == [.denied, .denied])
        #expect(await RouteRecorder.shared.failures == [.denied])
        #expect(await RouteRecorder.shared.locations.isEmpty)
        #expect(await RouteRecorder.shared.liveLocations.isEmpty)
        // The session runs all the same: the sensors still record the run.
        #expect(watch.session == .running, "\(watch.session)")
    }

    @Test("An app's Date() is the watch's now: the workout's dates, a sample stamped now, the elapsed time and a query of the last two minutes")
    func machineDates() async throws {
        let app = AppDefinition.workoutApp("StampedRun6", start: StartStampedRunIntent.self)
        let watch = try ActionButtonHarness(app: app, settings: .workout(app: "StampedRun6", firstPress: "running"),
                                            instruments: SensorSuite.instruments(for: SensorSettings(), seed: 24))
        watch.stallLimit = .seconds(300)
        try await watch.press()
        try await watch.advance(by: .seconds(60))
        try await watch.runInApp("drink") { Task { @MainActor in try await StampedRun.shared.drink() } }
        try await watch.advance(by: .seconds(30))
        try await watch.runInApp("finish") { Task { @MainActor in try await StampedRun.shared.finish() } }
        try await watch.advance(by: .seconds(1))
        #expect(watch.errors.isEmpty, "\(watch.errors)")

        // The watch's clock starts 2025-01-01 00:00 UTC; the press is at 0 s.
        let origin = Date(timeIntervalSince1970: 1_735_689_600)
        let water = try #require(await StampedRun.shared.water)
        #expect(abs(water.startDate.timeIntervalSince(origin) - 60) < 1, "stamped \(water.startDate), 60 s into the watch's day")
        let elapsed = await StampedRun.shared.elapsed
        #expect(abs(elapsed - 60) < 1, "elapsed \(elapsed) s")
        #expect(await StampedRun.shared.found.map(\.uuid) == [water.uuid])
        let workout = try #require(await StampedRun.shared.workout)
        #expect(abs(workout.startDate.timeIntervalSince(origin)) < 1, "the workout began \(workout.startDate)")
        #expect(abs(workout.duration - 90) < 1, "\(workout.duration) s")
        #expect(water.startDate >= workout.startDate && water.endDate <= workout.endDate)
    }
}
