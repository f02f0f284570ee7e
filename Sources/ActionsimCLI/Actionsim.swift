import ArgumentParser

/// The `actionsim` command. A library, so that a package with Swift-defined apps can ship
/// its own `actionsim` with them built in (see `Examples/`).
public struct Actionsim: AsyncParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "actionsim",
        abstract: "Simulate the Apple Watch Ultra Action button for workout and dive apps.",
        discussion: """
        Replays press scenarios (or, with `run`, real buttons) through the same rules a watch follows: which start intent runs, whether it met the 30-second start deadline, which next action each press runs after each donation, how pause and resume behave.

        Exit status: 0 success, 1 failed expectations, 2 bad input (the message says file, line and column).
        """,
        version: "0.1.0",
        subcommands: [
            ReplayCommand.self, TestCommand.self, CheckCommand.self,
            SessionsCommand.self,
            ShowCommand.self,
            ExportCommand.self,
            PlotCommand.self,
            RunCommand.self, RecordCommand.self, DevicesCommand.self, ImportEvemuCommand.self, InjectCommand.self,
        ])
}

extension Actionsim {
    /// Parses the process arguments and runs the chosen subcommand (the async entry point;
    /// named apart so that overload resolution cannot pick the synchronous `main()`).
    public static func runFromCommandLine() async {
        let asyncMain: () async -> Void = Self.main
        await asyncMain()
    }
}
