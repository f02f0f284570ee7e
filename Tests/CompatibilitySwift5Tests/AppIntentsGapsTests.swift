// The App Intents members an audit against Apple's pages found missing, written as a
// Swift 5 watch target writes them (stored `static var`s, Apple's samples' shapes) and
// called; the tests check what each one does on the simulated watch.
import ActionButtonHarness
import AppIntents
import Foundation
import Testing

// MARK: Results with values

struct OpenSplitsIntent: AppIntent {
    static var title: LocalizedStringResource = "Open splits"
    func perform() async throws -> some IntentResult { .result() }
}

struct LapCountIntent: AppIntent {
    static var title: LocalizedStringResource = "Count laps"
    func perform() async throws -> some ReturnsValue<Int> & OpensIntent { .result(value: 12, opensIntent: OpenSplitsIntent()) }
}

struct LapCountSayingIntent: AppIntent {
    static var title: LocalizedStringResource = "Count laps aloud"
    func perform() async throws -> some ReturnsValue<Int> & OpensIntent & ProvidesDialog {
        .result(value: 12, opensIntent: OpenSplitsIntent(), dialog: "Twelve laps")
    }
}

struct NextLapIntent: AppIntent {
    static var title: LocalizedStringResource = "Next lap"
    func perform() async throws -> some ReturnsValue<Int> {
        .result(value: 3, actionButtonIntent: OpenSplitsIntent(), activityIdentifier: "laps")
    }
}

struct NextLapSayingIntent: AppIntent {
    static var title: LocalizedStringResource = "Next lap aloud"
    func perform() async throws -> some ReturnsValue<Int> & ProvidesDialog {
        .result(value: 4, actionButtonIntent: OpenSplitsIntent(), activityIdentifier: "laps", dialog: "Lap four")
    }
}

// MARK: Dialogs with formatted values

struct RunReportIntent: AppIntent {
    static var title: LocalizedStringResource = "Run report"
    var distance = 5.5
    var pace = 4.256
    func perform() async throws -> some IntentResult & ProvidesDialog {
        .result(dialog: "Ran \(distance, format: .number) km at \(pace, specifier: "%.1f") min/km")
    }
}

func finishedDialog(at date: Date) -> IntentDialog {
    "Finished at \(date, format: .dateTime.hour().minute())"
}

// MARK: Parameter summaries

enum SwimStroke: String, AppEnum {
    case freestyle, breaststroke, butterfly
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Stroke"
    static var caseDisplayRepresentations: [SwimStroke: DisplayRepresentation] = [
        .freestyle: "Freestyle", .breaststroke: "Breaststroke", .butterfly: "Butterfly",
    ]
}

struct OrderDrinkIntent: AppIntent {
    static var title: LocalizedStringResource = "Order a drink"
    @Parameter(title: "Drink") var drink: String
    @Parameter(title: "Quantity") var quantity: Int?
    static var parameterSummary: some ParameterSummary {
        Summary("Order \(\.$drink)") {
            \.$quantity
        }
    }
    func perform() async throws -> some IntentResult { .result() }
}

struct SwimSetIntent: AppIntent {
    static var title: LocalizedStringResource = "Swim a set"
    @Parameter(title: "Stroke") var stroke: SwimStroke
    @Parameter(title: "Lengths") var lengths: Int?
    static var parameterSummary: some ParameterSummary {
        Switch(\.$stroke) {
            Case(.freestyle) { Summary("Swim \(\.$lengths) lengths of freestyle") }
            Case([.butterfly, .breaststroke]) { Summary("Swim \(\.$lengths) lengths") }
            DefaultCase { Summary("Swim") }
        }
    }
    func perform() async throws -> some IntentResult { .result() }
}

struct DrillIntent: AppIntent {
    static var title: LocalizedStringResource = "Drill"
    @Parameter(title: "Stroke") var stroke: SwimStroke
    @Parameter(title: "Note") var note: String?
    static var parameterSummary: some ParameterSummary {
        When(\.$stroke, .equalTo, SwimStroke.butterfly) {
            Summary("Butterfly drill")
        } otherwise: {
            When(\.$note, .hasAnyValue) { Summary("Drill: \(\.$note)") } otherwise: { Summary("Drill \(\.$stroke)") }
        }
    }
    func perform() async throws -> some IntentResult { .result() }
}

// MARK: Parameters of every kind

