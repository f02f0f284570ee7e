/// The SwiftPM package `actionsim init-package` writes around a watch app's folder: the
/// folder as a target (reached through a link, its files compiled where they are), the
/// ActionsimApp plugin on it, an `actionsim-app` executable (actionsim with the app built in)
/// and a test target for harness tests. Only text here; the command writes it.
public struct SimulatorPackage: Sendable {
    /// One watch app folder in the package.
    public struct App: Sendable {
        /// The target and module name (`TrailRunner`), which is also the app's name in
        /// scenarios and settings.
        public var module: String
        /// The folder as the user named it, for comments.
        public var folder: String
        /// Paths inside the folder the target leaves out (files and whole subfolders).
        public var excluded: [String]
        /// Why each left-out Swift file is left out, for the manifest's comment.
        public var leftOut: [AppScan.LeftOutFile]
        public var frameworks: [String]
        /// Whether it has a start-workout intent (else a start-dive intent, or only controls).
        public var isWorkoutApp: Bool
        /// Its start intent; empty for an app that offers the Action button only controls.
        public var startIntent: String
        /// Its controls (watchOS 26), wherever they are declared.
        public var controls: [SwiftSourceFile.Control]
        /// Those declared in files the package leaves out (a widget's SwiftUI file), which
        /// the build's plugin never reads: the target's defines name them (`ControlDefine`).
        public var controlsLeftOut: [SwiftSourceFile.Control]
        /// The isolation and upcoming features its Xcode target builds with.
        public var concurrency: ConcurrencySettings
        /// Its files name networking types Linux keeps in FoundationNetworking (`URLSession`).
        public var usesFoundationNetworking: Bool
        /// The folders its target builds, when there are several (the app's and a `Shared`
        /// folder the Xcode target also builds): `Sources/NAME` is then a folder with a link
        /// to each, and `excluded` starts with the link's name. Empty: `Sources/NAME` links to
        /// `folder`.
        public var linkedFolders: [LinkedFolder] = []

        public init(module: String, folder: String, excluded: [String], leftOut: [AppScan.LeftOutFile],
                    frameworks: [String], isWorkoutApp: Bool, startIntent: String,
                    controls: [SwiftSourceFile.Control] = [], controlsLeftOut: [SwiftSourceFile.Control] = [],
                    concurrency: ConcurrencySettings = .none, usesFoundationNetworking: Bool = false) {
            self.module = module
            self.folder = folder
            self.excluded = excluded
            self.leftOut = leftOut
            self.frameworks = frameworks
            self.isWorkoutApp = isWorkoutApp
            self.startIntent = startIntent
            self.controls = controls
            self.controlsLeftOut = controlsLeftOut
            self.concurrency = concurrency
            self.usesFoundationNetworking = usesFoundationNetworking
        }
    }

    /// A folder an app's target builds, reached through a link `Sources/APP/name`.
    public struct LinkedFolder: Sendable, Equatable {
        public var name: String
        /// The folder as messages show it.
        public var folder: String
        public init(name: String, folder: String) {
            self.name = name
            self.folder = folder
        }
    }

    /// A target of one of the app's local packages, compiled in the package as the app's
    /// folder is: reached through a link, its files where they are.
    public struct LocalTarget: Sendable {
        public var name: String
        /// Its sources folder, absolute (the package's `Sources/NAME` links to it).
        public var folder: String
        /// The package's name and folder as the user gave or the project names it, for comments.
        public var package: String
        public var packageFolder: String
        /// Paths inside the target's folder it leaves out (the package's own excludes).
        public var excluded: [String]
        /// The local targets it depends on.
        public var dependencies: [String]
        /// actionsim's stand-ins its files import (a dependency each when built from source).
        public var frameworks: [String]
        public var languageMode: Int
        /// Its package's `.defaultIsolation` and upcoming features for it.
        public var concurrency: ConcurrencySettings
        /// Its files name networking types Linux keeps in FoundationNetworking (`URLSession`).
        public var usesFoundationNetworking: Bool

