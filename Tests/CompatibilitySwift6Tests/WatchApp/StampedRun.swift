// Issue 24: a workout app that stamps what it does with `Date()`, as apps do. On a watch
// `Date()` is the watch's now; on the simulated watch, which lives in 2025, the stand-ins read
// such dates on the watch's clock.
import AppIntents
import HealthKit

struct StartStampedRunIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start a stamped run"
    static var suggestedWorkouts: [StartStampedRunIntent] { [StartStampedRunIntent()] }

    @Parameter(title: "Style")
    var workoutStyle: TrailStyle

    init() { workoutStyle = .running }

    @MainActor
    func perform() async throws -> some IntentResult {
        try await StampedRun.shared.start()
        return .result()
    }
}

@MainActor
final class StampedRun {
    static let shared = StampedRun()

    let store = HKHealthStore()
    private(set) var session: HKWorkoutSession?
    private(set) var builder: HKLiveWorkoutBuilder?
    private(set) var water: HKQuantitySample?
    private(set) var elapsed: TimeInterval = 0
    private(set) var found: [HKQuantitySample] = []
    private(set) var workout: HKWorkout?

    func start() async throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
        let builder = session.associatedWorkoutBuilder()
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
        self.session = session
        self.builder = builder
        session.startActivity(with: Date())
        try await builder.beginCollection(at: Date())
    }

    /// A glass of water stamped now, the workout's elapsed time now, and the water of the last
    /// two minutes.
    func drink() async throws {
        let now = Date()
        let water = HKQuantitySample(type: HKQuantityType(.dietaryWater), quantity: HKQuantity(unit: .literUnit(with: .milli), doubleValue: 250),
                                     start: now, end: now)
        try await store.save(water)
        self.water = water
        elapsed = builder?.elapsedTime(at: Date()) ?? 0
        let recent = HKQuery.predicateForSamples(withStart: Date().addingTimeInterval(-120), end: Date())
        found = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: HKQuantityType(.dietaryWater), predicate: recent)],
                                                  sortDescriptors: []).result(for: store)
    }

    func finish() async throws {
        session?.end()
        try await builder?.endCollection(at: Date())
        workout = try await builder?.finishWorkout()
    }
}
