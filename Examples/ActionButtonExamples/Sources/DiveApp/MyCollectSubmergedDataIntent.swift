// Apple names this intent without showing it: the dive's next action. Here it records the
// latest depth, pressure and water temperature in the dive, as a marker.
import AppIntents
import AppLogging

struct MyCollectSubmergedDataIntent: AppIntent {
    static let title: LocalizedStringResource = "Collect Submerged Data"

    @Dependency var diveManager: DiveManager

    func perform() async throws -> some IntentResult {
        logger.debug("*** Collecting submerged data. ***")
        try await diveManager.collectSubmergedData()
        return .result()
    }
}