struct PoolProvider: DynamicOptionsProvider {
    func results() async throws -> [Int] { [25, 50] }
}

struct PoolLengthProvider: DynamicOptionsProvider {
    func results() async throws -> [Double] { [25, 50] }
    func defaultResult() async -> Double? { 25 }
}

struct RouteNameProvider: DynamicOptionsProvider {
    func results() async throws -> [String] { ["Harbour", "Ridge"] }
}

struct PlanSwimIntent: AppIntent {
    static var title: LocalizedStringResource = "Plan a swim"
    @Parameter(title: "Lengths", default: 20, inclusiveRange: (1, 200)) var lengths: Int
    @Parameter(title: "Pool", controlStyle: .field, optionsProvider: PoolProvider()) var pool: Int
    @Parameter(title: "Effort", controlStyle: .slider, inclusiveRange: (0, 1)) var effort: Double
    @Parameter(title: "When", kind: .date) var when: Date
    @Parameter(title: "Name", inputOptions: String.IntentInputOptions(capitalizationType: .words)) var name: String
    @Parameter(title: "Route", optionsProvider: RouteNameProvider()) var route: String
    @Parameter(title: "Stroke", default: .freestyle, inputConnectionBehavior: .connectToPreviousIntentResult) var stroke: SwimStroke
    @Parameter(title: "Warm-up", displayName: Bool.IntentDisplayName(true: "With warm-up", false: "Straight in")) var warmUp: Bool
    @Parameter(title: "Buddy") var buddy: String?
    @Parameter(title: "Rest", default: 30, inclusiveRange: (0, 120)) var rest: Int?
    @Parameter(title: "Target pace", controlStyle: .field, inclusiveRange: (1.5, 9.0)) var targetPace: Double?
    @Parameter(title: "Pool length", controlStyle: .stepper, optionsProvider: PoolLengthProvider()) var poolLength: Double
    func perform() async throws -> some IntentResult { .result() }
}

// MARK: Choices, errors, foreground, running as a function

struct SkipLapIntent: AppIntent {
    static var title: LocalizedStringResource = "Skip a lap"
    static var supportedModes: IntentModes = .background
    func perform() async throws -> some IntentResult & ProvidesDialog {
        let skip = IntentChoiceOption(title: "Skip", style: .destructive)
        let picked = try await requestChoice(between: [.cancel, skip], dialog: "Skip this lap?")
        if picked == .cancel { throw AppIntentError.UserActionRequired.confirmation }
        return .result(dialog: "Skipped")
    }
}

struct ShowMapIntent: AppIntent {
    static var title: LocalizedStringResource = "Show the map"
    static var supportedModes: IntentModes = [.background, .foreground(.dynamic)]
    static var mapIsOpen = false
    func perform() async throws -> some IntentResult {
        if Self.mapIsOpen { return .result() }
        throw needsToContinueInForegroundError("Open the map", alwaysConfirm: false)
    }
}

struct ShowSplitsIntent: ForegroundContinuableIntent {
    static var title: LocalizedStringResource = "Show splits"
    func perform() async throws -> some IntentResult {
        if await SplitsScreen.shown { return .result() }
        throw needsToContinueInForegroundError("Open splits") {
            try await Task.sleep(nanoseconds: 1_000)
            SplitsScreen.shown = true
        }
    }
}

enum SplitsScreen {
    @MainActor static var shown = false
}

struct MarkSplitIntent: AppIntent {
    static var title: LocalizedStringResource = "Mark a split"
    func perform() async throws -> some ReturnsValue<Int> { .result(value: 7, actionButtonIntent: OpenSplitsIntent()) }
}

// MARK: An entity as the workout style

struct SwimWorkout: AppEntity {
    let id: String
    let name: String
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Swim"
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
    static var defaultQuery = SwimWorkoutQuery()
}

struct SwimWorkoutQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [SwimWorkout] {
        StartSwimIntent.suggestedWorkouts.map(\.workoutStyle).filter { identifiers.contains($0.id) }
    }
}

