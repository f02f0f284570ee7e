import ArgumentParser
import DeviceProfiles
import Foundation
import LiveLoop
import OutputFiles
import YAMLDocuments

/// Where a live session's apps and Action Button settings come from: a scenario file (its
/// steps are not played) or manifests and settings given as options.
struct SetupOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "A scenario whose apps, settings and seed the session uses (its steps are not played).",
        valueName: "setup.yaml"))
    var setup: String?

    @Option(name: .customLong("app"), help: ArgumentHelp(
        "An app manifest to install (repeat for several): a file, or a built-in one by name (trailrunner, deeplog; `actionsim built-in` lists and prints them). Default: scenarios/apps/trailrunner.yaml if that file is in the working directory, else the built-in TrailRunner.",
        valueName: "manifest.yaml"))
    var appFiles: [String] = []

    @Option(help: ArgumentHelp("Settings > Action Button: workout, dive, or control (with --control).", valueName: "workout|dive|control"))
    var action: String = "workout"

    @Option(name: .customLong("action-app"), help: ArgumentHelp(
        "The installed app the Action button runs (needed when several --app are given).", valueName: "name"))
    var actionApp: String?

    @Option(name: .customLong("first-press"), help: ArgumentHelp(
        "The workout First Press starts (one the app suggests). Default: the app's first suggestion.", valueName: "style"))
    var firstPress: String?

    @Option(help: ArgumentHelp(
        "With --action control: the intent of the app's control the Action button runs (watchOS 26).", valueName: "intent"))
    var control: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Seed for the simulated sensors, a whole number; with a setup scenario, in place of its seed. Default: the scenario's, else 0.",
        valueName: "seed"), transform: NumberOption.wholeNumber("a seed"))
    var seed: Int?

    /// Loads the setup, or says (exit 2) what is wrong with it.
    func load() throws -> SessionSetup {
        if let setup { OutputFile.readsInput(setup, as: "the setup scenario this command reads") }
        for file in appFiles { OutputFile.readsInput(file, as: "an app manifest this command reads") }
        if let setup {
            if !appFiles.isEmpty || actionApp != nil || firstPress != nil || control != nil {
                throw CommandError.badInput("give a setup scenario or --app/--action-app/--first-press/--control, not both")
            }
            var loaded = try SessionSetup.fromScenario(setup, swiftApps: Actionsim.swiftApps)
            if let seed { loaded.seed = seed }
            return loaded
        }
        // A file of that name in the working directory (a checkout) wins over the built-in one.
        let files = appFiles.isEmpty ? [Self.defaultApp] : appFiles
        return try SessionSetup.fromOptions(appFiles: files, action: action, app: actionApp, firstPress: firstPress,
                                            control: control, seed: seed ?? 0)
    }

    /// TrailRunner: the file in a checkout, else the one built in (`BuiltInDocuments`).
    static let defaultApp = "scenarios/apps/trailrunner.yaml"
}

/// Which buttons: a device profile, optionally pinned to one evdev device.
struct DeviceOptions: ParsableArguments {
    @Option(name: .customLong("device"), help: ArgumentHelp(
        "A device profile: a file, or a built-in one by name (raspberry-pi-gpio, gpio-key-overlay, usb-keyboard, usb-gamepad, also as devices/NAME.yaml; a file at that path wins; `actionsim built-in` lists and prints them). Without one, the terminal's keys are the buttons.", valueName: "profile.yaml"))
    var profile: String?

    @Option(name: .customLong("input"), help: ArgumentHelp(
        "An evdev device to use instead of the profile's match rules (/dev/input/eventN or a by-id link).", valueName: "path"))
    var inputPath: String?

    func load() throws -> DeviceProfile? {
        guard let profile else {
            if inputPath != nil {
                throw CommandError.badInput("--input needs --device PROFILE: the profile says which keys are the buttons")
            }
            return nil
        }
        OutputFile.readsInput(profile, as: "the device profile this command reads")
        return try DeviceProfileParser.load(contentsOf: profile)
    }
}

