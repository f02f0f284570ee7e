import Foundation
import Testing
import TestSupport

/// `actionsim init-package` on watch app folders as a new user has them: what it finds, what
/// it leaves out, what it refuses, and the package it writes (not built here: make
/// test-examples builds the Examples' packages).
@Suite("actionsim init-package", .serialized)
struct InitPackageTests {
    static let style = """
        import AppIntents

        enum TrailStyle: String, AppEnum {
            case running, hiking
            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Workout"
            static var caseDisplayRepresentations: [TrailStyle: DisplayRepresentation] = [.running: "Run", .hiking: "Hike"]
        }
        """

    static let start = """
        import AppIntents

        struct StartTrailIntent: StartWorkoutIntent {
            static var title: LocalizedStringResource = "Start"
            static var suggestedWorkouts: [StartTrailIntent] = [StartTrailIntent()]
            @Parameter(title: "Style")
            var workoutStyle: TrailStyle
            init() { workoutStyle = .running }
            func perform() async throws -> some IntentResult { .result(actionButtonIntent: LapIntent()) }
        }
        """

    static let lap = "import AppIntents\n\nstruct LapIntent: AppIntent {\n    static var title: LocalizedStringResource = \"Lap\"\n}\n"

    /// A folder like an Xcode watch target's: `files` by relative path.
    static func watchFolder(_ files: [String: String]) throws -> (root: String, folder: String) {
        let root = CLI.temporaryDirectory()
        let folder = root + "/Trail Watch App"
        for (path, text) in files {
            let url = URL(fileURLWithPath: folder + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return (root, folder)
    }

    static func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    @Test("Writes a package around the folder: the folder linked in place, UI files and resources left out and listed, the plugin applied")
    func writesPackage() async throws {
        let (root, folder) = try Self.watchFolder([
            "TrailStyle.swift": Self.style, "StartTrailIntent.swift": Self.start, "LapIntent.swift": Self.lap,
            "TrailApp.swift": "import SwiftUI\n\n@main\nstruct TrailApp: App {}\n",
            "Views/ContentView.swift": "import SwiftUI\nstruct ContentView: View {}\n",
            "Assets.xcassets/Contents.json": "{}\n", "Trail Watch App.entitlements": "<plist/>\n",
        ])
        let before = try FileManager.default.subpathsOfDirectory(atPath: folder).sorted()
        let result = try await CLI.run(["init-package", folder, "-o", root + "/sim"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Trail: \(folder), 3 of 5 Swift files kept, Swift 5 language mode (the default)\n"))
        #expect(result.stdout.contains("  start-workout  StartTrailIntent  \(folder)/StartTrailIntent.swift:3:1"))
        #expect(result.stdout.contains("  action         LapIntent         \(folder)/LapIntent.swift:3:1"))
        #expect(result.stdout.contains("  left out: \(folder)/TrailApp.swift: imports SwiftUI, a UI framework Linux does not have"))
        #expect(result.stdout.contains("  left out: \(folder)/Views/ContentView.swift: imports SwiftUI"))
        #expect(result.stdout.contains("swift run actionsim-app test scenarios"))

        let link = try FileManager.default.destinationOfSymbolicLink(atPath: root + "/sim/Sources/Trail")
        #expect(link == "../../Trail Watch App")
        // The built actionsim is linked, not built again (issue 26): its modules, its shared
        // library, and a plugin of the package's own running its intents finder.
        let manifest = Self.read(root + "/sim/Package.swift")
        let build = URL(fileURLWithPath: CLI.binary).resolvingSymlinksInPath().deletingLastPathComponent().path
        for expected in ["name: \"Trail\"", "path: \"Sources/Trail\"", "\"Assets.xcassets\"", "\"Trail Watch App.entitlements\"",
                         "\"TrailApp.swift\"", "\"Views\"", ".swiftLanguageMode(.v5), .unsafeFlags(actionsimModules)",
                         "plugins: [\"ActionsimApp\"]", "\"-lActionsimAppKit\"", "-fmodule-map-file=",
                         ".executable(name: \"actionsim-app\"", "name: \"ActionButtonTests\""] {
            #expect(manifest.contains(expected), "Package.swift lacks \(expected):\n\(manifest)")
        }
        #expect(manifest.contains("let actionsimBuild = \"\(build)\""), "\(manifest)")
        #expect(!manifest.contains(".package("), "the package depends on no package:\n\(manifest)")
        let plugin = Self.read(root + "/sim/Plugins/ActionsimApp/plugin.swift")
        #expect(plugin.contains("static let build = \"\(build)\"") && plugin.contains("/actionsim-find-intents"), "\(plugin)")
        #expect(!manifest.contains("\"StartTrailIntent.swift\""), "a kept file is excluded")
        #expect(Self.read(root + "/sim/Sources/actionsim-app/main.swift").contains("Actionsim.runFromCommandLineAndExit(apps: [ActionsimApp_Trail.app])"))
        #expect(Self.read(root + "/sim/Tests/ActionButtonTests/TrailFirstPressTests.swift").contains("ActionButtonHarness.launch(settings: .workout(app: \"Trail\"))"))
        #expect(Self.read(root + "/sim/scenarios/trail-first-press.yaml").contains("{at: 0s, intent: StartTrailIntent, role: start}"))
        // The app's folder is as it was: nothing written into it.
        #expect(try FileManager.default.subpathsOfDirectory(atPath: folder).sorted() == before)

        // Run again (a file added): Package.swift follows, the user's edited test stays.
        try "// mine\n".write(toFile: root + "/sim/Tests/ActionButtonTests/TrailFirstPressTests.swift", atomically: true, encoding: .utf8)
        try "import SwiftUI\n".write(toFile: folder + "/Views/MapView.swift", atomically: true, encoding: .utf8)
        let again = try await CLI.run(["init-package", folder, "-o", root + "/sim"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Self.read(root + "/sim/Tests/ActionButtonTests/TrailFirstPressTests.swift") == "// mine\n")
        #expect(again.stdout.contains("left out: \(folder)/Views/MapView.swift"))
    }

    @Test("--from-source: the package depends on the checkout and builds it, with actionsim's plugin; the prebuilt plugin goes")
    func fromSource() async throws {
        let (root, folder) = try Self.watchFolder(["TrailStyle.swift": Self.style, "StartTrailIntent.swift": Self.start, "LapIntent.swift": Self.lap])
        #expect(try await CLI.run(["init-package", folder, "-o", root + "/sim"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: root + "/sim/Plugins/ActionsimApp/plugin.swift"))
        let result = try await CLI.run(["init-package", folder, "-o", root + "/sim", "--from-source"])
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = Self.read(root + "/sim/Package.swift")
        for expected in [".package(name: \"actionsim\", path:", ".plugin(name: \"ActionsimApp\", package: \"actionsim\")",
                         ".product(name: \"AppIntents\", package: \"actionsim\")", ".product(name: \"ActionsimCLI\", package: \"actionsim\")"] {
            #expect(manifest.contains(expected), "Package.swift lacks \(expected):\n\(manifest)")
        }
        #expect(!manifest.contains("unsafeFlags"))
        #expect(!FileManager.default.fileExists(atPath: root + "/sim/Plugins/ActionsimApp"))
    }

    @Test("A package written for another build of actionsim stops with what to do: rebuilt since (the plugin) or by another Swift (the manifest)")
    func mismatchedBuildIsSaid() async throws {
        let (root, folder) = try Self.watchFolder(["TrailStyle.swift": Self.style, "StartTrailIntent.swift": Self.start, "LapIntent.swift": Self.lap])
        #expect(try await CLI.run(["init-package", folder, "-o", root + "/sim"]).status == 0)
        let swift = ProcessInfo.processInfo.environment["SWIFT"] ?? "swift"

        // actionsim built again since: the stamp the plugin holds is not the library's.
        let plugin = root + "/sim/Plugins/ActionsimApp/plugin.swift"
        let stamped = Self.read(plugin).replacing(/static let libraryStamp = "[^"]*"/, with: "static let libraryStamp = \"1-1\"")
        try stamped.write(toFile: plugin, atomically: true, encoding: .utf8)
        let rebuilt = try await ChildProcess.run("/usr/bin/env", [swift, "build", "--package-path", root + "/sim", "--scratch-path", root + "/scratch"])
        #expect(rebuilt.status != 0)
        #expect((rebuilt.stdout + rebuilt.stderr).contains("was built again since this package was written, perhaps from another commit: write the package again"),
                "\(rebuilt.stdout)\(rebuilt.stderr)")
        #expect((rebuilt.stdout + rebuilt.stderr).contains("init-package"))

        // Another Swift: the manifest's check of the compiler's version.
        let manifestPath = root + "/sim/Package.swift"
        let other = Self.read(manifestPath).replacing(/#if !\(compiler\([^\n]*/, with: "#if !(compiler(>=5.0) && !compiler(>=5.1))")
        try other.write(toFile: manifestPath, atomically: true, encoding: .utf8)
        let dumped = try await ChildProcess.run("/usr/bin/env", [swift, "package", "--package-path", root + "/sim", "--scratch-path", root + "/scratch", "dump-package"])
        #expect(dumped.status != 0)
        #expect((dumped.stdout + dumped.stderr).contains("was built by Swift"), "\(dumped.stdout)\(dumped.stderr)")
        #expect((dumped.stdout + dumped.stderr).contains("build actionsim with this Swift"))
    }

    @Test("Bad input: what a watch would refuse is refused with the type and the file, exit 2, nothing written")
    func refusesBadApps() async throws {
        let twoStarts = try Self.watchFolder([
            "TrailStyle.swift": Self.style, "StartTrailIntent.swift": Self.start,
            "StartHikeIntent.swift": Self.start.replacingOccurrences(of: "StartTrailIntent", with: "StartHikeIntent"),
        ])
        let two = try await CLI.run(["init-package", twoStarts.folder, "-o", twoStarts.root + "/sim"])
        #expect(two.status == 2)
        #expect(two.stderr.contains("error: \(twoStarts.folder)/StartTrailIntent.swift:3:1: Trail has 2 types conforming to StartWorkoutIntent: "
                                    + "StartHikeIntent (\(twoStarts.folder)/StartHikeIntent.swift:3:1) and StartTrailIntent"))
        #expect(two.stderr.contains("error: nothing written: a watch would refuse this app as it is (the errors above)"))
        #expect(!FileManager.default.fileExists(atPath: twoStarts.root + "/sim"))

        let noParameter = try Self.watchFolder([
            "TrailStyle.swift": Self.style.replacingOccurrences(of: "    static var caseDisplayRepresentations", with: "    static var cases"),
            "StartTrailIntent.swift": Self.start.replacingOccurrences(of: "    @Parameter(title: \"Style\")\n", with: ""),
        ])
        let bad = try await CLI.run(["init-package", noParameter.folder, "-o", noParameter.root + "/sim"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("error: \(noParameter.folder)/StartTrailIntent.swift:6:9: StartTrailIntent.workoutStyle is not a @Parameter"))
        #expect(bad.stderr.contains("error: \(noParameter.folder)/TrailStyle.swift:3:1: TrailStyle, the workout style of StartTrailIntent, has no caseDisplayRepresentations"))

        let nothing = try Self.watchFolder(["LapIntent.swift": Self.lap])
        let none = try await CLI.run(["init-package", nothing.folder])
        #expect(none.status == 2)
        #expect(none.stderr.contains("error: Trail has no start intent: no type in its 1 Swift file conforms to StartWorkoutIntent or StartDiveIntent"))

        let notAFolder = try await CLI.run(["init-package", nothing.folder + "/LapIntent.swift"])
        #expect(notAFolder.status == 2)
        #expect(notAFolder.stderr.contains("LapIntent.swift: is a file; give the watch app target's folder"))
        let inside = try await CLI.run(["init-package", twoStarts.folder, "-o", twoStarts.folder + "/sim"])
        #expect(inside.status == 2)
    }

    @Test("#if os(watchOS): the intents that would vanish are named with the fix; with the guard opened they load")
    func watchOnlyGuard() async throws {
        let guarded = "#if os(watchOS)\n" + Self.start + "\n#endif\n"
        let (root, folder) = try Self.watchFolder(["TrailStyle.swift": Self.style, "StartTrailIntent.swift": guarded])
        let result = try await CLI.run(["init-package", folder, "-o", root + "/sim"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("warning: \(folder)/StartTrailIntent.swift:4:1: StartTrailIntent (StartWorkoutIntent) compiles to nothing on Linux: "
                                       + "it is inside `#if os(watchOS)` (\(folder)/StartTrailIntent.swift:1:1), which is false on Linux; "
                                       + "to simulate it, write `#if os(watchOS) || os(Linux)`"))
        #expect(result.stderr.contains("error: Trail has no start intent"))

        try ("#if os(watchOS) || os(Linux)\n" + Self.start + "\n#endif\n")
            .write(toFile: folder + "/StartTrailIntent.swift", atomically: true, encoding: .utf8)
        let opened = try await CLI.run(["init-package", folder, "-o", root + "/sim"])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stderr.isEmpty)
    }
    @Test("S1: actionsim test searches a scenarios folder reached through a link, as init-package makes one")
    func scenariosThroughALink() async throws {
        let root = CLI.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/mine/apps", withIntermediateDirectories: true)
        for file in ["a07-pause-resume.yaml", "apps/trailrunner.yaml"] {
            try FileManager.default.copyItem(atPath: CLI.packageRoot + "/scenarios/" + file, toPath: root + "/mine/" + file)
        }
        try FileManager.default.createSymbolicLink(atPath: root + "/scenarios", withDestinationPath: "mine")
        let result = try await CLI.run(["test", root + "/scenarios"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("PASS  \(root)/scenarios/a07-pause-resume.yaml"))
    }
}

/// The Examples' watch apps are what a developer has in an Xcode watch target: nothing in
/// them may name the simulator or need it.
@Suite("Examples")
struct ExampleAppsTests {
    /// The watch target folders: Examples/NAME/NAME Watch App.
    static var watchFolders: [String] {
        let examples = CLI.packageRoot + "/Examples"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examples)) ?? []
        return names.sorted().map { "\(examples)/\($0)/\($0) Watch App" }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    @Test("No example app file names actionsim or anything of the simulator's own; imports are Apple's frameworks and Foundation")
    func nothingSimulatorSpecific() throws {
        let folders = Self.watchFolders
        #expect(folders.count == 2, "expected TrailRunner and DeepLog, found \(folders)")
        let simulatorNames = ["actionsim", "ActionButtonRuntime", "ActionButtonHarness", "ActionButtonClock", "AppDefinition",
                              "SimulatedSession", "SimulationEngine", "ActionsimApp_"]
        let appleModules: Set = ["Foundation", "AppIntents", "HealthKit", "CoreMotion", "os", "WatchKit", "SwiftUI", "Observation"]
        var swiftFiles = 0
        for folder in folders {
            for path in try FileManager.default.subpathsOfDirectory(atPath: folder) {
                guard let text = try? String(contentsOfFile: folder + "/" + path, encoding: .utf8) else { continue }
                for name in simulatorNames {
                    #expect(!text.localizedCaseInsensitiveContains(name), "\(folder)/\(path) names \(name)")
                }
                guard path.hasSuffix(".swift") else { continue }
                swiftFiles += 1
                for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                    let module = String(line.dropFirst("import ".count).split(separator: ".")[0])
                    #expect(appleModules.contains(module), "\(folder)/\(path) imports \(module)")
                }
            }
        }
        #expect(swiftFiles >= 12)
    }
}
