import ActionButtonCore
import Foundation

// The route's geometry, beside the watch's runtime: ActionButtonCore imports nothing, so the
// sines are here, where CoreLocation (the app's positions) and Exports (GPX, TCX, FIT)
// both reach them.
extension RouteStart {
    /// Where the wearer is after `distance` metres of a workout: on the great circle that
    /// leaves the start at `bearing`. CoreLocation's positions and the exports' routes are
    /// both this, so the map of an export is the route the app saw.
    package func position(after distance: Double) -> (latitude: Double, longitude: Double) {
        Self.destination(from: (latitude, longitude), bearing: bearing, distance: distance)
    }

    /// The point `distance` metres from `start` along the great circle that leaves it at
    /// `bearing` degrees.
    package static func destination(from start: (latitude: Double, longitude: Double), bearing: Double,
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
