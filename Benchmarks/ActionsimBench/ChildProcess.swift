import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A command run as a user runs it, timed from its start to its exit, with the peak of its
/// resident memory (the kernel's `ru_maxrss`, what `/usr/bin/time -v` reports): how long an
/// `actionsim export` or `sqlite3 -csv` takes, start-up included, and how much it holds.
struct ChildProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    struct Run {
        var seconds: Double
        /// Bytes.
        var peakRSS: Int
    }

    /// Runs `executable` with `arguments`, its standard output into `stdout` (a file it
    /// creates, or /dev/null), standard error into /dev/null.
    static func run(_ executable: String, _ arguments: [String], stdout: String = "/dev/null") throws -> Run {
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
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw Failure(description: "wait4: \(String(cString: strerror(errno)))") }
        }
        let elapsed = ContinuousClock.now - start
        // Exited normally with 0 (WIFEXITED && WEXITSTATUS == 0).
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) failed (wait status \(status))")
        }
        return Run(seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18,
                   peakRSS: usage.ru_maxrss * 1024)
    }

    /// The size of a file, in bytes.
    static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}

func mib(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
func megabytesPerSecond(_ bytes: Int, _ seconds: Double) -> String { String(format: "%.1f MB/s", Double(bytes) / seconds / 1e6) }
