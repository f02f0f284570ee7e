/// The app work running on the watch: the intent tasks the host launched (every `perform()`),
/// and the leases of app code, which count the tasks that code started with `Task { }`
/// (see `SimulationHost`). Also who waits for such started work to finish.
///
/// A value inside `HostState`, under the host's one lock: quiescence reads it together with
/// the sleepers, and report order with both.
struct WorkLedger {
    private var lastOwner = 0
    /// The launched tasks still running.
    private var running: Set<Int> = []
    /// What each launched task is, for stall messages.
    private var labels: [Int: String] = [:]
    /// The identity of each launched task's own Swift task, to tell it from tasks it starts.
    private var identities: [Int: Int] = [:]
    /// Live leases, by the code that took them (a launched task, or a callback).
    private var leases: [Int: Int] = [:]
    /// Waiting until no task started by finished app code still runs.
    private var settledWaiters: [CheckedContinuation<Void, Never>] = []
    /// Owners with tasks suspended until the sensors' next reading (CoreLocation's live
    /// updates): such a task is idle, as one asleep on the engine's clock is.
    private var readingWaits: [Int: Int] = [:]

    /// A new launched task, running from now on.
    mutating func launch(_ label: String) -> Int {
        let task = newOwner()
        running.insert(task)
        labels[task] = label
        return task
    }

    /// A new owner of leases that is no launched task (a launch, an observer, a delegate).
    mutating func newOwner() -> Int {
        lastOwner += 1
        return lastOwner
    }

    /// The launched task's own Swift task began, with this identity.
    mutating func began(_ task: Int, identity: Int?) { identities[task] = identity }

    /// The launched task's body returned. Its label stays while tasks it started run, for
    /// stall reports.
    mutating func finished(_ task: Int) {
        running.remove(task)
        identities[task] = nil
        if leases[task] == nil { labels[task] = nil }
    }

    func isRunning(_ task: Int) -> Bool { running.contains(task) }

    /// The identity of the launched task's own Swift task (nil until it begins).
    func identity(of task: Int) -> Int? { identities[task] }

    /// Whether no launched task is running.
    var isIdle: Bool { running.isEmpty }

    /// Whether every launched task running satisfies `condition` (is asleep, say).
    func allRunning(_ condition: (Int) -> Bool) -> Bool { running.allSatisfy(condition) }

    mutating func leaseTaken(by owner: Int) { leases[owner, default: 0] += 1 }

    mutating func leaseEnded(by owner: Int) {
        if let count = leases[owner], count > 1 {
            leases[owner] = count - 1
        } else {
            leases[owner] = nil
            if !running.contains(owner) { labels[owner] = nil }
        }
    }

    /// No task started by app code that has since finished is still running, unless it
    /// waits for the next reading. (An owner is taken as idle while one of its tasks waits:
    /// Swift cannot tell whether another task it started still runs at that moment.)
    var startedWorkFinished: Bool {
        leases.keys.allSatisfy { running.contains($0) || readingWaits[$0] != nil }
    }

    /// Whether a task of `owner` waits for the next reading.
    func isWaitingForReading(_ owner: Int) -> Bool { readingWaits[owner] != nil }

    mutating func readingWaitBegan(by owner: Int) { readingWaits[owner, default: 0] += 1 }

    mutating func readingWaitEnded(by owner: Int) {
        if let count = readingWaits[owner], count > 1 { readingWaits[owner] = count - 1 } else { readingWaits[owner] = nil }
    }

    /// Waits for `startedWorkFinished`; false (and the caller resumes it) if it is so already.
    mutating func waitForStartedWork(_ continuation: CheckedContinuation<Void, Never>) -> Bool {
        if startedWorkFinished { return false }
        settledWaiters.append(continuation)
        return true
    }

    /// The waiters to resume, now that started work has finished (none if it has not).
    mutating func takeSettledWaiters() -> [CheckedContinuation<Void, Never>] {
        guard !settledWaiters.isEmpty, startedWorkFinished else { return [] }
        return takeAllSettledWaiters()
    }

    /// The run ends: every waiter, to be resumed.
    mutating func takeAllSettledWaiters() -> [CheckedContinuation<Void, Never>] {
        defer { settledWaiters.removeAll() }
        return settledWaiters
    }

    /// What keeps the watch busy, in words (for stall reports): launched tasks not asleep,
    /// then tasks started by app code that has finished.
    func busyDescription(isAsleep: (Int) -> Bool) -> String {
        var parts: [String] = []
        for task in running.sorted() where !isAsleep(task) {
            parts.append("\(labels[task] ?? "task #\(task)") is still running")
        }
        for owner in leases.keys.sorted() where !running.contains(owner) {
            let starter = labels[owner].map { "by \($0)" } ?? "by app code (a launch, observer or delegate)"
            parts.append("a task started with Task { } \(starter) has not finished")
        }
        return parts.isEmpty ? "nothing" : parts.joined(separator: "; ")
    }
}

/// Taken by every piece of app code the host runs, and copied into every task it starts (a
/// task-local value): it lives exactly as long as the last task holding it.
final class WorkLease: Sendable {
    let owner: Int
    private let host: SimulationHost

    init(owner: Int, host: SimulationHost) {
        self.owner = owner
        self.host = host
        host.leaseTaken(by: owner)
    }

    deinit { host.leaseEnded(by: owner) }
}
