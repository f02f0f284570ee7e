import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Every file a command writes goes through one `OutputFile` (docs/bad-input.md: output
/// files). A regular file or a new path is replaced whole by a rename; a link is followed to
/// its target; a device, FIFO or descriptor is written in place, never replaced; a write
/// that fails is an error (exit 4) that names the path and the reason, and leaves nothing
/// behind. Run on the built binary. Devices are made with mknod in a scratch directory
/// (root only, as this machine runs); the system's /dev is never written as root.
@Suite("Output files: replaced by a rename only when they are files", .serialized)
struct OutputFileTests {
    /// A command that writes a file, and what it writes given a scratch directory that holds
    /// the demo's store (workout 1, dive 2) and an evemu recording.
    struct Writer: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: @Sendable (_ output: String, _ directory: String) -> [String]
        var testDescription: String { name }
    }

    static let writers: [Writer] = [
        Writer(name: "export -o") { ["export", "1", "--format", "csv", "-o", $0, "--data-dir", $1] },
        Writer(name: "plot -o") { ["plot", "2", "-o", $0, "--data-dir", $1] },
        Writer(name: "import-evemu -o") { ["import-evemu", $1 + "/presses.evemu", "--device", "devices/usb-keyboard.yaml", "-o", $0] },
        Writer(name: "test --junit") { output, _ in ["test", "--junit", output, "scenarios/a07-pause-resume.yaml"] },
    ]

    static let recording = """
        # EVEMU 1.3
        N: Acme Keyboard
        I: 0003 046d c52b 0111
        E: 0.000001 0001 00b7 0001
        E: 0.000001 0000 0000 0000
        E: 0.120000 0001 00b7 0000
        E: 0.120000 0000 0000 0000

        """

    /// A scratch directory with the demo's sessions stored and a recording to import.
    static func scratch() async throws -> String {
        let directory = CLI.temporaryDirectory()
        let replay = try await CLI.run(["replay", "scenarios/demo.yaml", "--no-log", "--data-dir", directory])
        try #require(replay.status == 0, "\(replay.stderr)")
        try recording.write(toFile: directory + "/presses.evemu", atomically: true, encoding: .utf8)
        return directory
    }

    static func fileType(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    /// A character device of our own (major 1: 3 is null, 7 is full).
    static func makeDevice(_ path: String, minor: Int) throws {
        try #require(try CLI.runTool("/bin/mknod", [path, "c", "1", "\(minor)"]) == 0, "mknod \(path)")
    }

    /// What raw Foundation errors look like; none may reach a user.
    static func expectNoRawError(_ text: String) {
        for raw in ["NSCocoaErrorDomain", "The operation could not be completed", "Error Domain=", "NSError"] {
            #expect(!text.contains(raw), "\(text)")
        }
    }

    @Test("As root, a character device given as the output is written in place, never replaced by a regular file",
          .enabled(if: getuid() == 0, "mknod needs root"), arguments: writers)
    func characterDevice(_ writer: Writer) async throws {
        let directory = try await Self.scratch()
        let device = directory + "/null"
        try Self.makeDevice(device, minor: 3)
        let run = try await CLI.run(writer.arguments(device, directory))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.fileType(device) == S_IFCHR, "\(writer.name) replaced the device: \(run.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("A full device (ENOSPC) is an error that says so (exit 4), not a success; the device stays", arguments: writers)
    func fullDevice(_ writer: Writer) async throws {
        let directory = try await Self.scratch()
        // Our own /dev/full as root; the system's otherwise (no rename into /dev can succeed then).
        let full = getuid() == 0 ? directory + "/full" : "/dev/full"
        if getuid() == 0 { try Self.makeDevice(full, minor: 7) }
        let run = try await CLI.run(writer.arguments(full, directory))
        #expect(run.status == 4, "\(writer.name): \(run.stderr)")
        #expect(run.stderr.contains("error: cannot write \(full): No space left on device"), "\(run.stderr)")
        #expect(Self.fileType(full) == S_IFCHR)
        Self.expectNoRawError(run.stderr)
    }

    @Test("A symbolic link: its target is written (keeping its permission bits), the link stays a link")
    func symbolicLink() async throws {
        let directory = try await Self.scratch()
        let target = directory + "/target.csv", link = directory + "/link.csv"
        try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o640)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.csv")
        let run = try await CLI.run(["export", "1", "-o", link, "--data-dir", directory])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.fileType(link) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.csv")
        #expect(Self.mode(target) == 0o640)
        let expected = try await CLI.run(["export", "1", "--format", "csv", "-o", "-", "--data-dir", directory])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == expected.stdout)
        #expect(expected.stdout.hasPrefix("time,"))
    }

    @Test("A link another user planted in a sticky directory is not followed, nor is a dangling link: nothing is written (issue 25)",
          .enabled(if: getuid() == 0, "lchown to another user needs root"))
    func plantedAndDanglingLinks() async throws {
        let directory = try await Self.scratch()
        let target = directory + "/precious.csv"
        try "precious\n".write(toFile: target, atomically: false, encoding: .utf8)
        // A /tmp of our own: world-writable and sticky, owned by root; the link is nobody's.
        let sticky = directory + "/tmp"
        try FileManager.default.createDirectory(atPath: sticky, withIntermediateDirectories: false)
        try #require(chmod(sticky, 0o1777) == 0)
        let planted = sticky + "/run.csv"
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: target)
        try #require(lchown(planted, 65534, 65534) == 0)
        let run = try await CLI.run(["export", "1", "-o", planted, "--data-dir", directory])
        #expect(run.status == 4, "\(run.stderr)")
        #expect(run.stderr.contains("cannot write \(planted): is a symbolic link in the sticky directory \(sticky), owned by user 65534"),
                "\(run.stderr)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
        #expect(Self.fileType(planted) == S_IFLNK)

        // A link to nothing: the file it names is not made (cp refuses the same).
        let dangling = directory + "/dangling.csv"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "made-by-the-link.csv")
        let throughDangling = try await CLI.run(["export", "1", "-o", dangling, "--data-dir", directory])
        #expect(throughDangling.status == 4, "\(throughDangling.stderr)")
        #expect(throughDangling.stderr == "error: cannot write \(dangling): is a symbolic link to made-by-the-link.csv, which does not exist; "
                + "give the file's own path, or remove the link\n")
        #expect(Self.fileType(directory + "/made-by-the-link.csv") == nil)
        Self.expectNoRawError(run.stderr + throughDangling.stderr)

        // A link of one's own is still followed, relative to its own directory.
        try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: directory + "/sub/mine.csv", withDestinationPath: "../precious.csv")
        let own = try await CLI.run(["export", "1", "--format", "csv", "-o", directory + "/sub/mine.csv", "--data-dir", directory])
        #expect(own.status == 0, "\(own.stderr)")
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("time,"))
        #expect(Self.fileType(directory + "/sub/mine.csv") == S_IFLNK)
    }

    @Test("A FIFO with a reader: the reader gets the whole export, the FIFO stays a FIFO")
    func fifo() async throws {
        let directory = try await Self.scratch()
        let fifo = directory + "/pipe"
        try #require(mkfifo(fifo, 0o600) == 0)
        // The reader, a process of its own, opens the FIFO (waiting for the writer) and reads
        // to its end. A FIFO replaced by a file would leave it waiting: it is killed then.
        let reader = try ChildProcess("/bin/cat", [fifo])
        let run = try await CLI.run(["export", "1", "--format", "csv", "-o", fifo, "--data-dir", directory])
        #expect(run.status == 0, "\(run.stderr)")
        // The reader ends once the export has closed the FIFO; one left waiting (the FIFO
        // replaced by a file) is killed once the wait finds it asleep with nothing written.
        let read = await reader.wait(watchdog: .ending(within: 120))
        #expect(!read.timedOut, "cat was still waiting on the FIFO")
        let expected = try await CLI.run(["export", "1", "--format", "csv", "-o", "-", "--data-dir", directory])
        #expect(read.stdout == expected.stdout)
        #expect(Self.fileType(fifo) == S_IFIFO)
    }

    @Test("A FIFO no program reads: the export says it waits for a reader, writes once one comes, and a signal ends the wait")
    func fifoWithoutReader() async throws {
        let directory = try await Self.scratch()
        let fifo = directory + "/pipe"
        try #require(mkfifo(fifo, 0o600) == 0)
        let waiting = "\(fifo) is a FIFO that no program reads yet: waiting for a reader (Ctrl-C to stop)"
        // Issue 25: it waited in open(2) in silence, forever.
        let export = try ChildProcess(CLI.binary, ["export", "1", "--format", "csv", "-o", fifo, "--data-dir", directory])
        #expect(await export.waitFor(waiting), "\(export.stderr)")
        let reader = try ChildProcess("/bin/cat", [fifo])
        let result = await export.wait()
        #expect(result.status == 0 && result.stderr.hasPrefix(waiting + "\nwrote \(fifo): session 1"), "\(result.stderr)")
        let expected = try await CLI.run(["export", "1", "--format", "csv", "-o", "-", "--data-dir", directory])
        #expect(await reader.wait().stdout == expected.stdout)
        // Nobody comes: SIGTERM ends the wait, and the FIFO is left as it was.
        let stopped = try ChildProcess(CLI.binary, ["export", "1", "--format", "csv", "-o", fifo, "--data-dir", directory])
        #expect(await stopped.waitFor(waiting), "\(stopped.stderr)")
        stopped.signal(SIGTERM)
        let end = await stopped.wait(watchdog: .ending(within: 120))
        #expect(!end.timedOut && end.reason == .uncaughtSignal && end.status == SIGTERM)
        #expect(Self.fileType(fifo) == S_IFIFO)
    }

    @Test("/dev/fd/N and a process substitution (-o >(gzip > f)) are written in place")
    func descriptors() async throws {
        let directory = try await Self.scratch()
        let expected = try await CLI.run(["export", "1", "--format", "csv", "-o", "-", "--data-dir", directory])
        // Descriptor 3 is standard output's pipe.
        let fd3 = try await CLI.run(["-c", "exec \"$0\" \"$@\" 3>&1", CLI.binary,
                                     "export", "1", "--format", "csv", "-o", "/dev/fd/3", "--data-dir", directory],
                                    executable: "/bin/bash")
        #expect(fd3.status == 0, "\(fd3.stderr)")
        #expect(fd3.stdout == expected.stdout)
        let substituted = try await CLI.run(["-c", "D=$1; shift; \"$0\" \"$@\" -o >(gzip > \"$D/f.gz\"); status=$?; wait $!; exit $status",
                                             CLI.binary, directory, "export", "1", "--format", "csv", "--data-dir", directory],
                                            executable: "/bin/bash")
        #expect(substituted.status == 0, "\(substituted.stderr)")
        let unzipped = try await CLI.run(["-dc", directory + "/f.gz"], executable: "/bin/gzip")
        #expect(unzipped.stdout == expected.stdout)
    }

    @Test("An output that is the store or an input of the command, through any path, is refused before anything is written (issue 25)")
    func outputNamingAnInput() async throws {
        let directory = try await Self.scratch()
        let store = directory + "/actionsim.sqlite"
        let storeBytes = try Data(contentsOf: URL(fileURLWithPath: store))
        // In the data folder, as a user types it; then a hard link to the store, by another path.
        let plot = try await CLI.run(["plot", "last-workout", "-o", "actionsim.sqlite", "--data-dir", "."], directory: directory)
        #expect(plot.status == 4, "\(plot.stderr)")
        #expect(plot.stderr.contains("error: cannot write actionsim.sqlite: it is the session store this command uses"), "\(plot.stderr)")
        try #require(link(store, directory + "/hard.csv") == 0)
        let export = try await CLI.run(["export", "1", "-o", directory + "/../" + (directory as NSString).lastPathComponent + "/hard.csv",
                                        "--data-dir", directory])
        #expect(export.status == 4, "\(export.stderr)")
        #expect(export.stderr.contains("it is the session store"), "\(export.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == storeBytes)
        let show = try await CLI.run(["show", "1", "--data-dir", directory])
        #expect(show.status == 0, "\(show.stderr)")

        let recording = directory + "/presses.evemu"
        let imported = try await CLI.run(["import-evemu", recording, "--device", "devices/usb-keyboard.yaml", "-o", recording])
        #expect(imported.status == 4, "\(imported.stderr)")
        #expect(imported.stderr == "error: cannot write \(recording): it is the recording this command imports (\(recording)); give another file name\n")
        #expect(try String(contentsOfFile: recording, encoding: .utf8) == Self.recording)

        let scenario = directory + "/a07.yaml"
        try FileManager.default.copyItem(atPath: CLI.packageRoot + "/scenarios/a07-pause-resume.yaml", toPath: scenario)
        let scenarioText = try String(contentsOfFile: scenario, encoding: .utf8)
        let junit = try await CLI.run(["test", "--junit", scenario, scenario])
        #expect(junit.status == 4, "\(junit.stderr)")
        #expect(junit.stderr.contains("it is a scenario this command runs"), "\(junit.stderr)")
        #expect(try String(contentsOfFile: scenario, encoding: .utf8) == scenarioText)
        Self.expectNoRawError(plot.stderr + export.stderr + imported.stderr + junit.stderr)
    }

    @Test("A directory that does not exist: exit 4 and what is wrong, in words")
    func missingDirectory() async throws {
        let directory = try await Self.scratch()
        let run = try await CLI.run(["export", "1", "-o", directory + "/no/such/run.fit", "--data-dir", directory])
        #expect(run.status == 4)
        #expect(run.stderr == "error: cannot write \(directory)/no/such/run.fit: the directory \(directory)/no/such does not exist\n")
        Self.expectNoRawError(run.stderr)
        let into = try await CLI.run(["plot", "1", "-o", directory, "--data-dir", directory])
        #expect(into.status == 4)
        #expect(into.stderr == "error: cannot write \(directory): is a directory; give a file name\n")
    }

    @Test("A write that fails half-way (EFBIG) leaves the old file as it was and no temporary file")
    func failedWriteLeavesTheFile() async throws {
        let directory = try await Self.scratch()
        let output = directory + "/out/run.csv"
        try FileManager.default.createDirectory(atPath: directory + "/out", withIntermediateDirectories: true)
        try "the old export\n".write(toFile: output, atomically: false, encoding: .utf8)
        // 64 KB may be written by this process; the export is twice that. SIGXFSZ ignored, so
        // that the write fails instead of killing.
        let run = try await CLI.run(["-c", "trap '' XFSZ; ulimit -f 64; exec \"$@\"", "bash", CLI.binary,
                                     "export", "1", "--format", "csv", "-o", output, "--data-dir", directory],
                                    executable: "/bin/bash")
        #expect(run.status == 4)
        #expect(run.stderr == "error: cannot write \(output): File too large\n")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "the old export\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/out") == ["run.csv"])
    }

    @Test("Standard output closed early (EPIPE): exit 4 and said, not killed by SIGPIPE")
    func brokenPipe() async throws {
        let directory = try await Self.scratch()
        // head reads a little and exits; the rest of the 130 KB export meets a pipe with no reader.
        let run = try await CLI.run(["-c", "set -o pipefail; \"$@\" | head -c 10 > /dev/null", "bash", CLI.binary,
                                     "export", "1", "--format", "csv", "-o", "-", "--data-dir", directory],
                                    executable: "/bin/bash")
        #expect(run.status == 4, "\(run.stderr)")
        #expect(run.stderr == "error: cannot write standard output: Broken pipe\n")
    }
}
