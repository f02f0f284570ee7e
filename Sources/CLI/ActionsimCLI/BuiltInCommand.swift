import AppManifests
import ArgumentParser
import DeviceProfiles
import Foundation
import YAMLDocuments

/// The app manifests and device profiles inside this `actionsim`: what `--app`, `--device`
/// and a scenario's `app:` find by name when no file is at the path given.
struct BuiltInCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "built-in",
        abstract: "List the app manifests and device profiles built into actionsim, or print one.",
        discussion: """
        actionsim carries the manifests of scenarios/apps/ and the profiles of devices/, so an installed actionsim (one file, no checkout beside it) has them. --app, --device, check and a scenario's app: take a path; when no file is there, a built-in file's path (scenarios/apps/trailrunner.yaml, devices/usb-keyboard.yaml), its end (apps/trailrunner.yaml, trailrunner.yaml) or its name (trailrunner, usb-keyboard) is that built-in file. A file at the path always wins.

        Examples:
          actionsim built-in
          actionsim built-in trailrunner > my-app.yaml     # a copy to edit, then: actionsim run --app my-app.yaml
        """)

    @Argument(help: ArgumentHelp("A built-in file to print (a name such as trailrunner or usb-keyboard, or its path).", valueName: "name"))
    var name: String?

    func run() throws {
        if let name {
            guard let file = BuiltInDocuments.named(name) else {
                let names = BuiltInDocuments.all.map(\.name)
                throw CommandError.badInput("no built-in file named \(name); the built-in files are \(names.joined(separator: ", "))"
                                            + Spelling.suggestion(for: name, among: names))
            }
            Terminal.write(file.text, to: STDOUT_FILENO)
            return
        }
        var lines: [String] = []
        for kind in [BuiltInDocuments.File.Kind.manifest, .deviceProfile] {
            lines.append(kind == .manifest ? "App manifests (--app, a scenario's app:):" : "Device profiles (--device):")
            for file in BuiltInDocuments.all where file.kind == kind {
                let what: String
                switch kind {
                case .manifest:
                    let model = try? ManifestApp.parse(file.text, file: file.path).model
                    what = model.map { "app \"\($0.name)\"" + ($0.suggestedWorkouts.isEmpty ? ", dives" : ", workouts: " + $0.suggestedWorkouts.joined(separator: ", ")) } ?? ""
                case .deviceProfile:
                    let profile = try? DeviceProfileParser.parse(YAMLDocument(text: file.text, file: file.path))
                    what = profile.map { "\($0.kind) profile \"\($0.name)\"" } ?? ""
                }
                let here = FileManager.default.fileExists(atPath: file.path) ? "  (the file ./\(file.path) here is used instead)" : ""
                lines.append("  " + file.name.padding(toLength: 20, withPad: " ", startingAt: 0)
                             + file.path.padding(toLength: 34, withPad: " ", startingAt: 0) + what + here)
            }
        }
        lines.append("Print one with `actionsim built-in NAME` (e.g. to copy and edit it).")
        Terminal.line(lines.joined(separator: "\n"))
    }
}
