import AppIntents
import HealthKit
import WatchKit
import os

let logger = Logger(subsystem: "com.example.CompatWorkout6", category: "workout")

/// Swift 6: the shared object lives on the main actor, so `shared` is a `static let` and
/// every use of its state is isolated.
@MainActor
final class MyWorkoutManager: NSObject {
    static let shared = MyWorkoutManager()

    let store = HKHealthStore()
    var configuration: HKWorkoutConfiguration?
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?
    var lapCount = 0
    var heartRatesLogged = 0
    var heartRatesSeen = 0
    var finishedWorkout: HKWorkout?

    func startWorkout(type: WorkoutEnum) throws {
        let configuration = HKWorkoutConfiguration()
        switch type {
        case .walking: configuration.activityType = .walking
        case .running: configuration.activityType = .running
        case .rowing: configuration.activityType = .rowing
        }
        configuration.locationType = .outdoor
        self.configuration = configuration
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
        session.delegate = self
        self.session = session
        lapCount = 0
        heartRatesLogged = 0
        heartRatesSeen = 0
        session.startActivity(with: Date())
        WKInterfaceDevice.current().play(.start)
    }

    func requestAuthorization() async {
        let typesToShare: Set = [HKQuantityType.workoutType()]
        let typesToRead: Set = [HKQuantityType(.heartRate), HKQuantityType(.distanceWalkingRunning)]
        do {
            try await store.requestAuthorization(toShare: typesToShare, read: typesToRead)
        } catch {
            logger.error("Authorization failed: \(error.localizedDescription)")
        }
    }

    func startCollectingData() async throws {
        guard let configuration, let session else { return }
        let builder = session.associatedWorkoutBuilder()
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
        builder.delegate = self
        try await builder.beginCollection(at: Date())
        self.builder = builder
        let query = HKAnchoredObjectQuery(type: HKQuantityType(.heartRate), predicate: nil, anchor: nil,
                                          limit: HKObjectQueryNoLimit) { _, _, _, _, _ in }
        // Swift 6: HealthKit's handlers are @Sendable; state changes hop to the main actor.
        query.updateHandler = { _, samples, _, _, _ in
            let count = samples?.count ?? 0
            Task { @MainActor in MyWorkoutManager.shared.heartRatesSeen += count }
        }
        store.execute(query)
        try await MyStartWorkoutIntent().donate(result: .result(actionButtonIntent: MarkLapIntent()))
    }

    func markLap(note: String?) async -> Int {
        lapCount += 1
        try? await builder?.addWorkoutEvents([HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: Date(), duration: 0),
                                                             metadata: note.map { ["note": $0] })])
        return lapCount
    }

    func endWorkout() async throws {
        session?.end()
        try await builder?.endCollection(at: Date())
        finishedWorkout = try await builder?.finishWorkout()
    }

    private func logHeartRate(_ beatsPerMinute: Double) {
        heartRatesLogged += 1
        logger.debug("Heart rate \(beatsPerMinute, format: .fixed(precision: 1)) bpm")
    }
}

// Swift 6: HealthKit calls its delegates outside any actor; the methods are nonisolated and
// hand what they need to the main actor.
extension MyWorkoutManager: HKWorkoutSessionDelegate {
    nonisolated func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                                    from fromState: HKWorkoutSessionState, date: Date) {
        logger.debug("Session went from \(fromState.rawValue) to \(toState.rawValue)")
    }

    nonisolated func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {
        logger.error("Session failed: \(error.localizedDescription)")
    }
}

extension MyWorkoutManager: HKLiveWorkoutBuilderDelegate {
    nonisolated func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        guard collectedTypes.contains(HKQuantityType(.heartRate)),
              let value = workoutBuilder.statistics(for: HKQuantityType(.heartRate))?.mostRecentQuantity()?
                  .doubleValue(for: HKUnit.count().unitDivided(by: .minute())) else { return }
        Task { @MainActor in self.logHeartRate(value) }
    }

    nonisolated func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
}
