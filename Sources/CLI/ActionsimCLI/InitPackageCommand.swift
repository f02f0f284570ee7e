import AppIntents
import ArgumentParser
import Foundation
import OutputFiles
import SimulatedWatch

#if InitPackage
import AppPackagePlan
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
        if actionsimVersion != nil && !(actionsim.map(ActionsimSource.isURL) ?? false) {
            throw ValidationError("--actionsim-version goes with a git URL given as --actionsim")
        }
    }

    func run() throws {
        do {
            try write()
        } catch let error as AppPackageError {
            throw CommandError.badInput(error.message)
        }
    }

    /// The plan made, shown step by step as it is made, and written whole or not at all.
    private func write() throws {
        let source: ActionsimSource
        if let actionsim, ActionsimSource.isURL(actionsim) {
            source = .url(actionsim, version: actionsimVersion)
        } else if actionsim == nil, !fromSource, let prebuilt = try PrebuiltActionsim.find(initCommand: initCommand) {
            source = .prebuilt(prebuilt)
        } else {
            source = .checkout(actionsim.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? PrebuiltActionsim.checkout, given: actionsim)
        }
        let plan = try AppPackagePlan(AppPackageRequest(
            folders: folders, name: name, languageMode: swiftLanguageMode, packages: packages, tests: tests, scenarios: scenarios,
            output: output, actionsim: source, executableName: WatchProcess.appExecutableName))
        for line in plan.localPackages.lines { Terminal.line(line) }
        var scanned: [AppPackagePlan.ScannedFolder] = []
        for index in folders.indices {
            let folder = try plan.scanFolder(index, after: scanned)
            report(folder)
            scanned.append(folder)
        }
        let tree = try plan.tree(scanned)

        // The package as one tree, written whole or not at all (a full disk leaves the folder
        // as it was, and the error names the file).
        do throws(OutputFileError) {
            try tree.files.write(to: tree.folder.path, shownAs: tree.shownAs)
        } catch {
            throw CommandError.cannotWrite("\(error); nothing written: \(tree.shownAs) is as it was")
        }

        let apps = tree.package.apps
        let local = tree.package.localTargets
        Terminal.line("""
            wrote \(tree.shownAs): Package.swift, \(apps.map(Self.sourcesLinks).joined(separator: ", ")), \
            \(local.map { "Sources/\($0.name) → \($0.packageFolder), " }.joined())\
            Sources/\(SimulatorPackage.executableTarget)/main.swift, Tests/\(SimulatorPackage.testsTarget)\(tests.map { " → " + $0 } ?? ""), \
            scenarios\(scenarios.map { " → " + $0 } ?? "")
            next:
              cd \(Self.shellQuoted(tree.shownAs))
              swift run \(tree.package.executableName) test scenarios   # the scenarios, with \(apps.map(\.module).joined(separator: " and ")) built in
              swift test                                # the harness tests in Tests/\(SimulatorPackage.testsTarget)
            """)
    }

    /// What the scan found, what Linux leaves out, and every warning and error.
    private func report(_ folder: AppPackagePlan.ScannedFolder) {
        let scan = folder.scan
        Terminal.line("\(scan.appName): \(folder.folder), \(scan.keptFiles.count) of \(scan.keptFiles.count + scan.leftOut.count) Swift files kept, "
              + "Swift \(folder.languageMode) language mode (\(folder.languageModeSource))"
              + (folder.concurrency.summary.map { ", \($0) (\(folder.concurrencySource))" } ?? ""))
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
        if let networking = scan.foundationNetworkingUse {
            Terminal.line("  " + LocalPackagesPlan.networkingNote(networking))
        }
        for file in scan.leftOut {
            guard let first = file.sessionStarts.first else { continue }
            let calls = file.sessionStarts.map { "\($0.call) at line \($0.position.line)" }.joined(separator: ", ")
            Terminal.warning("warning: \(first.position): \(scan.appName) starts its workout session in this file (\(calls)), which is "
                + "left out on Linux: no session starts in the simulator, and a first press misses the start deadline (A5). "
                + "To test it here, " + AppDefinition.LeftOutSessionStart.advice)
        }
        if !folder.otherFiles.isEmpty {
            Terminal.line("  also built: \(folder.otherFiles.joined(separator: ", ")) (\(folder.otherFoldersBuiltBy) compiles "
                + "\(folder.otherFiles.count == 1 ? "it" : "them"): its Compile Sources)")
        }
        if !folder.notInTarget.isEmpty {
            Terminal.line("  not built: \(folder.notInTarget.joined(separator: ", ")) (not in \(folder.otherFoldersBuiltBy)'s Compile Sources, "
                + "so not the app's, as in Xcode)")
        }
        for other in folder.otherFolders {
            Terminal.line("  also built: \(other) (\(folder.otherFoldersBuiltBy) builds it too, a folder synchronized with the project)")
        }
        if !folder.missingFolders.isEmpty {
            let names = folder.missingFolders.map { "\"\($0)\"" }.joined(separator: ", ")
            let one = folder.missingFolders.count == 1
            Terminal.warning("warning: \(folder.otherFoldersBuiltBy) also builds the folder\(one ? "" : "s") \(names) (synchronized with "
                + "the project), which \(one ? "is" : "are") not there beside the project: the app's files that use \(one ? "its" : "their") "
                + "types do not compile here. Check out the whole project, with \(one ? "that folder" : "those folders") in it")
        }
        for message in scan.messages {
            if message.severity == .error { Terminal.error(message.locatedMessage) }
            else { Terminal.warning("warning: " + message.locatedMessage) }
        }
    }

    /// Where the package reaches an app's folders: `Sources/Trail → Trail Watch App`.
    static func sourcesLinks(_ app: SimulatorPackage.App) -> String {
        let sources = SimulatorPackage.sourcesPath(app)
        guard !app.linkedFolders.isEmpty else { return sources + " → " + app.folder }
        return app.linkedFolders.map { "\(sources)/\($0.name) → \($0.folder)" }.joined(separator: ", ")
    }

    static func shellQuoted(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || "/._-".contains($0) } ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
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
