// Issue 24: App Intents' newer surface as watch apps use it in Swift 6: supportedModes,
// entities and their queries, @AppDependency, confirmation, foreground continuation,
// SetValueIntent, LongRunningIntent and String(localized:defaultValue:).
import AppIntents
import HealthKit

/// A start intent that says it runs in the background (watchOS 26's supportedModes): the
/// system opens the app anyway, and says so.
struct BackgroundTrailIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start quietly"
    static let supportedModes: IntentModes = [.background, .foreground(.dynamic)]
    static var suggestedWorkouts: [BackgroundTrailIntent] { [BackgroundTrailIntent(style: .running)] }

    @Parameter(title: "Trail style")
    var workoutStyle: TrailStyle

    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        try HKWorkoutSession(healthStore: HKHealthStore(), configuration: configuration).startActivity(with: Date())
        return .result()
    }
}

/// A start intent that asks for the foreground, as the Action button wants.
struct ForegroundTrailIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start in the app"
    static let supportedModes: IntentModes = .foreground
    static var suggestedWorkouts: [ForegroundTrailIntent] { [ForegroundTrailIntent(style: .running)] }

    @Parameter(title: "Trail style")
    var workoutStyle: TrailStyle

    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult { .result() }
}

struct Waypoint: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Waypoint"
    static let defaultQuery = WaypointQuery()

    let id: String
    let name: String

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
}

struct WaypointQuery: EntityStringQuery, EnumerableEntityQuery {
    func allEntities() async throws -> [Waypoint] { WaypointBook.known }
    func entities(for identifiers: [Waypoint.ID]) async throws -> [Waypoint] { WaypointBook.known.filter { identifiers.contains($0.id) } }
    func entities(matching string: String) async throws -> [Waypoint] {
        WaypointBook.known.filter { $0.name.localizedCaseInsensitiveContains(string) }
    }
}

/// The app's store of waypoints, registered at launch and reached with @AppDependency.
final class WaypointBook: Sendable {
    static let known = [Waypoint(id: "summit", name: "Summit"), Waypoint(id: "spring", name: "Spring")]
    let marks = Answer<[String]>()

    func mark(_ waypoint: Waypoint) { marks.set((marks.value ?? []) + [waypoint.name]) }
}

struct MarkWaypointIntent: AppIntent, ForegroundContinuableIntent {
    static let title: LocalizedStringResource = "Mark a waypoint"
    static let authenticationPolicy: IntentAuthenticationPolicy = .requiresAuthentication

    @Parameter(title: "Waypoint")
    var waypoint: Waypoint?

    @AppDependency
    var book: WaypointBook

    func perform() async throws -> some IntentResult & ProvidesDialog {
        var chosen = self.waypoint
        if chosen == nil { chosen = try await WaypointQuery().entities(matching: "sum").first }
        guard let waypoint = chosen else { return .result(dialog: "No waypoint") }
        try await requestConfirmation(actionName: .log, dialog: "Mark \(waypoint.name)?")
        book.mark(waypoint)
        try await requestToContinueInForeground("Open the map") {}
        return .result(dialog: "\(String(localized: "waypoint.marked", defaultValue: "Marked \(waypoint.name)"))")
    }
}

struct SetTargetPaceIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Set the target pace"

    @Parameter(title: "Seconds a kilometre")
    var value: Int

    init() { value = 300 }

    func perform() async throws -> some IntentResult & ReturnsValue<Int> { .result(value: value) }
}

struct SyncTrailsIntent: LongRunningIntent {
    static let title: LocalizedStringResource = "Sync trails"

    func perform() async throws -> some IntentResult & ReturnsValue<Int> {
        let count = try await performBackgroundTask {
            progress.completedUnitCount = 100
            return 12
        }
        return .result(value: count)
    }
}
