// Apple: "Responding to the Action button on Apple Watch Ultra", Pause and resume a workout.
import AppIntents
import AppLogging

struct MyPauseWorkoutIntent: PauseWorkoutIntent {
    // actionsim: `static let` (Swift 6 refuses an unprotected mutable static).
    static let title: LocalizedStringResource = "Pause Workout"

    // actionsim: from the app's dependencies (was `MyWorkoutManager.shared`).
    @Dependency var workoutManager: MyWorkoutManager

    func perform() async throws -> some IntentResult {
        logger.debug("*** Performing a pause intent. ***")
        await workoutManager.pauseWorkout()
        return .result()
    }
}

struct MyResumeWorkoutIntent: ResumeWorkoutIntent {
    // actionsim: `static let` (Swift 6 refuses an unprotected mutable static).
    static let title: LocalizedStringResource = "Resume Workout"

    // actionsim: from the app's dependencies (was `MyWorkoutManager.shared`).
    @Dependency var workoutManager: MyWorkoutManager

    func perform() async throws -> some IntentResult {
        logger.debug("*** Performing a resume intent. ***")
        await workoutManager.resumeWorkout()
        return .result()
    }
}
