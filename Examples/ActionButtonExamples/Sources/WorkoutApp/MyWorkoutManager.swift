// Apple: "Responding to the Action button on Apple Watch Ultra": startWorkout(type:),
// requestAuthorization() and startCollectingData(). Apple does not show the class around
// them, nor markLap, pauseWorkout and resumeWorkout; those are written here with HealthKit's
// calls for them. Differences in Apple's methods are marked `actionsim:`.
import AppIntents
import AppLogging
import Foundation
import HealthKit

/// The app's workout state. Apple's call sites (`try await workoutManager.startWorkout(...)`
/// for a synchronous method, `await ...markLap(at:)`) imply an isolated type: an actor here.
actor MyWorkoutManager {
    let store = HKHealthStore()
    var configuration: HKWorkoutConfiguration?
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?
    var workoutType: WorkoutEnum?
    var enabled = false

    func startWorkout(type: WorkoutEnum) throws {
        logger.debug("*** Should be starting a workout of type \(type.rawValue) ***")
        logger.debug("==> Creating the workout configuration.")

        let configuration = HKWorkoutConfiguration()

        switch type {
        case .walking:
            configuration.activityType = .walking
        case .running:
            configuration.activityType = .running
        case .swimming:
            configuration.activityType = .swimming
        case .cycling:
            configuration.activityType = .cycling
        }

        configuration.activityType = type.activityType()

        if type == .swimming {
            configuration.locationType = .indoor
            configuration.swimmingLocationType = .pool
            configuration.lapLength = HKQuantity(unit: HKUnit.yard(), doubleValue: 25.0)
        } else {
            configuration.locationType = .outdoor
        }

        self.configuration = configuration

        logger.debug("==> Creating the workout session.")
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
        session.delegate = self
        self.session = session
        workoutType = type

        logger.debug("==> Starting the session.")
        session.startActivity(with: Date())
    }

    func requestAuthorization() async {
        logger.debug("*** Requesting Authorization ***")

        // The quantity type to write to the health store.
        let typesToShare: Set = [
            HKQuantityType.workoutType()
        ]

        // The quantity types to read from the health store.
        let typesToRead: Set = [
            HKQuantityType(.heartRate),
            HKQuantityType(.activeEnergyBurned),
            HKQuantityType(.distanceCycling),
            HKQuantityType(.distanceSwimming),
            HKQuantityType(.distanceWalkingRunning)
        ]

        guard HKHealthStore.isHealthDataAvailable() else {
            logger.debug("*** HealthKit is not supported on this device. ***")
            return
        }

        do {
            try await store.requestAuthorization(toShare: typesToShare, read: typesToRead)
        } catch {
            fatalError("*** An error occurred while requesting authorization to read and save data: \(error.localizedDescription) ***")
        }

        enabled = true
    }

    func startCollectingData() async throws {
        precondition(enabled == true)
        guard let configuration else { fatalError("*** You need to create a workout configuration before calling this method. ***") }
        guard let session else { fatalError("*** You need to create a session before calling this method. ***") }

        logger.debug("==> Setting the session's data source.")
        let builder = session.associatedWorkoutBuilder()
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: store,
                                                     workoutConfiguration: configuration)
        builder.delegate = self

        logger.debug("==> Begin collecting data.")
        try await builder.beginCollection(at: Date())
        self.builder = builder

        logger.debug("==> Donate the mark lap intent as the Action button's next action.")
        // actionsim: `MarkLapIntent()`: Apple's text names it `MyMarkLapIntent` here but
        // declares it as `MarkLapIntent`.
        try await MyStartWorkoutIntent().donate(result: .result(actionButtonIntent: MarkLapIntent()))
    }

    // Not shown by Apple: what the intents above call.

    func markLap(at date: Date) async {
        do {
            try await builder?.addWorkoutEvents([HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: date, duration: 0),
                                                                metadata: nil)])
        } catch {
            logger.error("*** Could not mark a lap: \(error) ***")
        }
    }

    func pauseWorkout() {
        session?.pause()
    }

    func resumeWorkout() {
        session?.resume()
    }

    /// The heart rate the builder last collected, in beats per minute.
    var heartRate: Double? {
        builder?.statistics(for: HKQuantityType(.heartRate))?.mostRecentQuantity()?
            .doubleValue(for: HKUnit.count().unitDivided(by: .minute()))
    }
}

extension MyWorkoutManager: HKWorkoutSessionDelegate {
    nonisolated func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                                    from fromState: HKWorkoutSessionState, date: Date) {
        logger.debug("==> The workout session went from \(fromState) to \(toState).")
    }

    nonisolated func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {
        logger.error("*** The workout session failed: \(error) ***")
    }
}

extension MyWorkoutManager: HKLiveWorkoutBuilderDelegate {
    nonisolated func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {}

    nonisolated func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {
        logger.debug("==> The workout builder collected an event.")
    }
}
