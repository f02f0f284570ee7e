//
//  DiveMarkIntents.swift
//  DeepLog Watch App
//

import AppIntents
import DeepLogKit

/// At the surface, a press marks the entry point.
struct MarkEntryIntent: AppIntent {
    static var title: LocalizedStringResource = "Mark Entry"

    func perform() async throws -> some IntentResult {
        await DiveManager.shared.mark(.entry)
        return .result()
    }
}

/// Under water, a press (or Action + side) marks the current depth: a sighting, a turn point.
struct MarkDepthIntent: AppIntent {
    static var title: LocalizedStringResource = "Mark Depth"

    func perform() async throws -> some IntentResult {
        await DiveManager.shared.mark(.depth)
        return .result()
    }
}
