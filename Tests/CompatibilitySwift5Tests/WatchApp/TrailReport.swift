// Issue 24: the rest of what watch apps call on these frameworks, written as a Swift 5 app's
// "about this workout" report: device facts, the pedometer's history and events, absolute
// altitude, motion history, HealthKit's predicates and activities, WatchKit's app object.
import AppIntents
import Combine
import CoreMotion
import HealthKit
import WatchKit

class TrailReport: NSObject, WKApplicationDelegate, WKExtendedRuntimeSessionDelegate {
    var lines: [String] = []
    let pedometer = CMPedometer()
    let altimeter = CMAltimeter()
    let activity = CMMotionActivityManager()
    var runtime: WKExtendedRuntimeSession?
    var ticks = 0
    var timer: AnyCancellable?

    func describeDevice() {
        let device = WKInterfaceDevice.current()
        lines.append("\(device.name) \(device.model) \(device.localizedModel) \(device.systemName) \(device.systemVersion)")
        lines.append("screen \(Int(device.screenBounds.width))x\(Int(device.screenBounds.height)) @\(Int(device.screenScale))x")
        lines.append("wrist \(device.wristLocation == .left ? "left" : "right"), crown \(device.crownOrientation == .right ? "right" : "left")")
        lines.append("battery \(device.isBatteryMonitoringEnabled) \(device.batteryLevel) \(device.batteryState.rawValue), audio \(device.supportsAudioStreaming)")
        lines.append("floors \(CMPedometer.isFloorCountingAvailable()), events \(CMPedometer.isPedometerEventTrackingAvailable())")
        lines.append("altimeter \(CMAltimeter.authorizationStatus() == .authorized), pedometer \(CMPedometer.authorizationStatus() == .authorized)")
        lines.append("discoverable \(PlanDiveIntent.isDiscoverable)")
    }

    func follow(from start: Date) {
        pedometer.startEventUpdates { event, _ in
            if let event { self.lines.append("pedometer \(event.type == .pause ? "paused" : "resumed")") }
            if let event, !self.lines.contains(where: { $0.hasPrefix("pedometer event") }) {
                self.lines.append("pedometer event \(event.date > start)")
            }
        }
        altimeter.startAbsoluteAltitudeUpdates(to: .main) { data, _ in
            if let data, self.lines.last?.hasPrefix("altitude") != true { self.lines.append("altitude \(Int(data.altitude.rounded())) m") }
            if let data, !self.lines.contains(where: { $0.hasPrefix("altitude quality") }) {
                self.lines.append("altitude quality \(data.accuracy > 0) \(data.precision > 0) \(data.timestamp > 0)")
            }
        }
        let app = WKApplication.shared()
        app.delegate = self
        app.registerForRemoteNotifications()
        app.scheduleBackgroundRefresh(withPreferredDate: start.addingTimeInterval(900), userInfo: nil) { _ in }
        app.openSystemURL(URL(string: "tel:112")!)
        let runtime = WKExtendedRuntimeSession()
        runtime.delegate = self
        runtime.start()
        lines.append("runtime \(runtime.state == .running) until \(runtime.expirationDate != nil)")
        // A smart alarm's taps: a notification, then a retry every 30 seconds until invalidated.
        runtime.notifyUser(hapticType: .notification) { next in
            next.pointee = .retry
            return 30
        }
        self.runtime = runtime
        timer = Timer.publish(every: 60, on: .main, in: .common).autoconnect().sink { _ in self.ticks += 1 }
    }

    func summarize(from start: Date, to end: Date) {
        pedometer.stopEventUpdates()
        altimeter.stopAbsoluteAltitudeUpdates()
        runtime?.invalidate()
        pedometer.queryPedometerData(from: start, to: end) { data, _ in
            guard let data else { return }
            self.lines.append("steps \(data.numberOfSteps.intValue > 0), pace \(data.currentPace != nil), average \(data.averageActivePace != nil), floors \(data.floorsAscended == nil && data.floorsDescended == nil)")
        }
        activity.queryActivityStarting(from: start, to: end, to: .main) { activities, _ in
            self.lines.append("activities \((activities ?? []).map { $0.running ? "running" : $0.walking ? "walking" : $0.stationary ? "stationary" : "other" })")
            let confident = (activities ?? []).allSatisfy { $0.confidence == .high || $0.confidence == .medium || $0.confidence == .low }
            self.lines.append("confidence \(confident)")
        }
    }

    func extendedRuntimeSessionDidStart(_ extendedRuntimeSession: WKExtendedRuntimeSession) {}
    func extendedRuntimeSessionWillExpire(_ extendedRuntimeSession: WKExtendedRuntimeSession) {}
    func extendedRuntimeSession(_ extendedRuntimeSession: WKExtendedRuntimeSession,
                                didInvalidateWith reason: WKExtendedRuntimeSessionInvalidationReason, error: Error?) {}
}

/// A workout with two legs, read back with HealthKit's predicates.
class LegsReport {
    let store = HKHealthStore()
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?
    var lines: [String] = []

    func start() throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
        let builder = session.associatedWorkoutBuilder()
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
        session.startActivity(with: Date())
        builder.beginCollection(withStart: Date()) { _, _ in }
        session.beginNewActivity(configuration: configuration, date: Date(), metadata: nil)
        self.session = session
        self.builder = builder
    }

    func check() {
        guard let session = session, let builder = builder else { return }
        lines.append("session \(session.state == .running) \(session.startDate != nil) \(session.type == .primary) \(session.activityType == .running)")
        lines.append("builder \(builder.workoutSession === session) \(builder.startDate != nil) \(builder.elapsedTime(at: Date.distantFuture) > 0)")
        if let current = builder.currentWorkoutActivity {
            lines.append("leg \(current.uuid == session.currentActivity.uuid) \(current.workoutEvents.isEmpty)")
            builder.updateActivity(uuid: current.uuid, adding: ["terrain": "trail"]) { success, _ in self.lines.append("tagged \(success)") }
        }
        lines.append("route type \(HKSeriesType.workoutRoute().identifier)")
    }

    func stop(then read: @escaping ([String]) -> Void) {
        guard let session = session, let builder = builder else { return }
        session.stopActivity(with: Date())
        session.end()
        builder.endCollection(withEnd: Date()) { _, _ in
            builder.finishWorkout { workout, _ in
                guard let workout = workout else { return }
                let legs = HKQuery.predicateForWorkouts(with: .running)
                let this = HKQuery.predicateForObject(with: workout.uuid)
                let both = NSCompoundPredicate(andPredicateWithSubpredicates: [legs, this])
                let mindful = HKQuery.predicateForCategorySamples(with: .equalTo, value: 0)
                self.store.execute(HKSampleQuery(sampleType: .workoutType(), predicate: both, limit: 1, sortDescriptors: nil) { _, samples, _ in
                    let found = samples?.first as? HKWorkout
                    read(["found \(found?.uuid == workout.uuid)",
                          "legs \(found?.workoutActivities.count ?? 0) \(found?.workoutActivities.first?.duration ?? -1 >= 0)",
                          "tag \(found?.workoutActivities.first?.metadata?["terrain"] as? String ?? "none")",
                          "mindful predicate \(mindful.evaluate(with: workout) == false)"])
                })
            }
        }
    }
}
