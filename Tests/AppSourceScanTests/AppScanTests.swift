import AppSourceScan
import Foundation
import Testing

/// A watch app's sources as the build's plugin and init-package read them: the intents by
/// role, and each thing a watch would refuse as an error naming the type and the file.
@Suite("Finding an app's intents in its sources")
struct AppScanTests {
    static let workoutStyle = """
        import AppIntents

        enum Style: String, AppEnum {
            case running, hiking
            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Workout"
            static var caseDisplayRepresentations: [Style: DisplayRepresentation] = [.running: "Run", .hiking: "Hike"]
        }
        """

    static let start = """
        import AppIntents

        struct StartRun: StartWorkoutIntent {
            static var title: LocalizedStringResource = "Start"
            static var suggestedWorkouts: [StartRun] = [StartRun()]
            @Parameter(title: "Style")
            var workoutStyle: Style
            init() { workoutStyle = .running }
            func perform() async throws -> some IntentResult { try HKWorkoutSession(healthStore: store, configuration: configuration).startActivity(with: .now); return .result() }
        }
        """

    static func scan(_ files: [(String, String)], leaveOut: Bool = true) -> AppScan {
        AppScan(appName: "Trail", files: files.map { (path: $0.0, text: $0.1) }, conditions: CompilationConditions(),
                leaveOutUnbuildable: leaveOut)
    }

