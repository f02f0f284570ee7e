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
        try write(files, under: folder)
        return (root, folder)
    }

    static func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// Files by their paths under `root`, folders made as needed.
    static func write(_ files: [String: String], under root: String) throws {
        for (path, text) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// The Swift the tests build packages with.
    static let swift = ProcessInfo.processInfo.environment["SWIFT"] ?? "swift"

    /// Builds the package init-package wrote at `package` (its build expected to pass) and
    /// replays its starter scenario.
    static func buildAndReplay(_ package: String) async throws -> ChildProcess.Result {
        let built = try await ChildProcess.run("/usr/bin/env", [swift, "build", "--package-path", package])
        #expect(built.status == 0, "\(built.stdout)\(built.stderr)")
        return try await ChildProcess.run(package + "/.build/debug/actionsim-app",
                                          ["replay", package + "/scenarios/trail-first-press.yaml", "--no-log", "--no-store"])
    }

    /// A lap intent that performs, and a start intent that counts presses in `PressCount`
    /// (a type the test puts outside the app's folder).
    static let performingLap = lap.replacingOccurrences(of: "\n}\n", with: "\n    func perform() async throws -> some IntentResult { .result() }\n}\n")
    static let countingStart = start.replacingOccurrences(of: "{ .result(actionButtonIntent: LapIntent()) }",
                                                          with: "{\n        PressCount.shared.add()\n        return .result(actionButtonIntent: LapIntent())\n    }")

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
                         "plugins: [\"ActionsimApp\"]", "\"-lActionsimAppKit\"", "-fmodule-map-file=", "\"-D\", \"ACTIONSIM_BUILD_",
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

    @Test("An app folder reached through a symbolic link is read as the folder it leads to (it read as empty: no start intent)")
    func linkedFolder() async throws {
        let (root, folder) = try Self.watchFolder(["TrailStyle.swift": Self.style, "StartTrailIntent.swift": Self.start, "LapIntent.swift": Self.lap])
        try FileManager.default.createSymbolicLink(atPath: root + "/Linked Watch App", withDestinationPath: folder)
        let result = try await CLI.run(["init-package", root + "/Linked Watch App", "-o", root + "/sim"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("3 of 3 Swift files kept"), "\(result.stdout)")
        #expect(result.stdout.contains("start-workout  StartTrailIntent"), "\(result.stdout)")
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
        // Nothing of this machine's build: no module or library paths (the one flag left makes
        // Foundation's localized strings visible to every file, as on a watch).
        #expect(!manifest.contains("actionsimModules") && !manifest.contains("actionsimLibrary") && !manifest.contains("-I"), "\(manifest)")
        #expect(manifest.contains(#"-import-module", "-Xfrontend", "AppIntents"#))
        #expect(!FileManager.default.fileExists(atPath: root + "/sim/Plugins/ActionsimApp"))
    }

    @Test("A package written for another build of actionsim stops with what to do: rebuilt since (the plugin) or by another Swift (the manifest)")
    func mismatchedBuildIsSaid() async throws {
        let (root, folder) = try Self.watchFolder(["TrailStyle.swift": Self.style, "StartTrailIntent.swift": Self.start, "LapIntent.swift": Self.lap])
        #expect(try await CLI.run(["init-package", folder, "-o", root + "/sim"]).status == 0)

        // actionsim built again since: the stamp the plugin holds is not the library's.
        let plugin = root + "/sim/Plugins/ActionsimApp/plugin.swift"
        let stamped = Self.read(plugin).replacing(/static let libraryStamp = "[^"]*"/, with: "static let libraryStamp = \"1-1\"")
        try stamped.write(toFile: plugin, atomically: true, encoding: .utf8)
        let rebuilt = try await ChildProcess.run("/usr/bin/env", [Self.swift, "build", "--package-path", root + "/sim", "--scratch-path", root + "/scratch"])
        #expect(rebuilt.status != 0)
        #expect((rebuilt.stdout + rebuilt.stderr).contains("was built again since this package was written, perhaps from another commit: write the package again"),
                "\(rebuilt.stdout)\(rebuilt.stderr)")
        #expect((rebuilt.stdout + rebuilt.stderr).contains("init-package"))

        // Another Swift: the manifest's check of the compiler's version.
        let manifestPath = root + "/sim/Package.swift"
        let other = Self.read(manifestPath).replacing(/#if !\(compiler\([^\n]*/, with: "#if !(compiler(>=5.0) && !compiler(>=5.1))")
        try other.write(toFile: manifestPath, atomically: true, encoding: .utf8)
        let dumped = try await ChildProcess.run("/usr/bin/env", [Self.swift, "package", "--package-path", root + "/sim", "--scratch-path", root + "/scratch", "dump-package"])
        #expect(dumped.status != 0)
        #expect((dumped.stdout + dumped.stderr).contains("was built by Swift"), "\(dumped.stdout)\(dumped.stderr)")
        #expect((dumped.stdout + dumped.stderr).contains("build actionsim with this Swift"))
    }

    @Test("A5: a session started in a SwiftUI file is named by init-package, and again at the missed deadline of the built package")
    func sessionStartedInAView() async throws {
        let viewModel = """
            import SwiftUI
            import HealthKit

            final class WorkoutViewModel: ObservableObject {
                let store = HKHealthStore()
                var session: HKWorkoutSession?

                func start() throws {
                    let configuration = HKWorkoutConfiguration()
                    session = try HKWorkoutSession(healthStore: store, configuration: configuration)
                    session?.startActivity(with: Date())
                }
            }
            """
        let start = Self.start.replacingOccurrences(of: "{ .result(actionButtonIntent: LapIntent()) }",
                                                    with: "{\n        TrailStats.shared.presses += 1\n        return .result()\n    }")
        // A model importing Foundation alone: Apple's Foundation names ObservableObject and
        // @Published (HockeyDrills' managers are written so), and no other of Combine's
        // types: the app's own `Record` is the app's.
        let stats = """
            import Foundation

            struct Record { var presses: Int }

            final class TrailStats: ObservableObject {
                static let shared = TrailStats()
                @Published var presses = 0
                var record: Record { Record(presses: presses) }
            }
            """
        let (root, folder) = try Self.watchFolder(["TrailStyle.swift": Self.style, "StartTrailIntent.swift": start, "WorkoutViewModel.swift": viewModel,
                                                   "TrailStats.swift": stats])
        let written = try await CLI.run(["init-package", folder, "-o", root + "/sim"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stderr.contains("warning: \(folder)/WorkoutViewModel.swift:10:23: Trail starts its workout session in this file "
            + "(HKWorkoutSession(healthStore:configuration:) at line 10, startActivity(with:) at line 11), which is left out on Linux: "
            + "no session starts in the simulator, and a first press misses the start deadline (A5). To test it here, move the start"), "\(written.stderr)")

        let replay = try await Self.buildAndReplay(root + "/sim")
        #expect(replay.stdout.contains("✗ start deadline missed (A5)"), "\(replay.stdout)")
        #expect(replay.stdout.contains("⚠ no session started: Trail starts it in \(folder)/WorkoutViewModel.swift "
            + "(line 10: HKWorkoutSession(healthStore:configuration:); line 11: startActivity(with:)), which imports SwiftUI, "
            + "a file left out on Linux. To test it here, move the start into the intent's perform()"), "\(replay.stdout)")
        // The starter test fails as the replay does, and says why (a trial saw only the error).
        let tested = try await ChildProcess.run("/usr/bin/env", [Self.swift, "test", "--package-path", root + "/sim"])
        #expect(tested.status != 0)
        #expect((tested.stdout + tested.stderr).contains("it warned: [\"no session started: Trail starts it in \(folder)/WorkoutViewModel.swift"),
                "\(tested.stdout)\(tested.stderr)")
    }

    @Test("An app written as Xcode 26 creates one (main actor by default, approachable concurrency, Swift 6) compiles as its project says, and its first press starts the session")
    func xcode26Defaults() async throws {
        // `static var shared` of an unannotated class compiles only where the class is on the
        // main actor by default; the intent's perform() hops to it as Apple's samples write.
        let manager = """
            import HealthKit

            final class WorkoutManager {
                static var shared = WorkoutManager()
                let store = HKHealthStore()
                var session: HKWorkoutSession?

                func start() throws {
                    let configuration = HKWorkoutConfiguration()
                    configuration.activityType = .running
                    session = try HKWorkoutSession(healthStore: store, configuration: configuration)
                    session?.startActivity(with: .now)
                }
            }
            """
        // NSLog in a file importing Foundation and AppIntents (KhaosT's example app's intents
        // do): both declare it, and it was ambiguous.
        let start = """
            import Foundation
            import AppIntents

            struct StartTrailIntent: StartWorkoutIntent {
                static let title: LocalizedStringResource = "Start"
                static let suggestedWorkouts: [StartTrailIntent] = [StartTrailIntent()]
                @Parameter(title: "Style")
                var workoutStyle: TrailStyle
                init() { workoutStyle = .running }
                @MainActor
                func perform() async throws -> some IntentResult {
                    NSLog("starting %@", "trail")
                    try WorkoutManager.shared.start()
                    return .result()
                }
            }
            """
        let style = Self.style.replacingOccurrences(of: "static var", with: "static let")
        let (root, folder) = try Self.watchFolder(["TrailStyle.swift": style, "StartTrailIntent.swift": start, "WorkoutManager.swift": manager])
        let settings = "SDKROOT = watchos; SWIFT_APPROACHABLE_CONCURRENCY = YES; SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor; "
            + "SWIFT_UPCOMING_FEATURE_MEMBER_IMPORT_VISIBILITY = YES; SWIFT_VERSION = 6.0;"
        let project = """
            // !$*UTF8*$!
            {
            	objects = {
            		P1 = { isa = PBXProject; buildConfigurationList = L1; targets = (T1); };
            		L1 = { isa = XCConfigurationList; buildConfigurations = (C1); };
            		C1 = { isa = XCBuildConfiguration; name = Debug; buildSettings = { }; };
            		T1 = { isa = PBXNativeTarget; name = "Trail Watch App"; buildConfigurationList = L2; };
            		L2 = { isa = XCConfigurationList; buildConfigurations = (C2, C3); };
            		C2 = { isa = XCBuildConfiguration; name = Debug; buildSettings = { \(settings) }; };
            		C3 = { isa = XCBuildConfiguration; name = Release; buildSettings = { \(settings) }; };
            	};
            	rootObject = P1;
            }
            """
        try FileManager.default.createDirectory(atPath: root + "/Trail.xcodeproj", withIntermediateDirectories: true)
        try project.write(toFile: root + "/Trail.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)

        let written = try await CLI.run(["init-package", folder, "-o", root + "/sim"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("Trail: \(folder), 3 of 3 Swift files kept, Swift 6 language mode (from Trail.xcodeproj's target Trail Watch App), "
            + "main actor by default, upcoming features InferIsolatedConformances, NonisolatedNonsendingByDefault, MemberImportVisibility "
            + "(from Trail.xcodeproj's target Trail Watch App)\n"), "\(written.stdout)")
        let built = try await ChildProcess.run("/usr/bin/env", [Self.swift, "build", "--build-tests", "--package-path", root + "/sim"])
        #expect(built.status == 0, "\(built.stdout)\(built.stderr)")
        let replay = try await ChildProcess.run(root + "/sim/.build/debug/actionsim-app",
                                                ["replay", root + "/sim/scenarios/trail-first-press.yaml", "--no-log", "--no-store"])
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        #expect(replay.stdout.contains("✓ StartTrailIntent returned"), "\(replay.stdout)\(replay.stderr)")
        #expect(!replay.stdout.contains("start deadline missed"), "\(replay.stdout)")
    }

    @Test("A5: a start intent that hands the session's start to the main queue (DispatchQueue.main.async, as HockeyDrills does) starts it before the deadline, as on a watch (the block ran after the replay had missed the deadline)")
    func sessionStartedOnTheMainQueue() async throws {
        let manager = """
            import Foundation
            import HealthKit

            final class DrillManager: @unchecked Sendable {
                static let shared = DrillManager()
                let store = HKHealthStore()
                var session: HKWorkoutSession?

                func startWorkout() {
                    let configuration = HKWorkoutConfiguration()
                    configuration.activityType = .skatingSports
                    session = try? HKWorkoutSession(healthStore: store, configuration: configuration)
                    session?.startActivity(with: Date())
                }
            }
            """
        let start = Self.start.replacingOccurrences(of: "import AppIntents\n", with: "import AppIntents\nimport Foundation\n")
            .replacingOccurrences(of: "{ .result(actionButtonIntent: LapIntent()) }",
                                  with: "{\n        DispatchQueue.main.async { DrillManager.shared.startWorkout() }\n        return .result(actionButtonIntent: LapIntent())\n    }")
        let (root, folder) = try Self.watchFolder(["TrailStyle.swift": Self.style, "StartTrailIntent.swift": start, "LapIntent.swift": Self.performingLap,
                                                   "DrillManager.swift": manager])
        let written = try await CLI.run(["init-package", folder, "-o", root + "/sim"])
        #expect(written.status == 0, "\(written.stderr)")
        let replay = try await Self.buildAndReplay(root + "/sim")
        #expect(replay.stdout.contains("✓ StartTrailIntent returned"), "\(replay.stdout)\(replay.stderr)")
        #expect(!replay.stdout.contains("start deadline missed"), "\(replay.stdout)")
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
    }

    @Test("A file that names URLSession and imports Foundation alone (Apple's Foundation has it; Linux keeps it in FoundationNetworking) compiles unchanged, and init-package says why")
    func foundationNetworking() async throws {
        let sync = """
            import Foundation

            /// Sends a finished workout's summary to the app's server, as HockeyDrills' sync does.
            final class SummaryUpload {
                func request(presses: Int) throws -> URLRequest {
                    var request = URLRequest(url: URL(string: "https://example.com/summaries")!)
                    request.httpMethod = "POST"
                    request.httpBody = try JSONEncoder().encode(["presses": presses])
                    return request
                }

                func send(_ request: URLRequest) async throws -> Bool {
                    let (_, response) = try await URLSession.shared.data(for: request)
                    return (response as? HTTPURLResponse)?.statusCode == 200
                }
            }
            """
        let start = Self.start.replacingOccurrences(of: "{ .result(actionButtonIntent: LapIntent()) }",
                                                    with: "{\n        _ = try SummaryUpload().request(presses: 1)\n        return .result(actionButtonIntent: LapIntent())\n    }")
        let lap = Self.performingLap
        let (root, folder) = try Self.watchFolder(["TrailStyle.swift": Self.style, "StartTrailIntent.swift": start, "LapIntent.swift": lap,
                                                   "SummaryUpload.swift": sync])
        let written = try await CLI.run(["init-package", folder, "-o", root + "/sim"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("  FoundationNetworking imported into every file: URLRequest at \(folder)/SummaryUpload.swift:5:42 "
            + "(Linux keeps URLRequest out of Foundation, Apple's Foundation has it)\n"), "\(written.stdout)")
        #expect(Self.read(root + "/sim/Package.swift").contains(#""-import-module", "-Xfrontend", "FoundationNetworking""#))

        let replay = try await Self.buildAndReplay(root + "/sim")
        #expect(replay.stdout.contains("✓ StartTrailIntent returned"), "\(replay.stdout)\(replay.stderr)")
    }

    @Test("A second folder the Xcode target builds (a synchronized Shared folder) is compiled with the app as one module, without its membership exceptions; the package's layout follows the project both ways (it was dropped without a word, then only warned of)")
    func otherSynchronizedFolder() async throws {
        // The start intent counts presses in a type of the Shared folder.
        let start = Self.countingStart
        let lap = Self.performingLap
        let (root, folder) = try Self.watchFolder(["TrailStyle.swift": Self.style, "StartTrailIntent.swift": start, "LapIntent.swift": lap])
        let shared = [
            "Shared/Model/PressCount.swift": "import Foundation\n\nfinal class PressCount: @unchecked Sendable {\n    static let shared = PressCount()\n    private(set) var count = 0\n    func add() { count += 1 }\n}\n",
            "Shared/Views/CountView.swift": "import SwiftUI\n\nstruct CountView: View {\n    var body: some View { Text(\"\\(PressCount.shared.count)\") }\n}\n",
            // Built by the iPhone app only: the watch target's membership exception leaves it out.
            "Shared/PhoneOnly.swift": "import Foundation\n\nlet phoneOnly: Int = \"not a number\"\n",
        ]
        try Self.write(shared, under: root)
        // Without the project, the package builds the app's folder alone (its first press fails to compile: no PressCount).
        let alone = try await CLI.run(["init-package", folder, "-o", root + "/sim"])
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/sim/Sources/Trail") == "../../Trail Watch App")

        func project(groups: String) -> String {
            """
            // !$*UTF8*$!
            {
            	objects = {
            		P1 = { isa = PBXProject; buildConfigurationList = L1; targets = (TP, T1); };
            		L1 = { isa = XCConfigurationList; buildConfigurations = (C1); };
            		C1 = { isa = XCBuildConfiguration; name = Debug; buildSettings = { SWIFT_VERSION = 5.0; }; };
            		TP = { isa = PBXNativeTarget; name = "Trail"; buildConfigurationList = L0; fileSystemSynchronizedGroups = (G2); };
            		L0 = { isa = XCConfigurationList; buildConfigurations = (C0); };
            		C0 = { isa = XCBuildConfiguration; name = Debug; buildSettings = { SDKROOT = iphoneos; }; };
            		T1 = { isa = PBXNativeTarget; name = "Trail Watch App"; buildConfigurationList = L2; fileSystemSynchronizedGroups = (\(groups)); };
            		L2 = { isa = XCConfigurationList; buildConfigurations = (C2); };
            		C2 = { isa = XCBuildConfiguration; name = Debug; buildSettings = { SDKROOT = watchos; }; };
            		G1 = { isa = PBXFileSystemSynchronizedRootGroup; path = "Trail Watch App"; sourceTree = "<group>"; };
            		G2 = { isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1); path = Shared; sourceTree = "<group>"; };
            		G3 = { isa = PBXFileSystemSynchronizedRootGroup; path = Missing; sourceTree = "<group>"; };
            		E1 = { isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (PhoneOnly.swift); target = T1; };
            	};
            	rootObject = P1;
            }
            """
        }
        try FileManager.default.createDirectory(atPath: root + "/Trail.xcodeproj", withIntermediateDirectories: true)
        try project(groups: "G1, G2, G3").write(toFile: root + "/Trail.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        let written = try await CLI.run(["init-package", folder, "-o", root + "/sim"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("Trail: \(folder), 4 of 5 Swift files kept"), "\(written.stdout)")
        #expect(written.stdout.contains("  left out: \(root)/Shared/Views/CountView.swift: imports SwiftUI"), "\(written.stdout)")
        #expect(written.stdout.contains("  also built: \(root)/Shared (Trail.xcodeproj's target Trail Watch App builds it too, a folder synchronized with the project)\n"),
                "\(written.stdout)")
        #expect(written.stderr.contains("warning: Trail.xcodeproj's target Trail Watch App also builds the folder \"Missing\" (synchronized with the project), "
            + "which is not there beside the project: the app's files that use its types do not compile here. Check out the whole project, with that folder in it\n"),
                "\(written.stderr)")
        // Sources/Trail, a link before, is now a folder of links; nothing was written through the old link into the app's folder.
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/sim/Sources/Trail/Trail Watch App") == "../../../Trail Watch App")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/sim/Sources/Trail/Shared") == "../../../Shared")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["LapIntent.swift", "StartTrailIntent.swift", "TrailStyle.swift"])
        let manifest = Self.read(root + "/sim/Package.swift")
        #expect(manifest.contains("\"Shared/PhoneOnly.swift\""), "\(manifest)")
        #expect(manifest.contains("\"Shared/Views\""), "\(manifest)")

        let replay = try await Self.buildAndReplay(root + "/sim")
        #expect(replay.stdout.contains("✓ StartTrailIntent returned"), "\(replay.stdout)\(replay.stderr)")

        // The Shared folder leaves the watch target: Sources/Trail is one link again.
        try project(groups: "G1").write(toFile: root + "/Trail.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        let again = try await CLI.run(["init-package", folder, "-o", root + "/sim"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/sim/Sources/Trail") == "../../Trail Watch App")
        #expect(FileManager.default.fileExists(atPath: root + "/Shared/Model/PressCount.swift"), "the Shared folder itself is untouched")
    }

    @Test("A project from before Xcode 16: the target's Compile Sources decide, a Shared model it lists is compiled with the app and a left-over file of the folder it does not list is not (both stopped the build)")
    func compileSourcesOfTheTarget() async throws {
        let start = Self.countingStart
        let lap = Self.performingLap
        let (root, folder) = try Self.watchFolder(["TrailStyle.swift": Self.style, "StartTrailIntent.swift": start, "LapIntent.swift": lap,
                                                   "Stale.swift": "let stale: Int = \"left over from an old version\"\n"])
        let files = [
            "Shared/Model/PressCount.swift": "import Foundation\n\nfinal class PressCount: @unchecked Sendable {\n    static let shared = PressCount()\n    private(set) var count = 0\n    func add() { count += 1 }\n}\n",
            "Shared/PhoneOnly.swift": "import Foundation\n\nlet phoneOnly: Int = \"the iPhone app's\"\n",
            "Trail.xcodeproj/project.pbxproj": """
                // !$*UTF8*$!
                {
                	objects = {
                		P1 = { isa = PBXProject; buildConfigurationList = L1; mainGroup = M0; targets = (T1); };
                		L1 = { isa = XCConfigurationList; buildConfigurations = (C1); };
                		C1 = { isa = XCBuildConfiguration; name = Debug; buildSettings = { SWIFT_VERSION = 5.0; }; };
                		M0 = { isa = PBXGroup; children = (GA, GS); sourceTree = "<group>"; };
                		GA = { isa = PBXGroup; children = (F1, F2, F3, F4); path = "Trail Watch App"; sourceTree = "<group>"; };
                		GS = { isa = PBXGroup; children = (GM, F6); path = Shared; sourceTree = "<group>"; };
                		GM = { isa = PBXGroup; children = (F5); path = Model; sourceTree = "<group>"; };
                		F1 = { isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = TrailStyle.swift; sourceTree = "<group>"; };
                		F2 = { isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = StartTrailIntent.swift; sourceTree = "<group>"; };
                		F3 = { isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = LapIntent.swift; sourceTree = "<group>"; };
                		F4 = { isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Stale.swift; sourceTree = "<group>"; };
                		F5 = { isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = PressCount.swift; sourceTree = "<group>"; };
                		F6 = { isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = PhoneOnly.swift; sourceTree = "<group>"; };
                		B1 = { isa = PBXBuildFile; fileRef = F1; };
                		B2 = { isa = PBXBuildFile; fileRef = F2; };
                		B3 = { isa = PBXBuildFile; fileRef = F3; };
                		B5 = { isa = PBXBuildFile; fileRef = F5; };
                		S1 = { isa = PBXSourcesBuildPhase; files = (B1, B2, B3, B5); };
                		T1 = { isa = PBXNativeTarget; name = "Trail Watch App"; buildConfigurationList = L2; buildPhases = (S1); };
                		L2 = { isa = XCConfigurationList; buildConfigurations = (C2); };
                		C2 = { isa = XCBuildConfiguration; name = Debug; buildSettings = { SDKROOT = watchos; }; };
                	};
                	rootObject = P1;
                }
                """,
        ]
        try Self.write(files, under: root)
        let written = try await CLI.run(["init-package", folder, "-o", root + "/sim"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("Trail: \(folder), 4 of 4 Swift files kept"), "\(written.stdout)")
        #expect(written.stdout.contains("  also built: \(root)/Shared/Model/PressCount.swift (Trail.xcodeproj's target Trail Watch App compiles it: its Compile Sources)\n"),
                "\(written.stdout)")
        #expect(written.stdout.contains("  not built: \(folder)/Stale.swift (not in Trail.xcodeproj's target Trail Watch App's Compile Sources, so not the app's, as in Xcode)\n"),
                "\(written.stdout)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/sim/Sources/Trail/Project/Shared/Model/PressCount.swift")
                == "../../../../../../Shared/Model/PressCount.swift")

        let replay = try await Self.buildAndReplay(root + "/sim")
        #expect(replay.stdout.contains("✓ StartTrailIntent returned"), "\(replay.stdout)\(replay.stderr)")
    }

    /// A local package of the app's: `Packages/TrailKit` beside the folder, with a target the
    /// app imports, a SwiftUI target (left out) and one that needs it (left out too).
    static func modularApp() throws -> (root: String, folder: String) {
        let start = Self.start.replacingOccurrences(of: "import AppIntents\n", with: "import AppIntents\nimport TrailKit\n")
            .replacingOccurrences(of: "func perform() async throws -> some IntentResult { .result(actionButtonIntent: LapIntent()) }",
                                  with: "func perform() async throws -> some IntentResult {\n        Laps.shared.reset()\n        return .result(actionButtonIntent: LapIntent())\n    }")
        let lap = Self.performingLap
        let (root, folder) = try Self.watchFolder(["TrailStyle.swift": Self.style, "StartTrailIntent.swift": start, "LapIntent.swift": lap])
        let files = [
            "Packages/TrailKit/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "TrailKit", platforms: [.watchOS(.v10)],
                    products: [.library(name: "TrailKit", targets: ["TrailKit"])],
                    targets: [.target(name: "TrailKit"), .target(name: "TrailKitUI", dependencies: ["TrailKit"]),
                              .target(name: "TrailKitWidgets", dependencies: ["TrailKitUI"]), .testTarget(name: "TrailKitTests", dependencies: ["TrailKit"])])
                """,
            "Packages/TrailKit/Sources/TrailKit/Laps.swift": "import HealthKit\n\npublic final class Laps: @unchecked Sendable {\n    public static let shared = Laps()\n    public private(set) var count = 0\n    public func reset() { count = 0 }\n}\n",
            "Packages/TrailKit/Sources/TrailKitUI/LapView.swift": "import SwiftUI\nimport TrailKit\n",
            "Packages/TrailKit/Sources/TrailKitWidgets/Widget.swift": "import TrailKitUI\n",
            "Packages/TrailKit/Tests/TrailKitTests/LapsTests.swift": "import XCTest\n",
            "Trail.xcodeproj/project.pbxproj": """
                // !$*UTF8*$!
                {
                	objects = {
                /* Begin XCLocalSwiftPackageReference section */
                		5A1B2C3D4E5F60718293A4B5 /* XCLocalSwiftPackageReference "Packages/TrailKit" */ = {
                			isa = XCLocalSwiftPackageReference;
                			relativePath = Packages/TrailKit;
                		};
                /* End XCLocalSwiftPackageReference section */
                	};
                }
                """,
        ]
        try write(files, under: root)
        return (root, folder)
    }

    @Test("Modular apps: the Xcode project's local package is found, its targets compiled with the app (a SwiftUI one left out, and what needs it), and the package builds")
    func localPackageFromProject() async throws {
        let (root, folder) = try Self.modularApp()
        let result = try await CLI.run(["init-package", folder, "-o", root + "/sim"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("local packages of Trail.xcodeproj: Packages/TrailKit"), "\(result.stdout)")
        #expect(result.stdout.contains("  package TrailKit: TrailKit, 1 Swift file (Packages/TrailKit)"), "\(result.stdout)")
        #expect(result.stdout.contains("  left out: TrailKit's target TrailKitUI: \(root)/Packages/TrailKit/Sources/TrailKitUI/LapView.swift imports SwiftUI, a UI framework Linux does not have"), "\(result.stdout)")
        #expect(result.stdout.contains("  left out: TrailKit's target TrailKitWidgets: it needs TrailKitUI, left out above"), "\(result.stdout)")
        #expect(result.stdout.contains("Trail: \(folder), 3 of 3 Swift files kept"), "the file importing TrailKit is kept:\n\(result.stdout)")
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: root + "/sim/Sources/TrailKit")
        #expect(link == "../../Packages/TrailKit/Sources/TrailKit")
        let manifest = Self.read(root + "/sim/Package.swift")
        #expect(manifest.contains("name: \"TrailKit\""))
        #expect(!manifest.contains("TrailKitUI"))

        // The start intent calls into TrailKit (it starts no session: the deadline is missed, which is not what this checks).
        let replay = try await Self.buildAndReplay(root + "/sim")
        #expect(replay.stdout.contains("▶ perform StartTrailIntent(workoutStyle: running)"), "\(replay.stdout)\(replay.stderr)")
        #expect(replay.stdout.contains("✓ StartTrailIntent returned"), "\(replay.stdout)\(replay.stderr)")
    }

    @Test("Bad input: a --package that is missing or no package, a package cycle, a folder in both the app and a package: each a clear error naming the path, nothing written")
    func badLocalPackages() async throws {
        let (root, folder) = try Self.modularApp()
        let missing = try await CLI.run(["init-package", folder, "--package", root + "/nowhere", "-o", root + "/sim"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("error: \(root)/nowhere: no such folder; give a local Swift package's folder with --package"), "\(missing.stderr)")
        let notPackage = try await CLI.run(["init-package", folder, "--package", root + "/Packages", "-o", root + "/sim"])
        #expect(notPackage.status == 2)
        #expect(notPackage.stderr.contains("error: \(root)/Packages: is not a Swift package (no Package.swift in it)"), "\(notPackage.stderr)")

        // The app's folder is a package target's folder.
        let inside = try await CLI.run(["init-package", root + "/Packages/TrailKit/Sources/TrailKit", "--package", root + "/Packages/TrailKit", "-o", root + "/sim2"])
        #expect(inside.status == 2, "\(inside.stderr)")
        #expect(inside.stderr.contains("error: \(root)/Packages/TrailKit/Sources/TrailKit: the package TrailKit's target TrailKit and the app's folder"), "\(inside.stderr)")

        // A cycle: TrailKit depends on Other, which depends on TrailKit.
        let trailKit = root + "/Packages/TrailKit/Package.swift"
        try Self.read(trailKit).replacingOccurrences(of: "products: [.library(name: \"TrailKit\", targets: [\"TrailKit\"])],", with: "products: [.library(name: \"TrailKit\", targets: [\"TrailKit\"])], dependencies: [.package(path: \"../Other\")],")
            .write(toFile: trailKit, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/Packages/Other/Sources/Other", withIntermediateDirectories: true)
        try "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Other\", dependencies: [.package(path: \"../TrailKit\")], targets: [.target(name: \"Other\")])\n"
            .write(toFile: root + "/Packages/Other/Package.swift", atomically: true, encoding: .utf8)
        let cycle = try await CLI.run(["init-package", folder, "-o", root + "/sim"])
        #expect(cycle.status == 2)
        #expect(cycle.stderr.contains("cycle") && cycle.stderr.contains("TrailKit") && cycle.stderr.contains("Other"), "\(cycle.stderr)")

        #expect(!FileManager.default.fileExists(atPath: root + "/sim") && !FileManager.default.fileExists(atPath: root + "/sim2"))
    }

    @Test("A full disk (a file size limit) while init-package writes: nothing written, the file named, exit 4; over a package written before, it is left as it was (it left half a package and said only \"File too large\")")
    func fullDisk() async throws {
        let (root, folder) = try Self.watchFolder(["TrailStyle.swift": Self.style, "StartTrailIntent.swift": Self.start, "LapIntent.swift": Self.lap])
        // 2 KB may be written by the process; Package.swift is longer. SIGXFSZ ignored, so
        // that the write fails with EFBIG, as on a full disk it fails with ENOSPC.
        func initPackage(limitKB: Int?) async throws -> ChildProcess.Result {
            let limit = limitKB.map { "ulimit -f \($0); " } ?? ""
            return try await CLI.run(["-c", "trap '' XFSZ; \(limit)exec \"$@\"", "bash", CLI.binary, "init-package", folder, "-o", root + "/sim"],
                                     executable: "/bin/bash")
        }
        let full = try await initPackage(limitKB: 2)
        #expect(full.status == 4, "\(full.stderr)")
        #expect(full.stderr.contains("error: cannot write \(root)/sim/Package.swift: File too large; nothing written: \(root)/sim is as it was"), "\(full.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["Trail Watch App"], "no package, no staging folder left")

        let written = try await initPackage(limitKB: nil)
        #expect(written.status == 0, "\(written.stderr)")
        let test = root + "/sim/Tests/ActionButtonTests/TrailFirstPressTests.swift"
        try (Self.read(test) + "// the developer's own line\n").write(toFile: test, atomically: true, encoding: .utf8)
        let before = try FileManager.default.subpathsOfDirectory(atPath: root + "/sim").sorted()
        let manifest = Self.read(root + "/sim/Package.swift")
        try "import AppIntents\n\nstruct PauseIntent: AppIntent {\n    static var title: LocalizedStringResource = \"Pause\"\n}\n"
            .write(toFile: folder + "/PauseIntent.swift", atomically: true, encoding: .utf8)
        let again = try await initPackage(limitKB: 2)
        #expect(again.status == 4 && again.stderr.contains("nothing written"), "\(again.stderr)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: root + "/sim").sorted() == before)
        #expect(Self.read(root + "/sim/Package.swift") == manifest && Self.read(test).hasSuffix("// the developer's own line\n"))
    }

    @Test("Bad input: what a watch would refuse is refused with the type and the file, exit 2, nothing written")
    func refusesBadApps() async throws {
        let twoStarts = try Self.watchFolder([
            "TrailStyle.swift": Self.style, "StartTrailIntent.swift": Self.start,
            "StartHikeIntent.swift": Self.start.replacingOccurrences(of: "StartTrailIntent", with: "StartHikeIntent"),
        ])
        // Two start intents: a watch runs the app (issue 24), so this is a warning, and the package is written.
        let two = try await CLI.run(["init-package", twoStarts.folder, "-o", twoStarts.root + "/sim"])
        #expect(two.status == 0, "\(two.stderr)")
        #expect(two.stderr.contains("warning: \(twoStarts.folder)/StartTrailIntent.swift:3:1: Trail has 2 types conforming to StartWorkoutIntent: "
                                    + "StartHikeIntent (\(twoStarts.folder)/StartHikeIntent.swift:3:1) and StartTrailIntent"))
        #expect(two.stderr.contains("the simulator runs StartHikeIntent, the first in file order"))
        #expect(FileManager.default.fileExists(atPath: twoStarts.root + "/sim/Package.swift"))

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
        #expect(result.stderr.contains("error: Trail's start intent does not build on Linux: StartTrailIntent"))
        // A watch runs this app: the end says so, not that a watch would refuse it.
        #expect(result.stderr.hasSuffix("error: nothing written: a watch would run this app, but its start intent does not build "
                                        + "on Linux as it is (the errors above)\n"), "\(result.stderr)")

        try ("#if os(watchOS) || os(Linux)\n" + Self.start + "\n#endif\n")
            .write(toFile: folder + "/StartTrailIntent.swift", atomically: true, encoding: .utf8)
        let opened = try await CLI.run(["init-package", folder, "-o", root + "/sim"])
        #expect(opened.status == 0, "\(opened.stderr)")
        // The intent loads; what is left to say is that this small app never starts a session.
        #expect(opened.stderr == "warning: \(folder)/StartTrailIntent.swift:4:1: StartTrailIntent is the start intent, but no file of "
                + "Trail creates or starts an HKWorkoutSession (HKWorkoutSession(healthStore:configuration:), startActivity(with:)): "
                + "a first press starts no session, on a watch as here, and misses the start deadline (A5); start the session in "
                + "perform(), or in a model it calls\n", "\(opened.stderr)")
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

    /// The examples' own local packages (`Examples/DeepLog/DeepLogKit`): their sources folders.
    static var localPackageFolders: [String] {
        let examples = CLI.packageRoot + "/Examples"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examples)) ?? []
        return names.sorted().map { "\(examples)/\($0)/\($0)Kit/Sources" }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    @Test("No example app file names actionsim or anything of the simulator's own; imports are Apple's frameworks, Foundation and the app's own package")
    func nothingSimulatorSpecific() throws {
        #expect(Self.localPackageFolders.count == 1, "expected DeepLog's DeepLogKit, found \(Self.localPackageFolders)")
        let folders = Self.watchFolders + Self.localPackageFolders
        #expect(Self.watchFolders.count == 2, "expected TrailRunner and DeepLog, found \(Self.watchFolders)")
        let simulatorNames = ["actionsim", "ActionButtonRuntime", "ActionButtonHarness", "ActionButtonClock", "AppDefinition",
                              "SimulatedSession", "SimulationEngine", "ActionsimApp_"]
        let appleModules: Set = ["Foundation", "AppIntents", "HealthKit", "CoreMotion", "os", "WatchKit", "SwiftUI", "WidgetKit", "Observation", "SwiftData", "DeepLogKit"]
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

/// Issue 24: an app whose Action-button choice is a control (watchOS 26), its ControlWidget in
/// a SwiftUI file that Linux leaves out.
@Suite("actionsim init-package: controls", .serialized)
struct InitPackageControlTests {
    static let intents = """
        import AppIntents

        struct ToggleFlashlightIntent: SetValueIntent {
            static var title: LocalizedStringResource = "Flashlight"
            @Parameter(title: "On") var value: Bool
            init() { value = false }
            func perform() async throws -> some IntentResult { .result() }
        }
        """

    static let widget = """
        import SwiftUI
        import WidgetKit

        struct FlashlightControl: ControlWidget {
            var body: some ControlWidgetConfiguration {
                StaticControlConfiguration(kind: "flashlight") {
                    ControlWidgetToggle("Flashlight", isOn: false, action: ToggleFlashlightIntent()) { _ in Text("Light") }
                }
            }
        }
        """

    @Test("An app with only a control: init-package finds the intent its left-out widget names, hands it to the build, and starts tests with a press")
    func controlsOnlyApp() async throws {
        let (root, folder) = try InitPackageTests.watchFolder(["Intents.swift": Self.intents, "Controls.swift": Self.widget])
        let result = try await CLI.run(["init-package", folder, "-o", root + "/sim"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  control        ToggleFlashlightIntent (toggle) \(folder)/Controls.swift:7:13"), "\(result.stdout)")
        #expect(result.stdout.contains("  left out: \(folder)/Controls.swift: imports SwiftUI"))
        let manifest = InitPackageTests.read(root + "/sim/Package.swift")
        #expect(manifest.contains(".define(\"ACTIONSIM_CONTROL_TOGGLE_ToggleFlashlightIntent\")"), "\(manifest)")
        #expect(InitPackageTests.read(root + "/sim/Tests/ActionButtonTests/TrailFirstPressTests.swift")
            .contains(".control(app: \"Trail\", intent: \"ToggleFlashlightIntent\")"))
        #expect(InitPackageTests.read(root + "/sim/scenarios/trail-first-press.yaml")
            .contains("settings: {action: control, control: ToggleFlashlightIntent}"))
    }
}
