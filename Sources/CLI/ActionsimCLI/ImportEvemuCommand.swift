import ArgumentParser
import DeviceProfiles
import Foundation
import LiveLoop
import OutputFiles
import Scenarios
import SessionLog
import YAMLDocuments

struct ImportEvemuCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-evemu",
        abstract: "Turn an evemu-record recording into a scenario.",
        discussion: """
        Key events become button edges at their recorded times (microseconds, as evemu-record wrote them: a press at 2.5 s in the recording is at 2.5 s in the scenario and its replay) through an evdev profile's keys; other keys become `key:` steps; autorepeat is left out. Apps and settings come from a setup scenario or options, as for `run`. A recording of more than 10,000 key events writes its steps to FILE.steps.jsonl beside the scenario (JSON Lines, read a line at a time by replay, test and check), so that it replays whatever its length; it needs -o.

        Example:
          evemu-record /dev/input/event5 > presses.evemu
          actionsim import-evemu presses.evemu --device devices/usb-keyboard.yaml -o presses.yaml
        """)

    @Argument(help: ArgumentHelp("The evemu-record output.", valueName: "recording.evemu"))
    var recording: String

    @Option(name: .customLong("device"), help: ArgumentHelp("The evdev profile whose keys are the buttons.", valueName: "profile.yaml"))
    var profile: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The scenario to write (default: standard output).", valueName: "file.yaml"))
    var output: String?

    @OptionGroup var setup: SetupOptions

    func run() async throws {
        OutputFile.readsInput(recording, as: "the recording this command imports")
        OutputFile.readsInput(self.profile, as: "the device profile this command reads")
        let profile = try DeviceProfileParser.load(contentsOf: self.profile)
        guard case .evdev(let input) = profile.input else {
            throw CommandError.badInput("\(profile.file) is a GPIO profile; evemu recordings come from evdev devices, so give an evdev profile")
        }
        let sessionSetup = try setup.load()
        // Said before the recording is read, not after.
        if let output { try OutputFile.check(output) }
        // A device is never read: /dev/zero or /dev/urandom would fill the memory, and an
        // input device is recorded by evemu-record, not read here.
        var info = stat()
        if stat(recording, &info) == 0, [S_IFCHR, S_IFBLK].contains(info.st_mode & S_IFMT) {
            throw CommandError.badInput("\(recording): is a device, not a recording; record an input device first "
                                        + "(evemu-record /dev/input/eventN > FILE) and import FILE")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: recording))
        } catch {
            throw CommandError.badInput("\(recording): cannot be read: \(ErrorText.words(error))")
        }
        // Random bytes said "cannot be read: the file could not be read or written".
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandError.badInput("\(recording): is not UTF-8 text; expected an evemu recording (evemu-record /dev/input/eventN > FILE)")
        }
        let parsed = try EvemuImport.parse(text, file: recording)
        let scenario = EvemuImport.steps(from: parsed.events, profile: input)
        // A recording with nothing to replay was written as `steps: []`, exit 0: an import
        // that imported nothing is said as an error, at the recording's first event.
        if scenario.steps.isEmpty, let first = parsed.events.first {
            throw DocumentError("none of the recording's \(parsed.events.count) events (lines \(first.line) to \(parsed.events.last!.line)) is a key "
                                + "press or release (EV_KEY, type 0001, value 1 or 0), so there is nothing to import; record the event device "
                                + "of the keys (\(input.bindings.map(\.keyName).joined(separator: ", ")) or others) with evemu-record /dev/input/eventN",
                                at: SourceLocation(file: recording, line: first.line, column: 1))
        }
        let directory = output.map { (SessionSetupPaths.absolute($0) as NSString).deletingLastPathComponent }
            ?? FileManager.default.currentDirectoryPath
        let header = RecordedScenario.Header(
            name: "Imported from \((recording as NSString).lastPathComponent)",
            comments: ["Imported by `actionsim import-evemu` from \(recording)" + (parsed.name.map { " (device \"\($0)\")" } ?? "")
                       + " with \(profile.file).",
                       "Edge times are the recording's own, as evemu-record wrote them."],
            apps: sessionSetup.appSources.compactMap { RecordedScenario.Header.App($0, from: directory) },
            settings: sessionSetup.settings, seed: sessionSetup.seed, recognizer: try LiveSession.Configuration.timings(scenario: sessionSetup.recognizerSettings, profile: profile))
        if let output, output != "-" {
            if let stepsFile = try RecordingOutput.write(scenario, header: header, to: output) {
                Terminal.note("wrote \(scenario.steps.count) steps to \(TerminalText.oneLine(stepsFile)), named by \(TerminalText.oneLine(output))")
            } else {
                Terminal.note("wrote \(scenario.steps.count) steps to \(TerminalText.oneLine(output))")
            }
        } else {
            // Standard output holds one file: a recording that needs two is said, not written half.
            guard !scenario.needsStepsFile else {
                throw CommandError.badInput("\(recording) has \(scenario.steps.count) key events: more than a scenario holds in itself "
                                            + "(\(RecordedScenario.inlineLimit)); give -o FILE.yaml, and its steps go to a steps file beside it")
            }
            try OutputFile.write(scenario.yaml(header), to: "-")
        }
    }
}
