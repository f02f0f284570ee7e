//
//  WorkoutManager.swift
//  TrailRunner Watch App
//

import Foundation
import HealthKit
import Observation
import os

/// The one workout the app runs at a time: its HealthKit session and live builder.
@Observable
final class WorkoutManager: NSObject {
    static let shared = WorkoutManager()

    let store = HKHealthStore()
    private(set) var configuration: HKWorkoutConfiguration?
    private(set) var session: HKWorkoutSession?
    private(set) var builder: HKLiveWorkoutBuilder?
    private(set) var style: TrailWorkout?
    private(set) var lapCount = 0
    private(set) var heartRate: Double?
    private var authorized = false

    func startWorkout(style: TrailWorkout) throws {
        logger.debug("Creating the workout session")
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = style.activityType
        configuration.locationType = .outdoor

        let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
        session.delegate = self
        self.configuration = configuration
        self.session = session
        self.style = style
        lapCount = 0
        session.startActivity(with: Date())
    }

    func requestAuthorization() async {
        let typesToShare: Set = [
            HKQuantityType.workoutType()
        ]
        let typesToRead: Set = [
            HKQuantityType(.heartRate),
            HKQuantityType(.activeEnergyBurned),
            HKQuantityType(.distanceWalkingRunning),
            HKQuantityType(.distanceCycling)
        ]
        guard HKHealthStore.isHealthDataAvailable() else {
            logger.debug("HealthKit is not available on this device")
            return
        }
        do {
            try await store.requestAuthorization(toShare: typesToShare, read: typesToRead)
            authorized = true
        } catch {
            logger.error("HealthKit authorization failed: \(error.localizedDescription)")
        }
    }

    func startCollectingData() async throws {
        guard let session, let configuration else {
            logger.error("There is no workout session to collect data for")
            return
        }
        let builder = session.associatedWorkoutBuilder()
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
        builder.delegate = self
        try await builder.beginCollection(at: Date())
        self.builder = builder

        // Donate the next action once data collection begins, whichever way the workout
        // started: from the Action button or from the app's own Start button.
        logger.debug("Donating Mark Lap as the Action button's next action")
        try await StartTrailWorkoutIntent().donate(result: .result(actionButtonIntent: MarkLapIntent()))
    }

    func markLap(at date: Date) async {
        lapCount += 1
        logger.info("\(TrailStrings.lap(self.lapCount))")
        LapHistory.shared.record(lapCount, at: date)
        logger.info("History: \(LapHistory.shared.laps().map(String.init).joined(separator: ", "))")
        logger.debug("\(String(localized: TrailStrings.lapMarked))")
        let lap = HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
        do {
            try await builder?.addWorkoutEvents([lap])
        } catch {
            logger.error("Could not record lap \(self.lapCount): \(error.localizedDescription)")
        }
    }

    func pause() {
        session?.pause()
    }

    func resume() {
        session?.resume()
    }
}

extension WorkoutManager: HKWorkoutSessionDelegate {
    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                        from fromState: HKWorkoutSessionState, date: Date) {
        logger.debug("The workout session went from \(fromState.rawValue) to \(toState.rawValue)")
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: Error) {
        logger.error("The workout session failed: \(error.localizedDescription)")
    }
}

extension WorkoutManager: HKLiveWorkoutBuilderDelegate {
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        guard collectedTypes.contains(HKQuantityType(.heartRate)) else { return }
        let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())
        heartRate = workoutBuilder.statistics(for: HKQuantityType(.heartRate))?
            .mostRecentQuantity()?.doubleValue(for: beatsPerMinute)
    }

    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
}
