//
//  TrailLightIntent.swift
//  TrailRunner Watch App
//

import AppIntents

/// Whether the trail light (the screen at full brightness, flashing) is on. Shared by the
/// control and the intent.
enum TrailLight {
    nonisolated(unsafe) static var isOn = false
}

/// Turns the trail light on or off: the action of the Trail Light control, which a runner
/// can put on the Action button (watchOS 26) to use it before, during and after a run.
struct ToggleTrailLightIntent: SetValueIntent {
    static var title: LocalizedStringResource = "Trail Light"

    @Parameter(title: "On")
    var value: Bool

    init() {}

    func perform() async throws -> some IntentResult {
        TrailLight.isOn = value
        logger.info("Trail light \(value ? "on" : "off", privacy: .public)")
        return .result()
    }
}
