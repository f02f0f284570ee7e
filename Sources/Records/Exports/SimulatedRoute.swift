import Foundation
import Telemetry

/// Positions for a workout that moves: a loop from the scenario's route start, walked in
/// the direction of the distance the sensors measured, so that a map shows a track whose
/// length is the recorded distance. (Nothing here is a real place's streets.)
struct SimulatedRoute: Sendable {
    let start: (latitude: Double, longitude: Double)
    /// Length of one loop, m.
    let loop: Double

    static let earthRadius = 6_371_000.0

    init?(header session: SessionHeader) {
        guard let activity = session.activity, activity != .other, activity != .swimming else { return nil }
        start = session.routeStart
        switch activity {
        case .cycling: loop = 24_000
        case .walking: loop = 3_000
        default: loop = 5_000
        }
    }

    /// The position after `distance` metres: around a circle (with a gentle wobble so it
    /// reads as a route), starting and ending at the start.
    func position(at distance: Double) -> (latitude: Double, longitude: Double) {
        let radius = loop / (2 * Double.pi)
        let angle = 2 * Double.pi * distance.truncatingRemainder(dividingBy: loop) / loop
        let wobble = 1 + 0.12 * sin(3 * angle)
        // The circle's centre lies north of the start, so the loop begins heading east.
        let north = radius - radius * wobble * cos(angle)
        let east = radius * wobble * sin(angle)
        let latitude = start.latitude + north / Self.earthRadius * 180 / Double.pi
        let longitude = start.longitude + east / (Self.earthRadius * cos(start.latitude * Double.pi / 180)) * 180 / Double.pi
        return (latitude, longitude)
    }
}
