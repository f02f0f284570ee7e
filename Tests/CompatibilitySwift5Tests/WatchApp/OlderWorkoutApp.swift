// A Swift 5 watch app's file written against watchOS 2 to 5's HealthKit, as older apps
// still are: a session made from an activity type, started and ended through the store,
// events made at an instant, and a workout saved whole with its samples added to it.
// Apple deprecated these; they still build and run on a watch, and here.
import HealthKit

class OlderWorkoutApp: HKWorkoutSessionDelegate {
    let store = HKHealthStore()
    var session: HKWorkoutSession?
    var lines: [String] = []
    var saved: HKWorkout?

    /// watchOS 2: the session from an activity type and place, run by the store.
    func start() {
        let session = HKWorkoutSession(activityType: .running, locationType: .outdoor)
        session.delegate = self
        lines.append("location \(session.locationType == .outdoor) \(session.activityType == .running)")
        store.start(session)
        self.session = session
    }

    func pauseAndResume() {
        guard let session else { return }
        store.pause(session)
        store.resumeWorkoutSession(session)
    }

    func stop() {
        guard let session else { return }
        store.end(session)
    }

    /// watchOS 3 to 5: the session from a configuration, without a store.
    func otherSession() throws -> HKWorkoutSession {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .cycling
        return try HKWorkoutSession(configuration: configuration)
    }

    /// A workout the app put together itself, saved, with its heart rates added to it.
    func saveWhole(from start: Date) {
        let end = start.addingTimeInterval(1800)
        let lap = HKWorkoutEvent(type: .lap, date: start.addingTimeInterval(600))
        let marker = HKWorkoutEvent(type: .marker, date: start.addingTimeInterval(900), metadata: ["note": "water"])
        let pause = HKWorkoutEvent(type: .pause, date: start.addingTimeInterval(1000))
        let resume = HKWorkoutEvent(type: .resume, date: start.addingTimeInterval(1300))
        lines.append("lap at \(lap.date.timeIntervalSince(start)) marker \(marker.metadata?["note"] as? String ?? "")")
        let workout = HKWorkout(activityType: .running, start: start, end: end, workoutEvents: [lap, marker, pause, resume],
                                totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 320),
                                totalDistance: HKQuantity(unit: .meter(), doubleValue: 5000), metadata: [HKMetadataKeyIndoorWorkout: false])
        lines.append("whole \(workout.duration) \(workout.totalDistance?.doubleValue(for: .meter()) ?? 0) "
            + "\(workout.totalEnergyBurned?.doubleValue(for: .kilocalorie()) ?? 0)")
        let others: [HKWorkout] = [
            HKWorkout(activityType: .walking, start: start, end: end),
            HKWorkout(activityType: .walking, start: start, end: end, workoutEvents: nil, totalEnergyBurned: nil, totalDistance: nil,
                      device: nil, metadata: nil),
            HKWorkout(activityType: .cycling, start: start, end: end, duration: 1500, totalEnergyBurned: nil,
                      totalDistance: HKQuantity(unit: .meter(), doubleValue: 12000), metadata: nil),
            HKWorkout(activityType: .cycling, start: start, end: end, duration: 1500, totalEnergyBurned: nil, totalDistance: nil,
                      device: .local(), metadata: nil),
            HKWorkout(activityType: .swimming, start: start, end: end, workoutEvents: nil, totalEnergyBurned: nil,
                      totalDistance: HKQuantity(unit: .meter(), doubleValue: 1000),
                      totalSwimmingStrokeCount: HKQuantity(unit: .count(), doubleValue: 800), device: nil, metadata: nil),
            HKWorkout(activityType: .stairClimbing, start: start, end: end, workoutEvents: nil, totalEnergyBurned: nil, totalDistance: nil,
                      totalFlightsClimbed: HKQuantity(unit: .count(), doubleValue: 40), device: nil, metadata: nil),
        ]
        lines.append("others \(others.map(\.duration)) \(others[4].totalSwimmingStrokeCount?.doubleValue(for: .count()) ?? 0) "
            + "\(others[5].totalFlightsClimbed?.doubleValue(for: .count()) ?? 0)")
        let heartRates = (0..<3).map { minute in
            HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 140),
                             start: start.addingTimeInterval(Double(minute) * 60), end: start.addingTimeInterval(Double(minute) * 60))
        }
        store.save(workout) { _, _ in
            self.store.add(heartRates, to: workout) { added, _ in
                self.lines.append("added \(added)")
                self.saved = workout
            }
        }
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                        from fromState: HKWorkoutSessionState, date: Date) {
        lines.append("state \(toState)")
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: Error) {
        lines.append("failed \(error)")
    }
}
