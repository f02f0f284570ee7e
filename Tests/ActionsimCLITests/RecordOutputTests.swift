import Foundation
import Testing
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
        let process = Process()
        let input = Pipe()
        let directory: String

        init(_ arguments: [String], in directory: String) throws {
            self.directory = directory
            _ = FileManager.default.createFile(atPath: directory + "/out", contents: nil)
            _ = FileManager.default.createFile(atPath: directory + "/err", contents: nil)
            process.executableURL = URL(fileURLWithPath: CLI.binary)
            process.arguments = ["record"] + arguments
            process.currentDirectoryURL = URL(fileURLWithPath: CLI.packageRoot)
            var environment = ProcessInfo.processInfo.environment
            environment["NO_COLOR"] = "1"
            process.environment = environment
            process.standardInput = input.fileHandleForReading
            process.standardOutput = FileHandle(forWritingAtPath: directory + "/out")
            process.standardError = FileHandle(forWritingAtPath: directory + "/err")
            try process.run()
        }

        var output: String { (try? String(contentsOfFile: directory + "/out", encoding: .utf8)) ?? "" }
        var errors: String { (try? String(contentsOfFile: directory + "/err", encoding: .utf8)) ?? "" }

        /// Waits up to `seconds` for it to end by itself; ends it (SIGKILL) otherwise.
        func exitStatus(within seconds: Int) async -> Int32 {
            for _ in 0..<(seconds * 20) where process.isRunning { try? await Task.sleep(for: .milliseconds(50)) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    static func scratch() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("actionsim-record-\(UUID())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
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
        try record.input.fileHandleForWriting.close()
    }

    @Test("A write that fails at the end (ENOSPC) saves the recording in the log directory, says where (exit 4), and it replays")
    func fallback() async throws {
        let directory = Self.scratch()
        let logs = directory + "/logs"
        // A full device: our own as root, where a rename over it would have replaced it.
        let full = getuid() == 0 ? directory + "/full" : "/dev/full"
        if getuid() == 0 {
            let mknod = Process()
            mknod.executableURL = URL(fileURLWithPath: "/bin/mknod")
            mknod.arguments = [full, "c", "1", "7"]
            try mknod.run()
            mknod.waitUntilExit()
            try #require(mknod.terminationStatus == 0)
        }
        let record = try Recording(["-o", full, "--log-dir", logs, "--no-store", "--json", "--first-press", "running"], in: directory)
        record.input.fileHandleForWriting.write(Data("a".utf8))
        try record.input.fileHandleForWriting.close()
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
        let test = Process()
        test.executableURL = URL(fileURLWithPath: CLI.binary)
        test.arguments = ["test", fallback]
        test.currentDirectoryURL = URL(fileURLWithPath: directory)
        test.standardOutput = FileHandle.nullDevice
        test.standardError = FileHandle.nullDevice
        try test.run()
        test.waitUntilExit()
        #expect(test.terminationStatus == 0)
    }
}
