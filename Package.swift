// swift-tools-version: 6.1
// 6.1, not lower, and so Debian 13's own Swift (the swiftlang package, 6.0.3) cannot build
// actionsim (issue 27): the traits below (InitPackage) need tools 6.1, and the packages it
// depends on need 6.1 or 6.2 at the versions the package mirror holds. swift-log 1.16.2, swift-metrics 2.13.0,
// hummingbird 2.28.1, hummingbird-websocket 2.8.1 and swift-prometheus 2.4.1 (and, among what
// they bring, async-http-client 1.37.0, swift-distributed-tracing 1.7.3, swift-service-context
// 1.5.1, swift-service-lifecycle 2.13.0, swift-configuration 1.4.0) declare tools 6.2; GRDB
// 7.10.0, postgres-nio 1.33.2, swift-nio 2.101.x, swift-nio-ssl 2.37.6 and swift-system 1.8.1
// declare 6.1. A board installs swift.org's Swift 6.3.1 instead (README: On a Raspberry Pi).
import CompilerPluginSupport
import Foundation
import PackageDescription

/// libgpiod's major version, as `pkg-config --modversion libgpiod` says (honouring
/// PKG_CONFIG_PATH): 1.6 (Debian 12) and 2.x (Debian 13, current Raspberry Pi OS) have
/// different C APIs, and LinuxInput is compiled for the one found (LIBGPIOD_V2 for 2.x).
/// Without pkg-config, or without libgpiod, 1.6 is assumed and the build says what is missing.
let libgpiodMajor: Int = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--modversion", "libgpiod"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return 1 }
    let version = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return Int(version.prefix { $0.isNumber }) ?? 1
}()

