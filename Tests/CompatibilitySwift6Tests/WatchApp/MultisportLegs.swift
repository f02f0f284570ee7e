// A Swift 6 watch app's file for what the audit of 2026-11-29 added that takes closures or
// crosses actors: a main-actor model that hears each leg of a multisport workout begin and
// end (watchOS 9), a smart alarm's repeating haptic, signposts around async work, a
// snapshot refresh, samples added to a saved workout, and HKError as an NSError.
import HealthKit
import os
import WatchKit

@MainActor
final class MultisportLegs: HKWorkoutSessionDelegate {
    let store = HKHealthStore()
    private(set) var session: HKWorkoutSession?
    private(set) var legs: [String] = []
    private let signposter = OSSignposter(subsystem: "com.example.trail", category: .pointsOfInterest)

    func start() throws {
        let swim = HKWorkoutConfiguration()
        swim.activityType = .swimming
        let session = try HKWorkoutSession(healthStore: store, configuration: swim)
        session.delegate = self
        session.startActivity(with: Date())
        session.beginNewActivity(configuration: swim, date: Date(), metadata: nil)
        self.session = session
    }

    /// The next leg, made from the one before.
    func transition(to activityType: HKWorkoutActivityType) {
        guard let session else { return }
        let next = session.workoutConfiguration.copy() as! HKWorkoutConfiguration
        next.activityType = activityType
        let state = signposter.beginInterval("transition", id: signposter.makeSignpostID(), "to \(activityType.rawValue)")
        session.beginNewActivity(configuration: next, date: Date(), metadata: nil)
        signposter.endInterval("transition", state)
    }

    func finish() {
        session?.endCurrentActivity(on: Date())
        session?.end()
    }

    nonisolated func workoutSession(_ workoutSession: HKWorkoutSession, didBeginActivityWith workoutConfiguration: HKWorkoutConfiguration,
                                    date: Date) {
        let type = workoutConfiguration.activityType
        Task { @MainActor in self.legs.append("begin \(type.rawValue)") }
    }

    nonisolated func workoutSession(_ workoutSession: HKWorkoutSession, didEndActivityWith workoutConfiguration: HKWorkoutConfiguration,
                                    date: Date) {
        let type = workoutConfiguration.activityType
        Task { @MainActor in self.legs.append("end \(type.rawValue)") }
    }

    nonisolated func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                                    from fromState: HKWorkoutSessionState, date: Date) {}
    nonisolated func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {}

    /// The summary's work, measured.
    func summarize(_ workout: HKWorkout) -> Double {
        signposter.withIntervalSignpost("summary") {
            workout.totalDistance?.doubleValue(for: .meter()) ?? 0
        }
    }

    /// Heart rates filed under a saved workout, the older way.
    func file(_ samples: [HKSample], under workout: HKWorkout) async -> Bool {
        await withCheckedContinuation { continuation in
            store.add(samples, to: workout) { success, _ in continuation.resume(returning: success) }
        }
    }

    /// The same, with Swift concurrency.
    func file(_ samples: [HKSample], awaitingUnder workout: HKWorkout) async throws {
        try await store.addSamples(samples, to: workout)
    }

    func refreshSnapshot() async -> Bool {
        await withCheckedContinuation { continuation in
            WKApplication.shared().scheduleSnapshotRefresh(withPreferredDate: Date().addingTimeInterval(60), userInfo: nil) { error in
                continuation.resume(returning: error == nil)
            }
        }
    }

    func wake() -> WKExtendedRuntimeSession {
        let alarm = WKExtendedRuntimeSession()
        alarm.start()
        alarm.notifyUser(hapticType: .notification) { pattern in
            pattern.pointee = .retry
            return 5
        }
        return alarm
    }

    nonisolated func describe(_ error: HKError) -> String {
        "\(HKErrorDomain) \(error.errorUserInfo.count)"
    }
}