        public init(name: String, folder: String, package: String, packageFolder: String, excluded: [String], dependencies: [String],
                    frameworks: [String], languageMode: Int, concurrency: ConcurrencySettings = .none,
                    usesFoundationNetworking: Bool = false) {
            self.name = name
            self.folder = folder
            self.package = package
            self.packageFolder = packageFolder
            self.excluded = excluded
            self.dependencies = dependencies
            self.frameworks = frameworks
            self.languageMode = languageMode
            self.concurrency = concurrency
            self.usesFoundationNetworking = usesFoundationNetworking
        }
    }

    /// Where the package gets actionsim from.
    public enum Dependency: Sendable {
        /// A checkout, by a path relative to the package (or absolute).
        case path(String)
        /// A git URL, at a version (`from:`) or, without one, its `main` branch.
        case url(String, version: String?)
        /// An actionsim already built: the package compiles only the app's files, against the
        /// build's modules, and links its shared library (no second build of actionsim).
        case prebuilt(Prebuilt)
    }

    /// A built actionsim a package links against instead of building it again: its build
    /// folder (`.build/debug` of a checkout), which holds `libActionsimAppKit.so`, the modules
    /// and `actionsim-find-intents`.
    public struct Prebuilt: Sendable {
        /// The build folder, absolute.
        public var buildFolder: String
        /// What the build's own compile commands pass to reach its C modules (module maps and
        /// header folders), which importing its Swift modules needs too.
        public var compileFlags: [String]
        /// The compiler version that built it (`6.3.1`), which must build the package too.
        public var compilerVersion: String
        /// The library's size and modification time when the package was written: the plugin
        /// stops the build with a clear error when actionsim was rebuilt since.
        public var libraryStamp: String
        /// The checkout's commit, when known, for messages.
        public var commit: String?
        /// The command that wrote the package, to say how to write it again.
        public var initCommand: String

        public init(buildFolder: String, compileFlags: [String], compilerVersion: String, libraryStamp: String,
                    commit: String?, initCommand: String) {
            self.buildFolder = buildFolder
            self.compileFlags = compileFlags
            self.compilerVersion = compilerVersion
            self.libraryStamp = libraryStamp
            self.commit = commit
            self.initCommand = initCommand
        }

        /// The shared library every package links, in `buildFolder`.
        public static let library = "ActionsimAppKit"
        public static let libraryFile = "lib\(library).so"
        /// The intents finder the package's plugin runs, in `buildFolder`.
        public static let finder = "actionsim-find-intents"
    }

    /// The first line of every manifest init-package writes: how it knows it may rewrite one.
    public static let marker = "// Written by `actionsim init-package`"

    public var name: String
    public var apps: [App]
    public var dependency: Dependency
    public var languageMode: Int
    /// The executable product (`swift run actionsim-app replay ...`): the name the harness
    /// looks for beside its test binary (`WatchProcess.appExecutableName`).
    public var executableName: String
    /// The targets of the apps' local packages, which the apps' targets depend on.
    public var localTargets: [LocalTarget]

    public init(name: String, apps: [App], dependency: Dependency, languageMode: Int, executableName: String,
                localTargets: [LocalTarget] = []) {
        self.name = name
        self.apps = apps
        self.dependency = dependency
        self.languageMode = languageMode
        self.executableName = executableName
        self.localTargets = localTargets
    }

    /// What Apple's Foundation has and Linux's lacks, imported into every file of a target
    /// (`-import-module`), as Foundation's overlay is on Apple's platforms: a file of the app
    /// that imports Foundation alone must see it too, as it does on a watch.
    /// - `appIntents`: `LocalizedStringResource`, `String(localized:)` and the rest, which
    ///   actionsim's AppIntents stand-in declares.
    /// - `networking`: `URLSession` and the other types Linux keeps in FoundationNetworking
    ///   (only when the target's files name one: it links libcurl).
    static func foundationStandIns(appIntents: Bool = true, networking: Bool) -> String {
        let modules = (appIntents ? ["AppIntents"] : []) + (networking ? ["FoundationNetworking"] : [])
        guard !modules.isEmpty else { return "" }
        let flags = modules.flatMap { ["-Xfrontend", "-import-module", "-Xfrontend", $0] }
        return ", .unsafeFlags([" + flags.map { "\"\($0)\"" }.joined(separator: ", ") + "])"
    }

