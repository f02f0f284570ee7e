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

    /// Metres: the Earth's mean radius (IUGG), the sphere the route is walked on
    /// (`position(after:)`, in AppIntents, which may use Foundation's trigonometry).
    public static let earthRadius = 6_371_008.8
}
