//
//  ContentView.swift
//  TrailRunner Watch App
//

import SwiftUI

/// The workout at a glance. Most of the time the Action button drives the app: the first
/// press starts a workout, later presses mark laps, Action + side pauses and resumes.
struct ContentView: View {
    @State private var workoutManager = WorkoutManager.shared

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(workoutManager.style?.rawValue.capitalized ?? "TrailRunner")
                .font(.headline)
            if let heartRate = workoutManager.heartRate {
                Text("\(Int(heartRate)) bpm")
                    .font(.title2)
            }
            Text("Laps: \(workoutManager.lapCount)")
            Button("Start Run") {
                try? workoutManager.startWorkout(style: .running)
            }
        }
        .padding()
    }
}

#Preview {
    ContentView()
}
