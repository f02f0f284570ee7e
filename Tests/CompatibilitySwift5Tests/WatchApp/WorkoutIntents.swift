import AppIntents
import WatchKit

struct MyStartWorkoutIntent: StartWorkoutIntent {
    static var title: LocalizedStringResource = "Start Workout"
    static var description = IntentDescription("Starts a workout of the chosen type.")

    static var suggestedWorkouts: [MyStartWorkoutIntent] = [
        MyStartWorkoutIntent(style: .running),
        MyStartWorkoutIntent(style: .walking),
        MyStartWorkoutIntent(style: .rowing),
    ]

    @Parameter(title: "Type of Workout")
    var workoutStyle: WorkoutEnum

    init() {
        workoutStyle = .running
    }

    var displayRepresentation: DisplayRepresentation {
        WorkoutEnum.caseDisplayRepresentations[workoutStyle] ?? DisplayRepresentation(title: "Unknown")
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
    static var title: LocalizedStringResource { "Mark Lap" }

    @Parameter(title: "Note")
    var note: String?

    @Parameter(title: "Laps", default: 1)
    var laps: Int

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let count = await MyWorkoutManager.shared.markLap(note: note, laps: laps)
        WKInterfaceDevice.current().play(.click)
        return .result(dialog: IntentDialog("Lap \(count)"))
    }
}

struct MyPauseWorkoutIntent: PauseWorkoutIntent {
    static var title: LocalizedStringResource = "Pause Workout"

    func perform() async throws -> some IntentResult {
        MyWorkoutManager.shared.pauseWorkout()
        return .result()
    }
}

struct MyResumeWorkoutIntent: ResumeWorkoutIntent {
    static var title: LocalizedStringResource = "Resume Workout"

    func perform() async throws -> some IntentResult {
        MyWorkoutManager.shared.resumeWorkout()
        return .result(actionButtonIntent: MarkLapIntent())
    }
}

/// Changes the First Press choices, as an app may at any time (A2).
func offerOnlyRunning() {
    MyStartWorkoutIntent.suggestedWorkouts = [MyStartWorkoutIntent(style: .running)]
    MyStartWorkoutIntent.invalidateSuggestedWorkouts()
}

struct CompatShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: MarkLapIntent(), phrases: ["Mark a lap in \(.applicationName)", "\(.applicationName) lap"],
                    shortTitle: "Mark Lap", systemImageName: "flag")
        AppShortcut(intent: MyStartWorkoutIntent(), phrases: ["Start a workout with \(.applicationName)"],
                    shortTitle: "Start Workout", systemImageName: "figure.run")
    }

    static var shortcutTileColor: ShortcutTileColor = .orange
}
