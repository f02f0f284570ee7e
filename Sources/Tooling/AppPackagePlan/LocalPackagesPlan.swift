import Foundation
import Yams

import AppSourceScan

/// The app's local packages for `init-package`: found (`--package`, or the Xcode project's
/// local package references), read with `swift package dump-package`, checked, and their
/// library targets planned as targets of the package init-package writes. A target that
/// imports a UI framework is left out, and so is any target that needs it; both are said.
public struct LocalPackagesPlan: Sendable {
    /// The targets kept, dependencies first.
    public private(set) var targets: [SimulatorPackage.LocalTarget] = []
    /// What finding them found, a line each: the packages, and each target kept or left out.
    public private(set) var lines: [String] = []

    init(given: [String], appFolders: [String]) throws(AppPackageError) {
        let fileManager = FileManager.default
        var roots: [(shown: String, url: URL)] = given.map { ($0, URL(fileURLWithPath: $0).standardizedFileURL) }
        if roots.isEmpty, let first = appFolders.first,
           let project = Self.xcodeProject(near: URL(fileURLWithPath: first).standardizedFileURL) {
            let references = switch project.kind {
            case .xcodeproj(let text): LocalPackage.references(inProject: text)
            case .xcodeGen(let spec): XcodeSwiftSettings.xcodeGenPackages(spec)
            }
            roots = references.map { relative in
                (relative, project.folder.appendingPathComponent(relative).standardizedFileURL)
            }
            if !roots.isEmpty {
                lines.append("local packages of \(project.name): \(roots.map(\.shown).joined(separator: ", "))")
            }
        }
        guard !roots.isEmpty else { return }

        var loaded: [String: LocalPackage] = [:]
        var order: [String] = []
        func load(_ url: URL, shown: String, via stack: [String]) throws(AppPackageError) {
            let key = url.resolvingSymlinksInPath().path
            if let start = stack.firstIndex(of: key) {
                let cycle = (stack[start...] + [key]).map { URL(fileURLWithPath: $0).lastPathComponent }
                throw AppPackageError("\(shown): the local packages depend on each other in a cycle (\(cycle.joined(separator: " → "))); SwiftPM cannot build that")
            }
            if loaded[key] != nil { return }
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: key, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw AppPackageError("\(shown): no such folder; give a local Swift package's folder with --package")
            }
            guard fileManager.fileExists(atPath: key + "/Package.swift") else {
                throw AppPackageError("\(shown): is not a Swift package (no Package.swift in it); give the folder that holds the package's Package.swift")
            }
            let package: LocalPackage
            do { package = try LocalPackage(dump: try Self.dump(key, shown: shown), folder: key) } catch {
                throw AppPackageError((error as? LocalPackageError)?.description ?? "\(shown): \(error)")
            }
            if let remote = package.remoteDependencies.first {
                throw AppPackageError("\(shown): the package \(package.name) depends on \(remote), which is not a local folder; "
                    + "init-package builds local packages only")
            }
            for dependency in package.packageFolders {
                try load(URL(fileURLWithPath: dependency), shown: dependency, via: stack + [key])
            }
            loaded[key] = package
            order.append(key)
        }
        for root in roots { try load(root.url, shown: root.shown, via: []) }