    /// The local targets' declarations, each with `settings` (the language mode is the target's own).
    private func localTargetDeclarations(dependencies: (LocalTarget) -> [String], settings: (LocalTarget) -> String) -> [String] {
        func quoted(_ text: String) -> String { RegistrationSource.swiftString(text) }
        return localTargets.map { target in
            let excluded = target.excluded.map(quoted).joined(separator: ", ")
            return """
                    // \(Self.commentText("\(target.package)'s target \(target.name) (\(target.packageFolder)), compiled in place (Sources/\(target.name) links to it)."))
                    .target(
                        name: \(quoted(target.name)),
                        dependencies: [\(dependencies(target).joined(separator: ", "))],
                        path: \(quoted("Sources/" + target.name)),
                        exclude: [\(excluded)],
                        swiftSettings: [.swiftLanguageMode(.v\(target.languageMode))\(target.concurrency.manifestSettings)\(settings(target))]),
            """
        }
    }

    /// The comment above an app's target: where its files are, and what Linux leaves out.
    static func targetComment(for app: App) -> String {
        let place = app.linkedFolders.isEmpty ? "\(commentText(app.folder)), compiled in place (\(sourcesPath(app)) links to it)"
            : app.linkedFolders.map { "\(commentText($0.folder))" }.joined(separator: " and ")
                + ", compiled in place (links in \(sourcesPath(app)))"
        var comment = ["        // \(place); the ActionsimApp"]
        comment.append("        // plugin finds its intents and writes its registration at build time.")
        if app.usesFoundationNetworking {
            comment.append("        // Its files use URLSession or another type Apple's Foundation has and Linux keeps in")
            comment.append("        // FoundationNetworking: every file imports that module too (-import-module).")
        }
        if !app.leftOut.isEmpty {
            comment.append("        // Left out, as Linux cannot build them:")
            comment += app.leftOut.map { "        //   \(commentText($0.path)): \($0.reason)" }
        }
        return comment.joined(separator: "\n")
    }

    /// The controls declared in files the package leaves out, as defines the ActionsimApp
    /// plugin hands the intents finder (which reads only the files the target compiles):
    /// `ACTIONSIM_CONTROL_TOGGLE_ToggleFlashlightIntent`. Empty when there are none.
    static func controlDefines(_ app: App) -> String {
        app.controlsLeftOut.map { ", .define(\"\(ControlDefine.name(for: $0))\")" }.joined()
    }

