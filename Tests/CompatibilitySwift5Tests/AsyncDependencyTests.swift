// Issue 24: AppDependencyManager's third `add` form (an `async throws` closure) and
// @AppDependency's `async throws` default, as Apple declares them and apps write them: the
// watch makes such dependencies just before an intent performs, on the watch's time line.
import ActionButtonHarness
import AppIntents
import HealthKit
import os
import Testing

/// Opening it takes a moment (an app's database or files), hence the async closure.
actor TrailDatabase {
    let trails: [String]
    init(trails: [String]) { self.trails = trails }

    static func open() async throws -> TrailDatabase {
        try await Task.sleep(for: .milliseconds(50))
        return TrailDatabase(trails: ["ridge", "lake"])
    }
}

/// Loaded on first use if the app registered none (the intent's own default).
final class OfflineMaps: Sendable {
    let regions: [String]
    init(regions: [String]) { self.regions = regions }
    static func load() async throws -> OfflineMaps { OfflineMaps(regions: ["alps"]) }
}

struct BrokenStore: Sendable {}

enum TrailStyle: String, AppEnum {
    case hike
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Trail"
    static var caseDisplayRepresentations: [TrailStyle: DisplayRepresentation] = [.hike: "Hike"]
}

struct StartTrailIntent: StartWorkoutIntent {
    static var title: LocalizedStringResource = "Start a trail"
    static var suggestedWorkouts: [StartTrailIntent] = [StartTrailIntent()]
    @Parameter(title: "Style")
    var workoutStyle: TrailStyle

    init() { workoutStyle = .hike }

    @AppDependency var database: TrailDatabase
    @AppDependency(default: { try await OfflineMaps.load() })
    var maps: OfflineMaps

    func perform() async throws -> some IntentResult {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .hiking
        let session = try HKWorkoutSession(healthStore: HKHealthStore(), configuration: configuration)
        session.startActivity(with: Date())
        let trails = await database.trails
        let projected: AppDependency<TrailDatabase> = $database  // projectedValue: the wrapper
        _ = projected
        Logger().info("trails \(trails.joined(separator: ",")) maps \(maps.regions.joined(separator: ","))")
        return .result()
    }
}

struct PauseTrailIntent: PauseWorkoutIntent {
    static var title: LocalizedStringResource = "Pause the trail"
    @AppDependency var broken: BrokenStore
    func perform() async throws -> some IntentResult { .result() }
}

enum StoreError: Error { case corrupt }

@Suite("Swift 5: dependencies made by async closures")
struct AsyncDependencySwift5Tests {
    @Test("add { try await ... } and @AppDependency(default: { try await ... }) are made before the intent performs; a throw fails that intent")
    func asyncDependencies() async throws {
        let app = AppDefinition.workoutApp("Trails5", start: StartTrailIntent.self, pause: PauseTrailIntent(),
                                           didFinishLaunching: {
            AppDependencyManager.shared.add { try await TrailDatabase.open() }
            AppDependencyManager.shared.add(key: nil) { () async throws -> BrokenStore in throw StoreError.corrupt }
        })
        let watch = try ActionButtonHarness(app: app, settings: .workout(app: "Trails5", firstPress: "hike"))
        try await watch.press()
        watch.expectPerformed(StartTrailIntent.self)
        watch.expectSession(.running)
        #expect(watch.appLog.contains("trails ridge,lake maps alps"), "\(watch.appLog)")
        try await watch.advance(by: .seconds(5))
        try await watch.pressBoth()
        #expect(watch.timeline.contains { $0.contains("PauseTrailIntent") && $0.contains("corrupt") }, "\(watch.timeline)")
        watch.expectSession(.running)
    }
}
