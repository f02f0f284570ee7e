import PackagePlugin

/// Finds a watch app's intents at build time, as Apple's metadata extraction does on a Mac:
/// every Swift file of the target goes to `actionsim-find-intents`, which writes the app's
/// registration (compiled into the target) or stops the build with what a watch would refuse,
/// each message naming the type and the file. Apply it to the app's target:
///
///     .target(name: "TrailRunner", ..., plugins: [.plugin(name: "ActionsimApp", package: "actionsim")])
@main
struct ActionsimApp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else {
            Diagnostics.error("the ActionsimApp plugin reads Swift targets; \(target.name) is not one")
            return []
        }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        let output = context.pluginWorkDirectoryURL.appending(path: "ActionsimRegistration.generated.swift")
        var arguments = ["--app", target.name, "--module", target.moduleName, "--output", output.path(percentEncoded: false)]
        for flag in target.compilationConditions { arguments += ["--define", flag] }
        // The app's own local packages' targets, which its files may import.
        for case .target(let dependency) in target.dependencies { arguments += ["--import", dependency.name] }
        arguments += sources.map { $0.path(percentEncoded: false) }
        return [.buildCommand(
            displayName: "Finding the intents of \(target.name)",
            executable: try context.tool(named: "actionsim-find-intents").url,
            arguments: arguments,
            inputFiles: sources,
            outputFiles: [output])]
    }
}
