// A second watch app of the Swift 6 target, for issue 24's frameworks (CoreMotion's
// managers, HealthKit's queries and builders, WatchKit's sessions, App Intents' newer
// protocols). Its own state, so that its tests never share the first app's singletons.
import AppIntents
import HealthKit

enum TrailStyle: String, AppEnum {
    case running
    case walking

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Trail"
    static let caseDisplayRepresentations: [TrailStyle: DisplayRepresentation] = [.running: "Trail run", .walking: "Hike"]
}

struct StartTrailIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start on the trail"
    static var suggestedWorkouts: [StartTrailIntent] { [StartTrailIntent(style: .running), StartTrailIntent(style: .walking)] }

    @Parameter(title: "Trail style")
    var workoutStyle: TrailStyle

    init() { workoutStyle = .running }

    @MainActor
    func perform() async throws -> some IntentResult {
        try TrailSession.shared.start(workoutStyle)
        return .result()
    }
}

/// The trail app's workout: a session, and a live builder once the app asks for one.
@MainActor
final class TrailSession: HKLiveWorkoutBuilderDelegate {
    static let shared = TrailSession()

    let store = HKHealthStore()
    private(set) var session: HKWorkoutSession?
    private(set) var builder: HKLiveWorkoutBuilder?
    private(set) var activitiesBegun = 0

    /// Collects the session's data, as one running activity to begin with.
    func beginCollecting() async throws {
        guard let session else { return }
        let builder = session.associatedWorkoutBuilder()
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: session.workoutConfiguration)
        builder.delegate = self
        builder.shouldCollectWorkoutEvents = true
        self.builder = builder
        try await builder.beginCollection(at: Date())
        session.beginNewActivity(configuration: session.workoutConfiguration, date: Date(), metadata: ["leg": 1])
    }

    /// The next leg of the workout: walking.
    func nextLeg() {
        let walking = HKWorkoutConfiguration()
        walking.activityType = .walking
        session?.beginNewActivity(configuration: walking, date: Date(), metadata: ["leg": 2])
    }

    func finish() async throws -> HKWorkout? {
        session?.endCurrentActivity(on: Date())
        session?.end()
        try await builder?.endCollection(at: Date())
        session = nil
        return try await builder?.finishWorkout()
    }

    nonisolated func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {}
    nonisolated func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
    nonisolated func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didBegin workoutActivity: HKWorkoutActivity) {
        Task { @MainActor in TrailSession.shared.activitiesBegun += 1 }
    }

    func start(_ style: TrailStyle) throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = style == .running ? .running : .walking
        configuration.locationType = .outdoor
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
        self.session = session
        session.startActivity(with: Date())
    }

    func end() {
        session?.end()
        session = nil
        builder = nil
        activitiesBegun = 0
    }
}
