import ArgumentParser
import LiveInput

struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Run a live session and save its presses as a scenario that replays it (S3).",
        discussion: """
        Like `run`, and on SIGINT or SIGTERM writes FILE: the apps and settings, the device profile's press timings, every edge with its kernel time (nanoseconds, relative to the first edge), and, as expectations, the gestures and intents the live session produced. `actionsim replay FILE` reproduces the session; `actionsim test FILE` checks that it does. A long session (more than 10,000 inputs and expectations) writes them to FILE's steps file beside it (my-run.yaml → my-run.steps.jsonl, JSON Lines read a line at a time).

        Example:
          actionsim record --device devices/raspberry-pi-gpio.yaml --app scenarios/apps/trailrunner.yaml -o my-run.yaml
        """)

    @Option(name: .shortAndLong, help: ArgumentHelp("The scenario file to write.", valueName: "file.yaml"))
    var output: String

    @OptionGroup var setup: SetupOptions
    @OptionGroup var device: DeviceOptions
    @OptionGroup var live: LiveOutputOptions
    @OptionGroup var session: SessionOptions

    func run() async throws { try await liveRun().run() }
    func runOnThisThread() throws { try liveRun().runOnThisThread() }

    private func liveRun() throws -> LiveRun {
        try LiveRun(source: "record", setup: setup.load(), profile: device.load(), inputPath: device.inputPath,
                    output: live, session: session, recordTo: output)
    }
}
