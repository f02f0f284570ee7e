import Foundation

/// Runs the real `actionsim` binary, as a user at a shell would (through `ChildProcess`).
public enum CLI {
    public static var binary: String { Repository.actionsim }
    public static var packageRoot: String { Repository.root }

    public typealias Result = ChildProcess.Result

    /// The environment a command runs in: the test's, with NO_COLOR, and without a
    /// developer's own lab (issue 18): each test names its store.
    public static var environment: ChildProcess.Environment {
        .inherited(["NO_COLOR": "1", "ACTIONSIM_DB": nil, "ACTIONSIM_BOARD": nil, "ACTIONSIM_CONFIG": nil])
    }

    /// Runs it to the end, waiting off Swift's executor: a test blocked in `waitUntilExit`
    /// would hold one of the two threads of Swift's pool on this machine, and the real-time
    /// tests running beside it would wait for seconds.
    /// In `directory` (default: the package's root), with `CLI.environment`, or with exactly
    /// `environment` when given.
    @discardableResult
    public static func run(_ arguments: [String], executable: String? = nil, directory: String? = nil,
                           environment: [String: String]? = nil) async throws -> Result {
        try await ChildProcess.run(executable ?? binary, arguments, environment: environment.map { .exactly($0) } ?? Self.environment,
                                   directory: directory ?? packageRoot)
    }

    /// Runs a quick system tool (mount, umount, mknod) to its end, returning its exit status.
    /// It waits on the calling thread, so that a `defer` can undo a mount.
    public static func runTool(_ path: String, _ arguments: [String]) throws -> Int32 {
        try ChildProcess(path, arguments, stdout: .discard, stderr: .discard).waitBlocking(watchdog: .ending(within: 60)).status
    }

    /// A new folder holding `long.yaml`: TrailRunner's workout, started by one press and run
    /// for `hours` (3,600 samples an hour), for tests of long sessions. Returns the folder.
    public static func longWorkoutScenario(hours: Int) throws -> String {
        let directory = temporaryDirectory()
        try """
            app: \(packageRoot)/scenarios/apps/trailrunner.yaml
            settings: {action: workout, first-press: running}
            until: \(hours)h
            steps:
              - {at: 0s, gesture: press}

            """.write(toFile: directory + "/long.yaml", atomically: true, encoding: .utf8)
        return directory
    }

    public static func temporaryDirectory() -> String {
        ScratchRoot.newDirectory("cli")
    }
}
