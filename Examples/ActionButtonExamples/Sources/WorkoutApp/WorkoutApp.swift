import AppIntents
import AppLogging

/// What `logger` is in Apple's examples.
let logger = Logger(subsystem: "com.example.MyWorkoutApp", category: "intents")

/// The workout app as the simulated watch installs it: its start intent type (whose
/// `suggestedWorkouts` are the First Press choices), pause and resume, and the intent it
/// donates. At launch it registers its workout manager, as Apple's "Passing data to the
/// intents" does in `applicationDidFinishLaunching()`.
public let myWorkoutApp = AppDefinition.workoutApp(
    "MyWorkoutApp", start: MyStartWorkoutIntent.self,
    pause: MyPauseWorkoutIntent(), resume: MyResumeWorkoutIntent(),
    actions: [MarkLapIntent.self],
    didFinishLaunching: {
        AppDependencyManager.shared.add { MyWorkoutManager() }
    })
