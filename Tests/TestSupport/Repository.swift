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
    /// runner's own path.
    public static let actionsim: String = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("actionsim").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return ".build/debug/actionsim"
    }()
}
