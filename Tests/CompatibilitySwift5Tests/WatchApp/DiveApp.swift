import AppIntents
import CoreMotion
import HealthKit
import WatchKit
import os

let diveLogger = Logger(subsystem: "com.example.CompatDive", category: "dive")

struct MyStartDiveIntent: StartDiveIntent {
    static var title: LocalizedStringResource = "Start a dive"

    func perform() async throws -> some IntentResult {
        await DiveManager.shared.start()
        return .result(actionButtonIntent: MarkDepthIntent())
    }
}

struct MarkDepthIntent: AppIntent {
    static var title: LocalizedStringResource = "Mark the depth"

    func perform() async throws -> some IntentResult & ProvidesDialog {
        WKInterfaceDevice.current().play(.underwaterDepthPrompt)
        let depth = DiveManager.shared.depth ?? 0
        diveLogger.info("Marked \(depth, format: .fixed(precision: 1)) m, \(DiveManager.shared.lastAltimeterPressure ?? 0, format: .fixed(precision: 1)) kPa")
        return .result(dialog: "Marked at \(Int(depth.rounded())) metres")
    }
}

/// The dive's sensors, shared the way Apple's samples share them.
class DiveManager: NSObject, CMWaterSubmersionManagerDelegate {
    static let shared = DiveManager()

    let store = HKHealthStore()
    let submersion = CMWaterSubmersionManager()
    let altimeter = CMAltimeter()
    var session: HKWorkoutSession?
    var measurementTimes: [(date: Date, submerged: Bool)] = []
    var temperatures = 0
    var events: [CMWaterSubmersionEvent.State] = []
    var depth: Double?
    var lastAltimeterPressure: Double?

    func start() async {
        measurementTimes = []
        temperatures = 0
        events = []
        // The dive session the system waits for: a workout session of the diving kind.
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .underwaterDiving
        configuration.locationType = .outdoor
        do {
            let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
            session.startActivity(with: Date())
            self.session = session
        } catch {
            diveLogger.error("Could not start the dive: \(error.localizedDescription)")
        }
        guard CMWaterSubmersionManager.waterSubmersionAvailable else { return }
        submersion.delegate = self
        altimeter.startRelativeAltitudeUpdates(to: OperationQueue.main) { data, _ in
            self.lastAltimeterPressure = data?.pressure.doubleValue
        }
    }

    func manager(_ manager: CMWaterSubmersionManager, didUpdate event: CMWaterSubmersionEvent) {
        events.append(event.state)
    }

    func manager(_ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterSubmersionMeasurement) {
        measurementTimes.append((measurement.date, measurement.depth != nil))
        depth = measurement.depth?.converted(to: .meters).value
    }

    func manager(_ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterTemperature) {
        temperatures += 1
    }

    func manager(_ manager: CMWaterSubmersionManager, errorOccurred error: Error) {
        diveLogger.error("Submersion error: \(error.localizedDescription)")
    }
}
