import Foundation
import LinuxInput
import Testing
#if canImport(Glibc)
import Glibc
#endif

private func start(on terminal: PseudoTerminal) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: actionsim)
    process.arguments = ["run", "--no-log", "--no-store", "--app", URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path + "/scenarios/apps/trailrunner.yaml"]
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    process.standardInput = FileHandle(fileDescriptor: terminal.slave, closeOnDealloc: false)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}

/// Waits up to 10 s for `condition`.
private func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<200 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return condition()
}

@Suite("The terminal is always restored", .serialized)
struct TerminalRestoreTests {
    @Test("raw while running; restored after Ctrl-C (SIGINT)")
    func interrupt() async throws {
        let terminal = try PseudoTerminal()
        #expect(terminal.isCooked)
        let process = try start(on: terminal)
        #expect(await eventually { !terminal.isCooked }, "actionsim never put the terminal in key-at-a-time mode")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(terminal.isCooked)
    }

    @Test("restored after a crash signal, which still ends the process", arguments: [SIGSEGV, SIGABRT])
    func crash(signal: Int32) async throws {
        let terminal = try PseudoTerminal()
        let process = try start(on: terminal)
        #expect(await eventually { !terminal.isCooked })
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        #expect(terminal.isCooked)
    }
}
