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
        /// Whether it has a start-workout intent (else a start-dive intent).
        public var isWorkoutApp: Bool
        public var startIntent: String

        public init(module: String, folder: String, excluded: [String], leftOut: [AppScan.LeftOutFile],
                    frameworks: [String], isWorkoutApp: Bool, startIntent: String) {
            self.module = module
            self.folder = folder
            self.excluded = excluded
            self.leftOut = leftOut
            self.frameworks = frameworks
            self.isWorkoutApp = isWorkoutApp
            self.startIntent = startIntent
        }
    }

    /// Where the package gets actionsim from.
    public enum Dependency: Sendable {
        /// A checkout, by a path relative to the package (or absolute).
        case path(String)
        /// A git URL, at a version (`from:`) or, without one, its `main` branch.
        case url(String, version: String?)
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

    public init(name: String, apps: [App], dependency: Dependency, languageMode: Int, executableName: String) {
        self.name = name
        self.apps = apps
        self.dependency = dependency
        self.languageMode = languageMode
        self.executableName = executableName
    }

    /// Where the package links to the app's folder.
    public static func sourcesPath(_ app: App) -> String { "Sources/\(app.module)" }
    /// The executable's target, and the harness tests' target (for every app of the package).
    public static let executableTarget = "actionsim-app"
    public static let testsTarget = "ActionButtonTests"

    /// `Package.swift`.
    public var manifest: String {
        func quoted(_ text: String) -> String { RegistrationSource.swiftString(text) }
        let dependencyLine: String
        switch dependency {
        case .path(let path): dependencyLine = ".package(name: \"actionsim\", path: \(quoted(path)))"
        case .url(let url, let version?): dependencyLine = ".package(url: \(quoted(url)), from: \(quoted(version)))"
        case .url(let url, nil): dependencyLine = ".package(url: \(quoted(url)), branch: \"main\")"
        }
        var targets: [String] = []
        for app in apps {
            var comment = ["        // \(app.folder), compiled in place (\(Self.sourcesPath(app)) links to it); the ActionsimApp"]
            comment.append("        // plugin finds its intents and writes its registration at build time.")
            if !app.leftOut.isEmpty {
                comment.append("        // Left out, as Linux cannot build them:")
                comment += app.leftOut.map { "        //   \($0.path): \($0.reason)" }
            }
            let products = app.frameworks.map { ".product(name: \(quoted($0)), package: \"actionsim\")" }
            let excluded = app.excluded.map(quoted).joined(separator: ",\n                    ")
            targets.append(comment.joined(separator: "\n") + """

                    .target(
                        name: \(quoted(app.module)),
                        dependencies: [\(products.joined(separator: ", "))],
                        path: \(quoted(Self.sourcesPath(app))),
                        exclude: [\(excluded.isEmpty ? "" : "\n                    " + excluded + "\n                ")],
                        swiftSettings: [.swiftLanguageMode(.v\(languageMode))],
                        plugins: [.plugin(name: "ActionsimApp", package: "actionsim")]),
            """)
        }
        let appModules = apps.map { quoted($0.module) }.joined(separator: ", ")
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
            // swift-tools-version: 6.1
            \(Self.marker) around \(apps.map(\.folder).joined(separator: ", ")).
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

    /// `Sources/ActionsimApp/main.swift`.
    public var executableMain: String {
        let imports = apps.map { "import \($0.module)" }.joined(separator: "\n")
        let registrations = apps.map { "\(RegistrationSource.registrationType(for: $0.module)).app" }.joined(separator: ", ")
        return """
            // Written by `actionsim init-package`: actionsim with the watch app built in. The
            // registration comes from the ActionsimApp plugin, which reads the app's sources.
            import ActionsimCLI
            \(imports)

            Actionsim.runFromCommandLineAndExit(apps: [\(registrations)])

            """
    }

    /// A first harness test, for a package whose tests the user did not bring.
    public static func starterTest(for app: App) -> String {
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
                    #expect(watch.errors.isEmpty, "the watch showed \\(watch.errors)")
                }
            }

            """
    }

    /// A first scenario: the first press runs the start intent, which meets the start deadline.
    public static func starterScenario(for app: App) -> String {
        """
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
