import AppSourceScan
import Foundation

/// The Swift build settings of a watch app's target, read from the Xcode project beside its
/// folder (`project.pbxproj`, an old-style property list): the language mode, whether code is
/// on the main actor by default, and the upcoming features. A setting counts when every
/// build configuration of the target has it (the target's value, else the project's for the
/// configuration of the same name). Projects Xcode 26 creates set Default Actor Isolation to
/// MainActor and Approachable Concurrency on; code written for that compiles only with them.
struct XcodeSwiftSettings: Equatable {
    var languageMode: Int
    var mainActorByDefault: Bool
    /// By the compiler's names, before the language mode drops those it has.
    var upcomingFeatures: [String]
    /// For the report: "the default", "from Trail.xcodeproj", "from Trail.xcodeproj's target Trail Watch App".
    var source: String
    /// The target's synchronized folders besides the app's own (Xcode 16 and later: a
    /// `Shared` folder two targets build), by their paths in the project.
    var otherFolders: [String] = []
    /// Files of a synchronized folder (by its path in the project) that the target leaves
    /// out (its membership exceptions), relative to that folder.
    var membershipExceptions: [String: [String]] = [:]
    /// The folder holding the `.xcodeproj`, which the folders' paths start from.
    var projectFolder: URL?
    /// The Swift files the target's Compile Sources phase lists (a project from before
    /// Xcode 16's synchronized folders, or files added to a target one by one), by their
    /// paths from the project's folder; empty when it lists none.
    var compiledFiles: [String] = []
    /// The target's name, when one was found.
    var targetName: String?

    static let unset = XcodeSwiftSettings(languageMode: 5, mainActorByDefault: false, upcomingFeatures: [], source: "the default")

    /// The settings for the app in `folder`: those of the Xcode project above it, if there is one.
    static func near(_ folder: URL) -> XcodeSwiftSettings {
        guard let project = LocalPackagesPlan.xcodeProject(near: folder) else { return .unset }
        var settings = switch project.kind {
        case .xcodeproj(let text): XcodeSwiftSettings(project: text, named: project.name, folderName: folder.lastPathComponent)
        case .xcodeGen(let spec): XcodeSwiftSettings(xcodeGen: spec, named: project.name, folderName: folder.lastPathComponent)
        }
        settings.projectFolder = project.folder
        return settings
    }

    init(languageMode: Int, mainActorByDefault: Bool, upcomingFeatures: [String], source: String) {
        self.languageMode = languageMode
        self.mainActorByDefault = mainActorByDefault
        self.upcomingFeatures = upcomingFeatures
        self.source = source
    }

    /// Reads `text` (a `project.pbxproj`) for the target building the folder `folderName`:
    /// the target of that name, or whose product or synchronized folder has it, or the only
    /// watchOS target; without one, the project's own settings.
    init(project text: String, named name: String, folderName: String) {
        var format = PropertyListSerialization.PropertyListFormat.openStep
        guard let root = (try? PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: &format)) as? [String: Any],
              let objects = root["objects"] as? [String: Any] else {
            // Not a property list this Foundation reads: the language mode from its lines alone.
            let versions = text.split(separator: "\n").compactMap { line -> Substring? in
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                return trimmed.hasPrefix("SWIFT_VERSION = ") ? trimmed.dropFirst("SWIFT_VERSION = ".count) : nil
            }
            let six = !versions.isEmpty && versions.allSatisfy { $0.hasPrefix("6") }
            self.init(languageMode: six ? 6 : 5, mainActorByDefault: false, upcomingFeatures: [], source: "from \(name)")
            return
        }
        func object(_ id: Any?) -> [String: Any]? { (id as? String).flatMap { objects[$0] as? [String: Any] } }
        func configurations(_ list: Any?) -> [(name: String, settings: [String: Any])] {
            (object(list)?["buildConfigurations"] as? [Any] ?? []).compactMap(object).map {
                ($0["name"] as? String ?? "", $0["buildSettings"] as? [String: Any] ?? [:])
            }
        }
        let project = object(root["rootObject"])
        let projectConfigurations = configurations(project?["buildConfigurationList"])
        let targetIDs = (project?["targets"] as? [Any] ?? []).compactMap { $0 as? String }
        let targets = targetIDs.compactMap { object($0) }
        func isWatchOS(_ target: [String: Any]) -> Bool {
            configurations(target["buildConfigurationList"]).contains { ($0.settings["SDKROOT"] as? String) == "watchos" }
        }
        let synchronizedGroups = { (target: [String: Any]) in
            (target["fileSystemSynchronizedGroups"] as? [Any] ?? []).compactMap(object)
        }
        let synchronized = { (target: [String: Any]) in synchronizedGroups(target).compactMap { $0["path"] as? String } }
        let watchTargets = targets.filter(isWatchOS)
        let targetIndex = targets.firstIndex { $0["name"] as? String == folderName }
            ?? targets.firstIndex { $0["productName"] as? String == folderName }
            ?? targets.firstIndex { synchronized($0).contains(folderName) }
            ?? (watchTargets.count == 1 ? targets.firstIndex { isWatchOS($0) } : nil)
        let target = targetIndex.map { targets[$0] }

