//
//  PauseResumeIntents.swift
//  TrailRunner Watch App
//

import AppIntents

/// Action + side pauses a running workout...
struct PauseTrailWorkoutIntent: PauseWorkoutIntent {
    static var title: LocalizedStringResource = "Pause Workout"

    func perform() async throws -> some IntentResult {
        logger.debug("Pausing the workout")
        WorkoutManager.shared.pause()
        return .result()
    }
}

/// ...and resumes a paused one.
struct ResumeTrailWorkoutIntent: ResumeWorkoutIntent {
    static var title: LocalizedStringResource = "Resume Workout"

    func perform() async throws -> some IntentResult {
        logger.debug("Resuming the workout")
        WorkoutManager.shared.resume()
        return .result()
    }
}
