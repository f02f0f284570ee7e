// Apple does not show its DiveManager. This one does what Apple's text describes: a dive
// session (a HealthKit workout session of the underwater-diving kind, which the system's
// start deadline waits for), and live depth, pressure and water temperature from CoreMotion
// ("Accessing submersion data").
import AppIntents
import AppLogging
import Foundation
import CoreMotion
import HealthKit

actor DiveManager {
    let store = HKHealthStore()
    let submersionManager = CMWaterSubmersionManager()
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?

    /// The latest readings CoreMotion delivered.
    private(set) var depth: Measurement<UnitLength>?
    private(set) var pressure: Measurement<UnitPressure>?
    private(set) var temperature: Measurement<UnitTemperature>?
    private(set) var submerged = false

    func start() async {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .underwaterDiving
        configuration.locationType = .outdoor
        do {
            let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
            self.session = session
            session.startActivity(with: Date())
            let builder = session.associatedWorkoutBuilder()
            try await builder.beginCollection(at: Date())
            self.builder = builder
        } catch {
            logger.error("*** Could not start the dive session: \(error) ***")
        }
        // Live submersion data from now on.
        submersionManager.delegate = self
    }

    /// Records what the sensors last said as a marker in the dive.
    func collectSubmergedData() async throws {
        var metadata: [String: any Sendable] = ["submerged": submerged]
        if let depth { metadata["depth_m"] = Self.format(depth.converted(to: .meters).value) }
        if let pressure { metadata["pressure_kPa"] = Self.format(pressure.converted(to: .kilopascals).value) }
        if let temperature { metadata["temperature_C"] = Self.format(temperature.converted(to: .celsius).value) }
        try await builder?.addWorkoutEvents([HKWorkoutEvent(type: .marker, dateInterval: DateInterval(start: Date(), duration: 0),
                                                            metadata: metadata)])
    }

    private func record(_ measurement: CMWaterSubmersionMeasurement) {
        depth = measurement.depth
        pressure = measurement.pressure
    }

    private func record(_ temperature: CMWaterTemperature) {
        self.temperature = temperature.temperature
    }

    private func record(_ event: CMWaterSubmersionEvent) {
        submerged = event.state == .submerged
        logger.debug(submerged ? "*** Submerged Event ***" : "*** Not Submerged Event ***")
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}

// CoreMotion calls these on its own queue; as in Apple's examples, each hands the data to
// the actor with a task.
extension DiveManager: CMWaterSubmersionManagerDelegate {
    nonisolated func manager(_ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterSubmersionMeasurement) {
        Task { await self.record(measurement) }
    }

    nonisolated func manager(_ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterTemperature) {
        Task { await self.record(measurement) }
    }

    nonisolated func manager(_ manager: CMWaterSubmersionManager, didUpdate event: CMWaterSubmersionEvent) {
        Task { await self.record(event) }
    }

    nonisolated func manager(_ manager: CMWaterSubmersionManager, errorOccurred error: any Error) {
        logger.error("*** Submersion data error: \(error) ***")
    }
}
