/// How a target's code is isolated, beyond its language mode: whether unannotated code is
/// on the main actor (Xcode 26's "Default Actor Isolation", SwiftPM's `.defaultIsolation`)
/// and which upcoming language features it turns on (Xcode's "Approachable Concurrency" and
/// `SWIFT_UPCOMING_FEATURE_*`, SwiftPM's `.enableUpcomingFeature`). The package init-package
/// writes compiles each target with the settings its project gives it, so that code written
/// for them (a `static var` of a class that is on the main actor by default) compiles here as
/// it does for the watch.
public struct ConcurrencySettings: Sendable, Hashable {
    /// Unannotated declarations are `@MainActor`.
    public var mainActorByDefault: Bool
    /// Upcoming features by the compiler's names, without those the language mode already has.
    public var upcomingFeatures: [String]

    public static let none = ConcurrencySettings(mainActorByDefault: false, upcomingFeatures: [], languageMode: 5)

    /// `upcomingFeatures` as given; those `languageMode` already has are dropped (the compiler
    /// warns about them), the rest kept once, in order.
    public init(mainActorByDefault: Bool, upcomingFeatures: [String], languageMode: Int) {
        self.mainActorByDefault = mainActorByDefault
        var seen: Set<String> = []
        self.upcomingFeatures = upcomingFeatures.filter { feature in
            !(languageMode >= 6 && Self.partOfSwift6.contains(feature)) && seen.insert(feature).inserted
        }
    }

    /// The upcoming features Swift 6 language mode has on (`swiftc -print-supported-features`
    /// lists them with `"enabled_in": "6"`).
    static let partOfSwift6: Set<String> = [
        "ConciseMagicFile", "ForwardTrailingClosures", "StrictConcurrency", "BareSlashRegexLiterals",
        "DeprecateApplicationMain", "ImportObjcForwardDeclarations", "DisableOutwardActorInference",
        "IsolatedDefaultValues", "GlobalConcurrency", "InferSendableFromCaptures", "ImplicitOpenExistentials",
        "RegionBasedIsolation", "DynamicActorIsolation", "NonfrozenEnumExhaustivity", "GlobalActorIsolatedTypesUsability",
    ]

    /// What Xcode's "Approachable Concurrency" (`SWIFT_APPROACHABLE_CONCURRENCY = YES`) turns on.
    public static let approachableConcurrency = [
        "DisableOutwardActorInference", "GlobalActorIsolatedTypesUsability", "InferIsolatedConformances",
        "InferSendableFromCaptures", "NonisolatedNonsendingByDefault",
    ]

    /// The settings a manifest writes after the language mode: `, .defaultIsolation(MainActor.self), ...`;
    /// empty when there are none.
    public var manifestSettings: String {
        (mainActorByDefault ? ", .defaultIsolation(MainActor.self)" : "")
            + upcomingFeatures.map { ", .enableUpcomingFeature(\(RegistrationSource.swiftString($0)))" }.joined()
    }

    /// In words, for what init-package reports: nil when there is nothing beyond the language mode.
    public var summary: String? {
        var parts: [String] = []
        if mainActorByDefault { parts.append("main actor by default") }
        if !upcomingFeatures.isEmpty { parts.append("upcoming features " + upcomingFeatures.joined(separator: ", ")) }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
