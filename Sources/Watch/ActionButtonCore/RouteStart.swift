import Foundation

/// Where the wearer's route begins and which way it heads: the scenario's
/// `sensors: workout: route-start` and `route-bearing` (docs/sensors.md), with the wearer's
/// answer when an app asks for location access (`location-access`), which the sensors
/// hand to the watch, where CoreLocation's positions start from. An object, as the watch
/// keeps one per type.
public final class RouteStart: Sendable {
    /// Degrees, WGS84.
    public let latitude: Double
    public let longitude: Double
    /// Degrees clockwise from true north: the direction every workout heads in.
    public let bearing: Double
    /// Whether the wearer allows an app's location access when it asks
    /// (`sensors: workout: location-access`).
    public let allowsLocationAccess: Bool

    public init(latitude: Double, longitude: Double, bearing: Double, allowsLocationAccess: Bool = true) {
        self.latitude = latitude
        self.longitude = longitude
        self.bearing = bearing
        self.allowsLocationAccess = allowsLocationAccess
    }

    /// The sensors' defaults (Zermatt, heading east), for a watch without sensors.
    public static let standard = RouteStart(latitude: 46.0207, longitude: 7.7491, bearing: 90)

    /// Metres: the Earth's mean radius (IUGG), the sphere the route is walked on.
    public static let earthRadius = 6_371_008.8

    /// Where the wearer is after `distance` metres of a workout: on the great circle that
    /// leaves the start at `bearing`. CoreLocation's positions and the exports' routes are
    /// both this, so the map of an export is the route the app saw.
    public func position(after distance: Double) -> (latitude: Double, longitude: Double) {
        Self.destination(from: (latitude, longitude), bearing: bearing, distance: distance)
    }

    /// The point `distance` metres from `start` along the great circle that leaves it at
    /// `bearing` degrees.
    public static func destination(from start: (latitude: Double, longitude: Double), bearing: Double,
                                   distance: Double) -> (latitude: Double, longitude: Double) {
        let radians = Double.pi / 180
        let δ = distance / earthRadius, θ = bearing * radians
        let φ1 = start.latitude * radians, λ1 = start.longitude * radians
        let φ2 = asin(sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(θ))
        let λ2 = λ1 + atan2(sin(θ) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sin(φ2))
        var longitude = λ2 / radians
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        return (φ2 / radians, longitude)
    }
}
