import Foundation

/// A wait that did not see what it waited for: thrown, it fails the test with what the test
/// was waiting for.
public struct WaitTimedOut: Error, CustomStringConvertible {
    public let description: String
}

/// Waits until `condition` holds: what a test needs before it signals a process or reads
/// what it wrote (a log with 20 samples, a store's first commit, a process asleep in the
/// kernel), never a fixed time, which a busy machine outruns. `condition` is checked at
/// once, then every `interval` (it may itself wait: a query to a server); false, or an
/// error (a file not made yet, a database not opened yet), is "not yet". Past `seconds`,
/// generous because a loaded machine runs a child many times slower, it throws
/// `WaitTimedOut` naming `what` (read then, so it can say the state it was last in) and
/// the last error.
public func waitUntil(_ what: @autoclosure () -> String, seconds: Double = 120, every interval: Duration = .milliseconds(50),
                      isolation: isolated (any Actor)? = #isolation, _ condition: () async throws -> Bool) async throws {
    let start = ContinuousClock.now
    let limit = Duration.milliseconds(Int(seconds * 1000))
    var lastError: (any Error)?
    while true {
        do {
            if try await condition() { return }
            lastError = nil
        } catch {
            lastError = error
        }
        if ContinuousClock.now - start >= limit { break }
        try await Task.sleep(for: interval)
    }
    throw WaitTimedOut(description: "waited \(Int(seconds)) s for \(what()), in vain"
                       + (lastError.map { "; last: \($0)" } ?? ""))
}

/// What the kernel says a child is doing (Linux's /proc), for a test that waits until the
/// child has nothing left to do, or until it has set up a signal's handler.
extension ChildProcess {
    /// Which threads `sleepsWithNothingDue` looks at.
    public enum Threads: Sendable {
        /// The main thread, where `run` and `record` turn their event loop.
        case main
        /// Every thread of the process.
        case every
    }

    /// Whether the threads sleep in the kernel with nothing due: each is blocked in a system
    /// call without a timeout (`epoll_wait` with none, and no armed timer in its epoll set;
    /// a futex or a read without one), so that only input or a signal can wake it. With
    /// `horizon`, a timer armed to fire later than that from now is allowed (a loop asleep
    /// until its next 1 Hz sample). The threads are read twice, and their context switches
    /// must not have changed in between: a thread woken while the others were read does not
    /// pass for asleep.
    public func sleepsWithNothingDue(_ threads: Threads = .main, for horizon: Duration? = nil) -> Bool {
        let pid = processIdentifier
        let tids = threads == .main ? [pid] : KernelThreads.threads(of: pid)
        guard !tids.isEmpty else { return false }
        let before = tids.map { KernelThreads.contextSwitches(pid, $0) }
        guard tids.allSatisfy({ KernelThreads.state(pid, $0, horizon: horizon).nothingDue }) else { return false }
        return tids.map { KernelThreads.contextSwitches(pid, $0) } == before && !before.contains(nil)
    }

    /// What each thread is doing, for a message: `1234 epoll_wait(no timeout)`, `1235 running`.
    public var threadStates: String {
        let pid = processIdentifier
        return KernelThreads.threads(of: pid).map { "\($0) \(KernelThreads.state(pid, $0, horizon: nil).description)" }
            .joined(separator: ", ")
    }

    /// Whether it has a handler installed for `signal` (SigCgt in /proc/PID/status).
    public func catches(_ signal: Int32) -> Bool {
        let status = (try? String(contentsOfFile: "/proc/\(processIdentifier)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }
}

/// Reading a process's threads from /proc.
private enum KernelThreads {
    static func threads(of pid: Int32) -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []).compactMap { Int32($0) }.sorted()
    }

    static func contextSwitches(_ pid: Int32, _ tid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/status", encoding: .utf8) else { return nil }
        return status.split(separator: "\n").filter { $0.hasPrefix("voluntary_ctxt_switches") || $0.hasPrefix("nonvoluntary_ctxt_switches") }
            .compactMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }.reduce(0, +)
    }

    /// A thread as /proc/PID/task/TID/syscall has it.
    struct State: CustomStringConvertible {
        var description: String
        var nothingDue: Bool
    }

    /// System calls by number, for the machines this runs on.
    #if arch(x86_64)
    static let names: [Int: String] = [0: "read", 7: "poll", 23: "select", 34: "pause", 35: "nanosleep", 43: "accept",
                                       45: "recvfrom", 47: "recvmsg", 61: "wait4", 128: "rt_sigtimedwait", 130: "rt_sigsuspend",
                                       202: "futex", 230: "clock_nanosleep", 232: "epoll_wait", 270: "pselect6", 271: "ppoll",
                                       281: "epoll_pwait", 288: "accept4", 441: "epoll_pwait2"]
    #elseif arch(arm64)
    static let names: [Int: String] = [22: "epoll_pwait", 63: "read", 72: "pselect6", 73: "ppoll", 98: "futex", 101: "nanosleep",
                                       115: "clock_nanosleep", 133: "rt_sigsuspend", 137: "rt_sigtimedwait", 202: "accept",
                                       207: "recvfrom", 212: "recvmsg", 242: "accept4", 260: "wait4", 441: "epoll_pwait2"]
    #else
    static let names: [Int: String] = [:]
    #endif