let package = Package(
    name: "actionsim",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "actionsim", targets: ["actionsim"]),
        .library(name: "AppIntents", targets: ["AppIntents"]),
        .library(name: "ActionsimCLI", targets: ["ActionsimCLI"]),
        .library(name: "HealthKit", targets: ["HealthKit"]),
        .library(name: "CoreMotion", targets: ["CoreMotion"]),
        .library(name: "CoreLocation", targets: ["CoreLocation"]),
        .library(name: "os", targets: ["os"]),
        .library(name: "OSLog", targets: ["OSLog"]),
        .library(name: "WatchKit", targets: ["WatchKit"]),
        .library(name: "UserNotifications", targets: ["UserNotifications"]),
        .library(name: "WatchConnectivity", targets: ["WatchConnectivity"]),
        .library(name: "SwiftData", targets: ["SwiftData"]),
        .library(name: "Combine", targets: ["Combine"]),
        .library(name: "ActionButtonHarness", targets: ["ActionButtonHarness"]),
        // The engine without the command line: scenarios run in virtual time, their log and
        // store. The benchmarks (Benchmarks/Package.swift, a package of their own) use it.
        .library(name: "ActionsimEngine", targets: [
            "Scenarios", "Telemetry", "SessionStore", "Simulation", "SimulationEvents", "ActionButtonCore", "SessionLog", "YAMLDocuments",
        ]),
        // Everything a package `actionsim init-package` writes links against, prebuilt: the
        // stand-ins of Apple's frameworks, the harness and the command line (`actionsim-app`).
        // One shared library, so that the app's code and the simulator share one copy of each
        // type; the app's package compiles only the app's files (docs/swift-apps.md).
        .library(name: "ActionsimAppKit", type: .dynamic, targets: [
            "ActionsimCLI", "ActionButtonHarness", "AppIntents", "HealthKit", "CoreMotion", "CoreLocation", "os", "OSLog", "WatchKit",
            "Combine", "UserNotifications", "WatchConnectivity", "SwiftData",
        ]),
        // A watch app's target in a package `actionsim init-package` writes: finds its intents.
        .plugin(name: "ActionsimApp", targets: ["ActionsimApp"]),
    ],
    traits: [
        // `actionsim init-package`, which reads a watch app's Swift sources with swift-syntax.
        // On by default; `make release` leaves it out of the static binary for boards (no
        // swift-syntax to compile in release, some 50 MB less to copy).
        .trait(name: "InitPackage", description: "actionsim init-package: reads watch apps' Swift sources (swift-syntax)"),
        .default(enabledTraits: ["InitPackage"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Reading a watch app's Swift sources: SwiftSyntax and SwiftParser only (no macros,
        // no SwiftIfConfig: each further module is minutes of build on a small machine).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // The web page of `run --web` and `replay --web`. Hummingbird's default traits
        // (swift-configuration, full Foundation) are not needed.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        // A lab (issue 18): sessions forwarded to one PostgreSQL, live metrics for Prometheus.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // Combine's types for watch apps (issue 24): the `Combine` stand-in re-exports them.
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        // The functional core: press recognition, the Action-button system and session
        // lifecycles as pure value types. No clock, file, fd or Foundation in here.
        .target(name: "ActionButtonCore", path: "Sources/Watch/ActionButtonCore"),
        // The one helper for each small job of the system: a system call made again after a
        // signal interrupts it, with swift-system's typed `Errno`, and a thread of its own.
        .target(name: "SystemCalls", dependencies: [.product(name: "SystemPackage", package: "swift-system")],
                path: "Sources/System/SystemCalls"),
        // The App Intents–shaped surface that apps (Swift-defined or manifest-defined) implement.
        .target(name: "AppIntents", dependencies: ["ActionButtonCore", .product(name: "OpenCombine", package: "OpenCombine")], path: "Sources/AppleFrameworks/AppIntents"),
        // YAML with source positions, so every format can say file:line:column.
        .target(name: "YAMLDocuments", dependencies: [
            "ActionButtonCore", "SystemCalls", .product(name: "Yams", package: "Yams"), .product(name: "SystemPackage", package: "swift-system"),
        ], path: "Sources/Documents/YAMLDocuments",
                plugins: ["BuiltInFilesPlugin"]),
        // Build time: the shipped app manifests and device profiles, embedded in YAMLDocuments
        // so that an installed actionsim has them (`actionsim built-in`).
        .plugin(name: "BuiltInFilesPlugin", capability: .buildTool(), dependencies: ["BuiltInFilesEmbedder"],
                path: "Sources/Tooling/BuiltInFilesPlugin"),
        .executableTarget(name: "BuiltInFilesEmbedder", path: "Sources/Tooling/BuiltInFilesEmbedder"),
        // Simulated apps described in YAML instead of compiled Swift.
        .target(name: "AppManifests", dependencies: ["AppIntents", "YAMLDocuments"], path: "Sources/Documents/AppManifests"),
        // What a run records, shared by the engine and everything that reads its output: the
        // session log's events, sensor samples, and the sink and instrument protocols. Pure.
        .target(name: "SimulationEvents", dependencies: ["ActionButtonCore", "AppIntents"], path: "Sources/Simulation/SimulationEvents"),
        // The imperative shell around the core: runs intents, owns the clock (virtual or real).
        .target(name: "Simulation", dependencies: ["SimulationEvents", "ActionButtonCore", "AppIntents", "SystemCalls"], path: "Sources/Simulation/Simulation"),
        // The session log (JSON Lines) and the human-readable timeline.
        .target(name: "SessionLog", dependencies: [
            "Simulation", "SimulationEvents", "ActionButtonCore", "AppIntents", "OutputFiles", "SystemCalls",
            .product(name: "SystemPackage", package: "swift-system"),
        ], path: "Sources/Records/SessionLog"),
        // Scenario files, their expectations, and the runner behind `replay` and `test`.
        .target(name: "Scenarios", dependencies: [
            "Simulation", "SimulationEvents", "AppManifests", "YAMLDocuments", "SessionLog", "ActionButtonCore", "AppIntents", "Telemetry",
        ], path: "Sources/Documents/Scenarios"),
        // Simulated sensors (T1-T3) as pure models stepped on the engine's clock, and the
        // recorded session they produce, with its summary. No file, clock or database.
        .target(name: "Telemetry", dependencies: ["SimulationEvents", "ActionButtonCore", "AppIntents"], path: "Sources/Simulation/Telemetry"),
        // The session store: sessions, events and samples in SQLite (WAL, batched commits).
        .target(name: "SessionStore", dependencies: [
            "Telemetry", "Simulation", "SimulationEvents", "ActionButtonCore", "AppIntents", "OutputFiles",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ], path: "Sources/Records/SessionStore"),
        // The lab's store: sessions, events and samples in one PostgreSQL (the same schema,
        // versioned migrations), read by the reading commands and fed by a board's outbox,
        // which forwards what its local SQLite store holds, in order and idempotently.
        .target(name: "LabStore", dependencies: [
            "SessionStore", "Telemetry", "Simulation", "SimulationEvents", "ActionButtonCore", "SystemCalls",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ], path: "Sources/Records/LabStore"),
        // `run --metrics ADDR:PORT`: the run's counters and latencies through swift-metrics,
        // served in Prometheus's text format by the pages' HTTP server (WebView's
        // `PageServing`: the same limits and Host check).
        .target(name: "LabMetrics", dependencies: [
            "Simulation", "SimulationEvents", "ActionButtonCore", "AppIntents", "WebView",
            .product(name: "CoreMetrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "Hummingbird", package: "hummingbird"),
        ], path: "Sources/CLI/LabMetrics"),
        // Exports (FIT, TCX, GPX, CSV, UDDF, Subsurface XML) and SVG plots: pure functions
        // from a recorded session to bytes.
        .target(name: "Exports", dependencies: ["Telemetry", "SimulationEvents", "ActionButtonCore", "AppIntents"], path: "Sources/Records/Exports"),
        // The web page of a session (`--web`): an HTTP and WebSocket server (Hummingbird) that
        // draws the watch, takes the page's button edges and pushes the session's events and
        // charts to every browser. A shell module: the core never sees it.
        .target(name: "WebView", dependencies: [
            "Simulation", "SimulationEvents", "SessionLog", "Telemetry", "Exports", "ActionButtonCore",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ], path: "Sources/CLI/WebView", exclude: ["Page"], plugins: ["BuiltInFilesPlugin"]),
        // Files the commands write (exports, plots, scenarios, reports), streamed: replaced
        // whole by a rename when they are regular files, written in place when they are not.
        // What a run records (replay, run, record): its session log and its sessions in the
        // store, opened, chained and closed together, and what is said about them.
        .target(name: "RunRecords", dependencies: ["SessionLog", "SessionStore", "SimulationEvents", "Telemetry", "ActionButtonCore"],
                path: "Sources/Records/RunRecords"),
        .target(name: "OutputFiles", dependencies: ["SystemCalls", .product(name: "SystemPackage", package: "swift-system")], path: "Sources/Records/OutputFiles"),
        // The command line, as a library: `actionsim` is a two-line main around it.
        .target(name: "ActionsimCLI", dependencies: [
            "Scenarios", "SessionLog", "Simulation", "SimulationEvents", "AppManifests", "YAMLDocuments", "ActionButtonCore", "AppIntents",
            "Telemetry", "SessionStore", "Exports", "OutputFiles", "WebView", "LabStore", "LabMetrics", "RunRecords", "SystemCalls",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "SystemPackage", package: "swift-system"),
            "LiveLoop", "DeviceProfiles", "LinuxInput", "SimulatedWatch",
            .target(name: "AppSourceScan", condition: .when(traits: ["InitPackage"])),
            .target(name: "AppPackagePlan", condition: .when(traits: ["InitPackage"])),
        ], path: "Sources/CLI/ActionsimCLI"),
        // link-order.txt is read by the linker of `make release` only (see the Makefile).
        .executableTarget(name: "actionsim", dependencies: ["ActionsimCLI"], path: "Sources/CLI/actionsim",
                          exclude: ["link-order.txt"]),
        // HealthKit's workout session and live builder, as intents call them on a watch,
        // driving the simulated watch's session (A3, A5, A7) and reading its sensors (T1).
        .target(name: "HealthKit", dependencies: ["AppIntents", "ActionButtonCore", "Combine", "CoreLocation"],
                path: "Sources/AppleFrameworks/HealthKit"),
        // Combine under its own name (OpenCombine's publishers, ObservableObject, @Published),
        // which HealthKit brings along as Apple's SDK does.
        .target(name: "Combine", dependencies: [
            .product(name: "OpenCombine", package: "OpenCombine"),
            .product(name: "OpenCombineDispatch", package: "OpenCombine"),
            .product(name: "OpenCombineFoundation", package: "OpenCombine"),
        ], path: "Sources/AppleFrameworks/Combine"),
        // CoreMotion's water submersion manager and altimeter: live depth, pressure and
        // temperature (T2), at Apple's cadence.
        .target(name: "CoreMotion", dependencies: ["AppIntents", "ActionButtonCore"], path: "Sources/AppleFrameworks/CoreMotion"),
        // CoreLocation's location manager, live updates and service sessions: positions along
        // the simulated workout's distance, from the scenario's route start and bearing.
        .target(name: "CoreLocation", dependencies: ["AppIntents", "ActionButtonCore"], path: "Sources/AppleFrameworks/CoreLocation"),
        // os.Logger: an app's log lines, into the session log.
        .target(name: "os", dependencies: ["ActionButtonCore", "AppIntents"], path: "Sources/AppleFrameworks/os"),
        // `import OSLog` (Apple's samples): the `os` stand-in under the framework's name.
        .target(name: "OSLog", dependencies: ["os"], path: "Sources/AppleFrameworks/OSLog"),
        // WatchKit's device: haptics on the timeline.
        .target(name: "WatchKit", dependencies: ["AppIntents"], path: "Sources/AppleFrameworks/WatchKit"),
        // Local notifications: asked for, scheduled and listed; each scheduled one logged.
        .target(name: "UserNotifications", dependencies: ["AppIntents"], path: "Sources/AppleFrameworks/UserNotifications"),
        // The watch's side of the link to an iPhone app, with no iPhone app: never reachable.
        .target(name: "WatchConnectivity", dependencies: ["AppIntents"], path: "Sources/AppleFrameworks/WatchConnectivity"),
        // SwiftData as a watch app's models use it: @Model classes kept by an in-memory store
        // for the run, fetched with Foundation's #Predicate and SortDescriptor.
        .target(name: "SwiftData", dependencies: ["SwiftDataMacros"], path: "Sources/AppleFrameworks/SwiftData"),
        // @Model and the property markers: a compiler plugin (swift-syntax), built for the host.
        .macro(name: "SwiftDataMacros", dependencies: [
            .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
            .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        ], path: "Sources/Tooling/SwiftDataMacros"),
        // A watch app's Swift sources read as Apple's build-time metadata extraction reads
        // them: its intents by role, what Linux leaves out (UI frameworks, `#if os(watchOS)`),
        // what a watch would refuse; and the registration Swift the build adds to the app.
        .target(name: "AppSourceScan", dependencies: [
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ], path: "Sources/Tooling/AppSourceScan"),
        // init-package's plan: an app's folders and local packages read, the package around
        // them as one tree of files and links, checked before the command writes it.
        .target(name: "AppPackagePlan", dependencies: ["AppSourceScan", "OutputFiles", .product(name: "Yams", package: "Yams")],
                path: "Sources/Tooling/AppPackagePlan"),
        // The tool the ActionsimApp plugin runs at build time: sources in, registration out.
        .executableTarget(name: "actionsim-find-intents", dependencies: ["AppSourceScan"],
                          path: "Sources/Tooling/ActionsimFindIntents"),
        .plugin(name: "ActionsimApp", capability: .buildTool(), dependencies: ["actionsim-find-intents"], path: "Sources/Tooling/ActionsimApp"),
        // A simulated watch stepped in virtual time, here or in a process of its own
        // (`actionsim-app _watch`, one per watch, so that apps' singletons start fresh).
        .target(name: "SimulatedWatch", dependencies: [
            "Simulation", "SimulationEvents", "Scenarios", "Telemetry", "ActionButtonCore", "AppIntents", "YAMLDocuments", "SystemCalls",
        ], path: "Sources/Harness/SimulatedWatch"),
        // Install Swift apps on a simulated watch in a test, press, advance virtual time, and
        // check what the watch did (Swift Testing or XCTest).
        .target(name: "ActionButtonHarness", dependencies: [
            "SimulatedWatch", "AppIntents", "Simulation", "SimulationEvents", "Scenarios", "SessionLog", "ActionButtonCore", "YAMLDocuments", "Telemetry",
        ], path: "Sources/Harness/ActionButtonHarness"),
        // The C libraries for real buttons, wrapped once in LinuxInput; nothing else imports them.
        .systemLibrary(name: "CGPIOD", path: "Sources/Devices/CGPIOD", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
        .systemLibrary(name: "CEvdev", path: "Sources/Devices/CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        // epoll, timerfd, eventfd, inotify and a uinput ioctl, which Swift's Glibc module leaves out.
        .systemLibrary(name: "CLinuxEvents", path: "Sources/Devices/CLinuxEvents"),
        // One thin Swift layer over libgpiod (1.6 or 2.x) and libevdev: a type per C handle,
        // typed errors that name the device and the operation.
        .target(name: "LinuxInput", dependencies: [
            "CGPIOD", "CEvdev", "CLinuxEvents", "ActionButtonCore", "SystemCalls",
            .product(name: "SystemPackage", package: "swift-system"),
        ], path: "Sources/Devices/LinuxInput", swiftSettings: libgpiodMajor >= 2 ? [.define("LIBGPIOD_V2")] : []),
        // Device profiles (YAML): which evdev keys or GPIO lines are the Action and side buttons.
        .target(name: "DeviceProfiles", dependencies: ["LinuxInput", "YAMLDocuments", "ActionButtonCore"], path: "Sources/Devices/DeviceProfiles"),
        // The live shell: the epoll event loop, device and terminal sources, recording, injection.
        .target(name: "LiveLoop", dependencies: [
            "LinuxInput", "DeviceProfiles", "Simulation", "SimulationEvents", "SessionLog", "Scenarios", "AppManifests",
            "YAMLDocuments", "ActionButtonCore", "AppIntents", "Telemetry",
            .product(name: "SystemPackage", package: "swift-system"),
        ], path: "Sources/Devices/LiveLoop"),
        // The tests: a test target per module, named <Module>Tests, and TestSupport, which they
        // share: the repository's paths, the built binary, the one subprocess runner, and the
        // recorded sessions several targets' tests start from.
        .target(name: "TestSupport", dependencies: [
            "Scenarios", "SessionStore", "Telemetry", "SimulationEvents", "ActionButtonCore", "YAMLDocuments",
        ], path: "Tests/TestSupport"),
        .testTarget(name: "ActionButtonCoreTests", dependencies: ["ActionButtonCore"]),
        .testTarget(name: "SystemCallsTests", dependencies: ["SystemCalls", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "YAMLDocumentsTests", dependencies: ["YAMLDocuments"]),
        .testTarget(name: "SimulationTests", dependencies: [
            "Simulation", "SimulationEvents", "AppIntents", "ActionButtonCore", "AppManifests", "Scenarios", "SessionLog", "Telemetry",
            "YAMLDocuments", "TestSupport",
        ]),
        .testTarget(name: "TelemetryTests", dependencies: [
            "Telemetry", "Scenarios", "SimulationEvents", "ActionButtonCore", "YAMLDocuments", "TestSupport",
        ]),
        .testTarget(name: "SessionLogTests", dependencies: ["SessionLog", "SimulationEvents", "ActionButtonCore"]),
        .testTarget(name: "ScenariosTests", dependencies: [
            "Scenarios", "AppManifests", "AppIntents", "SessionLog", "SimulationEvents", "Telemetry", "ActionButtonCore", "YAMLDocuments",
            "TestSupport",
        ]),
        .testTarget(name: "SessionStoreTests", dependencies: [
            "SessionStore", "LabStore", "SessionLog", "Telemetry", "Exports", "Scenarios", "ActionButtonCore", "TestSupport",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .testTarget(name: "ExportsTests", dependencies: [
            "Exports", "Telemetry", "SessionStore", "Scenarios", "Simulation", "SimulationEvents", "ActionButtonCore", "TestSupport",
        ]),
        // The built `actionsim` run as a user runs it ("actionsim" here only builds it first).
        .testTarget(name: "ActionsimCLITests", dependencies: [
            "actionsim", "ActionButtonHarness", "LinuxInput", "TestSupport", "SystemCalls", .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .testTarget(name: "ActionButtonHarnessTests", dependencies: [
            "ActionButtonHarness", "AppIntents", "HealthKit", "CoreMotion", "Simulation", "SimulationEvents",
            "Scenarios", "ActionButtonCore",
        ]),
        // Issue 14: watch-target files written as for Xcode in Swift 5 language mode (`static
        // var`, singletons), compiled unchanged against the stand-ins, with harness tests.
        // These two are the harness's too, each in the language mode it checks.
        .testTarget(name: "CompatibilitySwift5Tests", dependencies: [
            "ActionButtonHarness", "AppIntents", "HealthKit", "CoreMotion", "CoreLocation", "os", "WatchKit", "Combine", "ActionButtonCore",
            "UserNotifications", "WatchConnectivity", "SwiftData",
            "Telemetry",
        ], swiftSettings: [.swiftLanguageMode(.v5)]),
        // The same app in Swift 6 language mode: what changes is what Swift 6 asks of any app.
        .testTarget(name: "CompatibilitySwift6Tests", dependencies: [
            "ActionButtonHarness", "AppIntents", "HealthKit", "CoreMotion", "CoreLocation", "os", "OSLog", "WatchKit", "Combine",
            "ActionButtonCore", "Telemetry",
        ]),
        .testTarget(name: "AppSourceScanTests", dependencies: ["AppSourceScan"]),
        .testTarget(name: "AppPackagePlanTests", dependencies: ["AppPackagePlan", "AppSourceScan", "OutputFiles"]),
        .testTarget(name: "WebViewTests", dependencies: [
            "WebView", "Telemetry", "Simulation", "SimulationEvents", "Scenarios", "SessionStore", "ActionButtonCore", "TestSupport",
            "SystemCalls",
        ]),
        .testTarget(name: "DeviceProfilesTests", dependencies: ["DeviceProfiles", "LinuxInput", "YAMLDocuments", "ActionButtonCore"]),
        .testTarget(name: "LiveLoopTests", dependencies: [
            "LiveLoop", "DeviceProfiles", "LinuxInput", "SessionLog", "Scenarios", "Simulation", "SimulationEvents", "ActionButtonCore", "YAMLDocuments", "TestSupport",
        ]),
    ],
    swiftLanguageModes: [.v6]
)
