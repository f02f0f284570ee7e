import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `record` never loses a recording (docs/bad-input.md): a path it cannot write is
/// refused before the session starts, and a write that still fails when the session ends
/// puts the scenario in a named file elsewhere and says where. On the built binary, with the
/// terminal (a pipe we hold) as the buttons.
@Suite("record: its output checked first, its recording never lost", .serialized)
struct RecordOutputTests {
    /// `actionsim record ...` with its standard input a pipe this test writes and closes.
    final class Recording {
        let process: ChildProcess
        let directory: String

        init(_ arguments: [String], in directory: String) throws {
            self.directory = directory
            process = try ChildProcess(CLI.binary, ["record"] + arguments, environment: .inherited(["NO_COLOR": "1"]), input: .pipe,
                                       stdout: .file(directory + "/out"), stderr: .file(directory + "/err"))
        }

        var output: String { process.stdout }
        var errors: String { process.stderr }

        func type(_ text: String) { process.type(text) }
        func closeInput() { process.closeInput() }

        /// Waits for it to end by itself; ends it (SIGKILL) if it is found stuck (`seconds`
        /// asleep or of CPU time: a session that started waits for keys, asleep).
        func exitStatus(within seconds: Int) async -> Int32 {
            await process.wait(watchdog: .ending(within: Double(seconds)), thenSend: SIGKILL).status
        }
    }

    static func scratch() -> String {
        ScratchRoot.newDirectory("record")
    }

    @Test("A directory that does not exist is refused at once (exit 4), before the session starts")
    func missingDirectory() async throws {
        let directory = Self.scratch()
        let output = directory + "/no/such/dir/recording.yaml"
        let record = try Recording(["-o", output, "--no-log", "--no-store", "--json"], in: directory)
        // Standard input stays open: a session that started would wait for keys.
        #expect(await record.exitStatus(within: 10) == 4, "\(record.errors)")
        #expect(record.errors == "error: cannot write \(output): the directory \(directory)/no/such/dir does not exist\n")
        #expect(record.output.isEmpty, "a session ran: \(record.output)")
        record.closeInput()
    }

    @Test("A write that fails at the end (ENOSPC) saves the recording in the log directory, says where (exit 4), and it replays")
    func fallback() async throws {
        let directory = Self.scratch()
        let logs = directory + "/logs"
        // A full device: our own as root, where a rename over it would have replaced it.
        let full = getuid() == 0 ? directory + "/full" : "/dev/full"
        if getuid() == 0 {
            let mknod = try await ChildProcess.run("/bin/mknod", [full, "c", "1", "7"])
            try #require(mknod.status == 0)
        }
        let record = try Recording(["-o", full, "--log-dir", logs, "--no-store", "--json", "--first-press", "running"], in: directory)
        record.type("a")
        record.closeInput()
        #expect(await record.exitStatus(within: 20) == 4, "\(record.errors)")
        #expect(record.output.contains("\"intent\":\"StartTrailWorkoutIntent\""), "the session ran: \(record.output)")

        let saved = try FileManager.default.contentsOfDirectory(atPath: logs).filter { $0.hasPrefix("recording-") }
        try #require(saved.count == 1, "\(saved): \(record.errors)")
        let fallback = logs + "/" + saved[0]
        #expect(record.errors.contains("error: cannot write \(full): No space left on device; the recording (2 inputs) is saved as \(fallback) instead\n"),
                "\(record.errors)")
        var info = stat()
        #expect(lstat(full, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "the device was replaced")

        // The saved scenario is a whole recording: its apps are found from where it is, and it replays.
        let test = try await ChildProcess.run(CLI.binary, ["test", fallback], directory: directory)
        #expect(test.status == 0)
    }
}