struct StartSwimIntent: StartWorkoutIntent {
    static var title: LocalizedStringResource = "Start a swim"
    static var suggestedWorkouts: [StartSwimIntent] = [
        StartSwimIntent(style: SwimWorkout(id: "pool", name: "Pool swim")),
        StartSwimIntent(style: SwimWorkout(id: "open-water", name: "Open water")),
    ]
    @Parameter(title: "Swim") var workoutStyle: SwimWorkout
    init() { workoutStyle = SwimWorkout(id: "pool", name: "Pool swim") }
    var displayRepresentation: DisplayRepresentation { workoutStyle.displayRepresentation }
    func perform() async throws -> some IntentResult {
        try SimulatedSession.start(workoutStyle: workoutStyle.id, activity: .swimming)
        return .result()
    }
}

func takesSystemIntent(_ intent: any SystemIntent) -> String { String(describing: type(of: intent)) }

// MARK: Donations, shortcuts, confirmations, dependencies

struct SwimShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: SkipLapIntent(), phrases: ["Skip a lap in \(.applicationName)"], shortTitle: "Skip", systemImageName: "forward")
    }
    static var negativePhrases: NegativeAppShortcutPhrases {
        "Skip the song in \(.applicationName)"
        "Skip ads"
    }
}

struct DeleteLogIntent: AppIntent {
    static var title: LocalizedStringResource = "Delete the log"
    func perform() async throws -> some IntentResult {
        try await requestConfirmation(actionName: .custom(acceptLabel: "Delete", acceptAlternatives: ["Erase"],
                                                          denyLabel: "Keep", denyAlternatives: ["Cancel"], destructive: true),
                                      dialog: "Delete today's log?")
        try await requestConfirmation(output: .result(dialog: "Erased"), confirmationActionName: .go, showPrompt: false)
        return .result()
    }
}

final class LapStore: Sendable {}

func describe(_ error: Error) -> String {
    if let failure = error as? AppDependencyManager.Error<LapStore> {
        switch failure {
        case .failedToLoadDependency, .failedToRetrieveDependency: return "missing"
        case .incorrectDependencyType: return "wrong type"
        }
    }
    return "\(error)"
}

@Suite("Swift 5: App Intents members the audit found missing", .serialized)
struct AppIntentsGapsSwift5Tests {
    @Test("result.value, and the value results with opensIntent or an activity identifier")
    func valueResults() async throws {
        let counted = try await LapCountIntent().perform()
        #expect(counted.value == 12)
        #expect(try await LapCountSayingIntent().perform().dialog?.full.key == "Twelve laps")
        let next = try await NextLapIntent().perform()
        #expect(next.value == 3)
        #expect(next.actionButtonIntent is OpenSplitsIntent)
        let said = try await NextLapSayingIntent().perform()
        #expect(said.value == 4)
        #expect(said.dialog?.full.key == "Lap four")
        #expect(try await OpenSplitsIntent().perform().value == nil)
    }

    @Test("a dialog literal formats its values: format styles and printf specifiers")
    func formattedDialogs() async throws {
        let dialog = try await RunReportIntent().perform().dialog
        #expect(dialog?.full.key == "Ran 5.5 km at 4.3 min/km")
        let finished = finishedDialog(at: Date(timeIntervalSince1970: 0)).full.key
        #expect(finished.hasPrefix("Finished at ") && finished.count > "Finished at ".count)
    }

    @Test("Summary with a trailing list, Switch/Case/DefaultCase and When pick the sentence by the parameter")
    func summaries() {
        var order = OrderDrinkIntent()
        order.drink = "tea"
        let summary = OrderDrinkIntent.parameterSummary as Any as? IntentParameterSummary<OrderDrinkIntent>
        #expect(summary?.text(for: order) == "Order tea")
        #expect(summary?.keyPaths.count == 1)

        let strokes = SwimSetIntent.Switch(\.$stroke) {
            SwimSetIntent.Case(.freestyle) { SwimSetIntent.Summary("Swim \(\.$lengths) lengths of freestyle") }
            SwimSetIntent.Case([.butterfly]) { SwimSetIntent.Summary("Swim \(\.$lengths) lengths") }
            SwimSetIntent.DefaultCase { SwimSetIntent.Summary("Swim") }
        }
        var set = SwimSetIntent()
        set.stroke = .freestyle
        set.lengths = 8
        #expect(strokes.text(for: set) == "Swim 8 lengths of freestyle")
        set.stroke = .butterfly
        #expect(strokes.text(for: set) == "Swim 8 lengths")
        set.stroke = .breaststroke
        #expect(strokes.text(for: set) == "Swim")

        let drill = DrillIntent.When(\.$stroke, .equalTo, SwimStroke.butterfly) {
            DrillIntent.Summary("Butterfly drill")
        } otherwise: {
            DrillIntent.Summary("Drill \(\.$stroke)")
        }
        var intent = DrillIntent()
        intent.stroke = .butterfly
        #expect(drill.text(for: intent) == "Butterfly drill")
        intent.stroke = .freestyle
        #expect(drill.text(for: intent) == "Drill freestyle")
        let noted = DrillIntent.When(\.$note, .hasAnyValue) { DrillIntent.Summary("Noted") } otherwise: { DrillIntent.Summary("Plain") }
        #expect(noted.text(for: intent) == "Plain")
        intent.note = "long"
        #expect(noted.text(for: intent) == "Noted")
    }