    /// Text for a `//` comment line: a name with a line break cannot end the comment.
    static func commentText(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    /// Where the package links to the app's folder.
    public static func sourcesPath(_ app: App) -> String { "Sources/\(app.module)" }
    /// The executable's target, and the harness tests' target (for every app of the package).
    public static let executableTarget = "actionsim-app"
    public static let testsTarget = "ActionButtonTests"

    /// `Package.swift`.
    public var manifest: String {
        if case .prebuilt(let prebuilt) = dependency { return prebuiltManifest(prebuilt) }
        func quoted(_ text: String) -> String { RegistrationSource.swiftString(text) }
        let dependencyLine: String
        switch dependency {
        case .path(let path): dependencyLine = ".package(name: \"actionsim\", path: \(quoted(path)))"
        case .url(let url, let version?): dependencyLine = ".package(url: \(quoted(url)), from: \(quoted(version)))"
        case .url(let url, nil): dependencyLine = ".package(url: \(quoted(url)), branch: \"main\")"
        case .prebuilt: preconditionFailure("handled above")
        }
        var targets: [String] = []
        for app in apps {
            let comment = Self.targetComment(for: app)
            let products = app.frameworks.map { ".product(name: \(quoted($0)), package: \"actionsim\")" }
                + localTargets.map { quoted($0.name) }
            let excluded = app.excluded.map(quoted).joined(separator: ",\n                    ")
            targets.append(comment + """

                    .target(
                        name: \(quoted(app.module)),
                        dependencies: [\(products.joined(separator: ", "))],
                        path: \(quoted(Self.sourcesPath(app))),
                        exclude: [\(excluded.isEmpty ? "" : "\n                    " + excluded + "\n                ")],
                        swiftSettings: [.swiftLanguageMode(.v\(languageMode))\(app.concurrency.manifestSettings)\(Self.foundationStandIns(networking: app.usesFoundationNetworking))\(Self.controlDefines(app))],
                        plugins: [.plugin(name: "ActionsimApp", package: "actionsim")]),
            """)
        }
        targets += localTargetDeclarations(dependencies: { target in
            target.dependencies.map(quoted) + target.frameworks.map { ".product(name: \(quoted($0)), package: \"actionsim\")" }
        }, settings: { Self.foundationStandIns(appIntents: $0.frameworks.contains("AppIntents"), networking: $0.usesFoundationNetworking) })
        let appModules = (apps.map(\.module) + localTargets.map(\.name)).map(quoted).joined(separator: ", ")
        targets.append("""
                    // actionsim with \(apps.count == 1 ? "the app" : "the apps") built in: `swift run \(executableName) test scenarios`.
                    .executableTarget(
                        name: \(quoted(Self.executableTarget)),
                        dependencies: [\(appModules), .product(name: "ActionsimCLI", package: "actionsim")],
                        path: "Sources/\(Self.executableTarget)"),
            """)
        targets.append("""
                    // Harness tests: each simulated watch runs \(executableName) in a process of its own.
                    .testTarget(
                        name: \(quoted(Self.testsTarget)),
                        dependencies: [\(appModules), .product(name: "ActionButtonHarness", package: "actionsim")],
                        path: \(quoted("Tests/" + Self.testsTarget))),
            """)
        return """
            // swift-tools-version: 6.2
            \(Self.marker) around \(Self.commentText(apps.map(\.folder).joined(separator: ", "))).
            // Run it again after adding or removing files there: it rewrites this file and
            // Sources/, and keeps Tests/ and scenarios/.
            import PackageDescription

            let package = Package(
                name: \(quoted(name)),
                platforms: [.macOS(.v15)],
                products: [
                    .executable(name: \(quoted(executableName)), targets: [\(quoted(Self.executableTarget))]),
                ],
                dependencies: [
                    \(dependencyLine),
                ],
                targets: [
            \(targets.joined(separator: "\n"))
                ]
            )

            """
    }

    /// `Package.swift` for a prebuilt actionsim: the app's targets, the executable and the
    /// tests compile against the build's modules and link its shared library; a plugin of the
    /// package's own runs the build's intents finder.
    private func prebuiltManifest(_ prebuilt: Prebuilt) -> String {
        func quoted(_ text: String) -> String { RegistrationSource.swiftString(text) }
        /// One line a flag, `-Xcc` with the flag it passes on.
        func list(_ items: [String], indent: String) -> String {
            var lines: [String] = []
            var pending: [String] = []
            for item in items {
                pending.append(quoted(item) + ",")
                if item != "-Xcc" {
                    lines.append(indent + pending.joined(separator: " "))
                    pending = []
                }
            }
            return (lines + (pending.isEmpty ? [] : [indent + pending.joined(separator: " ")])).joined(separator: "\n")
        }
        var targets: [String] = []
        for app in apps {
            let comment = Self.targetComment(for: app)
            let excluded = app.excluded.map(quoted).joined(separator: ",\n                    ")
            targets.append(comment + """

                    .target(
                        name: \(quoted(app.module)),
                        dependencies: [\(localTargets.map { quoted($0.name) }.joined(separator: ", "))],
                        path: \(quoted(Self.sourcesPath(app))),
                        exclude: [\(excluded.isEmpty ? "" : "\n                    " + excluded + "\n                ")],
                        swiftSettings: [.swiftLanguageMode(.v\(languageMode))\(app.concurrency.manifestSettings), .unsafeFlags(actionsimModules)\(Self.foundationStandIns(networking: app.usesFoundationNetworking))\(Self.controlDefines(app))],
                        plugins: ["ActionsimApp"]),
            """)
        }
        targets += localTargetDeclarations(dependencies: { $0.dependencies.map(quoted) },
                                           settings: { ", .unsafeFlags(actionsimModules)" + Self.foundationStandIns(networking: $0.usesFoundationNetworking) })
        let appModules = (apps.map(\.module) + localTargets.map(\.name)).map(quoted).joined(separator: ", ")
        targets.append("""
                    // actionsim with \(apps.count == 1 ? "the app" : "the apps") built in: `swift run \(executableName) test scenarios`.
                    .executableTarget(
                        name: \(quoted(Self.executableTarget)),
                        dependencies: [\(appModules)],
                        path: "Sources/\(Self.executableTarget)",
                        swiftSettings: [.unsafeFlags(actionsimModules)],
                        linkerSettings: [.unsafeFlags(actionsimLibrary)]),
            """)
        targets.append("""
                    // Harness tests: each simulated watch runs \(executableName) in a process of its own.
                    .testTarget(
                        name: \(quoted(Self.testsTarget)),
                        dependencies: [\(appModules)],
                        path: \(quoted("Tests/" + Self.testsTarget)),
                        swiftSettings: [.unsafeFlags(actionsimModules)],
                        linkerSettings: [.unsafeFlags(actionsimLibrary)]),
                    // Runs actionsim's intents finder (\(Prebuilt.finder)) on each app's files.
                    .plugin(name: "ActionsimApp", capability: .buildTool(), path: "Plugins/ActionsimApp"),
            """)
        let version = Self.compilerCondition(prebuilt.compilerVersion)
        return """
            // swift-tools-version: 6.2
            \(Self.marker) around \(Self.commentText(apps.map(\.folder).joined(separator: ", "))).
            // Run it again after adding or removing files there, or after rebuilding actionsim:
            //   \(Self.commentText(prebuilt.initCommand))
            // It rewrites this file, Plugins/ and Sources/, and keeps Tests/ and scenarios/.
            import PackageDescription

            // The app compiles against actionsim as built in \(Self.commentText(prebuilt.buildFolder))
            // (\(prebuilt.commit.map { "commit \($0), " } ?? "")Swift \(prebuilt.compilerVersion)): its modules, and its shared
            // library \(Prebuilt.libraryFile); actionsim is not built again here.
            #if \(version.map { "!(\($0))" } ?? "false")
            #error(\(quoted("actionsim in \(prebuilt.buildFolder) was built by Swift \(prebuilt.compilerVersion), and this package is built by another Swift, which cannot use its modules: build actionsim with this Swift (`make build` in its checkout), then run init-package again")))
            #endif
            let actionsimBuild = \(quoted(prebuilt.buildFolder))
            // The define names the build: when actionsim is built again and init-package writes
            // this file again, every target compiles again against the new modules (SwiftPM
            // does not see them change), instead of linking code built for the old ones.
            // SwiftData's macros (@Model and its markers) are a compiler plugin actionsim's build made.
            let actionsimModules: [String] = [
                "-I", actionsimBuild + "/Modules", "-D", \(quoted(Self.buildDefine(prebuilt.libraryStamp))),
                "-Xfrontend", "-load-plugin-executable", "-Xfrontend", actionsimBuild + "/SwiftDataMacros-tool#SwiftDataMacros",
            \(list(prebuilt.compileFlags, indent: "    "))
            ]
            let actionsimLibrary: [String] = [
                "-L", actionsimBuild, "-l\(Prebuilt.library)", "-Xlinker", "-rpath", "-Xlinker", actionsimBuild,
            ]

            let package = Package(
                name: \(quoted(name)),
                platforms: [.macOS(.v15)],
                products: [
                    .executable(name: \(quoted(executableName)), targets: [\(quoted(Self.executableTarget))]),
                ],
                targets: [
            \(targets.joined(separator: "\n"))
                ]
            )

            """
    }

    /// `ACTIONSIM_BUILD_<stamp>`: a compilation condition that changes whenever the build does.
    static func buildDefine(_ stamp: String) -> String {
        "ACTIONSIM_BUILD_" + String(stamp.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// `#if compiler(...)` for exactly this version (`6.3.1`, or `6.3`), or nil when it is
    /// not a version number.
    static func compilerCondition(_ version: String) -> String? {
        let parts = version.split(separator: ".").compactMap { Int($0) }
        guard (2...3).contains(parts.count), parts.count == version.split(separator: ".").count else { return nil }
        let next = parts.count == 3 ? [parts[0], parts[1], parts[2] + 1] : [parts[0], parts[1], 1]
        return "compiler(>=\(version)) && !compiler(>=\(next.map(String.init).joined(separator: ".")))"
    }

    /// `Plugins/ActionsimApp/plugin.swift`, for a prebuilt actionsim: the ActionsimApp plugin
    /// with the build's intents finder, which first checks that the build is the one the
    /// package was written for.
    public func prebuiltPlugin(_ prebuilt: Prebuilt) -> String {
        func quoted(_ text: String) -> String { RegistrationSource.swiftString(text) }
        return """
            // Written by `actionsim init-package`: finds the app's intents at build time, with the
            // intents finder of the actionsim this package was written for.
            import Foundation
            import PackagePlugin

            @main
            struct ActionsimApp: BuildToolPlugin {
                static let build = \(quoted(prebuilt.buildFolder))
                static let libraryStamp = \(quoted(prebuilt.libraryStamp))
                static let initCommand = \(quoted(prebuilt.initCommand))

                func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
                    guard let target = target as? SwiftSourceModuleTarget else { return [] }
                    let library = Self.build + "/\(Prebuilt.libraryFile)"
                    guard let attributes = try? FileManager.default.attributesOfItem(atPath: library) else {
                        Diagnostics.error("no built actionsim in \\(Self.build) (\(Prebuilt.libraryFile) is missing): build it there (make build), "
                            + "or write this package again with the actionsim you use: \\(Self.initCommand)")
                        return []
                    }
                    let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
                    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                    if "\\(size)-\\(Int64(modified))" != Self.libraryStamp {
                        Diagnostics.error("actionsim in \\(Self.build) was built again since this package was written, "
                            + "perhaps from another commit: write the package again, so that the app is compiled against it: \\(Self.initCommand)")
                        return []
                    }
                    let sources = target.sourceFiles(withSuffix: "swift").map(\\.url)
                    let output = context.pluginWorkDirectoryURL.appending(path: "ActionsimRegistration.generated.swift")
                    var arguments = ["--app", target.name, "--module", target.moduleName, "--output", output.path(percentEncoded: false)]
                    for flag in target.compilationConditions { arguments += ["--define", flag] }
                    // The app's own local packages' targets, which its files may import.
                    for case .target(let dependency) in target.dependencies { arguments += ["--import", dependency.name] }
                    arguments += sources.map { $0.path(percentEncoded: false) }
                    return [.buildCommand(
                        displayName: "Finding the intents of \\(target.name)",
                        executable: URL(fileURLWithPath: Self.build + "/\(Prebuilt.finder)"),
                        arguments: arguments,
                        inputFiles: sources,
                        outputFiles: [output])]
                }
            }

            """
    }

    /// `Sources/ActionsimApp/main.swift`.
    public var executableMain: String {
        let imports = apps.map { "import \($0.module)" }.joined(separator: "\n")
        func quoted(_ text: String) -> String { RegistrationSource.swiftString(text) }
        let registrations = apps.map { app in
            let registration = "\(RegistrationSource.registrationType(for: app.module)).app"
            let starts = app.leftOut.flatMap { file in
                file.sessionStarts.map { start in
                    "\n    .init(file: \(quoted(start.position.file)), line: \(start.position.line), call: \(quoted(start.call)), "
                        + "reason: \(quoted(String(file.reason.prefix { $0 != "," }))))"
                }
            }
            // Where the session starts in files left out: said at a missed start deadline.
            return starts.isEmpty ? registration : registration + ".leavingOut(sessionStarts: [" + starts.joined(separator: ",") + ",\n])"
        }.joined(separator: ", ")
        return """
            // Written by `actionsim init-package`: actionsim with the watch app built in. The
            // registration comes from the ActionsimApp plugin, which reads the app's sources.
            import ActionsimCLI
            import AppIntents
            \(imports)

            Actionsim.runFromCommandLineAndExit(apps: [\(registrations)])

            """
    }

    /// A first harness test, for a package whose tests the user did not bring.
    public static func starterTest(for app: App) -> String {
        if app.startIntent.isEmpty, let control = app.controls.first { return starterControlTest(for: app, control: control) }
        let settings = app.isWorkoutApp ? ".workout(app: \"\(app.module)\")" : ".dive(app: \"\(app.module)\")"
        return """
            // Written by `actionsim init-package` as a start: a first press, on a simulated watch
            // running \(app.module) in a process of its own. Add your own tests beside it.
            import ActionButtonHarness
            import Testing

            @Suite struct \(app.module)FirstPressTests {
                @Test func firstPressRunsTheStartIntent() async throws {
                    let watch = try await ActionButtonHarness.launch(settings: \(settings))
                    try await watch.press()
                    try await watch.advance(by: .seconds(31))
                    #expect(watch.performedNames.first == \(RegistrationSource.swiftString(app.startIntent)))
                    #expect(watch.startOutcomes.count == 1)
                    // The warnings say why, when there is a why (a session started in a file left out).
                    #expect(watch.errors.isEmpty, "the watch showed \\(watch.errors); it warned: \\(watch.warnings)")
                }
            }

            """
    }

    /// For an app that offers only controls: a press runs the first control's intent.
    static func starterControlTest(for app: App, control: SwiftSourceFile.Control) -> String {
        let intent = RegistrationSource.swiftString(control.intent)
        return """
            // Written by `actionsim init-package` as a start: a press of the Action button set to
            // \(app.module)'s control, on a simulated watch running it in a process of its own.
            import ActionButtonHarness
            import Testing

            @Suite struct \(app.module)ControlTests {
                @Test func pressRunsTheControlsIntent() async throws {
                    let watch = try await ActionButtonHarness.launch(settings: .control(app: \(RegistrationSource.swiftString(app.module)), intent: \(intent)))
                    try await watch.press()
                    try await watch.advance(by: .seconds(5))
                    #expect(watch.performedNames.first == \(intent))
                    #expect(watch.errors.isEmpty, "the watch showed \\(watch.errors)")
                }
            }

            """
    }

    /// A first scenario: the first press runs the start intent, which meets the start deadline
    /// (or, for an app with only controls, a press runs its first control's intent).
    public static func starterScenario(for app: App) -> String {
        if app.startIntent.isEmpty, let control = app.controls.first {
            return """
                # Written by `actionsim init-package` as a start: the Action button runs \(app.module)'s
                # control, and a press performs \(control.intent) (watchOS 26).
                name: a press runs \(control.intent)
                apps: [{swift: \(app.module)}]
                settings: {action: control, control: \(control.intent)}
                steps:
                  - {at: 0s, gesture: press}
                expect:
                  - {at: 0s, intent: \(control.intent), role: control}
                  - {error: none}

                """
        }
        return """
        # Written by `actionsim init-package` as a start: the first press launches \(app.module)
        # and runs \(app.startIntent), which has 30 s to start a session (A3, A5).
        name: first press runs \(app.startIntent)
        apps: [{swift: \(app.module)}]
        settings: {action: \(app.isWorkoutApp ? "workout" : "dive")}
        steps:
          - {at: 0s, gesture: press}
        expect:
          - {at: 0s, intent: \(app.startIntent), role: start}
          - {deadline: met}
          - {error: none}

        """
    }
}
