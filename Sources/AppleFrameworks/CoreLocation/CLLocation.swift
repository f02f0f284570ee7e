import Foundation
import ActionButtonCore
import AppIntents

/// A position, its altitude, speed and course, how good they are and when (Apple's page:
/// "CLLocation"). Immutable, so it crosses actors freely, as Apple's does.
open class CLLocation: NSObject, @unchecked Sendable {
    // @unchecked: immutable.
    public let coordinate: CLLocationCoordinate2D
    /// Metres above sea level.
    public let altitude: CLLocationDistance
    /// Metres; negative when the coordinate is invalid.
    public let horizontalAccuracy: CLLocationAccuracy
    /// Metres; negative when the altitude is invalid.
    public let verticalAccuracy: CLLocationAccuracy
    /// Metres above the WGS84 ellipsoid; the simulated world is a sphere, so it equals `altitude`.
    public let ellipsoidalAltitude: CLLocationDistance
    /// Degrees clockwise from true north; negative when unknown.
    public let course: CLLocationDirection
    public let courseAccuracy: CLLocationDirectionAccuracy
    /// Metres per second; negative when unknown.
    public let speed: CLLocationSpeed
    public let speedAccuracy: CLLocationSpeedAccuracy
    public let timestamp: Date
    /// The building floor: nil, as on a watch outdoors (the simulated world has no buildings).
    public let floor: CLFloor?
    /// Where the position came from (watchOS 8): nil for the watch's own positions, as on a watch;
    /// what the app gave for one it made.
    public let sourceInformation: CLLocationSourceInformation?

    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
                  horizontalAccuracy: 0, verticalAccuracy: -1, course: -1, courseAccuracy: -1, speed: -1, speedAccuracy: -1,
                  timestamp: SimulatedDate.now)
    }

    public convenience init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
                            verticalAccuracy vAccuracy: CLLocationAccuracy, timestamp: Date) {
        self.init(coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
                  course: -1, courseAccuracy: -1, speed: -1, speedAccuracy: -1, timestamp: timestamp)
    }

    public convenience init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
                            verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection, speed: CLLocationSpeed,
                            timestamp: Date) {
        self.init(coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
                  course: course, courseAccuracy: -1, speed: speed, speedAccuracy: -1, timestamp: timestamp)
    }

    public init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
                verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy,
                speed: CLLocationSpeed, speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date) {
        (self.coordinate, self.altitude, self.ellipsoidalAltitude, self.horizontalAccuracy, self.verticalAccuracy) =
            (coordinate, altitude, altitude, hAccuracy, vAccuracy)
        (self.course, self.courseAccuracy, self.speed, self.speedAccuracy, self.timestamp) = (course, courseAccuracy, speed, speedAccuracy, timestamp)
        (self.floor, self.sourceInformation) = (nil, nil)
        super.init()
    }

    /// A location with where it came from (watchOS 8).
    public init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
                verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy,
                speed: CLLocationSpeed, speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date, sourceInfo: CLLocationSourceInformation) {
        (self.coordinate, self.altitude, self.ellipsoidalAltitude, self.horizontalAccuracy, self.verticalAccuracy) =
            (coordinate, altitude, altitude, hAccuracy, vAccuracy)
        (self.course, self.courseAccuracy, self.speed, self.speedAccuracy, self.timestamp) = (course, courseAccuracy, speed, speedAccuracy, timestamp)
        (self.floor, self.sourceInformation) = (nil, sourceInfo)
        super.init()
    }

    /// The distance along the Earth's surface to `location`, in metres, ignoring altitude:
    /// the great circle of a sphere of the Earth's mean radius (haversine). Apple works on
    /// the WGS84 ellipsoid; the two differ by under 0.5 %.
    public func distance(from location: CLLocation) -> CLLocationDistance {
        GreatCircle.distance(from: location.coordinate, to: coordinate)
    }

    open override var description: String {
        String(format: "<%+.8f,%+.8f> +/- %.2fm (speed %.2f mps / course %.2f) @ ", coordinate.latitude, coordinate.longitude,
               horizontalAccuracy, speed, course) + timestamp.description
    }
}

/// A building's floor (Apple's page: "CLFloor"): the level above (positive) or below the ground.
open class CLFloor: NSObject, @unchecked Sendable {
    // @unchecked: immutable.
    public let level: Int

    init(level: Int) {
        self.level = level
        super.init()
    }
}

/// Whether a position was made by software or by an accessory (Apple's page:
/// "CLLocationSourceInformation", watchOS 8).
open class CLLocationSourceInformation: NSObject, @unchecked Sendable {
    // @unchecked: immutable.
    public let isSimulatedBySoftware: Bool
    public let isProducedByAccessory: Bool

    public init(softwareSimulationState isSoftware: Bool, andExternalAccessoryState wasProcessedByAccessory: Bool) {
        isSimulatedBySoftware = isSoftware
        isProducedByAccessory = wasProcessedByAccessory
        super.init()
    }
}

/// How far apart two coordinates are, on the sphere `RouteStart.position(after:)` walks the
/// wearer on, so that the distances between an app's locations add up to the distance the
/// sensors measured.
enum GreatCircle {
    /// Metres: the sphere `RouteStart` walks the wearer on.
    static let earthRadius = RouteStart.earthRadius

    static func distance(from a: CLLocationCoordinate2D, to b: CLLocationCoordinate2D) -> CLLocationDistance {
        let φ1 = radians(a.latitude), φ2 = radians(b.latitude)
        let Δφ = φ2 - φ1, Δλ = radians(b.longitude - a.longitude)
        let h = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * earthRadius * asin(Swift.min(1, h.squareRoot()))
    }

    private static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
}
