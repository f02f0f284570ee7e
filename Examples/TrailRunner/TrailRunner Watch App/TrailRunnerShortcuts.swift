//
//  TrailRunnerShortcuts.swift
//  TrailRunner Watch App
//

import AppIntents

struct TrailRunnerShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: StartTrailWorkoutIntent(),
            phrases: ["Start a trail run in \(.applicationName)"],
            shortTitle: "Trail Run",
            systemImageName: "figure.run"
        )
    }
}
