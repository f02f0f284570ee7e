// The CoreLocation stand-in: the location manager, locations, live updates and service
// sessions as a watch app's workout or dive code uses them (Apple's page: "Core Location"),
// positioned along the simulated workout's own distance (docs/sensors.md). Like Apple's
// framework it brings Foundation along.
@_exported import Foundation

/// Degrees of latitude or longitude (Apple's page: "CLLocationDegrees").
public typealias CLLocationDegrees = Double
/// Metres (Apple's page: "CLLocationDistance").
public typealias CLLocationDistance = Double
/// Metres per second (Apple's page: "CLLocationSpeed").
public typealias CLLocationSpeed = Double
/// Metres per second either way (Apple's page: "CLLocationSpeedAccuracy").
public typealias CLLocationSpeedAccuracy = Double
/// Degrees clockwise from true north (Apple's page: "CLLocationDirection").
public typealias CLLocationDirection = Double
/// Degrees either way (Apple's page: "CLLocationDirectionAccuracy").
public typealias CLLocationDirectionAccuracy = Double
/// Metres: how far off a position may be; negative means invalid (Apple's page: "CLLocationAccuracy").
public typealias CLLocationAccuracy = Double
/// Degrees; negative means no heading filter (Apple's page: "CLHeadingComponentValue").
public typealias CLHeadingComponentValue = Double

// The accuracies an app asks for (Apple's page: "CLLocationAccuracy", its constants).
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000
public let kCLLocationAccuracyReduced: CLLocationAccuracy = 3000

/// Every move is reported (Apple's page: "kCLDistanceFilterNone").
public let kCLDistanceFilterNone: CLLocationDistance = -1
/// Every change of heading is reported (Apple's page: "kCLHeadingFilterNone").
public let kCLHeadingFilterNone: CLLocationDegrees = -1
/// The largest distance a location can report (Apple's page: "CLLocationDistanceMax").
public let CLLocationDistanceMax: CLLocationDistance = .greatestFiniteMagnitude
/// The longest time interval (Apple's page: "CLTimeIntervalMax").
public let CLTimeIntervalMax: TimeInterval = .greatestFiniteMagnitude

/// A latitude and a longitude in degrees, WGS84 (Apple's page: "CLLocationCoordinate2D").
/// Like Apple's imported C structure it is neither `Equatable` nor `Hashable`, so an app's
/// own `extension CLLocationCoordinate2D: Equatable` compiles here as on a watch.
public struct CLLocationCoordinate2D: Sendable {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees

    public init() {
        latitude = 0
        longitude = 0
    }

    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Whether `coordinate` is on the globe: latitude within ±90°, longitude within ±180°
/// (Apple's page: "CLLocationCoordinate2DIsValid").
public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
    (-90...90).contains(coordinate.latitude) && (-180...180).contains(coordinate.longitude)
}

/// Makes a coordinate (Apple's page: "CLLocationCoordinate2DMake").
public func CLLocationCoordinate2DMake(_ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

/// A coordinate no place has (Apple's page: "kCLLocationCoordinate2DInvalid").
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)

/// Whether the app may use the wearer's location (Apple's page: "CLAuthorizationStatus").
/// `authorized`, macOS's name, is not on watchOS.
public enum CLAuthorizationStatus: Int32, Hashable, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorizedAlways = 3
    case authorizedWhenInUse = 4
}

/// Whether the app gets precise positions (Apple's page: "CLAccuracyAuthorization").
public enum CLAccuracyAuthorization: Int, Hashable, Sendable {
    case fullAccuracy = 0
    case reducedAccuracy = 1
}

/// What the wearer does while the app tracks them (Apple's page: "CLActivityType").
public enum CLActivityType: Int, Hashable, Sendable {
    case other = 1
    case automotiveNavigation = 2
    case fitness = 3
    case otherNavigation = 4
    case airborne = 5
}
