//
//  MarkLapIntent.swift
//  TrailRunner Watch App
//

import AppIntents

/// Each press during a workout marks a lap.
struct MarkLapIntent: AppIntent {
    static var title: LocalizedStringResource = "Mark Lap"

    func perform() async throws -> some IntentResult {
        logger.debug("Marking a lap")
        await WorkoutManager.shared.markLap(at: Date())
        return .result()
    }
}
