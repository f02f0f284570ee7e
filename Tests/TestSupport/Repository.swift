import Foundation

/// Paths to the repository's files, from this file's location (Tests/TestSupport/), and the
/// `actionsim` this build made: the one place the tests find either.
public enum Repository {
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    public static func path(_ relative: String) -> String { root + "/" + relative }

    /// The `actionsim` built beside this test bundle (`.build/debug/`), found from the test
    /// runner's own path; or the one `ACTIONSIM_TEST_BINARY` names (relative to the
    /// repository), as make test-long names the static release build for the tests that
    /// replay a million steps. A name that is not there fails those tests, as it should.
    public static let actionsim: String = {
        if let given = ProcessInfo.processInfo.environment["ACTIONSIM_TEST_BINARY"], !given.isEmpty {
            return given.hasPrefix("/") ? given : path(given)
        }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("actionsim").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return ".build/debug/actionsim"
    }()
}
