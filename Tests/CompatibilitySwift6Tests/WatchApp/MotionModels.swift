import CoreMotion
import Foundation

/// Marks the main queue, so that the tests can tell code runs on it (on Linux the main queue
/// may be served by a thread other than the process's first).
let mainQueueMarker: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// A main-actor model whose altimeter handler calls its own method: what watch apps write,
/// and what compiles on a watch because CoreMotion's handler is a plain block run on the
/// queue given (`.main` here).
@MainActor
final class AltimeterModel {
    static let shared = AltimeterModel()

    let altimeter = CMAltimeter()
    private(set) var readings = 0
    private(set) var offMainThread = 0
    private(set) var relativeAltitude: Double?
    private(set) var pressure: Double?

    func start() {
        _ = mainQueueMarker
        guard CMAltimeter.isRelativeAltitudeAvailable() else { return }
        altimeter.startRelativeAltitudeUpdates(to: .main) { data, error in
            guard let data, error == nil else { return }
            self.record(data)
        }
    }

    func stop() { altimeter.stopRelativeAltitudeUpdates() }

    private func record(_ data: CMAltitudeData) {
        readings += 1
        if DispatchQueue.getSpecific(key: mainQueueMarker) == nil { offMainThread += 1 }
        relativeAltitude = data.relativeAltitude.doubleValue
        pressure = data.pressure.doubleValue
    }
}

/// Steps and the kind of motion, on the main actor: the pedometer's handler runs on a
/// background queue (Apple's), so it hops; the activity manager's runs on `.main`.
@MainActor
final class StrideModel {
    static let shared = StrideModel()

    let pedometer = CMPedometer()
    let activityManager = CMMotionActivityManager()
    private(set) var steps = 0
    private(set) var distance: Double = 0
    private(set) var cadence: Double?
    private(set) var activities: [String] = []

    func start(at date: Date) {
        if CMPedometer.isStepCountingAvailable() {
            pedometer.startUpdates(from: date) { data, _ in
                guard let data else { return }
                let steps = data.numberOfSteps.intValue
                let distance = data.distance?.doubleValue ?? 0
                let cadence = data.currentCadence?.doubleValue
                Task { @MainActor in StrideModel.shared.update(steps: steps, distance: distance, cadence: cadence) }
            }
        }
        if CMMotionActivityManager.isActivityAvailable() {
            activityManager.startActivityUpdates(to: .main) { activity in
                guard let activity else { return }
                self.activities.append(activity.running ? "running" : activity.walking ? "walking"
                                       : activity.stationary ? "stationary" : activity.cycling ? "cycling" : "other")
            }
        }
    }

    func stop() {
        pedometer.stopUpdates()
        activityManager.stopActivityUpdates()
    }

    private func update(steps: Int, distance: Double, cadence: Double?) {
        self.steps = steps
        self.distance = distance
        self.cadence = cadence
    }
}
