import Foundation

/// Where tests put their files: one directory per test process under the system's temporary
/// directory, removed when the process exits (a whole `swift test` left gigabytes behind in
/// /tmp before: stores of a million samples, copies of the scenarios). Set
/// ACTIONSIM_KEEP_TEST_FILES=1 to keep it, to look at what a failing test wrote.
public enum ScratchRoot {
    public static let path: String = {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("actionsim-tests-\(getpid())-\(UUID().uuidString.prefix(8))").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        if ProcessInfo.processInfo.environment["ACTIONSIM_KEEP_TEST_FILES"] != "1" {
            atexit { try? FileManager.default.removeItem(atPath: ScratchRoot.path) }
        }
        return path
    }()

    /// A new empty directory of its own, under the process's root.
    public static func newDirectory(_ prefix: String) -> String {
        let path = Self.path + "/" + prefix + "-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
