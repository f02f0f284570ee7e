//
//  StartDiveLogIntent.swift
//  DeepLog Watch App
//

import AppIntents
import DeepLogKit

/// The first press of the Action button starts logging a dive, just before entering the water.
struct StartDiveLogIntent: StartDiveIntent {
    static var title: LocalizedStringResource = "Start Dive"

    func perform() async throws -> some IntentResult {
        logger.debug("Starting a dive from the Action button")
        // Under water the next press marks the depth instead of the entry.
        DiveManager.shared.onSubmerge = {
            Task {
                do {
                    try await StartDiveLogIntent().donate(result: .result(actionButtonIntent: MarkDepthIntent()))
                } catch {
                    logger.error("Could not donate Mark Depth: \(error.localizedDescription)")
                }
            }
        }
        try await DiveManager.shared.startDive()

        // Still at the surface: the next press marks where the diver entered the water.
        return .result(actionButtonIntent: MarkEntryIntent())
    }
}
