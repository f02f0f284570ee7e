//
//  StartDiveLogIntent.swift
//  DeepLog Watch App
//

import AppIntents

/// The first press of the Action button starts logging a dive, just before entering the water.
struct StartDiveLogIntent: StartDiveIntent {
    static var title: LocalizedStringResource = "Start Dive"

    func perform() async throws -> some IntentResult {
        logger.debug("Starting a dive from the Action button")
        try await DiveManager.shared.startDive()

        // Still at the surface: the next press marks where the diver entered the water.
        return .result(actionButtonIntent: MarkEntryIntent())
    }
}