    @Test("A1, A7: start, pause, resume and action intents by the protocols they conform to, extensions and the app's own protocols included")
    func roles() {
        let scan = Self.scan([
            ("App/Style.swift", Self.workoutStyle),
            ("App/Start.swift", Self.start),
            ("App/Others.swift", """
                import AppIntents
                protocol TrailIntent: AppIntent {}
                struct Pause: PauseWorkoutIntent { static var title: LocalizedStringResource = "Pause" }
                struct Resume {}
                extension Resume: AppIntents.ResumeWorkoutIntent {}
                struct Lap: TrailIntent {}
                enum Outer { struct Waypoint: AppIntent {} }
                struct NotAnIntent: Codable {}
                """),
        ])
        #expect(scan.errors.isEmpty, "\(scan.errors)")
        #expect(scan.intents.map { "\($0.name) \($0.role)" }
                == ["StartRun start-workout", "Pause pause-workout", "Resume resume-workout", "Lap action", "Outer.Waypoint action"])
        #expect(scan.intents.first?.position.description == "App/Start.swift:3:1")
        #expect(scan.frameworksUsed == ["AppIntents"])
    }

    @Test("URLSession named in a file importing Foundation alone is found at its first use (Linux keeps it in FoundationNetworking); a file importing that module itself, or a left-out file, is not")
    func foundationNetworkingUse() {
        let sync = "import Foundation\n\nfinal class Sync {\n    let session = URLSession.shared\n    func send(_ request: URLRequest) {}\n}\n"
        let guarded = "import Foundation\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n\nlet request = URLRequest(url: URL(string: \"https://example.com\")!)\n"
        let view = "import SwiftUI\n\nlet cache = URLCache.shared\n"
        let found = Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", Self.start), ("App/Sync.swift", sync), ("App/View.swift", view)])
        #expect(found.foundationNetworkingUse?.description == "URLSession at App/Sync.swift:4:19")
        let none = Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", Self.start), ("App/Guarded.swift", guarded), ("App/View.swift", view)])
        #expect(none.foundationNetworkingUse == nil)
    }

    @Test("A5: a kept model starts the session in a method no intent reaches, which a SwiftUI view calls (Apple's sample sets selectedWorkout, whose didSet starts it): the view's line is named as where the session starts")
    func sessionStartReachedOnlyFromAView() {
        let manager = """
            import HealthKit

            final class WorkoutManager {
                static let shared = WorkoutManager()
                let store = HKHealthStore()
                var session: HKWorkoutSession?
                var selectedWorkout: HKWorkoutActivityType? {
                    didSet {
                        guard let selectedWorkout else { return }
                        startWorkout(selectedWorkout)
                    }
                }

                func startWorkout(_ type: HKWorkoutActivityType) {
                    let configuration = HKWorkoutConfiguration()
                    configuration.activityType = type
                    session = try? HKWorkoutSession(healthStore: store, configuration: configuration)
                    session?.startActivity(with: Date())
                }
            }
            """
        let view = """
            import SwiftUI

            struct StartView: View {
                var body: some View {
                    Button("Run") { WorkoutManager.shared.selectedWorkout = .running }
                }
            }
            """
        let idle = Self.start.replacingOccurrences(
            of: "try HKWorkoutSession(healthStore: store, configuration: configuration).startActivity(with: .now); return .result()",
            with: ".result()")
        let scan = Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", idle), ("App/Manager.swift", manager),
                              ("App/StartView.swift", view)])
        #expect(scan.leftOut.map(\.path) == ["App/StartView.swift"])
        #expect(scan.leftOut.first?.sessionStarts.map { "\($0.position): \($0.call)" } == [
            "App/StartView.swift:5:47: selectedWorkout → HKWorkoutSession(healthStore:configuration:) at App/Manager.swift:17",
            "App/StartView.swift:5:47: selectedWorkout → startActivity(with:) at App/Manager.swift:18",
        ], "\(scan.leftOut)")
        #expect(scan.warnings.isEmpty, "\(scan.warnings.map(\.locatedMessage))")

        // The intent reaches it (through a method of its own): nothing to say.
        let starting = Self.start.replacingOccurrences(
            of: "try HKWorkoutSession(healthStore: store, configuration: configuration).startActivity(with: .now); return .result()",
            with: "begin(); return .result()\n    }\n    func begin() {\n        WorkoutManager.shared.startWorkout(.running)")
        let reached = Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", starting), ("App/Manager.swift", manager),
                                 ("App/StartView.swift", view)])
        #expect(reached.leftOut.first?.sessionStarts == [], "\(reached.leftOut)")
    }

    @Test("Bad input: no start intent is refused, naming the app")
    func noStartIntent() {
        let scan = Self.scan([("App/Lap.swift", "import AppIntents\nstruct Lap: AppIntent {}\n")])
        #expect(scan.errors.map(\.locatedMessage) == [
            "Trail has no start intent: no type in its 1 Swift file conforms to StartWorkoutIntent or StartDiveIntent, "
                + "and no ControlWidgetButton or ControlWidgetToggle names one of its intents, so Settings > Action Button would not offer it (A1)",
        ])
    }

    @Test("Two types in one role are not refused (apps have shipped so): a warning names both and the one that runs, the first in file order")
    func twoStartIntents() {
        let scan = Self.scan([
            ("App/Style.swift", Self.workoutStyle), ("App/Start.swift", Self.start),
            ("App/Again.swift", Self.start.replacingOccurrences(of: "StartRun", with: "StartHike")),
        ])
        #expect(scan.errors.isEmpty)
        let warnings = scan.messages.filter { $0.severity == .warning }.map(\.locatedMessage)
        #expect(warnings == ["App/Again.swift:3:1: Trail has 2 types conforming to StartWorkoutIntent: StartRun (App/Start.swift:3:1) "
                + "and StartHike (App/Again.swift:3:1); a watch runs one of them, and Apple does not document which: the simulator runs "
                + "StartRun, the first in file order. Keep one (let its parameters choose) so that the choice is yours (A1)"])
        let registration = RegistrationSource.text(for: scan, module: "Trail")
        #expect(registration.contains("start: StartRun.self") && !registration.contains("start: StartHike.self"), "\(registration)")
    }

    @Test("Bad input: a workoutStyle that is not a @Parameter is refused at the property")
    func workoutStyleNotAParameter() {
        let start = Self.start.replacingOccurrences(of: "@Parameter(title: \"Style\")\n", with: "")
        let scan = Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", start)])
        #expect(scan.errors.map(\.locatedMessage) == [
            "App/Start.swift:6:13: StartRun.workoutStyle is not a @Parameter; declare it `@Parameter(title: \"...\") var workoutStyle: Style`, "
                + "as Apple requires, so the system can set the First Press workout (A2)",
        ])
    }

    @Test("Bad input: a workout enum without display representations is refused at the enum")
    func styleWithoutDisplayRepresentations() {
        let style = "import AppIntents\nenum Style: String, AppEnum {\n    case running, hiking\n}\n"
        let scan = Self.scan([("App/Style.swift", style), ("App/Start.swift", Self.start)])
        #expect(scan.errors.map(\.locatedMessage) == [
            "App/Style.swift:2:1: Style, the workout style of StartRun, has no typeDisplayRepresentation or caseDisplayRepresentations; "
                + "Settings > Action Button shows each workout's title and subtitle from it (A2): add "
                + "`static var typeDisplayRepresentation: TypeDisplayRepresentation` and "
                + "`static var caseDisplayRepresentations: [Style: DisplayRepresentation]`",
        ])
    }

    @Test("A9: intents in an App Intents extension are refused, naming the extension and the intents")
    func appIntentsExtension() {
        let scan = Self.scan([
            ("Ext/Style.swift", Self.workoutStyle), ("Ext/Start.swift", Self.start),
            ("Ext/Extension.swift", "import AppIntents\n\nstruct TrailExtension: AppIntentsExtension {}\n"),
        ])
        #expect(scan.errors.map(\.locatedMessage) == [
            "Ext/Extension.swift:3:1: TrailExtension makes this target an App Intents extension, and Action-button intents "
                + "must be declared in the watch app itself (A9): move StartRun (Ext/Start.swift:3:1) into the app's target",
        ])
    }

    @Test("A kept file that names a type of a left-out file is told where it is declared and why that file is left out")
    func usesOfLeftOutTypes() {
        let manager = "import AVFoundation\nimport HealthKit\n\nfinal class WorkoutManager {\n    static let shared = WorkoutManager()\n}\n"
        let intent = Self.start.replacingOccurrences(of: "func perform()", with: "var manager: WorkoutManager { .shared }\n    func perform()")
        #expect(intent != Self.start)
        let scan = Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", intent), ("App/Manager.swift", manager)])
        #expect(scan.leftOut.map(\.path) == ["App/Manager.swift"])
        let said = scan.warnings.map(\.locatedMessage).filter { $0.contains("WorkoutManager is declared in") }
        #expect(said.count == 1 && said[0].hasPrefix("App/Start.swift:"))
        #expect(said.first?.contains(": WorkoutManager is declared in App/Manager.swift, which is left out (it imports AVFoundation, "
                                     + "which Linux does not have and actionsim does not stand in for): this file will not build here") == true,
                "\(said)")
        // The same type declared in a kept file as well (a stand-in of the app's own): nothing to say.
        let standIn = "final class WorkoutManager {\n    static let shared = WorkoutManager()\n}\n"
        let fixed = Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", intent), ("App/Manager.swift", manager),
                               ("App/ManagerStandIn.swift", standIn)])
        #expect(!fixed.warnings.contains { $0.message.contains("is declared in") })
    }

    @Test("import OSLog is built with the os stand-in; import os.log is left out with the fix, since a stand-in has no submodules")
    func osLogImports() {
        let logging = "import Foundation\nimport OSLog\n\nlet log = Logger(subsystem: \"trail\", category: \"intents\")\n"
        let scan = Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", Self.start), ("App/Log.swift", logging),
                              ("App/Old.swift", "import os.log\n\nlet old = OSLog.default\n")])
        #expect(scan.errors.isEmpty && scan.frameworksUsed.contains("OSLog"))
        #expect(scan.leftOut.map(\.path) == ["App/Old.swift"])
        #expect(scan.leftOut.first?.reason == "imports os.log, a submodule actionsim's os stand-in does not have; "
                + "`import os` gives the same API on a watch and here")
    }

    @Test("#if os(watchOS) hides an intent on Linux: a warning says which, where, and how to open the guard")
    func watchOnlyIntent() {
        let guarded = "#if os(watchOS)\n" + Self.start + "\n#endif\n"
        let scan = Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", guarded)])
        #expect(scan.warnings.map(\.locatedMessage) == [
            "App/Start.swift:4:1: StartRun (StartWorkoutIntent) compiles to nothing on Linux: it is inside `#if os(watchOS)` "
                + "(App/Start.swift:1:1), which is false on Linux; to simulate it, write `#if os(watchOS) || os(Linux)`",
        ])
        // A watch has the intent: the error says only this build lost it (the trial of issue
        // 24 saw "a watch would refuse this app" for Apple's own sample).
        #expect(scan.errors.map(\.message) == [
            "Trail's start intent does not build on Linux: StartRun (App/Start.swift:4:1) compiles to nothing here (see the warning, "
                + "which says how to keep it); a watch has it, but without it the simulated Action button has nothing to start",
        ])
        #expect(scan.startIntentLostOnLinux)
        let opened = "#if os(watchOS) || os(Linux)\n" + Self.start + "\n#endif\n"
        #expect(Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", opened)]).messages.isEmpty)
    }

    @Test("Issue 24: a file importing CoreLocation (an outdoor workout's route) is kept, and the package links the stand-in")
    func coreLocationKept() {
        let workout = "import CoreLocation\nimport HealthKit\nfinal class WorkoutManager: NSObject, CLLocationManagerDelegate {}\n"
        let scan = Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", Self.start), ("App/WorkoutManager.swift", workout)])
        #expect(scan.leftOut.isEmpty, "\(scan.leftOut.map(\.reason))")
        #expect(scan.keptFiles == ["App/Style.swift", "App/Start.swift", "App/WorkoutManager.swift"])
        #expect(scan.frameworksUsed.contains("CoreLocation"))
        #expect(scan.messages.isEmpty, "\(scan.messages.map(\.locatedMessage))")
    }

    @Test("Files importing a UI framework, or the app's @main, are left out and listed; their intents are said to vanish")
    func leftOutFiles() {
        let scan = Self.scan([
            ("App/Style.swift", Self.workoutStyle), ("App/Start.swift", Self.start),
            ("App/ContentView.swift", "import SwiftUI\nstruct ContentView: View {}\nstruct Lap: AppIntent {}\n"),
            ("App/Route.swift", "import Foundation\nimport CloudKit\nfinal class Route {}\n"),
            ("App/Main.swift", "import AppIntents\n@main struct TrailApp {}\n"),
            ("App/Guarded.swift", "#if canImport(UIKit)\nimport UIKit\n#endif\nimport AppIntents\n"),
        ])
        #expect(scan.leftOut.map(\.path) == ["App/ContentView.swift", "App/Route.swift", "App/Main.swift"])
        #expect(scan.leftOut.map(\.isUserInterface) == [true, false, false])
        #expect(scan.leftOut[0].reason == "imports SwiftUI, a UI framework Linux does not have (the app's screens do not run here)")
        #expect(scan.leftOut[1].reason == "imports CloudKit, which Linux does not have and actionsim does not stand in for")
        #expect(scan.keptFiles == ["App/Style.swift", "App/Start.swift", "App/Guarded.swift"])
        #expect(scan.warnings.map(\.locatedMessage) == [
            "App/ContentView.swift:3:1: Lap (AppIntent) compiles to nothing on Linux: its file is left out: imports SwiftUI, "
                + "a UI framework Linux does not have (the app's screens do not run here)",
        ])
        // UserNotifications has a stand-in: a model that schedules reminders is kept.
        let reminders = Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", Self.start),
                                   ("App/Reminders.swift", "import UserNotifications\nfinal class Reminders {}\n")])
        #expect(reminders.leftOut.isEmpty && reminders.keptFiles.contains("App/Reminders.swift"), "\(reminders.leftOut.map(\.reason))")
        // A start intent that posts a notification a left-out view observes starts nothing here.
        let posting = "import AppIntents\nimport Foundation\nstruct Start: StartWorkoutIntent {\n"
            + "    func perform() async throws -> some IntentResult {\n"
            + "        NotificationCenter.default.post(name: .startRide, object: nil)\n        return .result()\n    }\n}\n"
        let view = "import SwiftUI\nstruct RideView: View {\n    var body: some View {\n"
            + "        Text(\"\").onReceive(NotificationCenter.default.publisher(for: .startRide)) { _ in }\n    }\n}\n"
        let unheard = Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", posting), ("App/RideView.swift", view)])
        #expect(unheard.leftOut.first { $0.path == "App/RideView.swift" }?.sessionStarts.map(\.call)
                == ["observes startRide (posted by Start at App/Start.swift:5)"], "\(unheard.leftOut.map(\.sessionStarts))")
        #expect(unheard.leftOut.first?.sessionStarts.first?.position.line == 4)
        let nobody = Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", posting)])
        #expect(nobody.warnings.map(\.locatedMessage).contains {
            $0.hasPrefix("App/Start.swift:5:9: Start posts the notification startRide for someone else to start the session, "
                         + "and no file observes it: no session starts in the simulator")
        }, "\(nobody.warnings.map(\.locatedMessage))")
        let model = "import Foundation\nfinal class Rides {\n    init() {\n"
            + "        NotificationCenter.default.addObserver(forName: Notification.Name.startRide, object: nil, queue: nil) { _ in }\n    }\n}\n"
        let heard = Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", posting), ("App/Rides.swift", model)])
        #expect(!heard.warnings.contains { $0.locatedMessage.contains("posts the notification") }, "\(heard.warnings.map(\.locatedMessage))")

        // A workout app that never creates a session: said at its start intent, unless a local
        // package (which this scan does not read) might.
        let noSession = Self.start.replacingOccurrences(
            of: "try HKWorkoutSession(healthStore: store, configuration: configuration).startActivity(with: .now); return .result()",
            with: ".result()")
        let never = Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", noSession)])
        #expect(never.warnings.map(\.locatedMessage) == [
            "App/Start.swift:3:1: StartRun is the start intent, but no file of Trail creates or starts an HKWorkoutSession "
                + "(HKWorkoutSession(healthStore:configuration:), startActivity(with:)): a first press starts no session, on a watch "
                + "as here, and misses the start deadline (A5); start the session in perform(), or in a model it calls",
        ])
        var modular = CompilationConditions()
        modular.localModules = ["TrailKit"]
        let withPackage = AppScan(appName: "Trail", files: [(path: "App/Style.swift", text: Self.workoutStyle), (path: "App/Start.swift", text: noSession)],
                                  conditions: modular, leaveOutUnbuildable: true)
        #expect(withPackage.warnings.isEmpty, "\(withPackage.warnings.map(\.locatedMessage))")

        // Every missing module is named, not only the first.
        let many = Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", Self.start),
                              ("App/Sync.swift", "import AVFoundation\nimport CloudKit\nimport Foundation\n"),
                              ("App/Map.swift", "import SwiftUI\nimport MapKit\nimport AVFoundation\nimport CloudKit\n")])
        #expect(many.leftOut.map(\.reason) == [
            "imports AVFoundation and CloudKit, which Linux does not have and actionsim does not stand in for",
            "imports SwiftUI and MapKit, UI frameworks Linux does not have (the app's screens do not run here), "
                + "and AVFoundation and CloudKit, which actionsim does not stand in for either",
        ])
        // A module that is not Apple's is most likely the app's own package: said how to build it.
        let own = Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", Self.start),
                             ("App/Sauna.swift", "import Foundation\nimport SaunaKit\nimport CloudKit\n")])
        #expect(own.leftOut.map(\.reason) == [
            "imports SaunaKit and CloudKit, which Linux does not have and actionsim does not stand in for; if SaunaKit is a package "
                + "of the app's own, give its folder with --package PATH (the Xcode project beside the folder did not name it)",
        ])
        // The build's plugin sees what the package kept: such a file there is an error.
        let plugin = Self.scan([("App/Style.swift", Self.workoutStyle), ("App/Start.swift", Self.start),
                                ("App/ContentView.swift", "import SwiftUI\n")], leaveOut: false)
        #expect(plugin.errors.first?.locatedMessage.hasPrefix("App/ContentView.swift:1:1: this file imports SwiftUI") == true)
    }

    @Test("A9: a start intent that does not open the app is warned about; a private intent and an App Shortcut phrase without the app's name are refused")
    func otherChecks() {
        let start = Self.start.replacingOccurrences(of: "    init()", with: "    static var openAppWhenRun: Bool { false }\n    init()")
        let scan = Self.scan([
            ("App/Style.swift", Self.workoutStyle), ("App/Start.swift", start),
            ("App/Lap.swift", "import AppIntents\nprivate struct Lap: AppIntent {}\n"),
            ("App/Shortcuts.swift", """
                import AppIntents
                struct Shortcuts: AppShortcutsProvider {
                    static var appShortcuts: [AppShortcut] {
                        AppShortcut(intent: StartRun(), phrases: ["Run with \\(.applicationName)", "Go running"],
                                    shortTitle: "Run", systemImageName: "figure.run")
                    }
                }
                """),
        ])
        #expect(scan.warnings.map(\.locatedMessage) == [
            "App/Start.swift:8:16: StartRun sets openAppWhenRun to false; start intents must open the app, and the system launches it first anyway (A9)",
        ])
        #expect(scan.errors.map(\.locatedMessage) == [
            "App/Lap.swift:2:1: Lap is private to its file, so the app's intent registration cannot name it; "
                + "make it internal (remove `private`/`fileprivate`), as the system must see it on a watch too",
            "App/Shortcuts.swift:4:83: the App Shortcut phrase \"Go running\" does not contain \\(.applicationName); the system refuses "
                + "phrases without the app's name, so add it, e.g. \"Start a run in \\(.applicationName)\"",
        ])
    }

    @Test("The registration names every intent by its type, for the app's module")
    func registration() {
        let scan = Self.scan([
            ("App/Style.swift", Self.workoutStyle), ("App/Start.swift", Self.start),
            ("App/Pause.swift", "import AppIntents\nstruct Pause: PauseWorkoutIntent {}\nstruct Lap: AppIntent {}\n"),
        ])
        let text = RegistrationSource.text(for: scan, module: "Trail")
        #expect(text.contains("public enum ActionsimApp_Trail {"))
        #expect(text.contains("AppDefinition.workoutApp(\"Trail\", start: StartRun.self, pause: Pause(), actions: [Lap.self])"))
        #expect(RegistrationSource.registrationType(for: "Trail Runner") == "ActionsimApp_Trail_Runner")
    }
}

