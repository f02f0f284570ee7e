// Issue 24: HealthKit's queries, deletion, category types and workout builders, as a Swift 5
// app's completion handlers use them, on a simulated watch's own health database.
import ActionButtonHarness
import AppIntents
import HealthKit
import Testing

private let logbookApp = AppDefinition.workoutApp("Logbook5", start: StartLogbookIntent.self)

/// Apple's samples use their own dates; any fixed day will do.
private let day = Date(timeIntervalSince1970: 1_700_000_000)

@Suite("Swift 5: HealthKit queries, deletion and builders", .serialized)
struct HealthKitSwift5Tests {
    @Test("Save, sample and statistics queries, delete (one, none, by predicate); observer and anchored queries hear of it")
    func queriesAndDeletion() async throws {
        let watch = try ActionButtonHarness(app: logbookApp, settings: .workout(app: "Logbook5", firstPress: "run"))
        let logbook = Logbook()
        try await watch.runInApp("record steps") { logbook.record(steps: [100, 80, 120, 60], at: day) }
        try await watch.runInApp("read them back") { logbook.readBack() }
        #expect(logbook.newestFirst == (0..<4).reversed().map { day.addingTimeInterval(Double($0) * 60) })
        #expect(logbook.total == 360)
        #expect(logbook.noDataError == .errorNoData)
        try await watch.runInApp("delete the first") { logbook.deleteFirst() }
        try await watch.runInApp("delete the rest but one") { logbook.deleteTheRest(after: day.addingTimeInterval(120)) }
        try await watch.runInApp("read them back") { logbook.readBack() }
        #expect(logbook.deletedCount == 2)
        #expect(logbook.total == 80)
        #expect(logbook.deletionsSeen == 3)
        // Once when it starts, once for the save and once for each deletion.
        #expect(logbook.observerCalls == 4)
        #expect(logbook.errors.isEmpty, "\(logbook.errors)")
    }

    @Test("HKWorkoutBuilder saves an app's own multisport workout with its activities and their statistics")
    func workoutBuilder() async throws {
        let watch = try ActionButtonHarness(app: logbookApp, settings: .workout(app: "Logbook5", firstPress: "run"))
        let logbook = Logbook()
        try await watch.runInApp("build a brick workout") { logbook.buildBrick(at: day) }
        let workout = try #require(logbook.workout)
        #expect(logbook.errors.isEmpty, "\(logbook.errors)")
        #expect(workout.workoutActivityType == .swimBikeRun)
        #expect(workout.duration == 1200)
        #expect(workout.workoutActivities.map(\.workoutConfiguration.activityType) == [.swimming, .running])
        #expect(workout.workoutActivities.first?.endDate == day.addingTimeInterval(600))
        let run = try #require(workout.workoutActivities.last)
        #expect(run.metadata?["leg"] as? String == "run")
        #expect(run.statistics(for: HKQuantityType(.distanceWalkingRunning))?.sumQuantity()?.doubleValue(for: .meter()) == 1500)
        #expect(workout.totalDistance?.doubleValue(for: .meter()) == 1500)
    }

    @Test("Every quantity and category type Apple lists, and the activity summary type, can be asked for")
    func types() async throws {
        let watch = try ActionButtonHarness(app: logbookApp, settings: .workout(app: "Logbook5", firstPress: "run"))
        let store = HKHealthStore()
        let share: Set<HKSampleType> = [HKQuantityType(.dietaryWater), HKCategoryType(.mindfulSession), .workoutType()]
        let read: Set<HKObjectType> = [HKObjectType.activitySummaryType(), HKQuantityType(.appleSleepingWristTemperature),
                                       HKObjectType.categoryType(forIdentifier: .sleepAnalysis)!]
        var status = HKAuthorizationStatus.notDetermined
        try await watch.runInApp("ask") {
            store.requestAuthorization(toShare: share, read: read) { _, _ in }
            status = store.authorizationStatus(for: HKQuantityType(.dietaryWater))
        }
        #expect(status == .sharingAuthorized)
        #expect(HKQuantityTypeIdentifier.vo2Max.rawValue == "HKQuantityTypeIdentifierVO2Max")
        #expect(HKQuantityTypeIdentifier.uvExposure.rawValue == "HKQuantityTypeIdentifierUVExposure")
        #expect(HKCategoryTypeIdentifier.highHeartRateEvent.rawValue == "HKCategoryTypeIdentifierHighHeartRateEvent")
        #expect(HKQuantityType(.dietaryEnergyConsumed).aggregationStyle == .cumulative)
        #expect(HKQuantityType(.bodyTemperature).is(compatibleWith: .degreeCelsius()))
    }
}
