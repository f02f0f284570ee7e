import AppIntents
import ArgumentParser
import Foundation
import OutputFiles
import SimulatedWatch

#if InitPackage
import AppSourceScan

struct InitPackageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init-package",
        abstract: "Write a SwiftPM package around a watch app's folder, so that actionsim runs its intents as they are.",
        discussion: """
        FOLDER is a watch app target's folder of an Xcode project (say "TrailRunner Watch App"). Its files stay where they are: the package reaches the folder through a link (Sources/NAME), and leaves out the files Linux cannot build (those importing SwiftUI or another framework Linux lacks, and the app's @main), listing them. The ActionsimApp plugin finds the app's intents at build time, so the app needs no registration code.

        It says which intents a watch would refuse (no start intent, two, a workoutStyle that is not a @Parameter, a workout enum without display representations, intents in an App Intents extension) and which compile to nothing on Linux (inside #if os(watchOS)), each with the type and the file. Errors write nothing and exit 2.

        In the package: `swift run actionsim-app test scenarios` runs scenarios with the app built in (replay and run too), and `swift test` runs the harness tests in Tests/ActionButtonTests. Run init-package again after adding or removing files: it rewrites Package.swift and Sources/, and keeps Tests/ and scenarios/.
        """)

    @Argument(help: ArgumentHelp("The watch app's folder (several: one package with every app).", valueName: "folder"))
    var folders: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the package (default: ./NAME-actionsim).", valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp("The app's name, which is also its module's (default: the folder's name without \" Watch App\").", valueName: "name"))
    var name: String?

    @Option(help: ArgumentHelp("A folder of harness tests to link as Tests/ActionButtonTests, instead of a starter test.", valueName: "dir"))
    var tests: String?

    @Option(help: ArgumentHelp("A folder of scenarios to link as scenarios/, instead of a starter scenario.", valueName: "dir"))
    var scenarios: String?

    @Option(help: ArgumentHelp("The actionsim package: a checkout's path or a git URL (default: the checkout this actionsim was built from).", valueName: "path-or-url"))
    var actionsim: String?

    @Option(help: ArgumentHelp("With a git URL for --actionsim: the version to depend on (default: its main branch).", valueName: "version"))
    var actionsimVersion: String?

    @Option(help: ArgumentHelp("The Swift language mode the app's files build in, 5 or 6 (default: the Xcode project's SWIFT_VERSION, else 5).", valueName: "mode"))
    var swiftLanguageMode: Int?

    @Option(name: .customLong("package"), help: ArgumentHelp("A local Swift package the app imports (its own models and services), compiled with it; repeat for several. Default: the local packages the Xcode project beside the folder references.", valueName: "path"))
    var packages: [String] = []

    @Flag(help: "Depend on actionsim's sources and build them in the package, instead of linking this built actionsim (the default when this actionsim was built in a checkout: only the app's files are compiled).")
    var fromSource = false

    /// This command again, from any folder, to say how to write the package again.
    private var initCommand: String {
        let executable = PrebuiltActionsim.executable?.path ?? "actionsim"
        let command = ([executable] + CommandLine.arguments.dropFirst()).map(Self.shellQuoted).joined(separator: " ")
        return "(cd \(Self.shellQuoted(FileManager.default.currentDirectoryPath)) && \(command))"
    }

    func validate() throws {
        if name != nil && folders.count > 1 { throw ValidationError("--name names one app; give one folder with it") }
        if let swiftLanguageMode, ![5, 6].contains(swiftLanguageMode) {
            throw ValidationError("--swift-language-mode is 5 or 6, not \(swiftLanguageMode)")
        }
        if actionsimVersion != nil && !(actionsim.map(Self.isURL) ?? false) {
            throw ValidationError("--actionsim-version goes with a git URL given as --actionsim")
        }
    }

    func run() throws {
        do {
            try write()
        } catch let error as InitPackageError {
            throw CommandError.badInput(error.message)
        }
    }

    private func write() throws {
        let fileManager = FileManager.default
        var apps: [SimulatorPackage.App] = []
        var failed = false
        var firstLanguageMode: (mode: Int, source: String)?
        var refusedByWatch = false
        let local = try LocalPackagesPlan(given: packages, appFolders: folders)
        for folder in folders {
            let folderURL = URL(fileURLWithPath: folder).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: folderURL.path, isDirectory: &isDirectory) else {
                throw InitPackageError("\(folder): no such folder")
            }
            guard isDirectory.boolValue else {
                throw InitPackageError("\(folder): is a file; give the watch app target's folder (the one holding its Swift files)")
            }
            let module = try Self.moduleName(name ?? Self.appName(fromFolder: folderURL.lastPathComponent), folder: folder)
            if apps.contains(where: { $0.module == module }) {
                throw InitPackageError("two folders give the app name \(module); give them different names")
            }
            let languageMode: (mode: Int, source: String) = swiftLanguageMode.map { ($0, "--swift-language-mode") }
                ?? Self.languageMode(near: folderURL)
            if firstLanguageMode == nil { firstLanguageMode = languageMode }

            let contents = try FolderContents(folderURL, shownAs: folder)
            var conditions = CompilationConditions(languageMode: languageMode.mode)
            conditions.localModules = Set(local.targets.map(\.name))
            let scan = AppScan(appName: module, files: contents.swiftFiles, conditions: conditions, leaveOutUnbuildable: true)
            report(scan, folder: folder, languageMode: languageMode)
            if !scan.errors.isEmpty {
                failed = true
                if !(scan.startIntentLostOnLinux && scan.errors.count == 1) { refusedByWatch = true }
                continue
            }
            let leftOut = Set(scan.leftOut.map(\.path))
            let start = scan.intents(.startWorkout).first ?? scan.intents(.startDive).first
            apps.append(SimulatorPackage.App(
                module: module, folder: folder,
                excluded: contents.excluded(leavingOut: leftOut),
                leftOut: scan.leftOut.map { .init(path: contents.relative($0.path), reason: $0.reason, isUserInterface: $0.isUserInterface,
                                                  sessionStarts: $0.sessionStarts) },
                frameworks: scan.frameworksUsed, isWorkoutApp: start?.role == .startWorkout, startIntent: start?.name ?? "",
                controls: scan.controls, controlsLeftOut: scan.controls.filter { leftOut.contains($0.position.file) }))
        }
        if failed {
            throw InitPackageError(refusedByWatch
                ? "nothing written: a watch would refuse \(folders.count == 1 ? "this app as it is" : "these apps as they are") (the errors above)"
                : "nothing written: a watch would run \(folders.count == 1 ? "this app" : "these apps"), but \(folders.count == 1 ? "its" : "their") "
                    + "start intent does not build on Linux as \(folders.count == 1 ? "it is" : "they are") (the errors above)")
        }

        let outputURL = URL(fileURLWithPath: output ?? "\(apps[0].module)-actionsim").standardizedFileURL
        try checkOutput(outputURL)
        let (dependency, actionsimNames) = try dependency(from: outputURL)
        // SwiftPM wants every target name unique across the packages.
        if let clash = apps.first(where: { actionsimNames.contains($0.module) }) {
            throw InitPackageError("the app's name \(clash.module) is also the name of one of actionsim's own modules; give the app another with --name")
        }
        if let clash = local.targets.first(where: { actionsimNames.contains($0.name) || apps.map(\.module).contains($0.name) }) {
            throw InitPackageError("\(clash.packageFolder): its target \(clash.name) has the name of \(apps.map(\.module).contains(clash.name) ? "the app" : "one of actionsim's own modules"); "
                + "SwiftPM needs every target name once")
        }
        let package = SimulatorPackage(
            name: apps.map(\.module).joined(separator: "-") + "-actionsim", apps: apps,
            dependency: dependency, languageMode: firstLanguageMode?.mode ?? 5, executableName: WatchProcess.appExecutableName,
            localTargets: local.targets)

        // The package as one tree, written whole or not at all (a full disk leaves the folder
        // as it was, and the error names the file).
        var entries: [OutputTree.Entry] = []
        for (app, folder) in zip(apps, folders) {
            entries.append(try link(SimulatorPackage.sourcesPath(app), to: folder, in: outputURL))
        }
        for target in local.targets {
            entries.append(try link("Sources/\(target.name)", to: target.folder, in: outputURL))
        }
        entries.append(.init("Package.swift", .file(package.manifest)))
        var removing: [String] = []
        if case .prebuilt(let prebuilt) = dependency {
            entries.append(.init("Plugins/ActionsimApp/plugin.swift", .file(package.prebuiltPlugin(prebuilt))))
        } else {
            // Written by an earlier init-package for a prebuilt actionsim; this package builds it instead.
            removing.append("Plugins/ActionsimApp")
        }
        entries.append(.init("Sources/\(SimulatorPackage.executableTarget)/main.swift", .file(package.executableMain)))
        let testsPath = "Tests/\(SimulatorPackage.testsTarget)"
        if let tests {
            entries.append(try link(testsPath, to: tests, in: outputURL))
        } else {
            for app in apps {
                entries.append(.init("\(testsPath)/\(app.module)FirstPressTests.swift", .file(SimulatorPackage.starterTest(for: app)),
                                     unlessPresent: testsPath))
            }
        }
        if let scenarios {
            entries.append(try link("scenarios", to: scenarios, in: outputURL))
        } else {
            for app in apps {
                entries.append(.init("scenarios/\(app.module.lowercased())-first-press.yaml", .file(SimulatorPackage.starterScenario(for: app)),
                                     unlessPresent: "scenarios"))
            }
        }
        do throws(OutputFileError) {
            try OutputTree(entries: entries, removing: removing).write(to: outputURL.path, shownAs: output ?? outputURL.lastPathComponent)
        } catch {
            throw CommandError.cannotWrite("\(error); nothing written: \(output ?? outputURL.lastPathComponent) is as it was")
        }

        let shownOutput = output ?? outputURL.lastPathComponent
        Terminal.line("""
            wrote \(shownOutput): Package.swift, \(apps.map { SimulatorPackage.sourcesPath($0) + " → " + $0.folder }.joined(separator: ", ")), \
            \(local.targets.map { "Sources/\($0.name) → \($0.packageFolder), " }.joined())\
            Sources/\(SimulatorPackage.executableTarget)/main.swift, Tests/\(SimulatorPackage.testsTarget)\(tests.map { " → " + $0 } ?? ""), \
            scenarios\(scenarios.map { " → " + $0 } ?? "")
            next:
              cd \(Self.shellQuoted(shownOutput))
              swift run \(package.executableName) test scenarios   # the scenarios, with \(apps.map(\.module).joined(separator: " and ")) built in
              swift test                                # the harness tests in Tests/\(SimulatorPackage.testsTarget)
            """)
    }

    /// What the scan found, what Linux leaves out, and every warning and error.
    private func report(_ scan: AppScan, folder: String, languageMode: (mode: Int, source: String)) {
        Terminal.line("\(scan.appName): \(folder), \(scan.keptFiles.count) of \(scan.keptFiles.count + scan.leftOut.count) Swift files kept, "
              + "Swift \(languageMode.mode) language mode (\(languageMode.source))")
        let width = scan.intents.map(\.name.count).max() ?? 0
        for intent in scan.intents {
            Terminal.line("  \(intent.role.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)) "
                  + "\(intent.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(intent.position)")
        }
        // Controls (watchOS 26): the intents their actions name run; their views do not.
        for control in scan.controls {
            Terminal.line("  control        \(control.intent) (\(control.kind.rawValue)) \(control.position)")
        }
        for file in scan.leftOut {
            Terminal.line("  left out: \(file.path): \(file.reason)")
        }
        for file in scan.leftOut {
            guard let first = file.sessionStarts.first else { continue }
            let calls = file.sessionStarts.map { "\($0.call) at line \($0.position.line)" }.joined(separator: ", ")
            Terminal.warning("warning: \(first.position): \(scan.appName) starts its workout session in this file (\(calls)), which is "
                + "left out on Linux: no session starts in the simulator, and a first press misses the start deadline (A5). "
                + "To test it here, " + AppDefinition.LeftOutSessionStart.advice)
        }
        for message in scan.messages {
            if message.severity == .error { Terminal.error(message.locatedMessage) }
            else { Terminal.warning("warning: " + message.locatedMessage) }
        }
    }

    private func checkOutput(_ url: URL) throws {
        for folder in folders {
            let app = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path + "/"
            let resolved = url.resolvingSymlinksInPath().path + "/"
            if resolved.hasPrefix(app) {
                throw InitPackageError("\(output ?? url.path): the package would be inside the app's folder \(folder), and so part of the app; write it elsewhere with -o")
            }
        }
        let manifest = url.appendingPathComponent("Package.swift")
        if let existing = try? String(contentsOf: manifest, encoding: .utf8), !existing.contains(SimulatorPackage.marker) {
            throw InitPackageError("\(output ?? url.path) holds a Package.swift that init-package did not write; choose another folder with -o")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw InitPackageError("\(output ?? url.path): is a file; give a folder for the package")
        }
    }

    /// A link in the package (`relative` to its folder) to a folder given on the command line,
    /// written relative to where it stands. It replaces a link init-package made before,
    /// never a real file or folder (`OutputTree` refuses those).
    private func link(_ relative: String, to folder: String, in outputURL: URL) throws -> OutputTree.Entry {
        let target = URL(fileURLWithPath: folder)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InitPackageError("\(target.relativePath): no such folder")
        }
        let link = outputURL.appendingPathComponent(relative)
        return .init(relative, .link(Self.relativePath(from: link.deletingLastPathComponent(), to: target)))
    }

    /// actionsim as the package's dependency: the option, or the checkout this binary came from.
    /// And the names actionsim's manifest declares (targets, products), when it can be read.
    private func dependency(from outputURL: URL) throws -> (SimulatorPackage.Dependency, names: Set<String>) {
        if let actionsim, Self.isURL(actionsim) { return (.url(actionsim, version: actionsimVersion), ["ActionsimApp"]) }
        if actionsim == nil, !fromSource, let prebuilt = try PrebuiltActionsim.find(initCommand: initCommand) {
            return (.prebuilt(prebuilt), PrebuiltActionsim.moduleNames(in: prebuilt.buildFolder))
        }
        let checkout: URL
        if let actionsim {
            checkout = URL(fileURLWithPath: actionsim).standardizedFileURL
        } else {
            // Sources/CLI/ActionsimCLI/InitPackageCommand.swift in the checkout that was built.
            checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
        }
        let manifest = (try? String(contentsOf: checkout.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        guard manifest.contains("name: \"actionsim\"") else {
            throw InitPackageError(actionsim == nil
                ? "cannot find the actionsim checkout this binary was built from (\(checkout.path)); give one with --actionsim PATH, or a git URL"
                : "\(actionsim!): not an actionsim checkout (its Package.swift does not name the package actionsim)")
        }
        let names = Set(manifest.matches(of: /name: "([^"]+)"/).map { String($0.output.1) })
        return (.path(Self.relativePath(from: outputURL, to: checkout)), names)
    }

    static func isURL(_ text: String) -> Bool {
        text.contains("://") || text.hasPrefix("git@")
    }

    /// "TrailRunner Watch App" names the app TrailRunner.
    static func appName(fromFolder folder: String) -> String {
        for suffix in [" Watch App", " WatchKit App", " WatchKit Extension", " Watch"] where folder.hasSuffix(suffix) && folder.count > suffix.count {
            return String(folder.dropLast(suffix.count))
        }
        return folder
    }

    /// A Swift module name: letters, digits and underscores, not starting with a digit.
    static func moduleName(_ name: String, folder: String) throws -> String {
        let words = name.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = joined.first, !first.isNumber, joined.allSatisfy({ $0.isASCII }) else {
            throw InitPackageError("\(folder): \"\(name)\" cannot be a Swift module name; give the app a name with --name (letters and digits, not starting with a digit)")
        }
        return joined
    }

    /// The language mode of the Xcode project around the folder: SWIFT_VERSION 6 in every
    /// build configuration means 6, anything else 5 (Xcode's default for older projects).
    static func languageMode(near folder: URL) -> (mode: Int, source: String) {
        guard let project = LocalPackagesPlan.xcodeProject(near: folder) else { return (5, "the default") }
        let versions = project.text.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("SWIFT_VERSION = ") else { return nil }
            return String(trimmed.dropFirst("SWIFT_VERSION = ".count).prefix { $0 != ";" })
        }
        let mode = !versions.isEmpty && versions.allSatisfy { $0.hasPrefix("6") } ? 6 : 5
        return (mode, "from \(project.name)")
    }

    static func relativePath(from directory: URL, to target: URL) -> String {
        let from = directory.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        let to = target.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        let common = zip(from, to).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: from.count - common) + to[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    static func shellQuoted(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || "/._-".contains($0) } ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// A problem with init-package's input: said as `error: ...`, exit 2.
struct InitPackageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// A watch app folder's files: its Swift files to scan, and what the target must leave out.
struct FolderContents {
    let root: URL
    let shownAs: String
    /// Relative paths of every file, and of every folder, under the root.
    private(set) var files: [String] = []
    private(set) var swiftFiles: [(path: String, text: String)] = []

    init(_ root: URL, shownAs: String) throws {
        self.root = root
        self.shownAs = shownAs
        let fileManager = FileManager.default
        // A folder reached through a link is listed as the folder it leads to (the enumerator
        // does not go into a link given as its root: the app read as empty, "no start intent").
        guard let enumerator = fileManager.enumerator(at: root.resolvingSymlinksInPath(), includingPropertiesForKeys: [.isDirectoryKey],
                                                      options: [.skipsHiddenFiles]) else {
            throw InitPackageError("\(shownAs): cannot list this folder")
        }
        let prefix = root.resolvingSymlinksInPath().path + "/"
        for case let url as URL in enumerator {
            let path = url.resolvingSymlinksInPath().path
            guard path.hasPrefix(prefix) else { continue }
            let relative = String(path.dropFirst(prefix.count))
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true { continue }
            files.append(relative)
            if relative.hasSuffix(".swift") {
                guard let data = fileManager.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
                    throw InitPackageError("\(shown(relative)): is not UTF-8 text; expected a Swift file")
                }
                swiftFiles.append((shown(relative), text))
            }
        }
        files.sort()
        swiftFiles.sort { $0.path < $1.path }
    }

    func shown(_ relative: String) -> String { (shownAs.hasSuffix("/") ? shownAs : shownAs + "/") + relative }

    func relative(_ shownPath: String) -> String {
        let prefix = shown("")
        return shownPath.hasPrefix(prefix) ? String(shownPath.dropFirst(prefix.count)) : shownPath
    }

    /// The fewest paths to exclude: every file that is not a kept Swift file, and a whole
    /// folder when nothing in it is kept (an asset catalog, Preview Content).
    func excluded(leavingOut leftOut: Set<String>) -> [String] {
        let kept = files.filter { $0.hasSuffix(".swift") && !leftOut.contains(shown($0)) }
        let keptFolders = Set(kept.flatMap { file in
            let parts = file.split(separator: "/").dropLast()
            return parts.indices.map { parts[...$0].joined(separator: "/") }
        })
        var result: [String] = []
        for file in files where !kept.contains(file) {
            let parts = file.split(separator: "/")
            // The outermost folder of the file with nothing kept in it, or the file itself.
            var excludedPath = file
            for depth in 1..<parts.count {
                let folder = parts[..<depth].joined(separator: "/")
                if !keptFolders.contains(folder) { excludedPath = folder; break }
            }
            if !result.contains(excludedPath) { result.append(excludedPath) }
        }
        return result
    }
}

#else

/// `init-package` in an actionsim built without the InitPackage trait (`make release`'s
/// static binary, for boards): says where to find one that has it.
struct InitPackageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init-package",
        abstract: "Write a SwiftPM package around a watch app's folder (not in this build).")

    @Argument(parsing: .allUnrecognized) var arguments: [String] = []

    func run() throws {
        throw CommandError.badInput("this actionsim was built without init-package (make release leaves it out of the static binary); "
                                    + "run the one `swift build` makes in the actionsim checkout: .build/debug/actionsim init-package ...")
    }
}
#endif
