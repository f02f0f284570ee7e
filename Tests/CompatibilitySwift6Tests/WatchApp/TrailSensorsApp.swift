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

/// The trail app's workout: a session without a live builder.
@MainActor
final class TrailSession {
    static let shared = TrailSession()

    let store = HKHealthStore()
    private(set) var session: HKWorkoutSession?

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
    }
}
