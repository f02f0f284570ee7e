import AppSourceScan
import Foundation
import OutputFiles

/// What `actionsim init-package` was asked for, as values: the command parses its options
/// into this and hands it to `AppPackagePlan`.
public struct AppPackageRequest: Sendable {
    /// The watch app folders, as given.
    public var folders: [String]
    /// `--name`: the app's (and its module's) name; one folder only.
    public var name: String?
    /// `--swift-language-mode`: 5 or 6, over what the Xcode project says.
    public var languageMode: Int?
    /// `--package`: local packages the app imports; none means the Xcode project's.
    public var packages: [String]
    /// `--tests`, `--scenarios`: folders linked instead of the starter files.
    public var tests: String?
    public var scenarios: String?
    /// `-o`: where the package goes (default: NAME-actionsim here).
    public var output: String?
    /// Where actionsim comes from for the package.
    public var actionsim: ActionsimSource
    /// The name of the executable the package builds (`actionsim-app`).
    public var executableName: String

    public init(folders: [String], name: String? = nil, languageMode: Int? = nil, packages: [String] = [],
                tests: String? = nil, scenarios: String? = nil, output: String? = nil,
                actionsim: ActionsimSource, executableName: String) {
        self.folders = folders
        self.name = name
        self.languageMode = languageMode
        self.packages = packages
        self.tests = tests
        self.scenarios = scenarios
        self.output = output
        self.actionsim = actionsim
        self.executableName = executableName
    }
}

/// Where the package init-package writes gets actionsim from.
public enum ActionsimSource: Sendable {
    /// A git URL (`--actionsim URL`, `--actionsim-version`).
    case url(String, version: String?)
    /// The build this actionsim runs from: the package compiles only the app's files.
    case prebuilt(SimulatorPackage.Prebuilt)
    /// A checkout's folder, whose sources the package builds (`--actionsim PATH`, `--from-source`,
    /// or the checkout this actionsim was built from). `given` is how the user named it, if they did.
    case checkout(URL, given: String?)

    public static func isURL(_ text: String) -> Bool {
        text.contains("://") || text.hasPrefix("git@")
    }
}

/// A problem with init-package's input, said as `error: ...` (exit 2): nothing is written.
public struct AppPackageError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// `init-package` as a plan: the app folders read and scanned, the local packages found, and
/// the package's files and links as one `OutputTree`, checked before anything is written.
/// The command shows what each step found and writes the tree; the plan writes nothing.
public struct AppPackagePlan {
    public let request: AppPackageRequest
    /// The local packages' targets, and what was said finding them.
    public let localPackages: LocalPackagesPlan

    /// Finds and reads the local packages (`swift package dump-package`).
    public init(_ request: AppPackageRequest) throws(AppPackageError) {
        self.request = request
        self.localPackages = try LocalPackagesPlan(given: request.packages, appFolders: request.folders)
    }

    /// One app folder, scanned.
    public struct ScannedFolder: Sendable {
        public var folder: String
        public var module: String
        public var languageMode: Int
        /// Where the language mode comes from: the option, the Xcode project, or the default.
        public var languageModeSource: String
        /// The default isolation and upcoming features the Xcode target builds with.
        public var concurrency: ConcurrencySettings
        /// Where those come from: the Xcode project, or the default.
        public var concurrencySource: String
        /// Folders the Xcode target also builds (synchronized folders besides the app's, a
        /// `Shared` folder), as shown: compiled with the app's, as one module.
        public var otherFolders: [String] = []
        /// Those the project names that are not there (by their paths in the project): said,
        /// so that their types' absence is explained.
        public var missingFolders: [String] = []
        /// Swift files outside the folders that the target's Compile Sources phase lists (a
        /// model shared with the iPhone app by target membership), as shown: compiled with it.
        public var otherFiles: [String] = []
        /// Swift files of the folder that the target's Compile Sources phase does not list
        /// (left over, or another target's), as shown: not compiled, as in Xcode.
        public var notInTarget: [String] = []
        /// The project and target that build them: "Trail.xcodeproj's target Trail Watch App".
        public var otherFoldersBuiltBy: String = ""
        public var scan: AppScan
        /// The app as the package builds it; nil when the scan has errors.
        public var app: SimulatorPackage.App?
    }

