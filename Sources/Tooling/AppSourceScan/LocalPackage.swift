import Foundation

/// A local SwiftPM package a watch app's target depends on: modern watch apps keep their
/// models and services in one (`import TrailKit`), referenced from the Xcode project by a
/// relative path. Read from what `swift package dump-package` prints; only text here (the
/// command runs the tool and lists the folders).
public struct LocalPackage: Sendable {
    /// A library target of the package, with what it needs.
    public struct Target: Sendable, Hashable {
        public var name: String
        /// Its sources folder, absolute.
        public var folder: String
        /// Paths inside the folder the package excludes.
        public var exclude: [String]
        /// The targets it depends on, in this package or (through their products) another
        /// local package.
        public var dependencies: [String]
        /// Its `.defaultIsolation` and `.enableUpcomingFeature` settings.
        public var concurrency: ConcurrencySettings
    }

    public var name: String
    /// The package's folder, absolute.
    public var folder: String
    /// Its library targets (not its tests, executables, plugins or macros).
    public var targets: [Target]
    /// The local packages it depends on, by folder.
    public var packageFolders: [String]
    /// Its products' targets, by product name.
    public var products: [String: [String]]
    /// Each target's dependencies as written: a name, a target, or a product of a package.
    var writtenDependencies: [String: [Dependency]]
    /// Dependencies that are not local folders (git URLs, registry ids): they cannot be built here.
    public var remoteDependencies: [String]
    /// The Swift language mode its targets build in (from its tools version, or its
    /// `swiftLanguageModes`).
    public var languageMode: Int

    enum Dependency: Sendable, Hashable {
        case name(String)
        case product(String, package: String?)
    }

    /// Reads `swift package dump-package`'s JSON for the package in `folder`.
    public init(dump data: Data, folder: String) throws(LocalPackageError) {
        guard let object = try? JSONSerialization.jsonObject(with: data), let root = object as? [String: Any],
              let name = root["name"] as? String, let targetList = root["targets"] as? [[String: Any]] else {
            throw LocalPackageError("\(folder): swift package dump-package did not describe a package")
        }
        self.name = name
        self.folder = folder
        let modes = (root["swiftLanguageVersions"] as? [Any] ?? root["swiftLanguageModes"] as? [Any] ?? [])
            .compactMap { ($0 as? String).flatMap { Int($0.prefix { $0.isNumber }) } }
        let tools = ((root["toolsVersion"] as? [String: Any])?["_version"] as? String).flatMap { Int($0.prefix { $0.isNumber }) } ?? 5
        languageMode = modes.max() ?? (tools >= 6 ? 6 : 5)
        var targets: [Target] = []
        var written: [String: [Dependency]] = [:]
        for target in targetList {
            guard let targetName = target["name"] as? String, (target["type"] as? String) == "regular" else { continue }
            let path = target["path"] as? String ?? "Sources/\(targetName)"
            let dependencies: [Dependency] = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { entry in
                if let byName = entry["byName"] as? [Any], let dependency = byName.first as? String { return .name(dependency) }
                if let target = entry["target"] as? [Any], let dependency = target.first as? String { return .name(dependency) }
                if let product = entry["product"] as? [Any], let dependency = product.first as? String {
                    return .product(dependency, package: product.count > 1 ? product[1] as? String : nil)
                }
                return nil
            }
            written[targetName] = dependencies
            // Each setting is {"tool": "swift", "kind": {"defaultIsolation": {"_0": "MainActor"}}}.
            let kinds = (target["settings"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? [String: Any] }
            let argument = { (kind: [String: Any], name: String) in (kind[name] as? [String: Any])?["_0"] as? String }
            let mainActor = kinds.contains { argument($0, "defaultIsolation") == "MainActor" }
            let features = kinds.compactMap { argument($0, "enableUpcomingFeature") }
            targets.append(Target(name: targetName, folder: path.hasPrefix("/") ? path : folder + "/" + path,
                                  exclude: target["exclude"] as? [String] ?? [], dependencies: [],
                                  concurrency: ConcurrencySettings(mainActorByDefault: mainActor, upcomingFeatures: features, languageMode: languageMode)))
        }
        self.targets = targets
        writtenDependencies = written
        var folders: [String] = []
        var remote: [String] = []
        for dependency in root["dependencies"] as? [[String: Any]] ?? [] {
            if let fileSystem = (dependency["fileSystem"] as? [[String: Any]])?.first, let path = fileSystem["path"] as? String {
                folders.append(path)
            } else if let sourceControl = (dependency["sourceControl"] as? [[String: Any]])?.first {
                let location = (sourceControl["location"] as? [String: Any]).flatMap { location in
                    ((location["remote"] as? [[String: Any]])?.first?["urlString"] as? String)
                        ?? ((location["local"] as? [String])?.first)
                }
                remote.append(location ?? (sourceControl["identity"] as? String ?? "a package"))
            } else if let registry = (dependency["registry"] as? [[String: Any]])?.first {
                remote.append(registry["identity"] as? String ?? "a registry package")
            }
        }
        packageFolders = folders
        remoteDependencies = remote
        var products: [String: [String]] = [:]
        for product in root["products"] as? [[String: Any]] ?? [] {
            if let productName = product["name"] as? String { products[productName] = product["targets"] as? [String] ?? [] }
        }
        self.products = products
    }

    /// Every package's targets with their dependencies resolved to target names: a name is a
    /// target of the same package, else a product of another local package.
    public static func resolve(_ packages: [LocalPackage]) throws(LocalPackageError) -> [LocalPackage] {
        var productTargets: [String: [String]] = [:]
        for package in packages {
            for (product, targets) in package.products { productTargets[product, default: []] += targets }
        }
        var resolved = packages
        for index in resolved.indices {
            let own = Set(resolved[index].targets.map(\.name))
            for targetIndex in resolved[index].targets.indices {
                let target = resolved[index].targets[targetIndex]
                var names: [String] = []
                for dependency in resolved[index].writtenDependencies[target.name] ?? [] {
                    switch dependency {
                    case .name(let name) where own.contains(name): names.append(name)
                    case .name(let name), .product(let name, _):
                        guard let targets = productTargets[name] else {
                            throw LocalPackageError("\(resolved[index].folder): the target \(target.name) depends on \(name), "
                                + "which no local package given provides (a package from the network cannot be built here)")
                        }
                        names += targets
                    }
                }
                resolved[index].targets[targetIndex].dependencies = names
            }
        }
        return resolved
    }

    /// The `relativePath`s of the Xcode project's local package references
    /// (`XCLocalSwiftPackageReference`), relative to the folder holding the `.xcodeproj`.
    public static func references(inProject text: String) -> [String] {
        var paths: [String] = []
        var inReference = false
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("isa = XCLocalSwiftPackageReference") { inReference = true }
            if inReference, trimmed.hasPrefix("relativePath = ") {
                var value = String(trimmed.dropFirst("relativePath = ".count))
                if value.hasSuffix(";") { value.removeLast() }
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                paths.append(value)
                inReference = false
            }
            if trimmed == "};" { inReference = false }
        }
        return paths
    }
}

/// A local package that cannot be used: said as `error: ...`, nothing written.
public struct LocalPackageError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
