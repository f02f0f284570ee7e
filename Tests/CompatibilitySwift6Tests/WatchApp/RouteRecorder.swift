// Issue 24: an outdoor run that records its route, as watch apps write it today in Swift 6:
// a @MainActor model that is its location manager's delegate and feeds HealthKit's route
// builder, and a task that follows CLLocationUpdate.liveUpdates(). A third app of this
// target, with its own singletons.
import AppIntents
import CoreLocation
import HealthKit

struct StartRouteRunIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start an outdoor run"
    static var suggestedWorkouts: [StartRouteRunIntent] { [StartRouteRunIntent()] }

    @Parameter(title: "Style")
    var workoutStyle: TrailStyle

    init() { workoutStyle = .running }

    @MainActor
    func perform() async throws -> some IntentResult {
        try await RouteRecorder.shared.start()
        return .result()
    }
}

@MainActor
final class RouteRecorder: NSObject, CLLocationManagerDelegate {
    static let shared = RouteRecorder()

    let store = HKHealthStore()
    private(set) var manager = CLLocationManager()
    private(set) var session: HKWorkoutSession?
    private(set) var builder: HKLiveWorkoutBuilder?
    private(set) var routeBuilder: HKWorkoutRouteBuilder?
    private(set) var authorizations: [CLAuthorizationStatus] = []
    private(set) var locations: [CLLocation] = []
    private(set) var liveLocations: [CLLocation] = []
    private(set) var workout: HKWorkout?
    private(set) var route: HKWorkoutRoute?
    private(set) var storedRoute: [CLLocation] = []
    /// Live updates that said why there was no location.
    private(set) var diagnostics = 0
    /// The route's locations in its first minute.
    private(set) var firstMinute: [CLLocation] = []
    /// What the location manager's delegate was told went wrong.
    private(set) var failures: [CLError.Code] = []
    private var following: Task<Void, Never>?

    func start() async throws {
        // A run of its own: a new manager (each test is a watch of its own), nothing of the last run's.
        manager = CLLocationManager()
        authorizations = []
        locations = []
        liveLocations = []
        failures = []
        diagnostics = 0
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
        let builder = session.associatedWorkoutBuilder()
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
        self.session = session
        self.builder = builder
        routeBuilder = HKWorkoutRouteBuilder(healthStore: store, device: nil)

        manager.delegate = self
        manager.desiredAccuracy = kCLLocationAccuracyBest
        manager.distanceFilter = kCLDistanceFilterNone
        manager.activityType = .fitness
        manager.allowsBackgroundLocationUpdates = true
        if manager.authorizationStatus == .notDetermined { manager.requestWhenInUseAuthorization() }
        manager.startUpdatingLocation()

        session.startActivity(with: Date())
        try await builder.beginCollection(at: Date())
        following = Task { @MainActor in
            do {
                for try await update in CLLocationUpdate.liveUpdates(.fitness) {
                    if let location = update.location, !update.authorizationDenied { liveLocations.append(location) }
                    if update.authorizationDeniedGlobally || update.authorizationRestricted || update.insufficientlyInUse
                        || update.locationUnavailable || update.accuracyLimited || update.serviceSessionRequired
                        || update.authorizationRequestInProgress {
                        diagnostics += 1
                    }
                }
            } catch {}
        }
    }

    /// Ends the run, saves the workout and its route, and reads the route back.
    func finish() async throws {
        manager.stopUpdatingLocation()
        following?.cancel()
        session?.end()
        try await builder?.endCollection(at: Date())
        guard let workout = try await builder?.finishWorkout(), let routeBuilder else { return }
        self.workout = workout
        try await routeBuilder.addMetadata([HKMetadataKeyIndoorWorkout: false])
        let route = try await routeBuilder.finishRoute(with: workout, metadata: nil)
        self.route = route
        storedRoute = await withCheckedContinuation { (continuation: CheckedContinuation<[CLLocation], Never>) in
            let query = HKWorkoutRouteQuery(route: route) { _, locations, done, _ in
                if done { continuation.resume(returning: locations ?? []) }
            }
            store.execute(query)
        }
        let minute = DateInterval(start: route.startDate, duration: 60)
        firstMinute = await withCheckedContinuation { (continuation: CheckedContinuation<[CLLocation], Never>) in
            store.execute(HKWorkoutRouteQuery(route: route, dateInterval: minute) { _, locations, done, _ in
                if done { continuation.resume(returning: locations ?? []) }
            })
        }
    }

    nonisolated func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        let status = manager.authorizationStatus
        Task { @MainActor in authorizations.append(status) }
    }

    nonisolated func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        let good = locations.filter { $0.horizontalAccuracy >= 0 && $0.horizontalAccuracy <= 20 }
        Task { @MainActor in
            self.locations += good
            try? await routeBuilder?.insertRouteData(good)
        }
    }

    nonisolated func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        guard let error = error as? CLError else { return }
        if error.code == .denied { manager.stopUpdatingLocation() }
        Task { @MainActor in failures.append(error.code) }
    }
}
