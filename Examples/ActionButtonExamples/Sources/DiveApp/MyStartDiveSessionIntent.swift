// Apple: "Responding to the Action button on Apple Watch Ultra", Start a new dive session.
// Differences are marked `actionsim:`.
import AppIntents
import AppLogging

struct MyStartDiveSessionIntent: StartDiveIntent {
    // actionsim: `static let` (Swift 6 refuses an unprotected mutable static).
    static let title: LocalizedStringResource = "Starting a dive session."

    // actionsim: from the app's dependencies (was `DiveManager.shared`); a test process runs
    // many simulated watches, and each has its own.
    @Dependency var diveManager: DiveManager

    func perform() async throws -> some IntentResult {
        logger.debug("*** Starting a dive session. ***")
        await diveManager.start()
        return .result(actionButtonIntent: MyCollectSubmergedDataIntent())
    }
}
