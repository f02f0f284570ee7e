import Foundation
import PackagePlugin

/// Embeds the shipped app manifests (`scenarios/apps/*.yaml`) and device profiles
/// (`devices/*.yaml`) in the target it is applied to, so that an installed `actionsim`, one
/// file with no checkout beside it, still has them. The files are listed afresh on every
/// build, so a new or edited file is embedded without a step of anyone's.
@main
struct BuiltInFilesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        var inputs: [URL] = []
        for folder in ["scenarios/apps", "devices"] {
            let directory = root.appending(path: folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            inputs += names.filter { $0.hasSuffix(".yaml") }.sorted().map { directory.appending(path: $0) }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInDocuments+Files.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) built-in app manifests and device profiles",
                executable: try context.tool(named: "BuiltInFilesEmbedder").url,
                arguments: [output.path, root.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]),
        ]
    }
}