        let chosen = target.map { configurations($0["buildConfigurationList"]) } ?? projectConfigurations
        let resolved: [[String: String]] = chosen.map { configuration in
            var settings: [String: String] = [:]
            let inherited = projectConfigurations.first { $0.name == configuration.name }?.settings ?? [:]
            for (key, value) in inherited.merging(target == nil ? [:] : configuration.settings, uniquingKeysWith: { $1 }) {
                if let value = value as? String { settings[key] = value }
            }
            return settings
        }
        self.init(buildSettings: resolved, source: "from \(name)" + (target.flatMap { $0["name"] as? String }.map { "'s target \($0)" } ?? ""))
        targetName = target.flatMap { $0["name"] as? String }
        otherFolders = target.map { synchronized($0).filter { $0 != folderName } } ?? []
        compiledFiles = target.map { Self.compiledSwiftFiles(of: $0, objects: objects, mainGroup: project?["mainGroup"] as? String) } ?? []
        // A group's exception set for this target lists the files the target does not build.
        // (`targets` keeps the ids' order: only ids naming an object are in either.)
        let targetID = targetIndex.map { targetIDs.filter { object($0) != nil }[$0] }
        for group in target.map(synchronizedGroups) ?? [] {
            guard let path = group["path"] as? String, let targetID else { continue }
            let excepted = (group["exceptions"] as? [Any] ?? []).compactMap(object)
                .filter { $0["target"] as? String == targetID }
                .flatMap { $0["membershipExceptions"] as? [Any] ?? [] }.compactMap { $0 as? String }
            if !excepted.isEmpty { membershipExceptions[path] = excepted }
        }
    }

    /// The settings a target builds with, from its build settings, one dictionary per
    /// configuration (Debug, Release): a setting counts when every configuration has it.
    init(buildSettings resolved: [[String: String]], source: String) {
        func everywhere(_ key: String, _ holds: (String) -> Bool) -> Bool {
            !resolved.isEmpty && resolved.allSatisfy { $0[key].map(holds) ?? false }
        }
        var features: [String] = []
        if everywhere("SWIFT_APPROACHABLE_CONCURRENCY", { $0 == "YES" }) { features += ConcurrencySettings.approachableConcurrency }
        let upcoming = Set(resolved.flatMap { $0.keys.filter { $0.hasPrefix(Self.upcomingPrefix) } })
        for key in upcoming.sorted() where everywhere(key, { $0 == "YES" }) {
            features.append(Self.featureName(xcodeSetting: key))
        }
        if everywhere("SWIFT_STRICT_CONCURRENCY", { $0 == "complete" }) { features.append("StrictConcurrency") }
        self.init(languageMode: everywhere("SWIFT_VERSION", { $0.hasPrefix("6") }) ? 6 : 5,
                  mainActorByDefault: everywhere("SWIFT_DEFAULT_ACTOR_ISOLATION", { $0 == "MainActor" }),
                  upcomingFeatures: features, source: source)
    }

    /// Reads an XcodeGen spec (`project.yml`, whose `.xcodeproj` is generated and often not
    /// checked in) for the target building `folderName`: the target of that name, or whose
    /// `sources` has the folder, or the only watchOS target. Its settings are the project's
    /// `settings` and then the target's (`base`, then each of `configs`); its other `sources`
    /// folders are built with the app, as the project's synchronized folders are.
    init(xcodeGen spec: [String: Any], named name: String, folderName: String) {
        func flat(_ settings: Any?) -> [[String: String]] {
            guard let settings = settings as? [String: Any] else { return [[:]] }
            func strings(_ dictionary: Any?) -> [String: String] {
                var result: [String: String] = [:]
                for (key, value) in dictionary as? [String: Any] ?? [:] {
                    switch value {
                    case let flag as Bool: result[key] = flag ? "YES" : "NO"
                    case let text as String: result[key] = text
                    case let number as Int: result[key] = String(number)
                    case let number as Double: result[key] = String(number)
                    default: break
                    }
                }
                return result
            }
            let nested = settings["base"] != nil || settings["configs"] != nil || settings["groups"] != nil
            let base = strings(nested ? settings["base"] : settings)
            let configs = (settings["configs"] as? [String: Any] ?? [:]).sorted { $0.key < $1.key }
                .map { base.merging(strings($0.value), uniquingKeysWith: { $1 }) }
            return configs.isEmpty ? [base] : configs
        }
        func sources(_ target: [String: Any]) -> [String] {
            let list: [Any] = (target["sources"] as? [Any]) ?? (target["sources"].map { [$0] } ?? [])
            return list.compactMap { ($0 as? String) ?? (($0 as? [String: Any])?["path"] as? String) }
                .map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        }
        let targets = (spec["targets"] as? [String: Any] ?? [:]).compactMap { entry in
            (entry.value as? [String: Any]).map { (name: entry.key, target: $0) }
        }.sorted { $0.name < $1.name }
        let watchTargets = targets.filter { ($0.target["platform"] as? String)?.lowercased() == "watchos" }
        let target = targets.first { $0.name == folderName }
            ?? targets.first { sources($0.target).contains { $0 == folderName || $0.hasSuffix("/" + folderName) } }
            ?? (watchTargets.count == 1 ? watchTargets[0] : nil)
        let project = flat(spec["settings"])
        let resolved = target.map { target in flat(target.target["settings"]).map { own in
            project.first!.merging(own, uniquingKeysWith: { $1 })
        } } ?? project
        self.init(buildSettings: resolved, source: "from \(name)" + (target.map { "'s target \($0.name)" } ?? ""))
        targetName = target?.name
        otherFolders = target.map { sources($0.target).filter { $0 != folderName && !$0.hasSuffix("/" + folderName) } } ?? []
    }

    /// The local packages an XcodeGen spec names (`packages:` with a `path:`), by their paths.
    static func xcodeGenPackages(_ spec: [String: Any]) -> [String] {
        (spec["packages"] as? [String: Any] ?? [:]).sorted { $0.key < $1.key }
            .compactMap { ($0.value as? [String: Any])?["path"] as? String }
    }

    /// The Swift files of `target`'s Sources build phase, each by its path from the project's
    /// folder: a file reference's path is its group's path and its own (`<group>`), or from
    /// the project's folder (`SOURCE_ROOT`); others (absolute, build products) are not read.
    static func compiledSwiftFiles(of target: [String: Any], objects: [String: Any], mainGroup: String?) -> [String] {
        func object(_ id: Any?) -> [String: Any]? { (id as? String).flatMap { objects[$0] as? [String: Any] } }
        var parent: [String: String] = [:]
        for (id, value) in objects {
            guard let group = value as? [String: Any], let children = group["children"] as? [Any] else { continue }
            for case let child as String in children { parent[child] = id }
        }
        /// The folder (from the project's) an object's children are in; nil when not known.
        func path(of id: String, depth: Int = 0) -> String? {
            guard depth < 64, let item = object(id) else { return nil }
            let own = item["path"] as? String
            switch item["sourceTree"] as? String {
            case "SOURCE_ROOT": return own ?? ""
            case "<group>", nil:
                if id == mainGroup { return own ?? "" }
                guard let up = parent[id], let base = path(of: up, depth: depth + 1) else { return nil }
                guard let own else { return base }
                return base.isEmpty ? own : base + "/" + own
            default: return nil
            }
        }
        let phases = (target["buildPhases"] as? [Any] ?? []).compactMap(object).filter { $0["isa"] as? String == "PBXSourcesBuildPhase" }
        return phases.flatMap { $0["files"] as? [Any] ?? [] }.compactMap { object($0)?["fileRef"] as? String }
            .compactMap { path(of: $0) }
            .filter { $0.hasSuffix(".swift") }
    }

    static let upcomingPrefix = "SWIFT_UPCOMING_FEATURE_"

    /// `SWIFT_UPCOMING_FEATURE_MEMBER_IMPORT_VISIBILITY` is `MemberImportVisibility`: the words
    /// joined, except where Xcode's name and the compiler's differ.
    static func featureName(xcodeSetting key: String) -> String {
        let words = key.dropFirst(upcomingPrefix.count)
        switch words {
        case "DISABLE_OUTWARD_ACTOR_ISOLATION": return "DisableOutwardActorInference"
        case "IMPORT_OBJC_FORWARD_DECLS": return "ImportObjcForwardDeclarations"
        default: return words.split(separator: "_").map { $0.prefix(1) + $0.dropFirst().lowercased() }.joined()
        }
    }
}
