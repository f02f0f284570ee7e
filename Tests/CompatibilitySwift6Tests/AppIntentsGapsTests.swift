// The App Intents members an audit found missing that take closures or cross concurrency
// domains, written as a Swift 6 watch target must write them (Sendable state, isolated
// continuations), and what they do on the simulated watch.
import ActionButtonHarness
import AppIntents
import Foundation
import Synchronization
import Testing

/// What the cancellation handlers saw; the handlers are `@Sendable`, so it is locked.
final class CancellationLog: Sendable {
    private let reasons = Mutex<[IntentCancellationReason]>([])
    func record(_ reason: IntentCancellationReason) { reasons.withLock { $0.append(reason) } }
    var all: [IntentCancellationReason] { reasons.withLock { $0 } }
}

struct ImportTracksIntent: LongRunningIntent, CancellableIntent {
    static let title: LocalizedStringResource = "Import tracks"
    let log: CancellationLog

    init() { log = CancellationLog() }
    init(log: CancellationLog) { self.log = log }

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let log = self.log
        let count = try await performBackgroundTask(options: [], operation: { () async throws -> Int in
            progress.completedUnitCount = 100
            return 3
        }, onCancel: { reason in log.record(reason) })
        let parsed = await withIntentCancellationHandler(operation: { count * 2 }, onCancel: { reason in log.record(reason) })
        return .result(dialog: "Imported \(parsed, format: .number) tracks")
    }

    /// Waits for the wearer's next lap until the intent is cancelled.
    func waitForLap() async throws {
        let log = self.log
        try await withIntentCancellationHandler(operation: {
            try await Task.sleep(for: .seconds(60))
        }, onCancel: { reason in log.record(reason) })
    }
}

@MainActor final class SplitsModel {
    static let shared = SplitsModel()
    var isShowing = false
}

struct ReviewSplitsIntent: ForegroundContinuableIntent {
    static let title: LocalizedStringResource = "Review splits"
    func perform() async throws -> some IntentResult {
        if await SplitsModel.shared.isShowing { return .result() }
        throw needsToContinueInForegroundError("Open splits", continuation: { @MainActor in
            SplitsModel.shared.isShowing = true
        })
    }
}

struct PeekSplitsIntent: ForegroundContinuableIntent {
    static let title: LocalizedStringResource = "Peek at splits"
    func perform() async throws -> some IntentResult & ProvidesDialog {
        try await requestToContinueInForeground()
        let showing = try await requestToContinueInForeground("Open splits") { SplitsModel.shared.isShowing }
        return .result(dialog: showing ? "Splits open" : "Splits closed")
    }
}

struct EndRaceIntent: AppIntent {
    static let title: LocalizedStringResource = "End the race"
    func perform() async throws -> some IntentResult & ProvidesDialog {
        let end = IntentChoiceOption(title: "End", style: .destructive)
        let choice = try await requestChoice(between: [end, .cancel], dialog: "End the race now?")
        return .result(dialog: choice == end ? "Ended" : "Still racing")
    }
}

/// What the intents run in the app reported, read by the test once they are done.
final class RaceOutcome: Sendable {
    let state = Mutex<(error: AppIntentError?, dialog: String?)>((nil, nil))
}

enum LapRaceStyle: String, AppEnum {
    case trail
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Race"
    static let caseDisplayRepresentations: [LapRaceStyle: DisplayRepresentation] = [.trail: "Trail race"]
}

struct StartLapRaceIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start a race"
    static let suggestedWorkouts = [StartLapRaceIntent()]
    @Parameter(title: "Race") var workoutStyle: LapRaceStyle
    init() { workoutStyle = .trail }
    func perform() async throws -> some IntentResult {
        try SimulatedSession.start(workoutStyle: workoutStyle.rawValue)
        return .result()
    }
}

@Suite("Swift 6: App Intents members the audit found missing", .serialized)
struct AppIntentsGapsSwift6Tests {
    @Test("withIntentCancellationHandler tells the handler why the intent was cancelled")
    func cancellationReason() async throws {
        let log = CancellationLog()
        let intent = ImportTracksIntent(log: log)
        let waiting = Task { try await intent.waitForLap() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(log.all == [.timeout])
    }

    @Test("performBackgroundTask(options:operation:onCancel:) returns the operation's value; a dialog formats it")
    func backgroundTask() async throws {
        let log = CancellationLog()
        let dialog = try await ImportTracksIntent(log: log).perform().dialog
        #expect(dialog?.full.key == "Imported 6 tracks")
        #expect(log.all.isEmpty)
        #expect(IntentCancellationReason.userCancelled != .timeout)
    }

    @Test("needsToContinueInForegroundError runs an isolated continuation; requestChoice answers with the option chosen")
    func foregroundAndChoice() async throws {
        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("Gaps6", start: StartLapRaceIntent.self),
                                            settings: .workout(app: "Gaps6", firstPress: "trail"))
        let seen = RaceOutcome()
        try await watch.runInApp("review") {
            Task {
                do { _ = try await ReviewSplitsIntent().perform() } catch {
                    seen.state.withLock { $0.error = error as? AppIntentError }
                }
                let dialog = try await EndRaceIntent().perform().dialog?.full.key
                seen.state.withLock { $0.dialog = dialog }
            }
        }
        for _ in 0..<12_000 where !(await SplitsModel.shared.isShowing) { try await Task.sleep(for: .milliseconds(10)) }  // up to 120 s, as waitUntil
        #expect(await SplitsModel.shared.isShowing)
        let (error, dialog) = seen.state.withLock { ($0.error, $0.dialog) }
        #expect(error?.description == "ReviewSplitsIntent continues in the foreground: Open splits")
        #expect(dialog == "Ended")
        #expect(try await PeekSplitsIntent().perform().dialog?.full.key == "Splits open")
    }
}
