/// The driver's wait for quiescence (all app work finished or asleep on the engine's clock),
/// and its watchdog: past a deadline of real time the wait ends as a stall, saying what was
/// still busy. One waiter at a time: the engine's one driver.
///
/// A value inside `HostState`, under the host's one lock: the waiter is resumed by whoever
/// makes the watch quiescent (a sleep, a finished task, an ended lease), in the same step.
struct QuiescenceWait {
    private var waiter: CheckedContinuation<Void, Never>?
    /// When (monotonic ns) the waiter stops waiting for quiescence and reports a stall.
    private var deadline: Int64?
    /// The watchdog gave up on the last waiter: what was still busy then.
    private var stalled: String?
    private var watchdogRunning = false

    /// What the watchdog found at one of its checks.
    enum Check {
        /// No one waits with a deadline: the watchdog stops.
        case stop
        /// The deadline has not come: check again later.
        case goOn
        /// The deadline passed: the waiter, to resume.
        case stalled(CheckedContinuation<Void, Never>)
    }

    /// Makes `continuation` the waiter, with a deadline (monotonic ns) or none; returns
    /// whether the watchdog must be started (it is not running yet).
    mutating func wait(_ continuation: CheckedContinuation<Void, Never>, deadline: Int64?) -> Bool {
        waiter = continuation
        self.deadline = deadline
        guard deadline != nil else { return false }
        stalled = nil
        defer { watchdogRunning = true }
        return !watchdogRunning
    }

    /// Takes the waiter, to be resumed (the watch is quiescent, or the wait was cancelled).
    mutating func takeWaiter() -> CheckedContinuation<Void, Never>? {
        defer {
            waiter = nil
            deadline = nil
        }
        return waiter
    }

    /// What was still busy when the watchdog gave up on the last wait, if it did; once.
    mutating func takeStall() -> String? {
        defer { stalled = nil }
        return stalled
    }

    /// The watchdog's check at `now` (monotonic ns). On a stall, the caller records what was
    /// busy (`record(stall:)`) under the same lock.
    mutating func check(at now: Int64) -> Check {
        guard waiter != nil, let deadline else {
            watchdogRunning = false
            return .stop
        }
        guard now >= deadline, let waiter = takeWaiter() else { return .goOn }
        watchdogRunning = false
        return .stalled(waiter)
    }

    /// The wait ended as a stall: what was still busy, for the waiter (`takeStall`).
    mutating func record(stall busy: String) { stalled = busy }
}
