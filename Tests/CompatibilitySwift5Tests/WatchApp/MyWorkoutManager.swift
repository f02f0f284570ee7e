import AppIntents
import Foundation
import HealthKit
import WatchKit
import os

let logger = Logger(subsystem: "com.example.CompatWorkout", category: "workout")

/// The app's workout state, shared the way Apple's samples share it.
class MyWorkoutManager: NSObject {
    static let shared = MyWorkoutManager()

    let store = HKHealthStore()
    var configuration: HKWorkoutConfiguration?
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?
    var lapCount = 0
    var heartRatesSeen = 0
    var heartRateQuery: HKAnchoredObjectQuery?
    var finishedWorkout: HKWorkout?
    var donationIdentifiers: [IntentDonationIdentifier] = []

    func startWorkout(type: WorkoutEnum) throws {
        let configuration = HKWorkoutConfiguration()
        switch type {
        case .walking: configuration.activityType = .walking
        case .running: configuration.activityType = .running
        case .cycling: configuration.activityType = .cycling
        case .swimming: configuration.activityType = .swimming
        case .rowing: configuration.activityType = .rowing
        }
        if type == .swimming {
            configuration.locationType = .indoor
            configuration.swimmingLocationType = .pool
            configuration.lapLength = HKQuantity(unit: HKUnit.yard(), doubleValue: 25.0)
        } else {
            configuration.locationType = .outdoor
        }
        self.configuration = configuration
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
        session.delegate = self
        self.session = session
        lapCount = 0
        heartRatesSeen = 0
        session.startActivity(with: Date())
        WKInterfaceDevice.current().play(.start)
    }

    func requestAuthorization() async {
        let typesToShare: Set = [HKQuantityType.workoutType()]
        let typesToRead: Set = [
            HKQuantityType(.heartRate),
            HKQuantityType(.activeEnergyBurned),
            HKQuantityType(.distanceWalkingRunning),
        ]
        guard HKHealthStore.isHealthDataAvailable() else { return }
        do {
            try await store.requestAuthorization(toShare: typesToShare, read: typesToRead)
        } catch {
            logger.error("Authorization failed: \(error.localizedDescription)")
        }
        let sharing = store.authorizationStatus(for: HKObjectType.workoutType()) == .sharingAuthorized
        logger.debug("May share workouts: \(sharing)")
    }

    func startCollectingData() async throws {
        guard let configuration = configuration, let session = session else { return }
        let builder = session.associatedWorkoutBuilder()
        let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
        dataSource.disableCollection(for: HKQuantityType(.stepCount))
        builder.dataSource = dataSource
        builder.delegate = self
        try await builder.beginCollection(at: Date())
        self.builder = builder
        try await builder.addMetadata([HKMetadataKeyIndoorWorkout: false])
        startHeartRateQuery(from: builder.startDate ?? Date())
        let identifier = try await MyStartWorkoutIntent().donate(result: .result(actionButtonIntent: MarkLapIntent()))
        donationIdentifiers.append(identifier)
    }

    func startHeartRateQuery(from start: Date) {
        let predicate = HKQuery.predicateForSamples(withStart: start, end: nil, options: .strictStartDate)
        let query = HKAnchoredObjectQuery(type: HKQuantityType(.heartRate), predicate: predicate, anchor: nil,
                                          limit: HKObjectQueryNoLimit) { _, samples, _, _, _ in
            self.heartRatesSeen += samples?.count ?? 0
        }
        query.updateHandler = { _, samples, _, _, _ in
            self.heartRatesSeen += samples?.count ?? 0
        }
        store.execute(query)
        heartRateQuery = query
    }

    func markLap(note: String?, laps: Int) async -> Int {
        lapCount += laps
        let event = HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: Date(), duration: 0),
                                   metadata: note.map { ["note": $0] })
        do {
            try await builder?.addWorkoutEvents([event])
        } catch {
            logger.error("Could not mark a lap: \(error.localizedDescription)")
        }
        return lapCount
    }

    func pauseWorkout() { session?.pause() }

    func resumeWorkout() { session?.resume() }

    /// Ends the workout the way apps written before async/await do: with completion handlers.
    func endWorkout() {
        session?.end()
        builder?.endCollection(withEnd: Date()) { _, _ in
            self.builder?.finishWorkout { workout, _ in
                self.finishedWorkout = workout
                let metres = workout?.totalDistance?.doubleValue(for: .meter()) ?? 0
                logger.notice("Saved \(workout?.duration ?? 0, format: .fixed(precision: 0)) s and \(metres, format: .fixed(precision: 1)) m")
            }
        }
        if let query = heartRateQuery { store.stop(query) }
    }

    /// What an app relaunched mid-workout does to find its session again.
    func recover() async -> HKWorkoutSession? {
        try? await store.recoverActiveWorkoutSession()
    }
}

extension MyWorkoutManager: HKWorkoutSessionDelegate {
    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                        from fromState: HKWorkoutSessionState, date: Date) {
        logger.debug("Session went from \(fromState.rawValue) to \(toState.rawValue)")
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: Error) {
        logger.error("Session failed: \(error.localizedDescription)")
    }
}

extension MyWorkoutManager: HKLiveWorkoutBuilderDelegate {
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        for type in collectedTypes {
            guard let quantityType = type as? HKQuantityType, quantityType == HKQuantityType(.heartRate) else { continue }
            let beatsPerMinute = HKUnit.count().unitDivided(by: HKUnit.minute())
            guard let value = workoutBuilder.statistics(for: quantityType)?.mostRecentQuantity()?.doubleValue(for: beatsPerMinute) else { continue }
            logger.debug("Heart rate \(value, format: .fixed(precision: 1), privacy: .public) bpm")
        }
    }

    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
}
