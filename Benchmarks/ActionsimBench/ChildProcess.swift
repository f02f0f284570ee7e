import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A command run as a user runs it, timed from its start to its exit, with the peak of its
/// resident memory and the CPU it used: how long an `actionsim export` or `sqlite3 -csv`
/// takes, start-up included, and how much it holds.
///
/// Memory and CPU come from GNU time (`/usr/bin/time -f "%M %U %S"`), which forks the
/// command from a small process. This program cannot ask the kernel itself: it spawns with
/// vfork, and a child's `ru_maxrss` then starts at the spawning process's own peak (the
/// kernel folds the old address space's high-water mark in at exec), so every command would
/// have measured as big as this benchmark.
struct ChildProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    struct Run {
        var seconds: Double
        /// Bytes.
        var peakRSS: Int
        /// User and system CPU time, seconds: what other work on a shared machine does not inflate.
        var cpuSeconds: Double
    }

    static let time = "/usr/bin/time"

    /// Runs `executable` with `arguments`, its standard output into `stdout` (a file it
    /// creates, or /dev/null), standard error into /dev/null.
    static func run(_ executable: String, _ arguments: [String], stdout: String = "/dev/null") throws -> Run {
        guard FileManager.default.isExecutableFile(atPath: time) else {
            throw Failure(description: "\(time) is not here (apt-get install time): it measures the commands' memory")
        }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("actionsim-bench-time-\(getpid())").path
        defer { unlink(report) }
        let seconds = try spawn(time, ["-f", "%M %U %S", "-o", report, executable] + arguments, stdout: stdout)
        let fields = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count >= 3, let kilobytes = Int(fields[0]), let user = Double(fields[1]), let system = Double(fields[2]) else {
            throw Failure(description: "\(time) said nothing readable about \(executable)")
        }
        return Run(seconds: seconds, peakRSS: kilobytes * 1024, cpuSeconds: user + system)
    }

    /// Runs a program to its end; answers the seconds it took.
    private static func spawn(_ executable: String, _ arguments: [String], stdout: String) throws -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let code = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard code == 0 else { throw Failure(description: "cannot run \(executable): \(String(cString: strerror(code)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid: \(String(cString: strerror(errno)))") }
        }
        let elapsed = ContinuousClock.now - start
        // Exited normally with 0 (WIFEXITED && WEXITSTATUS == 0).
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) failed (wait status \(status))")
        }
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// The size of a file, in bytes.
    static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}

func mib(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
func megabytesPerSecond(_ bytes: Int, _ seconds: Double) -> String { String(format: "%.1f MB/s", Double(bytes) / seconds / 1e6) }
