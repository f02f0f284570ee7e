// Apple: "Responding to the Action button on Apple Watch Ultra", Support multiple workout types.
// Every difference from Apple's text is marked `actionsim:` and listed in the README.
import AppIntents
import HealthKit

enum WorkoutEnum: String, AppEnum {
    // List the types of workout your app supports.
    case walking
    case running
    case swimming
    case cycling

    // actionsim: `static let`, not `static var`. Swift 6 refuses a mutable global (a static
    // stored `var`) that nothing protects from concurrent access.
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Workout"

    // Set the display representation here.
    // actionsim: `static let` (as above).
    static let caseDisplayRepresentations: [WorkoutEnum: DisplayRepresentation] =
        [.walking: DisplayRepresentation(title: "Walking", subtitle: "outside walk"),
         .running: DisplayRepresentation(title: "Running", subtitle: "outside run"),
         .swimming: DisplayRepresentation(title: "Swimming", subtitle: "lap swim"),
         .cycling: DisplayRepresentation(title: "Cycling", subtitle: "outside cycling")
        ]
}

extension WorkoutEnum {
    // actionsim: Apple's `startWorkout(type:)` calls `type.activityType()` without showing it.
    func activityType() -> HKWorkoutActivityType {
        switch self {
        case .walking: .walking
        case .running: .running
        case .swimming: .swimming
        case .cycling: .cycling
        }
    }
}