    @Test("@Parameter's labels keep their defaults; the projected value asks the wearer")
    func parameters() async throws {
        let plan = PlanSwimIntent()
        #expect(plan.lengths == 20)
        #expect(plan.$lengths.defaultValue == 20)
        #expect(plan.stroke == .freestyle)
        #expect(plan.$buddy.isOptional)
        #expect(!plan.$lengths.isOptional)
        #expect(plan.$pool.defaultValue == nil)
        #expect(plan.rest == 30)
        #expect(plan.targetPace == nil)
        #expect(await PoolLengthProvider().defaultResult() == 25)
        #expect(try await PoolProvider().results() == [25, 50])

        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("Gaps5", start: StartSwimIntent.self),
                                            settings: .workout(app: "Gaps5", firstPress: "pool"))
        final class Seen: @unchecked Sendable {
            var lengths: Int?
            var confirmed: Bool?
            var picked: SwimStroke?
            var missing: String?
        }
        let seen = Seen()
        try await watch.runInApp("ask") {
            Task {
                let plan = PlanSwimIntent()
                seen.lengths = try await plan.$lengths.requestValue("How many lengths?")
                seen.confirmed = try await plan.$lengths.requestConfirmation(for: 30, dialog: "Thirty?")
                seen.picked = try await plan.$stroke.requestDisambiguation(among: [.butterfly, .freestyle], dialog: "Which stroke?")
                do {
                    _ = try await plan.$name.requestValue()
                } catch {
                    seen.missing = "\(error)"
                }
            }
        }
        #expect(seen.lengths == 20)
        #expect(seen.confirmed == true)
        #expect(seen.picked == .butterfly)
        #expect(seen.missing == "Name needs a value")
        #expect(watch.appLog.contains("Stroke asks to choose among 2: the wearer picks butterfly “Which stroke?”"), "\(watch.appLog)")
        #expect("\(plan.$name.needsValueError("Name?"))" == "Name needs a value: Name?")
        #expect("\(plan.$stroke.needsDisambiguationError(among: [.freestyle, .butterfly]))" == "Stroke needs one of 2 values")
    }

    @Test("requestChoice picks the option that goes on; needsToContinueInForegroundError brings the app forward")
    func choicesAndForeground() async throws {
        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("Choice5", start: StartSwimIntent.self),
                                            settings: .workout(app: "Choice5", firstPress: "pool"))
        final class Seen: @unchecked Sendable {
            var dialog: String?
            var mapError: AppIntentError?
            var splitsError: Error?
        }
        let seen = Seen()
        try await watch.runInApp("choose") {
            Task {
                seen.dialog = try await SkipLapIntent().perform().dialog?.full.key
                do { _ = try await ShowMapIntent().perform() } catch { seen.mapError = error as? AppIntentError }
                do { _ = try await ShowSplitsIntent().perform() } catch { seen.splitsError = error }
            }
        }
        try await watch.advance(by: .seconds(1))
        #expect(seen.dialog == "Skipped")
        #expect(watch.appLog.contains("SkipLapIntent asks to choose “Skip this lap?”: the wearer picks Skip"), "\(watch.appLog)")
        #expect(seen.mapError?.description == "ShowMapIntent continues in the foreground: Open the map")
        #expect((seen.splitsError as? AppIntentError)?.description == "ShowSplitsIntent continues in the foreground: Open splits")
        // The continuation runs on the main actor once the intent has thrown.
        for _ in 0..<12_000 where !(await SplitsScreen.shown) { try await Task.sleep(for: .milliseconds(10)) }  // up to 120 s, as waitUntil
        #expect(await SplitsScreen.shown)
        #expect(IntentChoiceOption.cancel.style == .cancel)
        #expect(AppIntentError.restartPerform != AppIntentError.Unrecoverable.notAllowed)
    }

    @Test("callAsFunction(donate: true) performs the intent and donates its next action (A6)")
    func callAsFunction() async throws {
        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("Call5", start: StartSwimIntent.self, actions: [OpenSplitsIntent.self]),
                                            settings: .workout(app: "Call5", firstPress: "pool"))
        final class Seen: @unchecked Sendable { var value: Int? }
        let seen = Seen()
        try await watch.runInApp("call") {
            Task {
                seen.value = try await MarkSplitIntent()(donate: true)
            }
        }
        #expect(seen.value == 7)
        watch.expectNextAction(OpenSplitsIntent.self)
    }

    @Test("a start intent whose workout style is an entity is listed by its suggestions and starts on first press (A2, A3)")
    func entityStyledStart() async throws {
        #expect(takesSystemIntent(StartSwimIntent()) == "StartSwimIntent")
        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("Swim5", start: StartSwimIntent.self),
                                            settings: .workout(app: "Swim5", firstPress: "open-water"))
        try await watch.press()
        watch.expectPerformed(StartSwimIntent.self)
        watch.expectSession(.running)
    }

    @Test("deleteDonations(matching:) answers with the donations it deleted, and withdraws the next action one of them set (A6)")
    func deleteDonations() async throws {
        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("Donate5", start: StartSwimIntent.self, actions: [OpenSplitsIntent.self]),
                                            settings: .workout(app: "Donate5", firstPress: "pool"))
        final class Seen: @unchecked Sendable {
            var donated: [IntentDonationIdentifier] = []
            var byType: [IntentDonationIdentifier] = []
            var byIdentifier: [IntentDonationIdentifier] = []
        }
        let seen = Seen()
        try await watch.runInApp("donate") {
            Task {
                let manager = IntentDonationManager.shared
                seen.donated.append(try await manager.donate(intent: MarkSplitIntent(), result: .result(value: 1, actionButtonIntent: OpenSplitsIntent())))
                seen.donated.append(try await manager.donate(intent: DeleteLogIntent()))
                let deletions: IntentDonationMatchingPredicate = .intentType(DeleteLogIntent.self)
                seen.byType = try await manager.deleteDonations(matching: deletions)
            }
        }
        #expect(seen.byType == [seen.donated[1]])
        // The deleted donation set no next action: the one donated first stays.
        watch.expectNextAction(OpenSplitsIntent.self)
        try await watch.runInApp("delete") {
            Task { seen.byIdentifier = try await IntentDonationManager.shared.deleteDonations(matching: .donationIdentifiers([seen.donated[0]])) }
        }
        #expect(seen.byIdentifier == [seen.donated[0]])
        watch.expectNoNextAction()
        #expect(watch.appLog.contains { $0.hasPrefix("deleted 1 donation") }, "\(watch.appLog)")
    }

    @Test("negative phrases, a custom confirmation verb, the dependency manager's error")
    func shortcutsAndConfirmations() async throws {
        #expect(SwimShortcuts.negativePhrases.phrases.map(\.text) == ["Skip the song in ${applicationName}", "Skip ads"])
        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("Confirm5", start: StartSwimIntent.self),
                                            settings: .workout(app: "Confirm5", firstPress: "pool"))
        try await watch.runInApp("confirm") { Task { _ = try await DeleteLogIntent().perform() } }
        #expect(watch.appLog.contains("DeleteLogIntent asks to confirm “Delete today's log?” [Delete]: the wearer confirms"), "\(watch.appLog)")
        #expect(describe(AppDependencyManager.Error<LapStore>.failedToRetrieveDependency("k", LapStore.self)) == "missing")
    }
}

