import ActionButtonCore
import AppIntents
import AppManifests
import Scenarios
import Testing
import YAMLDocuments

// A Swift app a scenario can name: `apps: [{swift: LapApp}]`.

enum LapWorkout: String, AppEnum {
    case running, walking
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Workout"
    static let caseDisplayRepresentations: [LapWorkout: DisplayRepresentation] = [
        .running: DisplayRepresentation(title: "Running", subtitle: "outside run"),
        .walking: DisplayRepresentation(title: "Walking", subtitle: "outside walk"),
    ]
}

struct LapIntent: AppIntent {
    static let title: LocalizedStringResource = "Mark Lap"
    func perform() async throws -> some IntentResult {
        try SimulatedSession.mark(.lap)
        return .result()
    }
}

struct StartLapWorkoutIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start Workout"
    static let suggestedWorkouts = [StartLapWorkoutIntent(style: .running), StartLapWorkoutIntent(style: .walking)]
    @Parameter(title: "Type of Workout") var workoutStyle: LapWorkout
    init() { workoutStyle = .running }
    init(style: LapWorkout) { workoutStyle = style }

    func perform() async throws -> some IntentResult {
        try SimulatedSession.start(workoutStyle: workoutStyle.rawValue)
        return .result(actionButtonIntent: LapIntent())
    }
}

struct QuietStartIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start quietly"
    static let openAppWhenRun = false
    static let suggestedWorkouts = [QuietStartIntent()]
    @Parameter(title: "Type of Workout") var workoutStyle: LapWorkout
    init() { workoutStyle = .running }
    func perform() async throws -> some IntentResult {
        try SimulatedSession.start()
        return .result()
    }
}

let lapApp = AppDefinition.workoutApp("LapApp", start: StartLapWorkoutIntent.self, actions: [LapIntent.self])

func parse(_ text: String, swiftApps: [AppDefinition] = [lapApp]) throws(DocumentError) -> Scenario {
    try ScenarioParser.parse(try YAMLDocument(text: text, file: "swift.yaml"), swiftApps: swiftApps)
}

func parseError(_ text: String, swiftApps: [AppDefinition] = [lapApp]) -> String? {
    do {
        _ = try parse(text, swiftApps: swiftApps)
        return nil
    } catch {
        return error.description
    }
}

@Suite("Scenarios that install Swift apps")
struct SwiftAppScenarioTests {
    @Test("S1: a scenario installs a Swift app by name; its intents run as written in Swift")
    func runsSwiftApp() async throws {
        let scenario = try parse("""
            name: laps
            apps: [{swift: LapApp}]
            settings: {action: workout, first-press: walking}
            steps:
              - {at: 0s, gesture: press}
              - {at: 1m, gesture: press}
            expect:
              - {at: 0s, intent: StartLapWorkoutIntent, parameters: {workoutStyle: walking}}
              - {at: 1s, state: running, next-action: LapIntent}
              - {at: 1m, intent: LapIntent, role: next-action}
              - {at: 1m, marker: lap}
            """)
        #expect(scenario.apps.map(\.isSwift) == [true])
        let outcome = try await ScenarioRunner.run(scenario)
        #expect(outcome.failures.map(\.message) == [])
        #expect(outcome.results.count == 5)
    }

    @Test("S1: an unknown Swift app is refused at its line and column, with the names this actionsim knows")
    func unknownSwiftApp() {
        let error = parseError("""
            name: typo
            apps: [{swift: LapAp}]
            settings: {action: workout}
            steps: [{at: 0s, gesture: press}]
            """)
        #expect(error == #"swift.yaml:2:16: no Swift app named "LapAp"; this actionsim has LapApp (did you mean "LapApp"?)"#)
    }