    /// Reads and scans the app folder at `index`; `earlier` are the folders scanned before it
    /// (two may not give the same module name).
    public func scanFolder(_ index: Int, after earlier: [ScannedFolder]) throws(AppPackageError) -> ScannedFolder {
        let folder = request.folders[index]
        let folderURL = URL(fileURLWithPath: folder).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folderURL.path, isDirectory: &isDirectory) else {
            throw AppPackageError("\(folder): no such folder")
        }
        guard isDirectory.boolValue else {
            throw AppPackageError("\(folder): is a file; give the watch app target's folder (the one holding its Swift files)")
        }
        let module = try Self.moduleName(request.name ?? Self.appName(fromFolder: folderURL.lastPathComponent), folder: folder)
        if earlier.contains(where: { $0.module == module }) {
            throw AppPackageError("two folders give the app name \(module); give them different names")
        }
        let xcode = XcodeSwiftSettings.near(folderURL)
        let languageMode: (mode: Int, source: String) = request.languageMode.map { ($0, "--swift-language-mode") }
            ?? (xcode.languageMode, xcode.source)
        let concurrency = ConcurrencySettings(mainActorByDefault: xcode.mainActorByDefault, upcomingFeatures: xcode.upcomingFeatures,
                                              languageMode: languageMode.mode)

