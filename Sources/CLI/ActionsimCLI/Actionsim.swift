import AppIntents
import ArgumentParser
import Dispatch
import LinuxInput
import YAMLDocuments
#if canImport(Glibc)
import Glibc
#endif

/// The `actionsim` command. A library, so that a package with Swift-defined apps can ship
/// its own `actionsim` with them built in (see `Examples/`).
public struct Actionsim: AsyncParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "actionsim",
        abstract: "Simulate the Apple Watch Ultra Action button for workout and dive apps.",
        discussion: """
        Replays press scenarios (or, with `run`, real buttons) through the same rules a watch follows: which start intent runs, whether it met the 30-second start deadline, which next action each press runs after each donation, how pause and resume behave.

        App manifests and device profiles ship inside actionsim: `actionsim built-in` lists them; --app, --device and a scenario's app: find them by name (trailrunner, usb-keyboard) when no file is at the path given.
        """ + "\n" + ExitStatus.help,
        version: "0.1.0",
        subcommands: [
            ReplayCommand.self, TestCommand.self, CheckCommand.self,
            SessionsCommand.self,
            ShowCommand.self,
            ExportCommand.self,
            PlotCommand.self, ForwardCommand.self,
            RunCommand.self, RecordCommand.self, DevicesCommand.self, ImportEvemuCommand.self, InjectCommand.self,
            BuiltInCommand.self,
            InitPackageCommand.self, WatchServerCommand.self,
        ])
}

extension Actionsim {
    /// Parses the process arguments and runs the chosen subcommand (the async entry point;
    /// named apart so that overload resolution cannot pick the synchronous `main()`).
    ///
    /// `apps` are Swift-defined apps this `actionsim` knows by name: a scenario installs one
    /// with `apps: [{swift: NAME}]`. A package with its own apps ships an executable whose
    /// `main.swift` is `await Actionsim.runFromCommandLine(apps: [...])`.
    public static func runFromCommandLine(apps: [AppDefinition] = []) async {
        _ = StandardStreams.closedAtStart
        await SwiftApps.$registered.withValue(apps) {
            do {
                try unknownCommand(Array(CommandLine.arguments.dropFirst()))
                var command = try await asyncParseAsRoot()
                if var asyncCommand = command as? AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
            } catch {
                exit(failingWith: error)
            }
        }
    }

    /// A first word that names no command is said to be one, with the command it is nearest
    /// (ArgumentParser said "2 unexpected arguments: 'relpay', 'demo.yaml'").
    static func unknownCommand(_ arguments: [String]) throws(ValidationError) {
        guard let word = arguments.first, !word.hasPrefix("-") else { return }
        guard !configuration.subcommands.contains(where: { $0._commandName == word }), word != "help" else { return }
        // A hidden command (`_watch`, which tests launch) is taken, never offered.
        let names = configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName } + ["help"]
        throw ValidationError("'\(word)' is not an actionsim command\(Spelling.suggestion(for: word, among: names)); "
                              + "the commands: \(names.joined(separator: ", "))")
    }

    /// `actionsim`'s entry point (its `main.swift`): runs the command line and exits.
    ///
    /// `run` and `record` (and every command that awaits nothing) run on the main thread and
    /// start no task: Swift's executor on
    /// Linux is libdispatch's thread pool, and once its first worker thread exists libdispatch
    /// wakes once a second for good (a 1 Hz timer that watches the pool). An idle live
    /// session must not wake at all, so the pool starts only with the first intent. Every
    /// other command (and `--help`, or a command line that does not parse) runs as
    /// `runFromCommandLine(apps:)`. A package with apps of its own can call this one, without
    /// `await`, in its `main.swift` for the same idle behaviour.
    public static func runFromCommandLineAndExit(apps: [AppDefinition] = []) -> Never {
        // Before anything is opened: a closed standard stream's number must not go to a file.
        _ = StandardStreams.closedAtStart
        // A signal mask survives exec, and a parent may spawn us from a thread that blocks
        // everything (Foundation's `Process` does, from Swift's executor): the live loop on
        // this thread must hear SIGTERM, and a crash signal must still end the process.
        var nothing = sigset_t()
        sigemptyset(&nothing)
        pthread_sigmask(SIG_SETMASK, &nothing, nil)
        if let command = try? parseAsRoot() {
            if let live = command as? LiveCommand {
                SwiftApps.$registered.withValue(apps) {
                    do { try live.runOnThisThread() } catch { exit(failingWith: error) }
                }
                exit()
            }
            // A command that awaits nothing (export, plot, show, check, ...) runs here too,
            // with no Swift task at all.
            if !(command is AsyncParsableCommand) {
                var command = command
                SwiftApps.$registered.withValue(apps) {
                    do { try command.run() } catch { exit(failingWith: error) }
                }
                exit()
            }
        }
        Task {
            await runFromCommandLine(apps: apps)
            exit()
        }
        ActionButtonRuntime.serveMainQueue()
        MainDispatchQueue.serveForever()
    }

    /// The Swift apps this run of `actionsim` was started with (for subcommands, and for any
    /// added later, such as a live `run`).
    public static var swiftApps: [AppDefinition] { SwiftApps.registered }
}

/// The registry behind `runFromCommandLine(apps:)`: a task-local value rather than a global,
/// so two commands run in one process (as tests do) never see each other's apps.
enum SwiftApps {
    @TaskLocal static var registered: [AppDefinition] = []
}
