// Issue 24: the App Intents members docs/apple-coverage.md used to list as absent, written
// as a Swift 5 app writes them (stored `static var`s, a non-Sendable model class) and called.
import ActionButtonHarness
import AppIntents
import Testing

/// The app's settings: one of them only (UniqueAppEntity).
struct GearSettings: UniqueAppEntity {
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Gear settings"
    static var defaultQuery = UniqueAppEntityProvider { GearSettings() }
    var id: String { "gear" }
    var displayRepresentation: DisplayRepresentation { "Gear" }
}

/// Its query written out, as apps that need more than the provider write it.
struct GearSettingsQuery: UniqueAppEntityQuery {
    func uniqueEntity() async throws -> GearSettings { GearSettings() }
}

/// A model class the app owns, with a default (AppDependency's `default:`); Apple's
/// AppDependency asks for a Sendable value, as here.
final class GearLocker: @unchecked Sendable {
    var items = ["fins", "mask"]
}

struct ConfirmGearSnippet: SnippetIntent {
    static var title: LocalizedStringResource = "Gear check"
    func perform() async throws -> some IntentResult { .result() }
}

struct PackGearIntent: AppIntent {
    static var title: LocalizedStringResource = "Pack gear"
    static var supportedModes: IntentModes = [.background, .foreground(.dynamic)]

    @Parameter(title: "Site")
    var site: String

    @AppDependency(default: GearLocker())
    var locker: GearLocker

    static var parameterSummary: some ParameterSummary {
        Summary("Pack gear for \(\.$site)")
    }

    func perform() async throws -> some IntentResult {
        try await requestConfirmation(actionName: .set, dialog: "Pack for \(site)?", snippetIntent: ConfirmGearSnippet())
        if systemContext.currentMode.canContinueInForeground {
            try await continueInForeground("Open the checklist", alwaysConfirm: false)
        }
        locker.items.append(site)
        return .result()
    }
}

@Suite("Swift 5: App Intents' summaries, modes, unique entities and defaults", .serialized)
struct AppIntentsNewerSwift5Tests {
    @Test("parameterSummary, requestConfirmation with a snippet, systemContext, continueInForeground, @AppDependency's default")
    func packGear() async throws {
        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("Gear5", start: StartLogbookIntent.self),
                                            settings: .workout(app: "Gear5", firstPress: "run"))
        final class Seen: @unchecked Sendable {
            var items: [String] = []
            var mode: IntentModes.Current?
        }
        let seen = Seen()
        try await watch.runInApp("pack") {
            Task {
                var intent = PackGearIntent()
                intent.site = "reef"
                seen.mode = intent.systemContext.currentMode
                _ = try await intent.perform()
                seen.items = intent.locker.items
            }
        }
        let (items, mode) = (seen.items, seen.mode)
        #expect(mode == .foreground)
        #expect(mode?.canContinueInForeground == true)
        #expect(IntentModes.Current.background.canContinueInForeground == false)
        #expect(IntentModes.Current.foreground.debugDescription == "foreground")
        #expect(watch.appLog.contains("PackGearIntent asks to confirm “Pack for reef?” with the snippet of ConfirmGearSnippet [Set]: the wearer confirms"))
        #expect(watch.appLog.contains("PackGearIntent continues in the foreground (the app is already open)"))
        // Nothing is registered: the default is made once and kept.
        #expect(items == ["fins", "mask", "reef"])
        let summary = PackGearIntent.parameterSummary as Any as? IntentParameterSummary<PackGearIntent>
        var intent = PackGearIntent()
        #expect(summary?.text(for: intent) == "Pack gear for Site")
        intent.site = "the wreck"
        #expect(summary?.text(for: intent) == "Pack gear for the wreck")
        #expect(PackGearIntent.persistentIdentifier == "PackGearIntent")
    }

    @Test("UniqueAppEntity: the provider and a written query hand out the one entity")
    func uniqueEntity() async throws {
        #expect(try await GearSettings.defaultQuery.uniqueEntity().id == "gear")
        #expect(try await GearSettings.defaultQuery.allEntities().map(\.id) == ["gear"])
        #expect(try await GearSettingsQuery().entities(for: ["gear"]).count == 1)
        #expect(try await GearSettingsQuery().suggestedEntities().count == 1)
    }
}

/// A dive site with `@Property`s, found by its properties (EntityPropertyQuery). Apple's
/// samples map comparators to NSPredicate; Linux's Foundation cannot parse predicate formats,
/// so this app maps them to a filter of its own.
struct SiteEntity: AppEntity {
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Site"
    static var defaultQuery = SiteQuery()

    var id: String
    @Property(title: "Name")
    var name: String
    @Property(title: "Depth")
    var depth: Double

    init(id: String, name: String, depth: Double) {
        self.id = id
        self.name = name
        self.depth = depth
    }

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
}

enum SiteFilter: Equatable {
    case named(String)
    case nameContains(String)
    case shallowerThan(Double)

    func matches(_ site: SiteEntity) -> Bool {
        switch self {
        case .named(let name): site.name == name
        case .nameContains(let text): site.name.contains(text)
        case .shallowerThan(let depth): site.depth <= depth
        }
    }
}

struct SiteQuery: EntityPropertyQuery {
    static let sites = [SiteEntity(id: "reef", name: "The reef", depth: 12), SiteEntity(id: "wreck", name: "The wreck", depth: 31)]

    static var properties = QueryProperties {
        Property(\SiteEntity.$name) {
            EqualToComparator { SiteFilter.named($0) }
            ContainsComparator { SiteFilter.nameContains($0) }
        }
        Property(\SiteEntity.$depth) {
            LessThanOrEqualToComparator { SiteFilter.shallowerThan($0) }
        }
    }

    static var sortingOptions = SortingOptions {
        SortableBy(\SiteEntity.$depth)
    }

    func entities(for identifiers: [SiteEntity.ID]) async throws -> [SiteEntity] {
        Self.sites.filter { identifiers.contains($0.id) }
    }

    func entities(matching comparators: [SiteFilter], mode: ComparatorMode, sortedBy: [EntityQuerySort<SiteEntity>],
                  limit: Int?) async throws -> [SiteEntity] {
        let matched = Self.sites.filter { site in
            mode == .and ? comparators.allSatisfy { $0.matches(site) } : comparators.contains { $0.matches(site) }
        }
        return Array(matched.prefix(limit ?? matched.count))
    }
}

@Suite("Swift 5: EntityPropertyQuery and @Property")
struct EntityPropertyQuerySwift5Tests {
    @Test("A property query's comparators map a value as the app wrote them, and its entities(matching:) is called as the system would")
    func propertyQuery() async throws {
        #expect(SiteQuery.properties.properties.count == 2)
        #expect(SiteQuery.properties.properties[0].mappings("The wreck") == [.named("The wreck"), .nameContains("The wreck")])
        #expect(SiteQuery.sortingOptions.count == 1)
        let shallow = SiteQuery.properties.properties[1].mappings(20.0)
        #expect(shallow == [.shallowerThan(20)])
        let found = try await SiteQuery().entities(matching: shallow, mode: .and, sortedBy: [], limit: nil)
        #expect(found.map { $0.id } == ["reef"])
        #expect(SiteQuery.sites[1].$depth.title?.key == "Depth")
    }
}
