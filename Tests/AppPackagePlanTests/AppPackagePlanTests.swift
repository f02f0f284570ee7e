import AppPackagePlan
import AppSourceScan
import Foundation
import OutputFiles
import Testing

/// init-package's plan, without the command: an app folder in, the package's files and links
/// out as one tree, and every refusal made before anything is written.
@Suite("The package init-package plans around a watch app")
struct AppPackagePlanTests {
    /// A scratch folder holding "Trail Watch App" (a start intent and a SwiftUI view) and a
    /// stand-in actionsim checkout (a Package.swift naming the package actionsim).
    struct Scratch {
        let root: URL
        var app: String { root.appendingPathComponent("Trail Watch App").path }
        var checkout: URL { root.appendingPathComponent("actionsim") }

        init(start: String = Scratch.start) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID().uuidString)")
            try write("Trail Watch App/StartRun.swift", start)
            try write("Trail Watch App/ContentView.swift", "import SwiftUI\nstruct ContentView: View { var body: some View { Text(\"Trail\") } }\n")
            try write("Trail Watch App/Assets.xcassets/Contents.json", "{}\n")
            try write("actionsim/Package.swift", "let package = Package(name: \"actionsim\", targets: [.target(name: \"AppIntents\")])\n")
        }

        func write(_ relative: String, _ text: String) throws {
            let url = root.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        func request(output: String? = nil, name: String? = nil) -> AppPackageRequest {
            AppPackageRequest(folders: [app], name: name, output: output ?? root.appendingPathComponent("out").path,
                              actionsim: .checkout(checkout, given: nil), executableName: "actionsim-app")
        }

        func plan(_ request: AppPackageRequest) throws -> (AppPackagePlan, [AppPackagePlan.ScannedFolder]) {
            let plan = try AppPackagePlan(request)
            return (plan, [try plan.scanFolder(0, after: [])])
        }

        static let start = """
            import AppIntents
            import HealthKit

            struct StartRun: StartWorkoutIntent {
                static var title: LocalizedStringResource = "Start"
                static var suggestedWorkouts: [StartRun] = [StartRun()]
                @Parameter(title: "Style")
                var workoutStyle: Style
                init() { workoutStyle = .running }
                func perform() async throws -> some IntentResult { .result() }
            }

            enum Style: String, AppEnum {
                case running
                static var typeDisplayRepresentation: TypeDisplayRepresentation = "Workout"
                static var caseDisplayRepresentations: [Style: DisplayRepresentation] = [.running: "Run"]
            }
            """
    }

    @Test("The tree: the app linked in place, its UI file and asset catalog excluded, the checkout as a path, starter files only where none are")
    func tree() throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let (plan, scanned) = try scratch.plan(scratch.request())
        #expect(scanned.map(\.module) == ["Trail"])
        #expect(scanned[0].languageModeSource == "the default")
        let tree = try plan.tree(scanned)

        let paths = tree.files.entries.map(\.path)
        #expect(paths == ["Sources/Trail", "Package.swift", "Sources/actionsim-app/main.swift",
                          "Tests/ActionButtonTests/TrailFirstPressTests.swift", "scenarios/trail-first-press.yaml"])
        // A package built from sources has no prebuilt plugin: one an earlier init-package wrote goes.
        #expect(tree.files.removing == ["Plugins/ActionsimApp"])
        #expect(tree.files.entries.first?.content == .link("../../Trail Watch App"))
        let app = try #require(tree.package.apps.first)
        #expect(app.startIntent == "StartRun")
        #expect(app.isWorkoutApp)
        #expect(app.excluded.sorted() == ["Assets.xcassets", "ContentView.swift"])
        #expect(app.leftOut.map(\.path) == ["ContentView.swift"])
        guard case .path(let checkout) = tree.package.dependency else {
            Issue.record("the checkout should be a path dependency: \(tree.package.dependency)")
            return
        }
        #expect(checkout == "../actionsim")
        let manifest = tree.files.entries.first { $0.path == "Package.swift" }?.content
        guard case .file(let text) = manifest else { Issue.record("no Package.swift in \(paths)"); return }
        #expect(text.contains(SimulatorPackage.marker))
        // Starter files never overwrite what the user has there.
        #expect(tree.files.entries.filter { $0.path.hasPrefix("Tests/") || $0.path.hasPrefix("scenarios/") }.allSatisfy { $0.unlessPresent != nil })
        // A plan writes nothing.
        #expect(!FileManager.default.fileExists(atPath: tree.folder.path))
    }

    @Test("Bad input: an app a watch would refuse, a package inside the app, a name actionsim's modules take, a checkout that is not one; each before anything is written")
    func refusals() throws {
        let refused = try Scratch(start: "import AppIntents\nstruct Nothing {}\n")
        defer { try? FileManager.default.removeItem(at: refused.root) }
        let (plan, scanned) = try refused.plan(refused.request())
        #expect(scanned[0].app == nil)
        #expect(throws: AppPackageError.self) { _ = try plan.tree(scanned) }
        #expect(message { _ = try plan.tree(scanned) }.hasPrefix("nothing written: a watch would refuse this app as it is"))

        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let inside = try scratch.plan(scratch.request(output: scratch.app + "/pkg"))
        #expect(message { _ = try inside.0.tree(inside.1) }.contains("the package would be inside the app's folder"))

        let clash = try scratch.plan(scratch.request(name: "AppIntents"))
        #expect(message { _ = try clash.0.tree(clash.1) }.contains("the app's name AppIntents is also the name of one of actionsim's own modules"))

        var notCheckout = scratch.request()
        notCheckout.actionsim = .checkout(scratch.root, given: "elsewhere")
        let other = try scratch.plan(notCheckout)
        #expect(message { _ = try other.0.tree(other.1) } == "elsewhere: not an actionsim checkout (its Package.swift does not name the package actionsim)")

        #expect(message { _ = try AppPackagePlan(AppPackageRequest(folders: [scratch.app], packages: [scratch.root.path + "/none"],
                                                                    actionsim: .checkout(scratch.checkout, given: nil), executableName: "x")) }
                .hasSuffix("/none: no such folder; give a local Swift package's folder with --package"))
        #expect(!FileManager.default.fileExists(atPath: scratch.root.appendingPathComponent("out").path))
    }

    /// A `project.pbxproj` as Xcode 26 writes one for a new watch app: the project's own
    /// configurations, an iPhone target, and the watch target whose folder is synchronized;
    /// `watchRelease` is what the watch target's Release configuration adds.
    static func project(watchRelease: String) -> String {
        """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 77;
        	objects = {
        		A001 /* Project object */ = {
        			isa = PBXProject;
        			buildConfigurationList = A002;
        			targets = (A010 /* Trail */, A020 /* Trail Watch App */);
        		};
        		A002 = { isa = XCConfigurationList; buildConfigurations = (A003 /* Debug */, A004 /* Release */); };
        		A003 /* Debug */ = { isa = XCBuildConfiguration; name = Debug; buildSettings = { SWIFT_VERSION = 5.0; }; };
        		A004 /* Release */ = { isa = XCBuildConfiguration; name = Release; buildSettings = { SWIFT_VERSION = 5.0; }; };
        		A010 /* Trail */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = A011;
        			name = Trail;
        			productName = Trail;
        		};
        		A011 = { isa = XCConfigurationList; buildConfigurations = (A012, A013); };
        		A012 = { isa = XCBuildConfiguration; name = Debug; buildSettings = { SDKROOT = iphoneos; SWIFT_DEFAULT_ACTOR_ISOLATION = nonisolated; }; };
        		A013 = { isa = XCBuildConfiguration; name = Release; buildSettings = { SDKROOT = iphoneos; }; };
        		A020 /* Trail Watch App */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = A021;
        			fileSystemSynchronizedGroups = (A030 /* Trail Watch App */);
        			name = "Trail Watch App Target";
        			productName = "Trail Watch";
        		};
        		A021 = { isa = XCConfigurationList; buildConfigurations = (A022, A023); };
        		A022 /* Debug */ = {
        			isa = XCBuildConfiguration;
        			name = Debug;
        			buildSettings = {
        				SDKROOT = watchos;
        				SWIFT_APPROACHABLE_CONCURRENCY = YES;
        				SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;
        				SWIFT_UPCOMING_FEATURE_MEMBER_IMPORT_VISIBILITY = YES;
        				"SWIFT_VERSION" = 6.0;
        			};
        		};
        		A023 /* Release */ = {
        			isa = XCBuildConfiguration;
        			name = Release;
        			buildSettings = {
        				SDKROOT = watchos;
        				\(watchRelease)
        			};
        		};
        		A030 /* Trail Watch App */ = { isa = PBXFileSystemSynchronizedRootGroup; path = "Trail Watch App"; sourceTree = "<group>"; };
        	};
        	rootObject = A001 /* Project object */;
        }
        """
    }

    @Test("Xcode 26's Default Actor Isolation and Approachable Concurrency of the watch target are the package's (code written for them compiled without)")
    func concurrencySettingsFromXcode() throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let everything = "SWIFT_APPROACHABLE_CONCURRENCY = YES; SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor; "
            + "SWIFT_UPCOMING_FEATURE_MEMBER_IMPORT_VISIBILITY = YES; SWIFT_VERSION = 6.0;"
        try scratch.write("Trail.xcodeproj/project.pbxproj", Self.project(watchRelease: everything))
        let (plan, scanned) = try scratch.plan(scratch.request())
        #expect(scanned[0].languageMode == 6)
        #expect(scanned[0].languageModeSource == "from Trail.xcodeproj's target Trail Watch App Target")
        // Swift 6 has three of Approachable Concurrency's five already; the compiler warns when they are named again.
        #expect(scanned[0].concurrency.summary
                == "main actor by default, upcoming features InferIsolatedConformances, NonisolatedNonsendingByDefault, MemberImportVisibility")
        let tree = try plan.tree(scanned)
        guard case .file(let manifest)? = tree.files.entries.first(where: { $0.path == "Package.swift" })?.content else {
            Issue.record("no Package.swift"); return
        }
        #expect(manifest.contains(#".swiftLanguageMode(.v6), .defaultIsolation(MainActor.self), .enableUpcomingFeature("InferIsolatedConformances"), "#
            + #".enableUpcomingFeature("NonisolatedNonsendingByDefault"), .enableUpcomingFeature("MemberImportVisibility"), "#), "\(manifest)")
        #expect(manifest.hasPrefix("// swift-tools-version: 6.2\n"), "defaultIsolation needs tools 6.2")

        // A setting only one configuration has is not the target's; the project's SWIFT_VERSION 5 is inherited.
        try scratch.write("Trail.xcodeproj/project.pbxproj", Self.project(watchRelease: "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;"))
        let (_, partly) = try scratch.plan(scratch.request())
        #expect(partly[0].languageMode == 5)
        #expect(partly[0].concurrency.mainActorByDefault)
        #expect(partly[0].concurrency.upcomingFeatures.isEmpty)
        #expect(partly[0].concurrency.summary == "main actor by default")

        // In Swift 5 mode all five of Approachable Concurrency's features are named.
        try scratch.write("Trail.xcodeproj/project.pbxproj", Self.project(watchRelease: "SWIFT_APPROACHABLE_CONCURRENCY = YES; SWIFT_VERSION = 5.0;"))
        let (_, five) = try scratch.plan(scratch.request())
        #expect(five[0].languageMode == 5)
        #expect(five[0].concurrency.upcomingFeatures == ConcurrencySettings.approachableConcurrency)
        #expect(!five[0].concurrency.mainActorByDefault)
        #expect(five[0].otherFolders.isEmpty)

        // A second synchronized folder of the target (Sauna Companion's Shared): found, said
        // missing while it is not there, and built with the app once it is.
        let shared = Self.project(watchRelease: "SWIFT_VERSION = 5.0;")
            .replacingOccurrences(of: "fileSystemSynchronizedGroups = (A030 /* Trail Watch App */);",
                                  with: "fileSystemSynchronizedGroups = (A030 /* Trail Watch App */, A031 /* Shared */);")
            .replacingOccurrences(of: "\t};\n\trootObject", with: "\t\tA031 /* Shared */ = { isa = PBXFileSystemSynchronizedRootGroup; path = Shared; sourceTree = \"<group>\"; };\n\t};\n\trootObject")
        try scratch.write("Trail.xcodeproj/project.pbxproj", shared)
        let (_, two) = try scratch.plan(scratch.request())
        #expect(two[0].missingFolders == ["Shared"], "\(two[0].missingFolders)")
        #expect(two[0].otherFolders.isEmpty)
        #expect(two[0].otherFoldersBuiltBy == "Trail.xcodeproj's target Trail Watch App Target")
        try scratch.write("Shared/Units.swift", "import Foundation\n\nenum Units {}\n")
        let (_, built) = try scratch.plan(scratch.request())
        #expect(built[0].missingFolders.isEmpty)
        #expect(built[0].otherFolders.count == 1 && built[0].otherFolders[0].hasSuffix("/Shared"), "\(built[0].otherFolders)")
        #expect(built[0].scan.keptFiles.contains { $0.hasSuffix("/Shared/Units.swift") }, "\(built[0].scan.keptFiles)")
    }

    @Test("An XcodeGen project (project.yml, no .xcodeproj checked in): the watch target's settings, its other sources folder and the spec's local packages are read as an .xcodeproj's are (they were not read)")
    func xcodeGenSpec() throws {
        let scratch = try Scratch()
        try scratch.write("project.yml", """
            name: Trail
            settings:
              base:
                SWIFT_VERSION: 5.9
            packages:
              TrailKit:
                path: Packages/TrailKit
              Charts:
                url: https://github.com/example/charts
                from: 1.0.0
            targets:
              Trail:
                type: application
                platform: iOS
                sources: [Trail, Shared]
              Trail Watch App:
                type: application
                platform: watchOS
                sources:
                  - path: Trail Watch App
                  - Shared
                settings:
                  base:
                    SWIFT_VERSION: 6.0
                    SWIFT_DEFAULT_ACTOR_ISOLATION: MainActor
                  configs:
                    Debug:
                      SWIFT_STRICT_CONCURRENCY: complete
                    Release:
                      SWIFT_STRICT_CONCURRENCY: complete
            """)
        try scratch.write("Shared/Units.swift", "import Foundation\n\nenum Units {}\n")
        try scratch.write("Packages/TrailKit/Package.swift", """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "TrailKit", products: [.library(name: "TrailKit", targets: ["TrailKit"])], targets: [.target(name: "TrailKit")])
            """)
        try scratch.write("Packages/TrailKit/Sources/TrailKit/Laps.swift", "public enum Laps {}\n")
        let (plan, scanned) = try scratch.plan(scratch.request())
        #expect(plan.localPackages.lines.first == "local packages of project.yml: Packages/TrailKit", "\(plan.localPackages.lines)")
        #expect(plan.localPackages.targets.map(\.name) == ["TrailKit"])
        #expect(scanned[0].languageMode == 6)
        #expect(scanned[0].languageModeSource == "from project.yml's target Trail Watch App")
        #expect(scanned[0].concurrency.mainActorByDefault)
        #expect(scanned[0].otherFolders.count == 1 && scanned[0].otherFolders[0].hasSuffix("/Shared"), "\(scanned[0].otherFolders)")
        #expect(scanned[0].scan.keptFiles.contains { $0.hasSuffix("/Shared/Units.swift") }, "\(scanned[0].scan.keptFiles)")
    }

    @Test("Compile Sources of a watch target that is not the folder's (the project's only one, found by that): neither its files elsewhere nor its list's silence about the folder's files count")
    func compileSourcesOfAnotherTarget() throws {
        let scratch = try Scratch()
        try scratch.write("Shared/Other.swift", "let other: Int = \"another target's\"\n")
        try scratch.write("Trail.xcodeproj/project.pbxproj", """
            // !$*UTF8*$!
            {
            	objects = {
            		P1 = { isa = PBXProject; buildConfigurationList = L1; mainGroup = M0; targets = (T1); };
            		L1 = { isa = XCConfigurationList; buildConfigurations = (C1); };
            		C1 = { isa = XCBuildConfiguration; name = Debug; buildSettings = { SWIFT_VERSION = 5.0; }; };
            		M0 = { isa = PBXGroup; children = (GS); sourceTree = "<group>"; };
            		GS = { isa = PBXGroup; children = (F1); path = Shared; sourceTree = "<group>"; };
            		F1 = { isa = PBXFileReference; path = Other.swift; sourceTree = "<group>"; };
            		B1 = { isa = PBXBuildFile; fileRef = F1; };
            		S1 = { isa = PBXSourcesBuildPhase; files = (B1); };
            		T1 = { isa = PBXNativeTarget; name = "Other Watch App"; buildConfigurationList = L2; buildPhases = (S1); };
            		L2 = { isa = XCConfigurationList; buildConfigurations = (C2); };
            		C2 = { isa = XCBuildConfiguration; name = Debug; buildSettings = { SDKROOT = watchos; }; };
            	};
            	rootObject = P1;
            }
            """)
        let (_, scanned) = try scratch.plan(scratch.request())
        #expect(scanned[0].otherFiles.isEmpty, "\(scanned[0].otherFiles)")
        #expect(scanned[0].notInTarget.isEmpty, "\(scanned[0].notInTarget)")
        #expect(scanned[0].scan.keptFiles.count == 1, "\(scanned[0].scan.keptFiles)")
    }

    @Test("A local package's .defaultIsolation and upcoming features are read from dump-package and kept for its targets")
    func concurrencySettingsOfLocalPackages() throws {
        let dump = #"""
            {"name": "TrailKit", "toolsVersion": {"_version": "6.2.0"}, "dependencies": [], "products": [],
             "targets": [{"name": "TrailKit", "type": "regular", "dependencies": [],
                          "settings": [{"tool": "swift", "kind": {"defaultIsolation": {"_0": "MainActor"}}},
                                       {"tool": "swift", "kind": {"enableUpcomingFeature": {"_0": "InferSendableFromCaptures"}}},
                                       {"tool": "swift", "kind": {"enableUpcomingFeature": {"_0": "NonisolatedNonsendingByDefault"}}}]},
                         {"name": "TrailModels", "type": "regular", "dependencies": []}]}
            """#
        let package = try LocalPackage(dump: Data(dump.utf8), folder: "/p/TrailKit")
        #expect(package.languageMode == 6)
        #expect(package.targets.map(\.concurrency.manifestSettings)
                == [#", .defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault")"#, ""])
    }

    @Test("App names from folders: Xcode's suffixes dropped, words joined into a module name, and a name that cannot be one refused")
    func names() throws {
        #expect(AppPackagePlan.appName(fromFolder: "TrailRunner Watch App") == "TrailRunner")
        #expect(AppPackagePlan.appName(fromFolder: "Dive WatchKit Extension") == "Dive")
        #expect(AppPackagePlan.appName(fromFolder: " Watch App") == " Watch App")
        #expect(try AppPackagePlan.moduleName("deep log", folder: "f") == "DeepLog")
        #expect(message { _ = try AppPackagePlan.moduleName("3D", folder: "f") }.hasPrefix("f: \"3D\" cannot be a Swift module name"))
    }

    private func message(_ body: () throws -> Void) -> String {
        do { try body(); return "(no error)" } catch let error as AppPackageError { return error.message } catch { return "\(error)" }
    }
}
