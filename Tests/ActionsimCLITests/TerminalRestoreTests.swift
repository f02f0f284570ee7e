import Foundation
import LinuxInput
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `actionsim run` with the pseudo-terminal as its terminal; with `directory`, its timeline
/// goes to `directory/out.txt` and its session log into `directory`.
private func start(on terminal: PseudoTerminal, directory: String? = nil) throws -> ChildProcess {
    try ChildProcess(CLI.binary, ["run", "--no-store", "--app", CLI.packageRoot + "/scenarios/apps/trailrunner.yaml"]
                        + (directory.map { ["--log-dir", $0, "--color", "never"] } ?? ["--no-log"]),
                     environment: .inherited(["SWIFT_BACKTRACE": "enable=no"]),
                     input: .handle(FileHandle(fileDescriptor: terminal.slave, closeOnDealloc: false)),
                     stdout: directory.map { .file($0 + "/out.txt") } ?? .discard, stderr: .discard)
}

/// The state letter of /proc/PID/stat: `T` is stopped.
private func state(of process: ChildProcess) -> Character? {
    guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    return stat[stat.index(after: close)...].first { $0 != " " }
}

@Suite("The terminal is always restored", .serialized)
struct TerminalRestoreTests {
    @Test("raw while running; restored after Ctrl-C (SIGINT)")
    func interrupt() async throws {
        let terminal = try PseudoTerminal()
        #expect(terminal.isCooked)
        let process = try start(on: terminal)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Signalled once it has set the terminal up (a busy machine may take long to start it).
        try await waitUntil("actionsim to put the terminal in key-at-a-time mode") { !terminal.isCooked }
        process.interrupt()
        #expect(await process.wait().status == 0)
        #expect(terminal.isCooked)
    }

    /// Ctrl-Z, `fg` and a key used to leave `run` blocked in read() for good (Ctrl-C, q,
    /// SIGTERM and SIGHUP then did nothing): the shell, holding the terminal meanwhile, had
    /// cleared O_NONBLOCK on the open file they share, as bash does.
    @Test("Ctrl-Z (SIGTSTP) gives the shell its terminal back and stops; fg (SIGCONT) makes it raw again; keys still press; q or SIGTERM ends the session with its log closed",
          arguments: ["q", "SIGTERM"])
    func stopAndContinue(ending: String) async throws {
        let terminal = try PseudoTerminal()
        let directory = ScratchRoot.newDirectory("tstp")
        let process = try start(on: terminal, directory: directory)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let output = { (try? String(contentsOfFile: directory + "/out.txt", encoding: .utf8)) ?? "" }
        try await waitUntil("actionsim to put the terminal in key-at-a-time mode and show its timeline") {
            !terminal.isCooked && output().contains("TIME")
        }

        kill(process.processIdentifier, SIGTSTP)
        try await waitUntil("SIGTSTP to stop the process (state \(state(of: process).map(String.init) ?? "?"))") { state(of: process) == "T" }
        #expect(terminal.isCooked, "stopped with the terminal still in key-at-a-time mode")
        // The shell takes the terminal: blocking reads, as bash's readline leaves them.
        let flags = fcntl(terminal.slave, F_GETFL)
        _ = fcntl(terminal.slave, F_SETFL, flags & ~O_NONBLOCK)

        kill(process.processIdentifier, SIGCONT)
        try await waitUntil("fg to make the terminal raw again") { state(of: process) != "T" && !terminal.isCooked }
        var key = UInt8(ascii: "a")
        _ = write(terminal.master, &key, 1)
        try await waitUntil("the key after fg to be handled: \(output())") { output().contains("▶ perform StartTrailWorkoutIntent") }

        if ending == "q" {
            key = UInt8(ascii: "q")
            _ = write(terminal.master, &key, 1)
        } else {
            kill(process.processIdentifier, SIGTERM)
        }
        // Its end waited for by its progress: killed only if found stuck (120 s asleep or spinning).
        let ended = await process.wait(watchdog: .ending(within: 120), thenSend: SIGKILL)
        #expect(!ended.timedOut, "\(ending) did not end the session")
        #expect(ended.status == 0)
        #expect(terminal.isCooked)
        let logs = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jsonl") }
        #expect(logs.count == 1)
        let log = try logs.first.map { try String(contentsOfFile: directory + "/" + $0, encoding: .utf8) } ?? ""
        #expect(log.contains("stopped (SIGTSTP)") && log.contains("continued after"))
        #expect(log.split(separator: "\n").last?.contains("\"log-end\"") == true, "the log has no footer")
    }

    @Test("restored after a crash signal, which still ends the process", arguments: [SIGSEGV, SIGABRT])
    func crash(signal: Int32) async throws {
        let terminal = try PseudoTerminal()
        let process = try start(on: terminal)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        try await waitUntil("actionsim to put the terminal in key-at-a-time mode") { !terminal.isCooked }
        process.signal(signal)
        let ended = await process.wait()
        #expect(ended.reason == .uncaughtSignal)
        #expect(ended.status == signal)
        #expect(terminal.isCooked)
    }
}
