import AppIntents

/// Starts and stops location and heading updates, and asks for the wearer's permission
/// (Apple's page: "CLLocationManager"), on the simulated watch's positions
/// (`LocationServices`): while it updates and the app is authorized, its delegate gets a
/// location with each reading of the sensors (1 Hz by default) that moved at least
/// `distanceFilter`. Before the app is authorized nothing is delivered, and the timeline
/// says why. Its delegate is called on the main queue.
open class CLLocationManager: NSObject, LocationServicesListener, @unchecked Sendable {
    // @unchecked: every mutable property is behind `values`' lock.
    private struct Values {
        var delegate = Weak()
        var desiredAccuracy = kCLLocationAccuracyBest
        var distanceFilter = kCLDistanceFilterNone
        var activityType = CLActivityType.other
        var allowsBackgroundLocationUpdates = false
        var headingFilter: CLLocationDegrees = 1
        var updatingLocation = false
        var updatingHeading = false
        var oneLocation = false
        var lastDelivered: CLLocation?
        var heading: CLHeading?
        var waitingLogged = false
        var services: LocationServices?
    }

    private struct Weak {
        weak var delegate: (any CLLocationManagerDelegate)?
    }

    private let values = LockedState(Values())

    public override init() {
        super.init()
        _ = attach()
    }

    // MARK: Settings

    /// Held weakly, as on a watch.
    public var delegate: (any CLLocationManagerDelegate)? {
        get { values.withLock { $0.delegate.delegate } }
        set {
            let first = values.withLock { values -> Bool in
                defer { values.delegate = Weak(delegate: newValue) }
                return values.delegate.delegate == nil
            }
            // A watch tells a new delegate the authorization it starts with.
            if first, newValue != nil, let status = attach()?.authorization { tellAuthorization(status) }
        }
    }

    public var desiredAccuracy: CLLocationAccuracy {
        get { values.withLock { $0.desiredAccuracy } }
        set { values.withLock { $0.desiredAccuracy = newValue } }
    }

    /// Metres the wearer must move before the next location; `kCLDistanceFilterNone` for every reading.
    public var distanceFilter: CLLocationDistance {
        get { values.withLock { $0.distanceFilter } }
        set { values.withLock { $0.distanceFilter = newValue } }
    }

    /// watchOS 4.
    public var activityType: CLActivityType {
        get { values.withLock { $0.activityType } }
        set { values.withLock { $0.activityType = newValue } }
    }

    /// watchOS 4. A workout session keeps a watch app running, so the simulated watch
    /// delivers with or without it.
    public var allowsBackgroundLocationUpdates: Bool {
        get { values.withLock { $0.allowsBackgroundLocationUpdates } }
        set { values.withLock { $0.allowsBackgroundLocationUpdates = newValue } }
    }

    // MARK: Authorization

    /// Location services are on, on every simulated watch.
    open class func locationServicesEnabled() -> Bool { true }

    /// The app's authorization (watchOS 7); `.notDetermined` until it asks.
    public var authorizationStatus: CLAuthorizationStatus { attach()?.authorization ?? .notDetermined }

    /// The app's authorization, as apps asked before watchOS 7 (deprecated there).
    open class func authorizationStatus() -> CLAuthorizationStatus { LocationServices.current?.authorization ?? .notDetermined }

    /// Full accuracy: the simulated wearer never reduces it (watchOS 7).
    public var accuracyAuthorization: CLAccuracyAuthorization { .fullAccuracy }

    open func requestWhenInUseAuthorization() {
        attach()?.requestAuthorization(always: false, asker: "CLLocationManager.requestWhenInUseAuthorization()")
    }

    open func requestAlwaysAuthorization() {
        attach()?.requestAuthorization(always: true, asker: "CLLocationManager.requestAlwaysAuthorization()")
    }

