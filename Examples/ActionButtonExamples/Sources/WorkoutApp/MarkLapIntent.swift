// Apple: "Responding to the Action button on Apple Watch Ultra", Donate the next action.
import AppIntents
import AppLogging
import Foundation

struct MarkLapIntent: AppIntent {
    // actionsim: `static let` (Swift 6 refuses an unprotected mutable static).
    static let title: LocalizedStringResource = "Mark Lap"

    // actionsim: from the app's dependencies (was `MyWorkoutManager.shared`).
    @Dependency var workoutManager: MyWorkoutManager

    func perform() async throws -> some IntentResult {
        logger.debug("*** Perform a mark lap intent. ***")
        await workoutManager.markLap(at: Date())
        return .result()
    }
}
