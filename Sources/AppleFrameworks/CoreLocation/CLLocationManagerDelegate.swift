import Foundation

/// Told of new locations, headings, failures and authorization changes (Apple's page:
/// "CLLocationManagerDelegate"). Every method is optional, as Apple's are: in Apple's SDK
/// they are an Objective-C protocol's optional methods, which Swift on Linux does not have,
/// so here they are requirements with empty defaults, and a class implements any of them.
///
/// The simulated watch calls them on the main queue (a watch calls them on the thread the
/// manager was made on, which for a watch app's model is the main thread): a `@MainActor`
/// model implements them `nonisolated` and may use `MainActor.assumeIsolated`, or hands
/// the data on with `Task { @MainActor in ... }`, as on a watch.
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
    /// watchOS 7: the app's authorization changed, or the manager was made.
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    /// Deprecated in watchOS 7 for `locationManagerDidChangeAuthorization(_:)`; still called.
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus)
    func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading)
    func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool
}

extension CLLocationManagerDelegate {
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
    public func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {}
    public func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {}
    public func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool { false }
}

/// Which way the watch points (Apple's page: "CLHeading"). The simulated wearer faces the
/// way the route heads, and the simulated Earth's magnetic north is its true north.
open class CLHeading: NSObject, @unchecked Sendable {
    // @unchecked: immutable.
    /// Degrees clockwise from magnetic north.
    public let magneticHeading: CLLocationDirection
    /// Degrees clockwise from true north.
    public let trueHeading: CLLocationDirection
    /// Degrees either way; negative when invalid.
    public let headingAccuracy: CLLocationDirection
    /// The raw geomagnetic field, microteslas, along the watch's axes.
    public let x: CLHeadingComponentValue
    public let y: CLHeadingComponentValue
    public let z: CLHeadingComponentValue
    public let timestamp: Date

    init(bearing: Double, timestamp: Date) {
        magneticHeading = bearing
        trueHeading = bearing
        headingAccuracy = 5
        // A 50 µT field pointing north, level.
        x = 50 * cos(bearing * .pi / 180)
        y = -50 * sin(bearing * .pi / 180)
        z = 0
        self.timestamp = timestamp
        super.init()
    }
}
