// Issue 24: App Intents' newer surface and CoreMotion's depth limit, in Swift 5 language mode.
import ActionButtonHarness
import AppIntents
import Testing

@Suite("Swift 5: App Intents' entities, modes and confirmation", .serialized)
struct AppIntentsSwift5Tests {
    @Test("An entity from its query as a parameter, @AppDependency, confirmation, supportedModes, the depth limit")
    func planDive() async throws {
        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("LogbookIntents5", start: StartLogbookIntent.self),
                                            settings: .workout(app: "LogbookIntents5", firstPress: "run"))
        let planner = DiveSitePlanner()
        var dialog: String?
        try await watch.runInApp("plan a dive") {
            AppDependencyManager.shared.add(dependency: planner)
            AppDependencyManager.shared.add(key: "logbook", dependency: "Red Sea")
            Task {
                var intent = PlanDiveIntent()
                intent.site = try await DiveSite.defaultQuery.entities(for: ["wreck"])[0]
                dialog = try await intent.perform().dialog?.description
            }
        }
        #expect(planner.planned == ["The wreck (Red Sea)"])
        #expect(planner.depthLimit == 40)
        #expect(dialog == "Planned The wreck")
        #expect(PlanDiveIntent.supportedModes == .foreground)
        #expect(watch.appLog.contains("PlanDiveIntent asks to confirm [Continue]: the wearer confirms"))
        #expect(try await DiveSiteQuery().suggestedEntities().count == 2)
    }
}
