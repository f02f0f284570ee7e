// Issue 24: supportedModes as the wearer sees it, and App Intents' newer protocols run on a
// simulated watch, in Swift 6 language mode.
import ActionButtonHarness
import AppIntents
import Testing

// App Intents' newer surface, on the trail app's watch.
extension TrailAppSwift6Tests {
    @Test("A9: a start intent whose supportedModes is background still opens the app; the watch warns at install and at the press")
    func backgroundStartIntent() async throws {
        let app = AppDefinition.workoutApp("QuietTrail6", start: BackgroundTrailIntent.self)
        let watch = try ActionButtonHarness(app: app, settings: .workout(app: "QuietTrail6", firstPress: "running"))
        #expect(watch.warnings.contains { $0.contains("BackgroundTrailIntent") && $0.contains("(A9)") })
        try await watch.press()
        watch.expectPerformed(BackgroundTrailIntent.self, role: .start(workoutStyle: "running"))
        watch.expectSession(.running)
        #expect(watch.timeline.contains { $0.contains("BackgroundTrailIntent") && $0.contains("launches it first anyway (A3, A9)") })
        #expect(watch.appPresence != .notRunning)

        let foreground = AppDefinition.workoutApp("OpenTrail6", start: ForegroundTrailIntent.self)
        let quiet = try ActionButtonHarness(app: foreground, settings: .workout(app: "OpenTrail6", firstPress: "running"))
        #expect(quiet.warnings.isEmpty)
    }

    @Test("An entity parameter and its queries, @AppDependency, confirmation, foreground continuation, String(localized:defaultValue:)")
    func entityIntent() async throws {
        let watch = try trailWatch(seed: 11)
        let book = WaypointBook()
        let dialog = Answer<String>()
        try await watch.runInApp("mark a waypoint") {
            AppDependencyManager.shared.add { book }
            Task {
                var intent = MarkWaypointIntent()
                let found = try await Waypoint.defaultQuery.entities(for: ["spring"])
                intent.waypoint = found.first
                dialog.set(try await intent.perform().dialog?.description)
            }
        }
        #expect(book.marks.value == ["Spring"])
        #expect(dialog.value == "Marked Spring")
        #expect(watch.appLog.contains("MarkWaypointIntent asks to confirm “Mark Spring?” [Log]: the wearer confirms"))
        #expect(try await WaypointQuery().suggestedEntities().map(\.id) == ["summit", "spring"])
        #expect(MarkWaypointIntent.authenticationPolicy == .requiresAuthentication)
        #expect(String(localized: "Trail") == "Trail")
    }

    @Test("SetValueIntent hands back its value; LongRunningIntent runs its task and reports progress")
    func valueAndLongRunning() async throws {
        var pace = SetTargetPaceIntent()
        pace.value = 280
        #expect((try await pace.perform() as? IntentResultContainer<Int, Never, Never, Never>)?.value == 280)
        let sync = SyncTrailsIntent()
        #expect((try await sync.perform() as? IntentResultContainer<Int, Never, Never, Never>)?.value == 12)
        #expect(sync.progress.completedUnitCount == 100)
    }
}
