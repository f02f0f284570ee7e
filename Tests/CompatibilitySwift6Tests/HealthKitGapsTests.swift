// HealthKit members an audit against Apple's pages found missing: per-object read
// authorization, recalibrating estimates, relating workout effort scores to a workout, and
// the wearer's preferred zones, called as a Swift 6 watch target calls them, and checked
// against what the watch's store then holds and what the session log says.
import ActionButtonHarness
import Foundation
import HealthKit
import Synchronization
import Testing

/// What a completion handler said, for the test to read.
private final class Replies: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

private func code(_ error: (any Error)?) -> String {
    (error as? HKError).map { "\($0.code)" } ?? "no error"
}

private let effortStart = Date(timeIntervalSince1970: 1_700_000_000)

extension TrailAppSwift6Tests {
    @Test("Per-object read authorization is for prescriptions only; recalibration for the types that allow it")
    func authorizationAndRecalibration() async throws {
        let watch = try trailWatch(seed: 44)
        let replies = Replies()
        try await watch.runInApp("ask") {
            let store = HKHealthStore()
            let prescriptions = HKObjectType.visionPrescriptionType()
            replies.add("per object \(prescriptions.requiresPerObjectAuthorization()) \(HKQuantityType(.heartRate).requiresPerObjectAuthorization())")
            store.requestPerObjectReadAuthorization(for: prescriptions, predicate: nil) { success, error in
                replies.add("prescriptions \(success) \(code(error))")
            }
            let walk = HKQuantityType(.sixMinuteWalkTestDistance)
            replies.add("recalibrates \(walk.allowsRecalibrationForEstimates) \(HKQuantityType(.heartRate).allowsRecalibrationForEstimates)")
            store.recalibrateEstimates(sampleType: walk, date: effortStart) { success, error in
                replies.add("walk \(success) \(code(error))")
            }
            Task {
                do {
                    try await store.requestPerObjectReadAuthorization(for: HKQuantityType(.heartRate),
                                                                      predicate: HKQuery.predicateForSamples(withStart: effortStart, end: nil))
                    replies.add("heart rate per object allowed")
                } catch {
                    replies.add("heart rate per object \(code(error))")
                }
                do {
                    try await store.recalibrateEstimates(sampleType: HKQuantityType(.heartRate), date: effortStart)
                    replies.add("heart rate recalibrated")
                } catch {
                    replies.add("heart rate recalibration \(code(error))")
                }
                try await store.requestPerObjectReadAuthorization(for: prescriptions,
                                                                  predicate: HKQuery.predicateForSamples(withStart: effortStart, end: nil))
                try await store.recalibrateEstimates(sampleType: walk, date: effortStart)
                replies.add("async done")
            }
        }
        #expect(replies.all == [
            "per object true false", "prescriptions true no error", "recalibrates true false", "walk true no error",
            "heart rate per object errorInvalidArgument", "heart rate recalibration errorInvalidArgument", "async done",
        ], "\(replies.all)")
        #expect(watch.appLog.contains("HealthKit: the wearer chose which HKVisionPrescriptionTypeIdentifier samples the app may read"))
        #expect(watch.appLog.contains(
            "HealthKit: the wearer chose which HKVisionPrescriptionTypeIdentifier samples the app may read (among those the predicate matches)"))
        #expect(watch.appLog.filter { $0 == "HealthKit: estimates of HKQuantityTypeIdentifierSixMinuteWalkTestDistance start over from 1700000000.0" }
            .count == 2, "\(watch.appLog)")
    }

    @Test("An effort score related to a workout is saved with it and found by the related-samples predicate until unrelated")
    func workoutEffort() async throws {
        let watch = try trailWatch(seed: 45)
        let replies = Replies()
        let found = Answer<[Double]>()
        try await watch.runInApp("rate the workout") {
            let store = HKHealthStore()
            Task {
                let configuration = HKWorkoutConfiguration()
                configuration.activityType = .running
                let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: nil)
                try await builder.beginCollection(at: effortStart)
                let run = HKWorkoutActivity(workoutConfiguration: configuration, start: effortStart,
                                            end: effortStart.addingTimeInterval(1200), metadata: nil)
                try await builder.addWorkoutActivity(run)
                try await builder.endCollection(at: effortStart.addingTimeInterval(1800))
                guard let workout = try await builder.finishWorkout(), let activity = workout.workoutActivities.first else {
                    return replies.add("no workout")
                }

                let rated = HKQuantitySample(type: HKQuantityType(.workoutEffortScore), quantity: HKQuantity(unit: .appleEffortScore(), doubleValue: 7),
                                             start: effortStart, end: effortStart.addingTimeInterval(1800))
                let estimated = HKQuantitySample(type: HKQuantityType(.estimatedWorkoutEffortScore),
                                                 quantity: HKQuantity(unit: .appleEffortScore(), doubleValue: 6),
                                                 start: effortStart, end: effortStart.addingTimeInterval(1200))
                try await store.relateWorkoutEffortSample(rated, with: workout, activity: nil)
                store.relateWorkoutEffortSample(estimated, with: workout, activity: activity) { success, error in
                    replies.add("estimated \(success) \(code(error))")
                }
                let steps = HKQuantitySample(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 10),
                                             start: effortStart, end: effortStart.addingTimeInterval(60))
                store.relateWorkoutEffortSample(steps, with: workout, activity: nil) { success, error in
                    replies.add("steps \(success) \(code(error))")
                }
                let elsewhere = HKWorkoutActivity(workoutConfiguration: configuration, start: effortStart, end: nil, metadata: nil)
                do {
                    try await store.relateWorkoutEffortSample(rated, with: workout, activity: elsewhere)
                } catch {
                    replies.add("other activity \(code(error))")
                }

                func scores(_ activity: HKWorkoutActivity?) async throws -> [Double] {
                    let related = HKQuery.predicateForWorkoutEffortSamplesRelated(workout: workout, activity: activity)
                    let types = [HKQuantityType(.workoutEffortScore), HKQuantityType(.estimatedWorkoutEffortScore)]
                    let query = HKSampleQueryDescriptor(predicates: types.map { HKSamplePredicate<HKQuantitySample>.quantitySample(type: $0, predicate: related) },
                                                        sortDescriptors: [SortDescriptor(\.endDate)])
                    return try await query.result(for: store).map { $0.quantity.doubleValue(for: .appleEffortScore()) }
                }
                replies.add("workout \(try await scores(nil)) activity \(try await scores(activity))")
                try await store.unrelateWorkoutEffortSample(rated, from: workout, activity: nil)
                store.unrelateWorkoutEffortSample(rated, from: workout, activity: nil) { success, error in
                    replies.add("again \(success) \(code(error))")
                }
                found.set(try await scores(nil))
            }
        }
        #expect(replies.all == [
            "estimated true no error", "steps false errorInvalidArgument", "other activity errorInvalidArgument",
            "workout [6.0, 7.0] activity [6.0]", "again false errorInvalidArgument",
        ], "\(replies.all)")
        // Unrelated, the rated score stays saved but no longer counts as the workout's.
        #expect(found.value == [6])
    }

    @Test("The wearer's preferred zones: the system's heart-rate zones, none for power, none for other types")
    func preferredZones() async throws {
        let watch = try trailWatch(seed: 46)
        let replies = Replies()
        try await watch.runInApp("zones") {
            let store = HKHealthStore()
            Task {
                let heart = try await store.preferredWorkoutZoneConfiguration(for: HKQuantityType(.heartRate))
                let bpm = HKUnit.count().unitDivided(by: .minute())
                let bounds = heart?.zones.compactMap { $0.maximum?.doubleValue(for: bpm) } ?? []
                replies.add("heart \(heart?.zones.count ?? 0) \(heart?.source == .system) rising \(bounds == bounds.sorted())")
                let power = try await store.preferredWorkoutZoneConfiguration(for: HKQuantityType(.cyclingPower))
                replies.add("power \(power == nil)")
                do {
                    _ = try await store.preferredWorkoutZoneConfiguration(for: HKQuantityType(.stepCount))
                    replies.add("steps have zones")
                } catch {
                    replies.add("steps \(code(error))")
                }
            }
        }
        #expect(replies.all == ["heart 5 true rising true", "power true", "steps errorInvalidArgument"], "\(replies.all)")
    }
}
