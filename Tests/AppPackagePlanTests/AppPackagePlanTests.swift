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
