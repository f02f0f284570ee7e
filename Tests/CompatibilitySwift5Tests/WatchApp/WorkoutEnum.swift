// A watch target's file, written as for Xcode in Swift 5 language mode: it imports only
// Apple's frameworks and compiles unchanged against actionsim's stand-ins.
import AppIntents

/// Defined elsewhere in the app, to show a display representation built by interpolation.
let cyclingTitle = "Cycling"

enum WorkoutEnum: String, AppEnum {
    case walking
    case running
    case cycling
    case swimming
    case rowing

    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Workout"

    static var caseDisplayRepresentations: [WorkoutEnum: DisplayRepresentation] = [
        .walking: "Walking",
        .running: DisplayRepresentation(title: "Running", subtitle: "outside run", image: .init(systemName: "figure.run")),
        .cycling: "\(cyclingTitle)",
        .swimming: DisplayRepresentation(title: LocalizedStringResource(stringLiteral: "Swimming"), subtitle: "lap swim"),
        .rowing: DisplayRepresentation(title: "Rowing", subtitle: "on the lake"),
    ]
}

/// A second enum, named with `TypeDisplayRepresentation(name:)`.
enum Intensity: Int, AppEnum {
    case easy = 1
    case hard = 2

    static var typeDisplayRepresentation = TypeDisplayRepresentation(name: "Intensity")
    static var caseDisplayRepresentations: [Intensity: DisplayRepresentation] = [.easy: "Easy", .hard: "Hard"]
}
