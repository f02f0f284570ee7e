import ActionButtonCore
import AppIntents
import Telemetry

/// Positions for a workout that moves: the route the app's CoreLocation saw
/// (`RouteStart.position(after:)`), from the scenario's `route-start` along its
/// `route-bearing`, as far as the distance the sensors measured, so that a map of the
/// export is the app's route and its length the recorded distance. (Nothing here is a real
/// place's streets.)
struct SimulatedRoute: Sendable {
    let route: RouteStart

    init?(header session: SessionHeader) {
        guard let activity = session.activity, activity != .other, activity != .swimming else { return nil }
        route = RouteStart(latitude: session.routeStart.latitude, longitude: session.routeStart.longitude,
                           bearing: session.routeBearing)
    }

    /// The position after `distance` metres.
    func position(at distance: Double) -> (latitude: Double, longitude: Double) {
        route.position(after: distance)
    }
}
