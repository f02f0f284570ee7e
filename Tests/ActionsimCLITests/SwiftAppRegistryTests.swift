import Foundation
import Testing
import TestSupport

/// Runs `actionsim` with `arguments`; returns its exit status and standard error.
func runActionsim(_ arguments: [String]) async throws -> (status: Int32, stderr: String) {
    let result = try await CLI.run(arguments)
    return (result.status, result.stderr)
}

@Suite("actionsim and Swift-defined apps")
struct SwiftAppRegistryTests {
    @Test("S1: the plain actionsim refuses a scenario naming a Swift app: exit 2, file:line:column, and what to run instead")
    func plainActionsimHasNoSwiftApps() async throws {
        let directory = URL(fileURLWithPath: ScratchRoot.newDirectory("cli"))
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
