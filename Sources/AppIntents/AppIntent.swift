/// An action an app offers to the system: the shape of App Intents' `AppIntent`, as far as
/// the Action button uses it. The simulator calls `perform()` exactly where a watch would.
public protocol AppIntent: Sendable {
    associatedtype PerformResult: IntentResult

    static var title: LocalizedStringResource { get }
    /// Apple declares this optional; here it is not, so that Apple's own spelling
    /// `static var description = IntentDescription("...")` is the witness. (A non-optional
    /// property never satisfies an optional requirement, and with a default in place the
    /// mismatch would be silently ignored.)
    static var description: IntentDescription { get }
    /// Whether running the intent brings the app to the foreground. Start intents must
    /// leave this true (A9).
    static var openAppWhenRun: Bool { get }

    func perform() async throws -> PerformResult
}

extension AppIntent {
    public static var description: IntentDescription { IntentDescription("") }
    public static var openAppWhenRun: Bool { false }
}

/// Starts a workout session on the first press of the Action button (A3).
public protocol StartWorkoutIntent: AppIntent {
    associatedtype WorkoutStyle: AppEnum

    /// The kind of workout this intent starts; declare it with `@Parameter`.
    var workoutStyle: WorkoutStyle { get }

    /// The start intents listed under First Press in Settings > Action Button (A2). Change
    /// the list, then call `invalidateSuggestedWorkouts()` so the system reads it again.
    static var suggestedWorkouts: [Self] { get }
}

extension StartWorkoutIntent {
    public static var openAppWhenRun: Bool { true }

    /// Tells the system to read `suggestedWorkouts` again (A2).
    public static func invalidateSuggestedWorkouts() {
        ActionButtonRuntime.host?.suggestedWorkoutsDidChange()
    }
}

/// Pauses the running workout when Action and side are pressed together (A7).
public protocol PauseWorkoutIntent: AppIntent {}

/// Resumes the paused workout when Action and side are pressed together (A7).
public protocol ResumeWorkoutIntent: AppIntent {}

/// Starts a dive session on the first press of the Action button (A3, A8).
public protocol StartDiveIntent: AppIntent {}

extension StartDiveIntent {
    public static var openAppWhenRun: Bool { true }
}

/// An intent whose name and title are known only at run time, such as one described by an
/// app manifest. Swift-defined intents never need this: their type name and `title` serve.
public protocol DynamicIntent: AppIntent {
    var intentName: String { get }
    var intentTitle: String { get }
    var intentOpensApp: Bool { get }
    /// The parameters shown in logs and matched by scenario expectations.
    var intentParameters: KeyValuePairs<String, String> { get }
}
