import Foundation
import Testing

/// The `actionsim` built from this package, beside the test bundle.
func actionsimBinary() -> URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("actionsim")
}

/// Runs `actionsim` with `arguments`; returns its exit status and standard error.
func runActionsim(_ arguments: [String]) async throws -> (status: Int32, stderr: String) {
    try await CLI.offExecutor { try runActionsimBlocking(arguments) }
}

private func runActionsimBlocking(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = actionsimBinary()
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = Pipe()
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

@Suite("actionsim and Swift-defined apps")
struct SwiftAppRegistryTests {
    @Test("S1: the plain actionsim refuses a scenario naming a Swift app: exit 2, file:line:column, and what to run instead")
    func plainActionsimHasNoSwiftApps() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("actionsim-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("swift.yaml")
        try """
            name: needs a Swift app
            apps: [{swift: MyWorkoutApp}]
            settings: {action: workout}
            steps: [{at: 0s, gesture: press}]
            """.write(to: file, atomically: true, encoding: .utf8)

        let (status, stderr) = try await runActionsim(["check", file.path])
        #expect(status == 2)
        #expect(stderr.contains("\(file.path):2:16: no Swift app named \"MyWorkoutApp\": this actionsim was built without Swift apps"))
    }
}
