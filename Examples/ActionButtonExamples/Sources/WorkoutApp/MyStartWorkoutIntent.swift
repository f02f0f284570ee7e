// Apple: "Responding to the Action button on Apple Watch Ultra", Start a new workout session
// and Support multiple workout types. Differences are marked `actionsim:`.
import AppIntents
import AppLogging

struct MyStartWorkoutIntent: StartWorkoutIntent {
    // Define the intent's title.
    // actionsim: `static let` (Swift 6 refuses an unprotected mutable static).
    static let title: LocalizedStringResource = "Start Workout"

    // Define a list of start workout intents that appear below the First Press settings when
    // someone sets your app as the workout app in Settings > Action Button.
    // actionsim: `static let`. An app that changes the list at run time keeps it behind a
    // lock (see the A2 test) and then calls invalidateSuggestedWorkouts().
    static let suggestedWorkouts: [MyStartWorkoutIntent] =
        [MyStartWorkoutIntent(style: .walking),
         MyStartWorkoutIntent(style: .running),
         MyStartWorkoutIntent(style: .swimming),
         MyStartWorkoutIntent(style: .cycling)]

    // Define a parameter that specifies the type of workout that this intent starts.
    @Parameter(title: "Type of Workout")
    var workoutStyle: WorkoutEnum

    // Apple, Passing data to the intents: the workout manager comes from the app's
    // dependencies rather than from `MyWorkoutManager.shared`.
    // actionsim: a test process runs many simulated watches at once; a `shared` singleton
    // would be one object for all of them, while each watch has its own dependencies.
    @Dependency var workoutManager: MyWorkoutManager

    // Define an init method that sets the default workout type.
    init() {
        workoutStyle = .running
    }

    // actionsim: Apple's list calls `MyStartWorkoutIntent(style:)` without showing it.
    init(style: WorkoutEnum) {
        workoutStyle = style
    }

    var displayRepresentation: DisplayRepresentation {
        WorkoutEnum.caseDisplayRepresentations[workoutStyle] ??
            DisplayRepresentation(title: "Unknown")
    }

    // Define the method that the system calls when it performs the intent.
    func perform() async throws -> some IntentResult {
        logger.debug("*** Performing a Start Intent. ***")

        // Start a workout session inside the perform method.
        // actionsim: `workoutManager` is the @Dependency above (was `MyWorkoutManager.shared`).
        let workoutManager = self.workoutManager
        try await workoutManager.startWorkout(type: workoutStyle)

        // Schedule a task to request authorization and then set up the data source and start collecting data.
        Task {
            await workoutManager.requestAuthorization()
            do {
                try await workoutManager.startCollectingData()
            } catch {
                fatalError("*** An error occurred while setting up the data source: \(error.localizedDescription) ***")
            }
        }

        // Return a successful result.
        return .result()
    }
}