    static func state(_ pid: Int32, _ tid: Int32, horizon: Duration?) -> State {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/syscall", encoding: .utf8) else {
            return State(description: "gone", nothingDue: false)
        }
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard let number = fields.first.flatMap({ Int($0) }), number >= 0, fields.count >= 7 else {
            return State(description: fields.first == "running" ? "running" : "not in a system call", nothingDue: false)
        }
        let args = fields[1...6].map { UInt64($0.dropFirst(2), radix: 16) ?? 0 }
        let name = names[number] ?? "system call \(number)"
        let untimed = "(no timeout)", timed = "(with a timeout)"
        switch name {
        case "read", "accept", "accept4", "recvfrom", "recvmsg", "wait4", "pause", "rt_sigsuspend":
            return State(description: name, nothingDue: true)
        case "futex":
            // FUTEX_WAIT, FUTEX_LOCK_PI, FUTEX_WAIT_BITSET, FUTEX_WAIT_REQUEUE_PI: the timeout
            // is the fourth argument, NULL for none.
            let waits = [0, 6, 9, 11].contains(args[1] & 0x7f)
            let none = waits && args[3] == 0
            return State(description: name + (none ? untimed : timed), nothingDue: none)
        case "epoll_wait", "epoll_pwait", "epoll_pwait2":
            let none = name == "epoll_pwait2" ? args[3] == 0 : Int32(truncatingIfNeeded: args[3]) < 0
            guard none else { return State(description: name + timed, nothingDue: false) }
            let armed = armedTimers(pid, epoll: Int32(truncatingIfNeeded: args[0]))
            guard !armed.isEmpty else { return State(description: name + untimed, nothingDue: true) }
            let due = armed.filter { timer in horizon.map { timer.remaining <= $0 } ?? true }
            return State(description: name + "(no timeout; " + armed.map { "timerfd \($0.fd) fires in \($0.remaining)" }
                            .joined(separator: ", ") + ")",
                         nothingDue: due.isEmpty)
        case "poll", "ppoll", "select", "pselect6":
            let none = name == "poll" ? Int32(truncatingIfNeeded: args[2]) < 0 : args[name == "ppoll" ? 2 : 4] == 0
            return State(description: name + (none ? untimed : timed), nothingDue: none)
        case "rt_sigtimedwait":
            return State(description: name + (args[2] == 0 ? untimed : timed), nothingDue: args[2] == 0)
        default:
            return State(description: name, nothingDue: false)
        }
    }

    /// The timerfds an epoll set watches that are armed, and how long until each fires
    /// (fdinfo's `it_value: (seconds, nanoseconds)`, zero when disarmed).
    static func armedTimers(_ pid: Int32, epoll: Int32) -> [(fd: Int32, remaining: Duration)] {
        let info = (try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(epoll)", encoding: .utf8)) ?? ""
        let watched = info.split(separator: "\n").filter { $0.hasPrefix("tfd:") }
            .compactMap { $0.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int32($0) } }
        return watched.compactMap { fd in
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) == "anon_inode:[timerfd]" else {
                return nil
            }
            let timer = (try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(fd)", encoding: .utf8)) ?? ""
            // Unreadable: counted as due now.
            guard let line = timer.split(separator: "\n").first(where: { $0.hasPrefix("it_value:") }) else { return (fd, .zero) }
            let numbers = line.split { !$0.isNumber }.compactMap { Int64($0) }
            guard numbers.count == 2 else { return (fd, .zero) }
            let remaining = Duration.seconds(numbers[0]) + .nanoseconds(numbers[1])
            return remaining == .zero ? nil : (fd, remaining)
        }
    }
}

/// How far a child and every process it started have got, as the kernel counts it: their
/// threads' time on a CPU (`/proc/PID/task/TID/schedstat`, in nanoseconds) and whether any of
/// them is running, waiting for a CPU or for the disk (`R` or `D`). A watchdog built on it
/// measures progress, not the wall clock: a busy machine slows a child down, but a child
/// that waits for a CPU is runnable, and one that runs gains CPU time, so neither looks stuck.
struct ProcessProgress {
    /// Every thread's CPU time, summed over the child and its descendants.
    var cpuNanoseconds: UInt64
    /// Whether a thread of theirs is running, runnable or in an uninterruptible wait.
    var awake: Bool

    /// The progress of `root` and its descendants now (nothing, once they have all gone).
    static func of(_ root: Int32) -> ProcessProgress {
        var children: [Int32: [Int32]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), let parent = stat(pid).map({ $0.parent }) else { continue }
            children[parent, default: []].append(pid)
        }
        var progress = ProcessProgress(cpuNanoseconds: 0, awake: false)
        var pending = [root]
        while let pid = pending.popLast() {
            pending += children[pid] ?? []
            for task in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? [] {
                let path = "/proc/\(pid)/task/\(task)"
                if let schedstat = try? String(contentsOfFile: path + "/schedstat", encoding: .utf8),
                   let onCPU = schedstat.split(separator: " ").first.flatMap({ UInt64($0) }) {
                    progress.cpuNanoseconds += onCPU
                }
                if let state = stat(path: path + "/stat")?.state, state == "R" || state == "D" { progress.awake = true }
            }
        }
        return progress
    }

    /// The state and parent in a `stat` file (after the command's name, which may hold
    /// spaces and parentheses).
    private static func stat(_ pid: Int32) -> (state: Character, parent: Int32)? { stat(path: "/proc/\(pid)/stat") }

    private static func stat(path: String) -> (state: Character, parent: Int32)? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8), let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count >= 2, let state = fields[0].first, let parent = Int32(fields[1]) else { return nil }
        return (state, parent)
    }
}
