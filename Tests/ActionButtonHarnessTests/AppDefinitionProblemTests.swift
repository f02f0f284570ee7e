import ActionButtonCore
import ActionButtonHarness
import AppIntents
import Testing

// Issue 14's bad input: what Apple's build of an app refuses is refused when the simulated
// watch installs it, naming the type, never crashing.

enum HalfDescribedStyle: String, AppEnum {
    case running, rowing
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Workout"
    static let caseDisplayRepresentations: [HalfDescribedStyle: DisplayRepresentation] = [.running: "Running"]
}

/// Declares its style as a plain property, not a `@Parameter`.
struct PlainStyleStartIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start"
    static let suggestedWorkouts = [PlainStyleStartIntent()]
    var workoutStyle: HalfDescribedStyle = .running
    func perform() async throws -> some IntentResult { .result() }
}

@Suite("Installing an app refuses what Apple's build refuses")
struct AppDefinitionProblemTests {
    @Test("A start intent whose workoutStyle is not a @Parameter, with an enum case lacking a display representation, is refused naming both")
    func startIntentProblems() throws {
        let app = AppDefinition.workoutApp("Sloppy", start: PlainStyleStartIntent.self)
        #expect(app.problems == [
            "PlainStyleStartIntent.workoutStyle must be declared with @Parameter (Apple's StartWorkoutIntent requires it)",
            "HalfDescribedStyle.caseDisplayRepresentations has no entry for .rowing; First Press shows each case's title and subtitle (A2)",
        ])
        #expect(throws: AppRegistry.ConfigurationError.unusableApp(app: "Sloppy", problems: app.problems)) {
            _ = try ActionButtonHarness(app: app, settings: .workout(app: "Sloppy", firstPress: nil))
        }
    }

    @Test("An app whose start intent is as Apple's examples write it has no problems")
    func wellFormed() {
        #expect(AppDefinition.workoutApp("Fine", start: RacingDonationsIntent.self).problems.isEmpty)
    }
}
