import ArgumentParser
import AppManifests
import DeviceProfiles
import Scenarios
import Telemetry
import YAMLDocuments

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate app manifests, scenarios and device profiles without running them.",
        discussion: "Exits 2 and says file, line and column at the first problem in a file.")

    @Argument(help: ArgumentHelp("Manifest, scenario or device profile files.", valueName: "file"))
    var files: [String]

    func run() throws {
        var bad = 0
        for file in files {
            do {
                let document = try YAMLDocument.load(file)
                if document.file != file { Terminal.note("\(file): no such file; checking the built-in \(document.file)") }
                // A device profile (devices/*.yaml) has kind: and buttons:.
                if let top = try? document.root.mapping("the file"), top.contains("kind"), top.contains("buttons") {
                    let profile = try DeviceProfileParser.parse(document)
                    Terminal.line("ok: \(file): \(profile.kind) device profile \"\(profile.name)\"")
                    continue
                }
                switch try DocumentKind.of(document) {
                case .scenario:
                    let scenario = try ScenarioParser.load(contentsOf: file, swiftApps: Actionsim.swiftApps)
                    for warning in scenario.apps.flatMap(\.warnings) { Terminal.warning(warning.description) }
                    Terminal.line("ok: \(file): scenario \"\(scenario.name)\" for \(scenario.apps.map(\.model.name).joined(separator: ", ")) "
                          + "(\(scenario.stepCount) steps, \(scenario.expectationCount) expectations)")
                case .manifest:
                    let (model, warnings) = try ManifestParser.parse(document)
                    for warning in warnings { Terminal.warning(warning.description) }
                    let kinds = model.workoutKinds.isEmpty ? "" : ", workouts: " + model.suggestedWorkouts.joined(separator: ", ")
                    let controls = model.intents.filter { $0.control != nil }.map(\.name)
                    let offered = controls.isEmpty ? "" : ", controls: " + controls.joined(separator: ", ")
                    Terminal.line("ok: \(file): app \"\(model.name)\" (\(model.intents.count) intents\(kinds)\(offered))")
                }
            } catch {
                bad += 1
                Terminal.error(error.description)
            }
        }
        if bad > 0 { throw CommandError.alreadySaid(.badInput) }
    }
}