@Suite("#if on Linux")
struct CompilationConditionsTests {
    /// Whether `#if condition` is taken in a Linux build: its clause's import is seen. (A
    /// condition that cannot be known before the compiler runs is taken.)
    static func holds(_ condition: String) -> Bool {
        let file = SwiftSourceFile(path: "f.swift", text: "#if \(condition)\nimport Foundation\n#endif\n",
                                   conditions: CompilationConditions())
        return !file.imports.isEmpty
    }

    @Test("os, canImport, arch, swift and compiler versions, flags, and their combinations")
    func conditions() {
        #expect(Self.holds("os(Linux)") == true)
        #expect(Self.holds("os(watchOS)") == false)
        #expect(Self.holds("!os(watchOS)") == true)
        #expect(Self.holds("os(iOS) || os(watchOS)") == false)
        #expect(Self.holds("os(watchOS) || os(Linux)") == true)
        #expect(Self.holds("os(Linux) && !targetEnvironment(simulator)") == true)
        #expect(Self.holds("(os(watchOS) || os(iOS)) && DEBUG") == false)
        #expect(Self.holds("canImport(HealthKit)") == true)
        #expect(Self.holds("canImport(SwiftUI)") == false)
        #expect(Self.holds("DEBUG") == true)
        #expect(Self.holds("SOME_FLAG") == false)
        #expect(Self.holds("swift(>=5.9)") == true)
        #expect(Self.holds("swift(>=6.0)") == false)
        #expect(Self.holds("compiler(>=6.0)") == true)
        #expect(Self.holds("hasFeature(StrictConcurrency)") == true)
    }
}

