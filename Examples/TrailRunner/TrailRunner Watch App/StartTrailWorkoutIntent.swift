//
//  StartTrailWorkoutIntent.swift
//  TrailRunner Watch App
//

import AppIntents

/// The first press of the Action button starts the workout chosen under First Press.
struct StartTrailWorkoutIntent: StartWorkoutIntent {
    static var title: LocalizedStringResource = "Start Workout"

    static var suggestedWorkouts: [StartTrailWorkoutIntent] = [
        StartTrailWorkoutIntent(style: .running),
        StartTrailWorkoutIntent(style: .hiking),
        StartTrailWorkoutIntent(style: .cycling),
    ]

    @Parameter(title: "Workout")
    var workoutStyle: TrailWorkout

    init() {
        workoutStyle = .running
    }

    var displayRepresentation: DisplayRepresentation {
        TrailWorkout.caseDisplayRepresentations[workoutStyle] ??
            DisplayRepresentation(title: "Workout")
    }

    func perform() async throws -> some IntentResult {
        logger.debug("Starting a \(workoutStyle.rawValue) workout from the Action button")
        let workoutManager = WorkoutManager.shared
        try workoutManager.startWorkout(style: workoutStyle)

        // The interface is not up until perform() returns: ask for HealthKit access and
        // start collecting data in a task.
        Task {
            await workoutManager.requestAuthorization()
            do {
                try await workoutManager.startCollectingData()
            } catch {
                logger.error("Could not start collecting data: \(error.localizedDescription)")
            }
        }

        // The next press marks a lap, from the moment the workout starts.
        return .result(actionButtonIntent: MarkLapIntent())
    }
}
