//
//  TrailRunnerApp.swift
//  TrailRunner Watch App
//

import SwiftUI

@main
struct TrailRunnerApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