// MARK: Comparisons in summaries, and an entity parameter with its own query

struct PoolSite: AppEntity {
    let id: String
    let name: String
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Pool"
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
    static var defaultQuery = AllPoolsQuery()
}

struct AllPoolsQuery: EntityQuery {
    static let pools = [PoolSite(id: "harbour", name: "Harbour baths"), PoolSite(id: "lido", name: "Lido")]
    func entities(for identifiers: [String]) async throws -> [PoolSite] { Self.pools.filter { identifiers.contains($0.id) } }
    func suggestedEntities() async throws -> [PoolSite] { Self.pools }
}

/// Only the pools near the wearer: what the parameter offers instead of every pool.
struct NearbyPoolsQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [PoolSite] { try await AllPoolsQuery().entities(for: identifiers) }
    func suggestedEntities() async throws -> [PoolSite] { [AllPoolsQuery.pools[1]] }
}

struct SwimAtPoolIntent: AppIntent {
    static var title: LocalizedStringResource = "Swim at a pool"
    @Parameter(title: "Pool", requestDisambiguationDialog: "Which pool?", query: NearbyPoolsQuery()) var pool: PoolSite
    @Parameter(title: "Backup pool", query: NearbyPoolsQuery()) var backup: PoolSite?
    @Parameter(title: "Lengths", default: 20) var lengths: Int
    @Parameter(title: "Minutes") var minutes: Int?
    static var parameterSummary: some ParameterSummary {
        When(\.$lengths, .greaterThan, 40) {
            Summary("Long swim")
        } otherwise: {
            When(\.$minutes, .lessThanOrEqualTo, 20) { Summary("Quick swim") } otherwise: { Summary("Swim") }
        }
    }
    func perform() async throws -> some IntentResult { .result() }
}