        let packages: [LocalPackage]
        do { packages = try LocalPackage.resolve(order.compactMap { loaded[$0] }) } catch {
            throw AppPackageError(error.description)
        }
        let allNames = Set(packages.flatMap(\.targets).map(\.name))
        var conditions = CompilationConditions()
        conditions.localModules = allNames
        let appFolders = appFolders.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path + "/" }
        var leftOut: Set<String> = []
        for package in packages {
            let shown = roots.first { $0.url.resolvingSymlinksInPath().path == package.folder }?.shown ?? package.folder
            for target in package.targets {
                let folder = URL(fileURLWithPath: target.folder).standardizedFileURL.resolvingSymlinksInPath().path + "/"
                if let app = appFolders.first(where: { $0.hasPrefix(folder) || folder.hasPrefix($0) }) {
                    throw AppPackageError("\(target.folder): the package \(package.name)'s target \(target.name) and the app's folder \(app.dropLast()) "
                        + "hold the same files; a file belongs to the app or to a package, not both")
                }
                let contents = try FolderContents(URL(fileURLWithPath: target.folder), shownAs: target.folder)
                let files = contents.swiftFiles.map { SwiftSourceFile(path: $0.path, text: $0.text, conditions: conditions) }
                if let missing = files.lazy.compactMap({ file in file.missingModules.first.map { (file, $0) } }).first {
                    leftOut.insert(target.name)
                    lines.append("  left out: \(package.name)'s target \(target.name): \(missing.0.path) imports \(missing.1.module), "
                        + (LinuxPlatform.userInterfaceFrameworks.contains(missing.1.module) ? "a UI framework Linux does not have" : "which Linux does not have"))
                    continue
                }
                if let needed = target.dependencies.first(where: leftOut.contains) {
                    leftOut.insert(target.name)
                    lines.append("  left out: \(package.name)'s target \(target.name): it needs \(needed), left out above")
                    continue
                }
                let frameworks = LinuxPlatform.frameworkStandIns.filter { module in files.contains { $0.imports.contains { $0.module == module } } }
                let networking = files.lazy.compactMap(LinuxPlatform.foundationNetworkingUse(in:)).first
                targets.append(SimulatorPackage.LocalTarget(
                    name: target.name, folder: target.folder, package: package.name, packageFolder: shown, excluded: target.exclude,
                    dependencies: target.dependencies, frameworks: frameworks, languageMode: package.languageMode,
                    concurrency: target.concurrency, usesFoundationNetworking: networking != nil))
                lines.append("  package \(package.name): \(target.name), \(files.count) Swift file\(files.count == 1 ? "" : "s") (\(shown))")
                if let networking { lines.append("    " + Self.networkingNote(networking)) }
            }
        }
    }

    /// What init-package says when a target's files name `URLSession` or another type Linux
    /// keeps in FoundationNetworking: the target imports that module in every file.
    public static func networkingNote(_ use: LinuxPlatform.TypeUse) -> String {
        "FoundationNetworking imported into every file: \(use) (Linux keeps \(use.name) out of Foundation, Apple's Foundation has it)"
    }

    /// The Xcode project around an app's folder, read: a `project.pbxproj`'s text, or an
    /// XcodeGen spec (`project.yml`) as YAML.
    enum ProjectKind {
        case xcodeproj(String)
        case xcodeGen([String: Any])
    }

    /// The Xcode project around an app's folder: the first `.xcodeproj` in the folder above
    /// it, or up to two more above that; where a folder has none, its XcodeGen spec
    /// (`project.yml`, from which the `.xcodeproj` is generated and often not checked in).
    static func xcodeProject(near folder: URL) -> (name: String, folder: URL, kind: ProjectKind)? {
        var directory = folder.deletingLastPathComponent()
        for _ in 0..<3 {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            if let project = entries.sorted().first(where: { $0.hasSuffix(".xcodeproj") }),
               let text = try? String(contentsOf: directory.appendingPathComponent("\(project)/project.pbxproj"), encoding: .utf8) {
                return (project, directory, .xcodeproj(text))
            }
            if entries.contains("project.yml"),
               let text = try? String(contentsOf: directory.appendingPathComponent("project.yml"), encoding: .utf8),
               let spec = (try? Yams.load(yaml: text)) as? [String: Any] {
                return ("project.yml", directory, .xcodeGen(spec))
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// `swift package dump-package` for the package in `folder`.
    private static func dump(_ folder: String, shown: String) throws(AppPackageError) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [ProcessInfo.processInfo.environment["SWIFT"] ?? "swift", "package", "--package-path", folder, "dump-package"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch {
            throw AppPackageError("\(shown): cannot run `swift package dump-package` to read the package (is swift on PATH?)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            // The compiler's own diagnostic (Package.swift:LINE:COLUMN: error: ...) if there is one.
            let lines = message.split(separator: "\n").map(String.init)
            let first = lines.first { $0.contains(": error: ") } ?? lines.first { $0.contains("error") } ?? lines.first ?? ""
            let shortened = first.components(separatedBy: " (compiled with:").first ?? first
            throw AppPackageError("\(shown): SwiftPM cannot read this package's Package.swift: \(shortened)")
        }
        return data
    }
}
