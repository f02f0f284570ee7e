import ActionButtonCore
import AppIntents
import AppManifests
import Foundation
import Scenarios
import Telemetry
import YAMLDocuments

/// What a live session runs: the installed apps and the Action Button settings, taken from
/// a scenario (its steps ignored) or from command-line options, and the files they came from
/// so that a recording can refer to the same apps.
public struct SessionSetup: Sendable {
    /// Where an installed app came from, so that a recording can name the same app.
    public enum AppSource: Hashable, Sendable {
        /// A manifest file (absolute path).
        case file(String)
        /// A manifest built into `actionsim` (its repository path: `scenarios/apps/trailrunner.yaml`).
        case builtIn(String)
        /// A Swift app built into this `actionsim`.
        case swift(String)
        /// A manifest written inside the setup scenario.
        case inline
    }

    public var name: String
    public var apps: [ScenarioApp]
    /// Where each of `apps` came from, in the same order.
    public var appSources: [AppSource]
    public var settings: ActionButtonSettings
    public var seed: Int
    /// A setup scenario's `recognizer:` section (empty without one), whose keys win over
    /// the device profile's.
    public var recognizerSettings: RecognizerSettings
    /// The scenario the setup came from, if any.
    public var scenarioFile: String?
    /// The simulated sensors (T1, T2): a setup scenario's `sensors:` section, else defaults.
    public var sensors: SensorSettings

    /// The apps and settings of a scenario; its steps and expectations are not used.
    public static func fromScenario(_ path: String, swiftApps: [AppDefinition] = []) throws(DocumentError) -> SessionSetup {
        let document = try YAMLDocument(contentsOf: path)
        let scenario = try ScenarioParser.parse(document, swiftApps: swiftApps)
        let top = try document.root.mapping("the scenario")
        let base = (absolute(path) as NSString).deletingLastPathComponent
        let values = top["apps"].map { $0.sequenceOrSingle() } ?? top["app"].map { [$0] } ?? []
        let sources: [AppSource] = zip(values, scenario.apps).map { value, app in
            if app.isSwift { return .swift(app.model.name) }
            guard !value.isMapping, let relative = try? value.string("app") else { return .inline }
            return source(relative.hasPrefix("/") ? relative : (base as NSString).appendingPathComponent(relative), named: relative)
        }
        return SessionSetup(name: scenario.name, apps: scenario.apps, appSources: sources, settings: scenario.settings,
                            seed: scenario.seed, recognizerSettings: scenario.recognizerSettings, scenarioFile: path, sensors: scenario.sensors)
    }

    /// Apps from manifest files and settings from options, checked exactly as a scenario's
    /// would be (A1, A2): an unknown app, a First Press the app does not suggest, a dive
    /// setting for a workout app are refused with the same messages.
    public static func fromOptions(appFiles: [String], action: String, app: String?, firstPress: String?,
                                   control: String? = nil, seed: Int) throws(DocumentError) -> SessionSetup {
        // As written: a name with no file at it may be a built-in manifest's.
        let paths = appFiles.map { FileManager.default.fileExists(atPath: $0) ? absolute($0) : $0 }
        var settings = "{action: \(ScenarioText.quoted(action))"
        if let app { settings += ", app: \(ScenarioText.quoted(app))" }
        if let firstPress { settings += ", first-press: \(ScenarioText.quoted(firstPress))" }
        if let control { settings += ", control: \(ScenarioText.quoted(control))" }
        settings += "}"
        let text = """
            name: live
            apps: [\(paths.map(ScenarioText.quoted).joined(separator: ", "))]
            settings: \(settings)
            seed: \(seed)
            steps: []
            """
        let scenario: Scenario
        do {
            scenario = try ScenarioParser.parse(try YAMLDocument(text: text, file: "the command line"))
        } catch {
            // Positions in the generated text mean nothing to the user; the message does. An
            // error in a manifest keeps its file, line and column.
            guard error.file == "the command line" else { throw error }
            throw DocumentError(error.message, file: "actionsim")
        }
        return SessionSetup(name: "live", apps: scenario.apps, appSources: paths.map { source($0, named: $0) }, settings: scenario.settings,
                            seed: seed, recognizerSettings: RecognizerSettings(), scenarioFile: nil, sensors: scenario.sensors)
    }

    /// The manifest file at `path`, or the built-in one `name` stands for when none is there.
    static func source(_ path: String, named name: String) -> AppSource {
        if !FileManager.default.fileExists(atPath: path), let file = BuiltInDocuments.named(name) { return .builtIn(file.path) }
        return .file(absolute(path))
    }

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return FileManager.default.currentDirectoryPath + "/" + path
    }
}

extension RecordedScenario.Header.App {
    /// How a setup's app is named from a scenario in `directory`; nil for an inline manifest.
    public init?(_ source: SessionSetup.AppSource, from directory: String) {
        switch source {
        case .file(let path): self = .file(ScenarioText.relativePath(path, from: directory))
        // Read back as the built-in manifest wherever the scenario is, unless a file of
        // that name is beside it.
        case .builtIn(let path): self = .file(path)
        case .swift(let name): self = .swift(name)
        case .inline: return nil
        }
    }
}
