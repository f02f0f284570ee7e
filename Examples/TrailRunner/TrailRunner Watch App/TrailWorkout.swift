//
//  TrailWorkout.swift
//  TrailRunner Watch App
//

import AppIntents
import HealthKit

/// The workouts TrailRunner offers under First Press in Settings > Action Button.
enum TrailWorkout: String, AppEnum {
    case running
    case hiking
    case cycling

    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Workout"

    static var caseDisplayRepresentations: [TrailWorkout: DisplayRepresentation] = [
        .running: DisplayRepresentation(title: "Trail Run", subtitle: "outdoor run"),
        .hiking: DisplayRepresentation(title: "Hike", subtitle: "outdoor hike"),
        .cycling: DisplayRepresentation(title: "Gravel Ride", subtitle: "outdoor cycling"),
    ]

    var activityType: HKWorkoutActivityType {
        switch self {
        case .running: return .running
        case .hiking: return .hiking
        case .cycling: return .cycling
        }
    }
}