/// What init-package writes takes names from the user's folders: a name cannot become code in
/// the manifest (issue 25, item 13: a newline in a folder's name ended the comment it was in).
@Suite("The written package's manifest")
struct SimulatorPackageManifestTests {
    static func package(folder: String, dependency: SimulatorPackage.Dependency) -> SimulatorPackage {
        let app = SimulatorPackage.App(module: "Trail", folder: folder, excluded: ["View\nfatalError().swift"],
                                       leftOut: [.init(path: folder + "/View\nfatalError().swift", reason: "imports SwiftUI", isUserInterface: true)],
                                       frameworks: ["AppIntents"], isWorkoutApp: true, startIntent: "StartRun")
        return SimulatorPackage(name: "Trail-actionsim", apps: [app], dependency: dependency, languageMode: 5, executableName: "actionsim-app")
    }

    @Test("A newline in a folder's or file's name stays inside its comment and its string literal, for either kind of package")
    func namesCannotBecomeCode() {
        let prebuilt = SimulatorPackage.Prebuilt(buildFolder: "/b/x\nfatalError()", compileFlags: [], compilerVersion: "6.3.1",
                                                 libraryStamp: "1-1", commit: nil, initCommand: "actionsim init-package 'Trail\nfatalError()'")
        for dependency in [SimulatorPackage.Dependency.path("../actionsim"), .prebuilt(prebuilt)] {
            let manifest = Self.package(folder: "Trail\nfatalError() Watch App", dependency: dependency).manifest
            let injected = manifest.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("fatalError()") }
            #expect(injected.isEmpty, "a name became code:\n\(manifest)")
            #expect(manifest.contains("\"View\\nfatalError().swift\""), "the excluded file is an escaped string literal:\n\(manifest)")
        }
    }
}