extension AppIntentsGapsSwift5Tests {
    @Test("When compares a number parameter: greater or less, with or without equality; an unset optional compares false")
    func comparisons() {
        let summary = SwimAtPoolIntent.parameterSummary as Any as? SwimAtPoolIntent.When<SwimAtPoolIntent.Summary,
            SwimAtPoolIntent.When<SwimAtPoolIntent.Summary, SwimAtPoolIntent.Summary>>
        var swim = SwimAtPoolIntent()
        #expect(summary?.text(for: swim) == "Swim")
        swim.lengths = 41
        #expect(summary?.text(for: swim) == "Long swim")
        swim.lengths = 40
        swim.minutes = 20
        #expect(summary?.text(for: swim) == "Quick swim")
        swim.minutes = 21
        #expect(summary?.text(for: swim) == "Swim")

        let atLeast = SwimAtPoolIntent.When(\.$lengths, .greaterThanOrEqualTo, 40) { SwimAtPoolIntent.Summary("40 or more") }
            otherwise: { SwimAtPoolIntent.Summary("fewer") }
        let under = SwimAtPoolIntent.When(\.$minutes, .lessThan, 21) { SwimAtPoolIntent.Summary("under 21") }
            otherwise: { SwimAtPoolIntent.Summary("21 or more, or unset") }
        #expect(atLeast.text(for: swim) == "40 or more")
        #expect(under.text(for: swim) == "21 or more, or unset")
        swim.lengths = 39
        swim.minutes = 5
        #expect(atLeast.text(for: swim) == "fewer")
        #expect(under.text(for: swim) == "under 21")
        swim.minutes = nil
        #expect(under.text(for: swim) == "21 or more, or unset")
    }

    @Test("An entity parameter made with query: asks that query, not the entity's default one, when it needs a value")
    func parameterQuery() async throws {
        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("Query5", start: StartSwimIntent.self),
                                            settings: .workout(app: "Query5", firstPress: "pool"))
        final class Seen: @unchecked Sendable {
            var pool: String?
            var backup: String?
            var chosen: String?
        }
        let seen = Seen()
        try await watch.runInApp("ask for a pool") {
            Task {
                let swim = SwimAtPoolIntent()
                seen.pool = try await swim.$pool.requestValue("Where?").id
                seen.backup = try await swim.$backup.requestValue()?.id
                seen.chosen = try await swim.$pool.requestDisambiguation(among: AllPoolsQuery.pools).id
            }
        }
        #expect(seen.pool == "lido")
        #expect(seen.backup == "lido")
        #expect(seen.chosen == "harbour")
        #expect(watch.appLog.contains { $0.hasPrefix("Pool: the wearer picks") && $0.contains("lido") }, "\(watch.appLog)")
        #expect(watch.appLog.contains { $0.hasPrefix("Backup pool: the wearer picks") })
        #expect(watch.appLog.contains { $0.hasPrefix("Pool asks to choose among 2") && $0.hasSuffix("“Which pool?”") })
        // A value already set is kept; the query is not asked.
        var set = SwimAtPoolIntent()
        set.pool = AllPoolsQuery.pools[0]
        #expect(set.$pool.defaultValue == nil)
        #expect(set.pool.id == "harbour")
    }
}
