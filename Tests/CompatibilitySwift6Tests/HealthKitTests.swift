// Issue 24: HealthKit's async forms (save, delete, deleteObjects) from an actor, and a live
// workout's activities, in Swift 6 language mode.
import ActionButtonHarness
import AppIntents
import HealthKit
import Synchronization
import Testing

// HealthKit's async forms and workout activities.
extension TrailAppSwift6Tests {
    @Test("An actor saves, averages and deletes heart rates with the async forms")
    func asyncForms() async throws {
        let watch = try trailWatch(seed: 9)
        let log = TrainingLog()
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        try await watch.runInApp("log heart rates") { Task { try await log.record([100, 120, 140], from: start) } }
        let average = Answer<Double>()
        try await watch.runInApp("average") { Task { average.set(try await log.average()) } }
        #expect(average.value == 120)
        let remaining = Answer<Int>()
        try await watch.runInApp("forget") {
            Task {
                try await log.forgetFirst()
                remaining.set(try await log.forgetAll())
            }
        }
        #expect(remaining.value == 2)
    }

    @Test("A live workout's session begins a new activity; the saved workout keeps both legs")
    func liveActivities() async throws {
        let watch = try trailWatch(seed: 10)
        try await watch.press()
        try await watch.runInApp("collect") {
            Task { @MainActor in try await TrailSession.shared.beginCollecting() }
        }
        try await watch.advance(by: .seconds(30))
        try await watch.runInApp("next leg") { Task { @MainActor in TrailSession.shared.nextLeg() } }
        try await watch.advance(by: .seconds(30))
        let workout = Answer<HKWorkout>()
        try await watch.runInApp("finish") { Task { @MainActor in workout.set(try await TrailSession.shared.finish()) } }
        let saved = try #require(workout.value)
        #expect(saved.workoutActivities.map(\.workoutConfiguration.activityType) == [.running, .walking])
        #expect(saved.workoutActivities.allSatisfy { $0.endDate != nil })
        #expect(await TrailSession.shared.activitiesBegun == 2)
        watch.expectSession(.none)
    }
}

/// What app code running on the watch found, for the test to read after.
final class Answer<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)
    func set(_ value: Value?) { stored.withLock { $0 = value } }
    var value: Value? { stored.withLock { $0 } }
}
