/// Starts a workout session on the first press of the Action button (A3); Apple's page:
/// "StartWorkoutIntent".
public protocol StartWorkoutIntent: SystemIntent, InstanceDisplayRepresentable {
    /// An `AppEnum` (a fixed set of workouts) or an `AppEntity` (the app's own workouts).
    associatedtype WorkoutStyle: AppValue

    /// The kind of workout this intent starts; declare it with `@Parameter`.
    var workoutStyle: WorkoutStyle { get set }

    /// The start intents listed under First Press in Settings > Action Button (A2). Change
    /// the list, then call `invalidateSuggestedWorkouts()` so the system reads it again.
    static var suggestedWorkouts: [Self] { get }

    init()
}

extension StartWorkoutIntent {
    /// Start intents open the app, and the system launches it first anyway (A9).
    public static var openAppWhenRun: Bool { true }

    /// The intent for one workout style: `init()`, then the style (what Apple's
    /// `MyStartWorkoutIntent(style: .running)` relies on).
    public init(style: WorkoutStyle) {
        self.init()
        self.workoutStyle = style
    }

    /// Tells the system to read `suggestedWorkouts` again (A2).
    public static func invalidateSuggestedWorkouts() {
        ActionButtonRuntime.current?.suggestedWorkoutsDidChange()
    }

    /// How First Press shows this intent when the app gives nothing else: its style's case.
    public var displayRepresentation: DisplayRepresentation { workoutStyle.displayRepresentation }
}
