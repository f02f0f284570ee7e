import ActionButtonCore
import AppIntents

/// One watch's location services: what the app is authorized for, and where the wearer is.
/// The wearer stands at the route's start (`RouteStart`: the scenario's `route-start` and
/// `route-bearing`) and, during a workout, walks from it along the bearing as far as the
/// sensors' distance says, reading by reading; every workout starts again from the start,
/// as the exports' routes do. Everything is worked out from the readings, never from a
/// clock, so a replay gives the same positions bit for bit.
///
/// Authorization is as HealthKit's: the simulated wearer allows what the app asks for, the
/// first time it asks, and the timeline says so; a scenario's `location-access: deny` makes
/// the wearer deny it instead, for good, as a watch remembers the answer.
final class LocationServices: SensorReadingObserver, @unchecked Sendable {
    // @unchecked: every mutable property is behind `values`' lock.
    private struct Values {
        var authorization = CLAuthorizationStatus.notDetermined
        var location: CLLocation?
        var listeners: [Weak] = []
    }

    private struct Weak {
        weak var listener: (any LocationServicesListener)?
    }

    /// Metres either way of a simulated position: a dual-frequency GPS in the open.
    static let horizontalAccuracy = 5.0
    static let verticalAccuracy = 10.0
    /// Below this speed (m/s) the wearer counts as standing still.
    static let stationarySpeed = 0.2

    let route: RouteStart
    private let host: any ActionButtonHost
    private let values = LockedState(Values())

    private init(host: any ActionButtonHost, route: RouteStart) {
        self.host = host
        self.route = route
    }

    /// The services of the watch the calling code runs on, or nil outside a simulated watch.
    static var current: LocationServices? {
        guard let host = ActionButtonRuntime.current else { return nil }
        var made = false
        // Asked first: a watch object is not made inside the making of another.
        let route = host.watchObject(RouteStart.self) { RouteStart.standard }
        let services = host.watchObject(LocationServices.self) {
            made = true
            return LocationServices(host: host, route: route)
        }
        if made { host.addReadingObserver(services) }
        return services
    }

    var authorization: CLAuthorizationStatus { values.withLock { $0.authorization } }

    var isAuthorized: Bool { authorization == .authorizedWhenInUse || authorization == .authorizedAlways }

    /// Where the wearer is now: the last reading's position, or the route's start (at the
    /// watch's now) before the first.
    var location: CLLocation {
        if let location = values.withLock({ $0.location }) { return location }
        return makeLocation(distance: 0, speed: 0, at: SimulatedDate.now(on: host))
    }

    func listen(_ listener: any LocationServicesListener) {
        values.withLock { values in
            values.listeners.removeAll { $0.listener == nil || $0.listener === listener }
            values.listeners.append(Weak(listener: listener))
        }
    }

    /// The app asks to use the wearer's location; the wearer allows it (or, as the scenario
    /// says, denies it). Asking for `always` after `whenInUse` upgrades it. Every listening
    /// manager hears of a change.
    func requestAuthorization(always: Bool, asker: String) {
        let (changed, listeners) = values.withLock { values -> (CLAuthorizationStatus?, [any LocationServicesListener]) in
            let wanted: CLAuthorizationStatus = !route.allowsLocationAccess ? .denied : always ? .authorizedAlways : .authorizedWhenInUse
            guard values.authorization == .notDetermined || (always && values.authorization == .authorizedWhenInUse) else {
                return (nil, [])
            }
            values.authorization = wanted
            return (wanted, values.listeners.compactMap(\.listener))
        }
        guard let changed else { return }
        host.log("\(asker) asks for location access (\(always ? "always" : "when in use")): "
                 + (changed == .denied ? "the wearer denies it (the scenario's location-access: deny)" : "the wearer allows it"))
        for listener in listeners { listener.locationServicesDidChangeAuthorization(changed) }
    }

    /// A line on the timeline.
    func log(_ message: String) { host.log(message) }

    /// Where a reading puts the wearer.
    func location(for reading: SensorReading) -> CLLocation {
        let previous = values.withLock { $0.location }
        // Readings without a distance (a dive, an activity that does not move) leave the
        // wearer where the last one put them.
        let distance = reading.distance ?? previous.map { GreatCircle.distance(from: start, to: $0.coordinate) } ?? 0
        return makeLocation(distance: distance, speed: reading.distance == nil ? 0 : reading.speed ?? 0, at: SimulatedDate.at(reading.time))
    }

    func sensorsDidUpdate(_ reading: SensorReading) {
        let location = location(for: reading)
        let listeners = values.withLock { values in
            values.location = location
            values.listeners.removeAll { $0.listener == nil }
            return values.listeners.compactMap(\.listener)
        }
        for listener in listeners { listener.locationServices(self, didMoveTo: location) }
    }

    private var start: CLLocationCoordinate2D { CLLocationCoordinate2D(latitude: route.latitude, longitude: route.longitude) }

    private func makeLocation(distance: Double, speed: Double, at date: Date) -> CLLocation {
        let moving = speed > Self.stationarySpeed
        let position = route.position(after: distance)
        return CLLocation(coordinate: CLLocationCoordinate2D(latitude: position.latitude, longitude: position.longitude),
                          altitude: 0, horizontalAccuracy: Self.horizontalAccuracy, verticalAccuracy: Self.verticalAccuracy,
                          course: moving ? route.bearing : -1, courseAccuracy: moving ? 5 : -1,
                          speed: speed, speedAccuracy: 0.5, timestamp: date)
    }
}

/// Told of a watch's new positions and authorization, inside the simulated watch.
protocol LocationServicesListener: AnyObject, Sendable {
    func locationServices(_ services: LocationServices, didMoveTo location: CLLocation)
    func locationServicesDidChangeAuthorization(_ status: CLAuthorizationStatus)
}
