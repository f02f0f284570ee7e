// A watch target's files, written as for Xcode in Swift 6 language mode. What differs from
// the Swift 5 version (Tests/CompatibilitySwift5Tests/WatchApp) is what Swift 6 asks of any
// watch app, on a watch too: no unprotected mutable statics, shared objects that are
// Sendable, delegate callbacks that hop to their actor.
import AppIntents
import Synchronization
import WatchKit

enum WorkoutEnum: String, AppEnum {
    case walking
    case running
    case rowing

    // Swift 6: `static let` (or a computed `static var`), not a stored `static var`.
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Workout"

    static let caseDisplayRepresentations: [WorkoutEnum: DisplayRepresentation] = [
        .walking: "Walking",
        .running: DisplayRepresentation(title: "Running", subtitle: "outside run", image: .init(systemName: "figure.run")),
        .rowing: "Rowing",
    ]
}

/// The First Press list, which the app changes at run time: behind a lock in Swift 6.
let suggestedStyles = Mutex<[WorkoutEnum]>([.running, .walking, .rowing])

struct MyStartWorkoutIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start Workout"
    static let description = IntentDescription("Starts a workout of the chosen type.")

    // Swift 6: a computed property over the locked list.
    static var suggestedWorkouts: [MyStartWorkoutIntent] {
        suggestedStyles.withLock { $0 }.map { MyStartWorkoutIntent(style: $0) }
    }

    @Parameter(title: "Type of Workout")
    var workoutStyle: WorkoutEnum

    init() {
        workoutStyle = .running
    }

    @MainActor
    func perform() async throws -> some IntentResult & ProvidesDialog {
        logger.info("Starting a \(workoutStyle.rawValue, privacy: .public) workout")
        let manager = MyWorkoutManager.shared
        try manager.startWorkout(type: workoutStyle)
        Task {
            await manager.requestAuthorization()
            do {
                try await manager.startCollectingData()
            } catch {
                logger.error("Could not collect data: \(error.localizedDescription)")
            }
        }
        return .result(dialog: "Starting your \(workoutStyle.rawValue) workout")
    }
}

struct MarkLapIntent: AppIntent {
    static let title: LocalizedStringResource = "Mark Lap"

    @Parameter(title: "Note")
    var note: String?

    @MainActor
    func perform() async throws -> some IntentResult & ProvidesDialog {
        let count = await MyWorkoutManager.shared.markLap(note: note)
        WKInterfaceDevice.current().play(.click)
        return .result(dialog: "Lap \(count)")
    }
}

struct MyPauseWorkoutIntent: PauseWorkoutIntent {
    static let title: LocalizedStringResource = "Pause Workout"

    @MainActor
    func perform() async throws -> some IntentResult {
        MyWorkoutManager.shared.session?.pause()
        return .result()
    }
}

struct MyResumeWorkoutIntent: ResumeWorkoutIntent {
    static let title: LocalizedStringResource = "Resume Workout"

    @MainActor
    func perform() async throws -> some IntentResult {
        MyWorkoutManager.shared.session?.resume()
        return .result(actionButtonIntent: MarkLapIntent())
    }
}

func offerOnlyRunning() {
    suggestedStyles.withLock { $0 = [.running] }
    MyStartWorkoutIntent.invalidateSuggestedWorkouts()
}