    /// Full accuracy is already granted (watchOS 7): the completion gets no error.
    open func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String, completion: (@Sendable ((any Error)?) -> Void)?) {
        completion?(nil)
    }

    open func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) {}

    open func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) async throws {}

    // MARK: Locations

    /// The most recent position: where the wearer is now (nil outside a simulated watch).
    public var location: CLLocation? { attach()?.location }

    open func startUpdatingLocation() {
        let services = attach()
        values.withLock {
            $0.updatingLocation = true
            $0.lastDelivered = nil
        }
        guard let services else { return }
        services.log("CLLocationManager starts updating locations (\(Self.accuracyName(desiredAccuracy)), "
                     + "distance filter \(distanceFilter < 0 ? "none" : "\(distanceFilter) m"))")
        if services.authorization == .denied {
            // As on a watch: the delegate hears why no location comes.
            tell { manager, delegate in
                delegate.locationManager(manager, didFailWithError: CLError(.denied, "the wearer denied location access"))
            }
        } else if !services.isAuthorized {
            logWaiting(services)
        }
    }

    open func stopUpdatingLocation() {
        let was = values.withLock { values -> Bool in
            defer { values.updatingLocation = false }
            return values.updatingLocation
        }
        if was { attach()?.log("CLLocationManager stops updating locations") }
    }

    /// One location, now: the wearer's current position, or `CLError.denied` to the
    /// delegate before the app is authorized.
    open func requestLocation() {
        guard let services = attach() else { return }
        guard services.isAuthorized else {
            tell { manager, delegate in
                let reason = services.authorization == .denied ? "the wearer denied location access"
                    : "requestLocation() before the app asked for location access"
                delegate.locationManager(manager, didFailWithError: CLError(.denied, reason))
            }
            return
        }
        let location = services.location
        tell { manager, delegate in delegate.locationManager(manager, didUpdateLocations: [location]) }
    }

    // MARK: Headings

    /// The simulated Apple Watch Ultra has a compass.
    open class func headingAvailable() -> Bool { true }

    public var headingFilter: CLLocationDegrees {
        get { values.withLock { $0.headingFilter } }
        set { values.withLock { $0.headingFilter = newValue } }
    }

    /// The most recent heading; nil until heading updates start.
    public var heading: CLHeading? { values.withLock { $0.heading } }

    /// The wearer faces the route's bearing: one heading now, and no change after.
    open func startUpdatingHeading() {
        guard let services = attach() else { return }
        let heading = CLHeading(bearing: services.route.bearing, timestamp: services.location.timestamp)
        values.withLock {
            $0.updatingHeading = true
            $0.heading = heading
        }
        tell { manager, delegate in delegate.locationManager(manager, didUpdateHeading: heading) }
    }

    open func stopUpdatingHeading() { values.withLock { $0.updatingHeading = false } }

    open func dismissHeadingCalibrationDisplay() {}

    // MARK: The watch's positions

    func locationServices(_ services: LocationServices, didMoveTo location: CLLocation) {
        let deliver = values.withLock { values -> Bool in
            guard values.updatingLocation, services.isAuthorized else { return false }
            if let last = values.lastDelivered, values.distanceFilter > 0, location.distance(from: last) < values.distanceFilter {
                return false
            }
            values.lastDelivered = location
            return true
        }
        if deliver { tell { manager, delegate in delegate.locationManager(manager, didUpdateLocations: [location]) } }
    }

    func locationServicesDidChangeAuthorization(_ status: CLAuthorizationStatus) { tellAuthorization(status) }

    private func tellAuthorization(_ status: CLAuthorizationStatus) {
        tell { manager, delegate in
            delegate.locationManagerDidChangeAuthorization(manager)
            delegate.locationManager(manager, didChangeAuthorization: status)
        }
    }

    /// Calls the delegate on the main queue, if there is one.
    private func tell(_ call: @escaping (CLLocationManager, any CLLocationManagerDelegate) -> Void) {
        HandlerQueue.deliver(on: .main) { [weak self] in
            guard let self, let delegate = self.delegate else { return }
            call(self, delegate)
        }
    }

    private func logWaiting(_ services: LocationServices) {
        let first = values.withLock { values -> Bool in
            defer { values.waitingLogged = true }
            return !values.waitingLogged
        }
        if first {
            services.log("CLLocationManager: no locations until the app asks for location access "
                         + "(requestWhenInUseAuthorization() or requestAlwaysAuthorization())")
        }
    }

    /// The watch's location services, once the manager is used inside a simulated watch.
    private func attach() -> LocationServices? {
        if let services = values.withLock({ $0.services }) { return services }
        guard let services = LocationServices.current else { return nil }
        values.withLock { $0.services = services }
        services.listen(self)
        return services
    }

    private static func accuracyName(_ accuracy: CLLocationAccuracy) -> String {
        switch accuracy {
        case kCLLocationAccuracyBestForNavigation: "best for navigation"
        case kCLLocationAccuracyBest: "best accuracy"
        default: "accuracy \(accuracy) m"
        }
    }
}
