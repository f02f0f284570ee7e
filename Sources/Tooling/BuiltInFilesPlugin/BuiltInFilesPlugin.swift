import Foundation
import PackagePlugin

/// Embeds files a module ships inside the binary, so that an installed `actionsim`, one file
/// with no checkout beside it, still has them: in `YAMLDocuments`, the app manifests
/// (`scenarios/apps/*.yaml`) and device profiles (`devices/*.yaml`) as `BuiltInDocuments.files`;
/// in `WebView`, the page (`Page/*.html`, `*.css`, `*.js` beside its sources) as
/// `PageFiles.files`. The files are listed afresh on every build, so a new or edited file is
/// embedded without a step of anyone's.
@main
struct BuiltInFilesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let type: String
        let what: String
        var inputs: [URL] = []
        switch target.name {
        case "WebView":
            type = "PageFiles"
            what = "web page files"
            let directory = target.directoryURL.appending(path: "Page")
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            inputs = names.filter { $0.hasSuffix(".html") || $0.hasSuffix(".css") || $0.hasSuffix(".js") }.sorted()
                .map { directory.appending(path: $0) }
        default:
            type = "BuiltInDocuments"
            what = "built-in app manifests and device profiles"
            for folder in ["scenarios/apps", "devices"] {
                let directory = root.appending(path: folder)
                let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                inputs += names.filter { $0.hasSuffix(".yaml") }.sorted().map { directory.appending(path: $0) }
            }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "\(type)+Files.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) \(what)",
                executable: try context.tool(named: "BuiltInFilesEmbedder").url,
                arguments: [output.path, type, root.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]),
        ]
    }
}
