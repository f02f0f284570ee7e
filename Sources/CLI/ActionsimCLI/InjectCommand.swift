import ActionButtonCore
import ArgumentParser
import DeviceProfiles
import Foundation
import LinuxInput
import LiveLoop
import Scenarios
import Simulation
import YAMLDocuments

struct InjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inject",
        abstract: "Create a virtual input device and play a scenario's presses into it in real time.",
        discussion: """
        Like evemu-play: makes a uinput device that sends the profile's keys (default KEY_PROG1 for Action and KEY_PROG2 for side, as devices/gpio-key-overlay.yaml), waits --delay for readers to open it, then writes each edge when its time comes. Gesture steps become the edges that make them. When it exits, the device is removed: to a reader, an unplug. Needs write access to /dev/uinput.

        Example:
          actionsim inject --device-name "actionsim test buttons" scenarios/demo.yaml &
          actionsim run --device devices/gpio-key-overlay.yaml
        """)

    @Option(name: .customLong("device-name"), help: ArgumentHelp("The virtual device's name.", valueName: "name"))
    var deviceName: String

    @Option(name: .customLong("device"), help: ArgumentHelp("An evdev profile whose keys to send.", valueName: "profile.yaml"))
    var profile: String?

    @Option(help: ArgumentHelp("Wait this long after creating the device before the first press (e.g. 1s).", valueName: "time"))
    var delay: String = "1s"

    @Option(name: .customLong("start-when"), help: ArgumentHelp(
        "Wait until this file exists before --delay and the first press.",
        discussion: "How a script says its readers are ready (touch the file once `actionsim run` has printed its live input line), instead of guessing a delay long enough for a busy machine.",
        valueName: "file"))
    var startWhen: String?

    @Option(name: .customLong("keep"), help: ArgumentHelp("Keep the device this long after the last press before removing it.", valueName: "time"))
    var keep: String = "0s"

    @Flag(help: "Let the kernel autorepeat held keys (value 2 events), as a real keyboard does.")
    var autorepeat = false

    @Option(help: ArgumentHelp("The device's phys string (udev/70-actionsim.rules tags \"actionsim-inject*\").", valueName: "text"))
    var phys: String = "actionsim-inject"

    @Argument(help: ArgumentHelp("The scenario to play.", valueName: "scenario.yaml"))
    var scenarioFile: String

    func run() throws {
        let delay = try Self.duration(self.delay, option: "--delay")
        let keep = try Self.duration(self.keep, option: "--keep")
        if let startWhen { try Self.checkStartWhen(startWhen) }
        var input: EvdevInput?
        var loaded: DeviceProfile?
        if let profile {
            loaded = try DeviceProfileParser.load(contentsOf: profile)
            guard case .evdev(let evdev) = loaded?.input else {
                throw CommandError.badInput("\(profile) is a GPIO profile; inject makes an input device, so give an evdev profile")
            }
            input = evdev
        }
        let scenario = try ScenarioParser.load(contentsOf: scenarioFile)
        let recognizer = try LiveSession.Configuration.timings(scenario: scenario.recognizerSettings, profile: loaded)
        let injector = ScenarioInjector(profile: input, recognizer: recognizer)
        let (writes, skipped) = injector.plan(scenario)
        for line in skipped { Terminal.warning("warning: \(line)") }

        let device = try UInputDevice(name: deviceName, keys: injector.keys(of: writes), physicalLocation: phys, autorepeat: autorepeat)
        let out = OutputBuffer(immediate: true)
        out.line("inject: created \(device.devicePath ?? "?") \"\(deviceName)\"; \(writes.count) key events over "
                 + TimeFormat.duration(writes.last.map { $0.time - .zero } ?? .zero))
        if let startWhen { try Self.wait(forFile: startWhen) }
        out.line("inject: playing")
        let start = RealClock.monotonicNow().nanoseconds + delay.nanoseconds
        try ScenarioInjector.play(writes, into: device, startingAt: start)
        let end = RealClock.monotonicNow().nanoseconds
        ScenarioInjector.sleepUntil(end + keep.nanoseconds)
        device.close()
        out.line("inject: played \(writes.count) key events; removed \"\(deviceName)\"")
    }

    /// Blocks (in inotify, not a poll) until `path` exists.
    static func wait(forFile path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let watch = try DirectoryWatch(directories: [directory.isEmpty ? "." : directory])
        while !FileManager.default.fileExists(atPath: path) {
            Waiting.untilReadable(watch.fileDescriptor)
            _ = watch.drain()
        }
    }

    /// A `--start-when` file whose folder is missing would never come: said before anything is made.
    static func checkStartWhen(_ path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.isEmpty ? "." : directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError.badInput("--start-when \(path): the folder \(directory) does not exist, so the file never will")
        }
    }

    static func duration(_ text: String, option: String) throws -> Duration {
        switch DurationSyntax.parse(text) {
        case .success(let duration): return duration
        case .failure(let problem):
            throw CommandError.badInput("\(option): \(problem)")
        }
    }
}
