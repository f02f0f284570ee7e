// Issue 24: an outdoor run that records its route, as a Swift 5 watch app writes it: a
// model that is its location manager's delegate (no isolation), completion handlers for
// HealthKit's route builder, the workout builder's own series builder, a heading, one-off
// locations and a service session.
import CoreLocation
import HealthKit

class OutdoorRun: NSObject, CLLocationManagerDelegate {
    let store = HKHealthStore()
    let locationManager = CLLocationManager()
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?
    var routeBuilder: HKWorkoutRouteBuilder?
    var serviceSession: CLServiceSession?
    var statuses: [CLAuthorizationStatus] = []
    var locations: [CLLocation] = []
    var oneOff: [CLLocation] = []
    var failures: [CLError.Code] = []
    var headings: [CLLocationDirection] = []
    var liveCount = 0
    var stationaryCount = 0
    var route: HKWorkoutRoute?
    var routeError: Error?
    var workout: HKWorkout?
    var finished = false
    var lines: [String] = []
    var diagnostics: [String] = []

    func start() throws {
        locationManager.delegate = self
        locationManager.desiredAccuracy = kCLLocationAccuracyNearestTenMeters
        locationManager.distanceFilter = 10
        locationManager.activityType = .fitness
        // Asked for before any authorization: the delegate hears CLError.denied.
        locationManager.requestLocation()
        locationManager.requestAlwaysAuthorization()
        serviceSession = CLServiceSession(authorization: .always)
        if CLLocationManager.headingAvailable() { locationManager.startUpdatingHeading() }
        locationManager.startUpdatingLocation()

        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        session = try HKWorkoutSession(healthStore: store, configuration: configuration)
        builder = session?.associatedWorkoutBuilder()
        builder?.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
        routeBuilder = builder?.seriesBuilder(for: HKSeriesType.workoutRoute()) as? HKWorkoutRouteBuilder
        session?.startActivity(with: Date())
        builder?.beginCollection(withStart: Date()) { _, _ in }
    }

    /// A few live updates, read in a task of their own.
    func followLive() async {
        do {
            for try await update in CLLocationUpdate.liveUpdates() {
                liveCount += 1
                if update.isStationary { stationaryCount += 1 }
                if liveCount == 5 { break }
            }
        } catch {}
    }

    /// The service session's state, as an app checks it before relying on locations.
    func followDiagnostics() async {
        guard let serviceSession = serviceSession else { return }
        do {
            for try await diagnostic in serviceSession.diagnostics {
                diagnostics.append("denied \(diagnostic.authorizationDenied) \(diagnostic.authorizationDeniedGlobally) "
                    + "\(diagnostic.authorizationRestricted) \(diagnostic.alwaysAuthorizationDenied) "
                    + "asking \(diagnostic.authorizationRequestInProgress) \(diagnostic.insufficientlyInUse) "
                    + "\(diagnostic.serviceSessionRequired) \(diagnostic.fullAccuracyDenied)")
                break
            }
        } catch {}
    }

    /// One location after the run, with updates stopped.
    func askOnce() { locationManager.requestLocation() }

    func finish() {
        finished = true
        locationManager.stopUpdatingLocation()
        locationManager.stopUpdatingHeading()
        serviceSession?.invalidate()
        session?.end()
        builder?.endCollection(withEnd: Date()) { _, _ in
            self.builder?.finishWorkout { workout, _ in
                guard let workout = workout else { return }
                self.workout = workout
                self.routeBuilder?.addMetadata(["trail": "lakeside"]) { _, _ in
                    self.routeBuilder?.finishRoute(with: workout, metadata: nil) { route, error in
                        self.route = route
                        self.routeError = error
                    }
                }
            }
        }
    }

    /// The rest of what an outdoor app reads or sets, once, in words.
    func describe() -> [String] {
        let here = CLLocation(coordinate: CLLocationCoordinate2DMake(-33.86, 151.21), altitude: 12, horizontalAccuracy: 5,
                              verticalAccuracy: 8, timestamp: Date())
        let moving = CLLocation(coordinate: CLLocationCoordinate2D(latitude: -33.87, longitude: 151.21), altitude: 10,
                                horizontalAccuracy: 5, verticalAccuracy: 8, course: 180, speed: 3, timestamp: Date())
        let full = CLLocation(coordinate: moving.coordinate, altitude: 9, horizontalAccuracy: 5, verticalAccuracy: 8, course: 180,
                              courseAccuracy: 5, speed: 3, speedAccuracy: 0.5, timestamp: Date())
        let sourced = CLLocation(coordinate: moving.coordinate, altitude: 9, horizontalAccuracy: 5, verticalAccuracy: 8, course: 180,
                                 courseAccuracy: 5, speed: 3, speedAccuracy: 0.5, timestamp: Date(),
                                 sourceInfo: CLLocationSourceInformation(softwareSimulationState: true, andExternalAccessoryState: false))
        let source = sourced.sourceInformation
        let energy = HKQuantity(unit: .calorie(), doubleValue: 1500).doubleValue(for: .kilocalorie())
        locationManager.headingFilter = kCLHeadingFilterNone
        locationManager.dismissHeadingCalibrationDisplay()
        locationManager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Route") { _ in }
        let precise = CLServiceSession(authorization: .whenInUse, fullAccuracyPurposeKey: "Route")
        precise.invalidate()
        return [
            "valid \(CLLocationCoordinate2DIsValid(here.coordinate)) \(CLLocationCoordinate2DIsValid(kCLLocationCoordinate2DInvalid))",
            "altitude \(here.altitude) \(here.verticalAccuracy) \(moving.speed) \(full.speedAccuracy) \(full.courseAccuracy) \(full.ellipsoidalAltitude)",
            "status \(CLLocationManager.authorizationStatus() == locationManager.authorizationStatus) "
                + "\(CLLocationManager.locationServicesEnabled()) \(locationManager.accuracyAuthorization == .fullAccuracy)",
            "where \(locationManager.location != nil) \(locationManager.heading?.trueHeading ?? -1) \(locationManager.headingFilter)",
            "source \(source?.isSimulatedBySoftware ?? false) \(source?.isProducedByAccessory ?? true) "
                + "\(locationManager.location?.sourceInformation == nil) \(locationManager.location?.floor?.level ?? -99) \(energy)",
        ]
    }

    func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool { false }

    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
        statuses.append(status)
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard manager.authorizationStatus == .authorizedAlways else { return }
        if finished {
            oneOff += locations
        } else {
            self.locations += locations
            routeBuilder?.insertRouteData(locations) { _, _ in }
        }
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        if let error = error as? CLError { failures.append(error.code) }
    }

    func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
        headings.append(newHeading.trueHeading)
    }
}