    @Test("S1: an actionsim built without Swift apps says which actionsim to run instead")
    func noRegistry() throws {
        let error = try #require(parseError("""
            name: none
            app: {swift: LapApp}
            settings: {action: workout}
            steps: [{at: 0s, gesture: press}]
            """, swiftApps: []))
        #expect(error.hasPrefix("swift.yaml:2:14: no Swift app named \"LapApp\": this actionsim was built without Swift apps"))
        #expect(error.contains("Actionsim.runFromCommandLine(apps:)"))
    }

    @Test("S1: a Swift app reference takes only its name")
    func swiftReferenceKeys() {
        let error = parseError("""
            name: extra
            apps: [{swift: LapApp, path: apps/lap.yaml}]
            settings: {action: workout}
            steps: [{at: 0s, gesture: press}]
            """)
        #expect(error?.hasPrefix("swift.yaml:2:") == true)
        #expect(error?.contains("path") == true)
    }

    @Test("S1: expectations are checked against the intents the Swift app declares")
    func unknownIntentOfSwiftApp() {
        let error = parseError("""
            name: wrong intent
            apps: [{swift: LapApp}]
            settings: {action: workout}
            steps: [{at: 0s, gesture: press}]
            expect:
              - {at: 1s, next-action: MarkSegmentIntent}
            """)
        #expect(error == #"swift.yaml:6:27: unknown action intent "MarkSegmentIntent"; expected one of LapIntent"#)
    }

    @Test("A2: First Press must be one of the Swift app's suggested workouts")
    func firstPressChecked() {
        let error = parseError("""
            name: swim
            apps: [{swift: LapApp}]
            settings: {action: workout, first-press: swimming}
            steps: [{at: 0s, gesture: press}]
            """)
        #expect(error == #"swift.yaml:3:42: First Press "swimming" is not one of LapApp's suggested workouts; expected one of running, walking (A2)"#)
    }

    @Test("A2: a suggested-workouts step cannot drive a Swift app, which changes its list in code")
    func suggestedWorkoutsStepRefused() throws {
        let error = try #require(parseError("""
            name: change
            apps: [{swift: LapApp}]
            settings: {action: workout}
            steps:
              - {at: 0s, suggested-workouts: [walking]}
            """))
        #expect(error.hasPrefix("swift.yaml:5:34: LapApp is a Swift app: it changes its own suggested workouts in code"))
    }

    @Test("A9: a Swift start intent that does not open the app is warned about where the scenario names the app")
    func opensAppWarning() throws {
        let quiet = AppDefinition.workoutApp("QuietApp", start: QuietStartIntent.self)
        let scenario = try parse("""
            name: quiet
            apps: [{swift: QuietApp}]
            settings: {action: workout}
            steps: [{at: 0s, gesture: press}]
            """, swiftApps: [quiet])
        #expect(scenario.apps.flatMap(\.warnings).map(\.description) == [
            "swift.yaml:2:16: warning: QuietStartIntent sets openAppWhenRun to false; start intents must open the app, and the system launches it first anyway (A9)",
        ])
    }
}

/// Issue 24: a Swift app's controls (watchOS 26), as init-package registers them.
struct BeaconIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Beacon"
    @Parameter(title: "On") var value: Bool
    init() { value = false }
    func perform() async throws -> some IntentResult { .result() }
}

@Suite("Scenarios that pick a Swift app's control")
struct SwiftAppControlScenarioTests {
    @Test("A scenario picks a Swift app's control by its intent; a press runs it with the toggle's next value")
    func swiftControl() async throws {
        let beacon = AppDefinition.controlsApp("BeaconApp", controls: [.toggle(BeaconIntent())])
        let scenario = try parse("""
            name: beacon
            apps: [{swift: BeaconApp}]
            settings: {action: control, control: BeaconIntent}
            steps:
              - {at: 0s, gesture: press}
              - {at: 5s, gesture: press}
            expect:
              - {at: 0s, intent: BeaconIntent, role: control, parameters: {value: "true"}}
              - {at: 5s, intent: BeaconIntent, role: control, parameters: {value: "false"}}
            """, swiftApps: [beacon])
        #expect(scenario.apps.first?.model.intents.first?.control == .toggle)
        let outcome = try await ScenarioRunner.run(scenario)
        #expect(outcome.failures.map(\.message) == [])
    }
}
