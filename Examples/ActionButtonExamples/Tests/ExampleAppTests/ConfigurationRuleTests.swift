import ActionButtonCore
import ActionButtonHarness
import AppIntents
import Testing
@testable import WorkoutApp

@Suite("Where Action-button intents live (A9)")
struct ConfigurationRuleTests {
    @Test("A9: Action-button intents declared in an App Intents extension are a configuration error at load")
    func extensionRefused() {
        let app = variantApp("ExtensionApp", start: MyStartWorkoutIntent.self, intentsInExtension: ["MyStartWorkoutIntent"])
        #expect(throws: AppRegistry.ConfigurationError.intentsInExtension(app: "ExtensionApp", intents: ["MyStartWorkoutIntent"])) {
            try ActionButtonHarness(app: app, settings: workoutSettings(app: "ExtensionApp"))
        }
    }

    @Test("A9: a start intent with openAppWhenRun = false is warned about, and the app is launched first anyway")
    func opensAppAnyway() async throws {
        let watch = try ActionButtonHarness(app: variantApp("QuietApp", start: QuietStartIntent.self),
                                            settings: workoutSettings(app: "QuietApp"))
        #expect(watch.warnings == ["QuietApp: QuietStartIntent sets openAppWhenRun to false; start intents must open the app, and the system launches it first anyway (A9)"])
        try await watch.press()
        #expect(watch.appPresence == .foreground)
        watch.expectSession(.running)
    }

    @Test("A9: Apple's start intents keep openAppWhenRun's default, true")
    func defaultsOpenApp() {
        #expect(MyStartWorkoutIntent.openAppWhenRun)
        #expect(!MarkLapIntent.openAppWhenRun)
    }
}