        let contents = try FolderContents(folderURL, shownAs: folder)
        // The Xcode target's other synchronized folders (a Shared folder the iPhone app builds
        // too): compiled with the app's as one module, as Xcode does, without the files the
        // target's membership exceptions leave out.
        var folders = [(name: folderURL.lastPathComponent, contents: contents, exceptions: Set<String>())]
        var missingFolders: [String] = []
        for path in xcode.otherFolders {
            guard let url = xcode.projectFolder?.appendingPathComponent(path).standardizedFileURL,
                  FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                missingFolders.append(path)
                continue
            }
            var name = url.lastPathComponent
            while folders.contains(where: { $0.name == name }) { name += "-\(folders.count)" }
            let other = try FolderContents(url, shownAs: Self.shownPath(of: url, besideAppFolder: folder, at: folderURL))
            folders.append((name, other, Set((xcode.membershipExceptions[path] ?? []).map(other.shown))))
        }
        // The target's Compile Sources list, where the project has one (before Xcode 16, or a
        // file added to the target alone): a file of the folder it does not list is not built,
        // and one it lists elsewhere is, as in Xcode.
        var otherFiles: [(name: String, path: String, text: String)] = []
        if let projectFolder = xcode.projectFolder?.resolvingSymlinksInPath(), !xcode.compiledFiles.isEmpty {
            let compiled = xcode.compiledFiles.map { projectFolder.appendingPathComponent($0).standardizedFileURL.resolvingSymlinksInPath().path }
            let listed = Set(compiled)
            let inFolders = folders.map { $0.contents.root.resolvingSymlinksInPath().path + "/" }
            // Only when the list names a file of the app's folder, or the target has the
            // folder's name (its folder synchronized, a file added alone), is it this folder's
            // target's (not another watch target the project has, found as the only one).
            let namesFolder = compiled.contains { $0.hasPrefix(inFolders[0]) }
            let ownsFolder = namesFolder || xcode.targetName == folderURL.lastPathComponent
            if namesFolder {
                folders[0].exceptions = Set(contents.swiftFiles.map(\.path).filter { !listed.contains(inFolders[0] + contents.relative($0)) })
            }
            for path in compiled where ownsFolder && !inFolders.contains(where: path.hasPrefix) && path.hasPrefix(projectFolder.path + "/") {
                // A file the list names that is not there is Xcode's to report, not a file here.
                guard FileManager.default.fileExists(atPath: path) else { continue }
                let shown = Self.shownPath(of: URL(fileURLWithPath: path), besideAppFolder: folder, at: folderURL)
                let relative = String(path.dropFirst(projectFolder.path.count + 1))
                otherFiles.append(("Project/" + relative, shown, try FolderContents.swiftText(atPath: path, shownAs: shown)))
            }
        }
        var conditions = CompilationConditions(languageMode: languageMode.mode)
        conditions.localModules = Set(localPackages.targets.map(\.name))
        let files = folders.flatMap { folder in folder.contents.swiftFiles.filter { !folder.exceptions.contains($0.path) } }
            + otherFiles.map { (path: $0.path, text: $0.text) }
        let scan = AppScan(appName: module, files: files, conditions: conditions, leaveOutUnbuildable: true)
        var scanned = ScannedFolder(folder: folder, module: module, languageMode: languageMode.mode,
                                    languageModeSource: languageMode.source, concurrency: concurrency,
                                    concurrencySource: xcode.source, scan: scan)
        scanned.otherFolders = folders.dropFirst().map(\.contents.shownAs)
        scanned.missingFolders = missingFolders
        scanned.otherFiles = otherFiles.map(\.path)
        scanned.notInTarget = folders[0].exceptions.sorted()
        scanned.otherFoldersBuiltBy = String(xcode.source.dropFirst("from ".count))
        guard scan.errors.isEmpty else { return scanned }
        let leftOut = Set(scan.leftOut.map(\.path))
        let start = scan.intents(.startWorkout).first ?? scan.intents(.startDive).first
        let linked = folders.count > 1 || !otherFiles.isEmpty
        // A path as the target sees it: inside its one folder, or inside the link to its folder or file.
        func inTarget(_ shownPath: String) -> String {
            if let file = otherFiles.first(where: { $0.path == shownPath }) { return file.name }
            guard linked else { return contents.relative(shownPath) }
            let folder = folders.first { shownPath.hasPrefix($0.contents.shown("")) } ?? folders[0]
            return folder.name + "/" + folder.contents.relative(shownPath)
        }
        let excluded = linked
            ? folders.flatMap { folder in folder.contents.excluded(leavingOut: leftOut.union(folder.exceptions)).map { folder.name + "/" + $0 } }
            : contents.excluded(leavingOut: leftOut.union(folders[0].exceptions))
        scanned.app = SimulatorPackage.App(
            module: module, folder: folder,
            excluded: excluded,
            leftOut: scan.leftOut.map { .init(path: inTarget($0.path), reason: $0.reason, isUserInterface: $0.isUserInterface,
                                              sessionStarts: $0.sessionStarts) },
            frameworks: scan.frameworksUsed, isWorkoutApp: start?.role == .startWorkout, startIntent: start?.name ?? "",
            controls: scan.controls, controlsLeftOut: scan.controls.filter { leftOut.contains($0.position.file) },
            concurrency: concurrency, usesFoundationNetworking: scan.foundationNetworkingUse != nil)
        if linked {
            // A file left out is not linked at all.
            scanned.app?.linkedFolders = folders.map { .init(name: $0.name, folder: $0.contents.shownAs) }
                + otherFiles.filter { !leftOut.contains($0.path) }.map { .init(name: $0.name, folder: $0.path) }
        }
        return scanned
    }

    /// A folder the Xcode project names, shown as the app's folder was given: beside it
    /// (`Trail/Shared` for `Trail/Trail Watch App`), or by its whole path when it is elsewhere.
    static func shownPath(of url: URL, besideAppFolder given: String, at appFolder: URL) -> String {
        let parent = appFolder.deletingLastPathComponent().path
        guard url.path.hasPrefix(parent + "/") else { return url.path }
        let rest = String(url.path.dropFirst(parent.count + 1))
        let trimmed = given.hasSuffix("/") ? String(given.dropLast()) : given
        let givenParent = trimmed.contains("/") ? String(trimmed[..<trimmed.lastIndex(of: "/")!]) : ""
        return givenParent.isEmpty ? rest : givenParent + "/" + rest
    }

    /// The package to write, whole.
    public struct Tree: Sendable {
        /// Where it goes, and how the user named that.
        public var folder: URL
        public var shownAs: String
        public var package: SimulatorPackage
        public var files: OutputTree
    }

    /// The package around the scanned folders: refused (nothing written) when a scan has
    /// errors, when the output is not a folder init-package may write, or when a name clashes.
    public func tree(_ scanned: [ScannedFolder]) throws(AppPackageError) -> Tree {
        let apps = scanned.compactMap(\.app)
        if apps.count < scanned.count {
            // Refused by a watch, or only lost on Linux (a start intent inside #if os(watchOS)).
            let refusedByWatch = scanned.contains { !$0.scan.errors.isEmpty && !($0.scan.startIntentLostOnLinux && $0.scan.errors.count == 1) }
            let one = scanned.count == 1
            throw AppPackageError(refusedByWatch
                ? "nothing written: a watch would refuse \(one ? "this app as it is" : "these apps as they are") (the errors above)"
                : "nothing written: a watch would run \(one ? "this app" : "these apps"), but \(one ? "its" : "their") "
                    + "start intent does not build on Linux as \(one ? "it is" : "they are") (the errors above)")
        }
        let output = request.output
        let outputURL = URL(fileURLWithPath: output ?? "\(apps[0].module)-actionsim").standardizedFileURL
        let shownOutput = output ?? outputURL.lastPathComponent
        try checkOutput(outputURL)
        let (dependency, actionsimNames) = try Self.dependency(request.actionsim, from: outputURL)
        // SwiftPM wants every target name unique across the packages.
        let local = localPackages.targets
        if let clash = apps.first(where: { actionsimNames.contains($0.module) }) {
            throw AppPackageError("the app's name \(clash.module) is also the name of one of actionsim's own modules; give the app another with --name")
        }
        if let clash = local.first(where: { actionsimNames.contains($0.name) || apps.map(\.module).contains($0.name) }) {
            throw AppPackageError("\(clash.packageFolder): its target \(clash.name) has the name of \(apps.map(\.module).contains(clash.name) ? "the app" : "one of actionsim's own modules"); "
                + "SwiftPM needs every target name once")
        }
        let package = SimulatorPackage(
            name: apps.map(\.module).joined(separator: "-") + "-actionsim", apps: apps,
            dependency: dependency, languageMode: scanned.first?.languageMode ?? 5, executableName: request.executableName,
            localTargets: local)

        var entries: [OutputTree.Entry] = []
        var removing: [String] = []
        for app in apps {
            let sources = SimulatorPackage.sourcesPath(app)
            guard !app.linkedFolders.isEmpty else {
                entries.append(try Self.link(sources, to: app.folder, in: outputURL))
                continue
            }
            for linked in app.linkedFolders {
                entries.append(try Self.link(sources + "/" + linked.name, to: linked.folder, in: outputURL, isFile: linked.name.hasSuffix(".swift")))
            }
            // Links an earlier init-package made to folders the target no longer builds.
            let existing = outputURL.appendingPathComponent(sources).path
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: existing)) == nil {
                for name in (try? FileManager.default.contentsOfDirectory(atPath: existing)) ?? []
                    where !app.linkedFolders.contains(where: { $0.name == name })
                    && (try? FileManager.default.destinationOfSymbolicLink(atPath: existing + "/" + name)) != nil {
                    removing.append(sources + "/" + name)
                }
            }
        }
        for target in local {
            entries.append(try Self.link("Sources/\(target.name)", to: target.folder, in: outputURL))
        }
        entries.append(.init("Package.swift", .file(package.manifest)))
        if case .prebuilt(let prebuilt) = dependency {
            entries.append(.init("Plugins/ActionsimApp/plugin.swift", .file(package.prebuiltPlugin(prebuilt))))
        } else {
            // Written by an earlier init-package for a prebuilt actionsim; this package builds it instead.
            removing.append("Plugins/ActionsimApp")
        }
        entries.append(.init("Sources/\(SimulatorPackage.executableTarget)/main.swift", .file(package.executableMain)))
        let testsPath = "Tests/\(SimulatorPackage.testsTarget)"
        if let tests = request.tests {
            entries.append(try Self.link(testsPath, to: tests, in: outputURL))
        } else {
            for app in apps {
                entries.append(.init("\(testsPath)/\(app.module)FirstPressTests.swift", .file(SimulatorPackage.starterTest(for: app)),
                                     unlessPresent: testsPath))
            }
        }
        if let scenarios = request.scenarios {
            entries.append(try Self.link("scenarios", to: scenarios, in: outputURL))
        } else {
            for app in apps {
                entries.append(.init("scenarios/\(app.module.lowercased())-first-press.yaml", .file(SimulatorPackage.starterScenario(for: app)),
                                     unlessPresent: "scenarios"))
            }
        }
        return Tree(folder: outputURL, shownAs: shownOutput, package: package, files: OutputTree(entries: entries, removing: removing))
    }

    private func checkOutput(_ url: URL) throws(AppPackageError) {
        let shown = request.output ?? url.path
        for folder in request.folders {
            let app = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path + "/"
            let resolved = url.resolvingSymlinksInPath().path + "/"
            if resolved.hasPrefix(app) {
                throw AppPackageError("\(shown): the package would be inside the app's folder \(folder), and so part of the app; write it elsewhere with -o")
            }
        }
        let manifest = url.appendingPathComponent("Package.swift")
        if let existing = try? String(contentsOf: manifest, encoding: .utf8), !existing.contains(SimulatorPackage.marker) {
            throw AppPackageError("\(shown) holds a Package.swift that init-package did not write; choose another folder with -o")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw AppPackageError("\(shown): is a file; give a folder for the package")
        }
    }

    /// A link in the package (`relative` to its folder) to a folder given on the command line,
    /// written relative to where it stands. It replaces a link init-package made before,
    /// never a real file or folder (`OutputTree` refuses those).
    private static func link(_ relative: String, to folder: String, in outputURL: URL, isFile: Bool = false) throws(AppPackageError) -> OutputTree.Entry {
        let target = URL(fileURLWithPath: folder)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory), isDirectory.boolValue != isFile else {
            throw AppPackageError("\(target.relativePath): no such \(isFile ? "file" : "folder")")
        }
        // From the package's folder as it really is, then down the entry's path as it will be
        // (a link an earlier init-package made there, `Sources/NAME`, is replaced, not followed).
        let package = outputURL.standardizedFileURL.resolvingSymlinksInPath()
        let linkFolder = package.appendingPathComponent(relative).deletingLastPathComponent()
        return .init(relative, .link(relativePath(from: linkFolder, to: target, resolvingFrom: false)))
    }

    /// actionsim as the package's dependency, and the names actionsim's manifest declares
    /// (targets, products), which the app's may not take.
    private static func dependency(_ source: ActionsimSource, from outputURL: URL) throws(AppPackageError)
        -> (SimulatorPackage.Dependency, names: Set<String>) {
        switch source {
        case .url(let url, let version):
            return (.url(url, version: version), ["ActionsimApp"])
        case .prebuilt(let prebuilt):
            return (.prebuilt(prebuilt), PrebuiltActionsim.moduleNames(in: prebuilt.buildFolder))
        case .checkout(let checkout, let given):
            let manifest = (try? String(contentsOf: checkout.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
            guard manifest.contains("name: \"actionsim\"") else {
                throw AppPackageError(given.map { "\($0): not an actionsim checkout (its Package.swift does not name the package actionsim)" }
                    ?? "cannot find the actionsim checkout this binary was built from (\(checkout.path)); give one with --actionsim PATH, or a git URL")
            }
            let names = Set(manifest.matches(of: /name: "([^"]+)"/).map { String($0.output.1) })
            return (.path(relativePath(from: outputURL, to: checkout)), names)
        }
    }

    /// "TrailRunner Watch App" names the app TrailRunner.
    public static func appName(fromFolder folder: String) -> String {
        for suffix in [" Watch App", " WatchKit App", " WatchKit Extension", " Watch"] where folder.hasSuffix(suffix) && folder.count > suffix.count {
            return String(folder.dropLast(suffix.count))
        }
        return folder
    }

    /// A Swift module name: letters, digits and underscores, not starting with a digit.
    public static func moduleName(_ name: String, folder: String) throws(AppPackageError) -> String {
        let words = name.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = joined.first, !first.isNumber, joined.allSatisfy({ $0.isASCII }) else {
            throw AppPackageError("\(folder): \"\(name)\" cannot be a Swift module name; give the app a name with --name (letters and digits, not starting with a digit)")
        }
        return joined
    }

    /// The path from `directory` to `target`, both with their links resolved (`directory`'s
    /// only with `resolvingFrom`).
    static func relativePath(from directory: URL, to target: URL, resolvingFrom: Bool = true) -> String {
        let from = (resolvingFrom ? directory.standardizedFileURL.resolvingSymlinksInPath() : directory.standardizedFileURL).pathComponents
        let to = target.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        let common = zip(from, to).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: from.count - common) + to[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
