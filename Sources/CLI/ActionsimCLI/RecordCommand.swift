import ArgumentParser
import LiveLoop

struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Run a live session and save its presses as a scenario that replays it (S3).",
        discussion: """
        Like `run`, and on SIGINT or SIGTERM writes FILE: the apps and settings, the device profile's press timings, every edge with its kernel time (nanoseconds, on the session log's time line: zero when the run started), and, as expectations, the gestures and intents the live session produced. `actionsim replay FILE` reproduces the session; `actionsim test FILE` checks that it does. A long session (more than 10,000 inputs and expectations) writes them to FILE's steps file beside it (my-run.yaml → my-run.steps.jsonl, JSON Lines read a line at a time).

        FILE is checked before the session starts (a missing directory is refused at once, exit 4). If it still cannot be written when the session ends (a full disk), the recording is saved as recording-<UTC time>-<pid>.yaml in the log directory, else $TMPDIR, and the error says where (exit 4).

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
