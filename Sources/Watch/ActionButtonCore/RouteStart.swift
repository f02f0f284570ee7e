/// Where the wearer's route begins and which way it heads: the scenario's
/// `sensors: workout: route-start` and `route-bearing` (docs/sensors.md), which the sensors
/// hand to the watch, where CoreLocation's positions start from. An object, as the watch
/// keeps one per type.
public final class RouteStart: Sendable {
    /// Degrees, WGS84.
    public let latitude: Double
    public let longitude: Double
    /// Degrees clockwise from true north: the direction every workout heads in.
    public let bearing: Double

    public init(latitude: Double, longitude: Double, bearing: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.bearing = bearing
    }

    /// The sensors' defaults (Zermatt, heading east), for a watch without sensors.
    public static let standard = RouteStart(latitude: 46.0207, longitude: 7.7491, bearing: 90)
}
