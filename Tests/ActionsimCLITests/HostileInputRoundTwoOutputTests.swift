import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 25, item 3: an import that understood nothing, a report lost to a closed standard
/// output, and a store that vanished during a run, each said rather than passed over.
extension HostileInputRoundTwoTests {
    @Test("import-evemu reads CRLF lines as lines, and an input with no events it understands (random bytes, a password file, no key events) is an error naming the file and line, never an empty scenario with exit 0")
    func importEvemuNothingToImport() async throws {
        let directory = CLI.temporaryDirectory()
        func write(_ name: String, _ text: String) throws -> String {
            try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
            return directory + "/" + name
        }
        func importing(_ path: String) async throws -> CLI.Result {
            try await CLI.run(["import-evemu", path, "--device", "devices/usb-keyboard.yaml"])
        }
        // CRLF: the same steps as the recording with LF.
        let lf = try await importing(try write("lf.evemu", EvemuRecording.presses + "\n"))
        let crlf = try await importing(try write("crlf.evemu", EvemuRecording.presses.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"))
        #expect(lf.status == 0 && crlf.status == 0, "\(crlf.stderr)")
        #expect(crlf.stdout.contains("{at: 0.412345s, button: action, edge: up}"), "\(crlf.stdout)")
        #expect(crlf.stdout.replacingOccurrences(of: "crlf.evemu", with: "lf.evemu") == lf.stdout)

        let shadow = try write("shadow", "root:$y$j9T$s3cretHash:19700:0:99999:7:::\ndaemon:*:19700:0:99999:7:::\n")
        let words = try write("words.evemu", "# EVEMU 1.3\nN: Acme Keyboard\nthis is a note, not evemu's\n")
        let quiet = try write("quiet.evemu", "# EVEMU 1.3\nN: Acme Keyboard\nI: 0003 046d c52b 0111\n")
        let mouse = try write("mouse.evemu", "N: Acme Mouse\nE: 0.000001 0002 0000 0003\nE: 0.000001 0000 0000 0000\nE: 0.010000 0002 0001 -2\n")
        var random = [UInt8](repeating: 0, count: 4096)
        for index in random.indices { random[index] = UInt8.random(in: 0...255) }
        random[0] = 0xFF  // never valid UTF-8
        try Data(random).write(to: URL(fileURLWithPath: directory + "/random.evemu"))
        let rows: [(String, String)] = [
            (shadow, "error: \(shadow):1:1: is not a line of an evemu recording, and the file has no event lines (\"E: 1.250000 0001 0094 0001\"); expected evemu-record's output (evemu-record /dev/input/eventN > FILE)\n"),
            (words, "error: \(words):3:1: is not a line of an evemu recording, and the file has no event lines "),
            (quiet, "error: \(quiet):1:1: the recording has no event lines (\"E: 1.250000 0001 0094 0001\"), so there is nothing to import; "),
            (mouse, "error: \(mouse):2:1: none of the recording's 3 events (lines 2 to 4) is a key press or release (EV_KEY, type 0001, value 1 or 0), so there is nothing to import; record the event device of the keys (KEY_F13, KEY_F14 or others) with evemu-record /dev/input/eventN\n"),
            (directory + "/random.evemu", "error: \(directory)/random.evemu: is not UTF-8 text; expected an evemu recording (evemu-record /dev/input/eventN > FILE)\n"),
        ]
        for (path, message) in rows {
            let result = try await importing(path)
            #expect(result.status == 2, "\(path): \(result.stderr)")
            #expect(result.stderr.hasPrefix(message), "\(path): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(path): \(result.stdout)")
            // A file that is not ours is never echoed.
            #expect(!result.stderr.contains("s3cret"))
        }
    }

    @Test("test --junit t.xml | head -2: a closed standard output does not lose the report; the status is the run's")
    func junitSurvivesClosedOutput() async throws {
        let directory = CLI.temporaryDirectory()
        // head reads two lines and exits: every later line goes to a pipe without a reader.
        let script = "\"$0\" test scenarios --junit \"$1\" | head -2; echo \"status ${PIPESTATUS[0]}\""
        let result = try await ChildProcess.run("/bin/bash", ["-c", script, CLI.binary, directory + "/t.xml"], environment: CLI.environment)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(result.stdout)")
        #expect(lines.last == "status 0", "\(result.stdout) \(result.stderr)")
        let report = try String(contentsOfFile: directory + "/t.xml", encoding: .utf8)
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot + "/scenarios").filter { $0.hasSuffix(".yaml") }
        #expect(report.components(separatedBy: "<testcase ").count - 1 == scenarios.count, "\(report)")
    }

    @Test("A session store deleted during a live run is said to be gone at its end, not pointed at")
    func storeDeletedDuringRun() async throws {
        let directory = CLI.temporaryDirectory()
        let store = directory + "/store/actionsim.sqlite"
        let run = try ChildProcess(CLI.binary, ["run", "--json", "--no-log", "--data-dir", directory + "/store", "--first-press", "running"],
                                   environment: CLI.environment, directory: directory, input: .pipe)
        #expect(await run.waitFor("live input", in: .stdout))
        run.type("a")
        #expect(await run.waitFor("\"intent\":\"StartTrailWorkoutIntent\"", in: .stdout))
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
        run.closeInput()
        let result = await run.wait(watchdog: .ending(within: 60), thenSend: SIGTERM)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: the session store \(store) was deleted during the run: session 1 ("), "\(result.stderr)")
        #expect(result.stderr.contains("samples) went with it, and `actionsim show` cannot find it"), "\(result.stderr)")
        #expect(!result.stderr.contains("session store: \(store) ("), "\(result.stderr)")
    }

    @Test("import-evemu of a device (/dev/zero, /dev/urandom, an input device) is refused before reading: /dev/zero was read into memory without end (with a memory limit: \"cannot be read: Permission denied\")")
    func importEvemuDevice() async throws {
        for device in ["/dev/zero", "/dev/urandom"] {
            let result = try await ChildProcess.run(CLI.binary, ["import-evemu", device, "--device", "devices/usb-keyboard.yaml"],
                                                    environment: CLI.environment, watchdog: .ending(within: 60))
            #expect(!result.timedOut, "\(device) was read")
            #expect(result.status == 2, "\(device): \(result.stderr)")
            #expect(result.stderr == "error: \(device): is a device, not a recording; record an input device first (evemu-record /dev/input/eventN > FILE) and import FILE\n",
                    "\(device): \(result.stderr)")
        }
    }
}
