// Issue 24: App Intents' newer surface written as Swift 5 apps write it (stored `static var`s),
// and CoreMotion's depth limit.
import AppIntents
import CoreMotion
import WatchKit

struct DiveSite: AppEntity {
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Dive site"
    static var defaultQuery = DiveSiteQuery()

    var id: String
    var name: String

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
}

struct DiveSiteQuery: EnumerableEntityQuery {
    func allEntities() async throws -> [DiveSite] { [DiveSite(id: "reef", name: "The reef"), DiveSite(id: "wreck", name: "The wreck")] }
}

class DiveSitePlanner {
    var planned: [String] = []
    var depthLimit: Double?
}

struct PlanDiveIntent: AppIntent {
    static var title: LocalizedStringResource = "Plan a dive"
    static var supportedModes: IntentModes = .foreground
    static var authenticationPolicy: IntentAuthenticationPolicy = .requiresLocalDeviceAuthentication

    @Parameter(title: "Site")
    var site: DiveSite

    @AppDependency
    var planner: DiveSitePlanner

    @AppDependency(key: "logbook")
    var logbookName: String

    func perform() async throws -> some IntentResult & ProvidesDialog {
        try await requestConfirmation()
        planner.planned.append(site.name + " (" + logbookName + ")")
        planner.depthLimit = CMWaterSubmersionManager().maximumDepth?.converted(to: .meters).value
        WKInterfaceDevice.current().enableWaterLock()
        let text = String(localized: "dive.planned", defaultValue: "Planned \(site.name)")
        return .result(dialog: IntentDialog(stringLiteral: text))
    }
}

extension DiveSitePlanner: @unchecked Sendable {}
