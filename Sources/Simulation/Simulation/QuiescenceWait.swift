/// How long app work has made no progress, for the stall watchdog: a pure value handed
/// readings of monotonic time and of the CPU time the whole process has used.
///
/// Progress, not wall time: a busy machine (a shared CI runner, tests running beside) may
/// leave app work waiting for a CPU for a long while, and that is not a stall. Only the
/// stretches in which the process used almost no CPU time count: app work that waits on
/// anything but the engine's clock (real time, a lock, a task never resumed) leaves the
/// process idle. Work that spins forever is caught by a cap of `wallCapFactor` times the
/// limit of wall time, far beyond what any step takes on a slow machine.
public struct StallClock: Sendable, Equatable {
    /// A reading of the two clocks: monotonic time and the process's CPU time, in nanoseconds.
    public struct Progress: Equatable, Sendable {
        public var wall: Int64
        public var cpu: Int64
        /// The idle time of the whole machine, all its CPUs together, in nanoseconds (nil
        /// where it cannot be read): whether there was a CPU to be had at all.
        public var machineIdle: Int64?

        public init(wall: Int64, cpu: Int64, machineIdle: Int64? = nil) {
            self.wall = wall
            self.cpu = cpu
            self.machineIdle = machineIdle
        }
    }

    /// An interval counts as progress when the process used at least this share of one CPU
    /// in it (one part in `busyShare`).
    public static let busyShare: Int64 = 10
    /// Past this many limits of wall time, a wait is a stall however busy the process was
    /// (work that spins, or is starved for many minutes), and never before `wallCapFloor`:
    /// a test's short limit (200 ms) must not make a loaded machine's slowness a stall.
    public static let wallCapFactor: Int64 = 10
    public static let wallCapFloor: Int64 = 60_000_000_000

    public let limit: Int64
    private let began: Progress
    private var last: Progress
    /// Idle time counted since the process last made progress (ns).
    public private(set) var idle: Int64 = 0

    public init(limit: Int64, now: Progress) {
        self.limit = limit
        began = now
        last = now
    }

    /// Takes the reading `now`; returns whether the wait is a stall.
    ///
    /// An interval in which the process used under a tenth of a CPU counts as idle only if
    /// the machine had a CPU to give it (at least half of one idle on average): a process
    /// starved by others (a busy CI runner, the tests' own child processes) is waiting for a
    /// CPU, not stalled, and such an interval neither counts nor starts the count again.
    public mutating func advance(to now: Progress) -> Bool {
        let wall = max(0, now.wall &- last.wall)
        let cpu = max(0, now.cpu &- last.cpu)
        let spare = now.machineIdle.flatMap { current in last.machineIdle.map { max(0, current &- $0) } }
        last = now
        if cpu &* Self.busyShare >= wall {
            idle = 0
        } else if spare.map({ $0 &* 2 >= wall }) ?? true {
            idle = idle &+ wall
        }
        let cap = max(limit.multipliedReportingOverflow(by: Self.wallCapFactor).partialValue, Self.wallCapFloor)
        return idle >= limit || now.wall &- began.wall >= cap
    }
}

/// The driver's wait for quiescence (all app work finished or asleep on the engine's clock),
/// and its watchdog: once app work has made no progress for the stall limit (`StallClock`),
/// the wait ends as a stall, saying what was still busy. One waiter at a time: the engine's
/// one driver.
///
/// A value inside `HostState`, under the host's one lock: the waiter is resumed by whoever
/// makes the watch quiescent (a sleep, a finished task, an ended lease), in the same step.
struct QuiescenceWait {
    private var waiter: CheckedContinuation<Void, Never>?
    /// The current wait's stall clock, when it has a limit.
    private var stallClock: StallClock?
    /// The watchdog gave up on the last waiter: what was still busy then.
    private var stalled: String?
    private var watchdogRunning = false

    /// What the watchdog found at one of its checks.
    enum Check {
        /// No one waits with a limit: the watchdog stops.
        case stop
        /// No stall yet: check again later.
        case goOn
        /// The limit passed: the waiter, to resume.
        case stalled(CheckedContinuation<Void, Never>)
    }

    /// Makes `continuation` the waiter, with a stall limit (ns) or none, at the reading
    /// `now`; returns whether the watchdog must be started (it is not running yet).
    mutating func wait(_ continuation: CheckedContinuation<Void, Never>, limit: Int64?, now: StallClock.Progress) -> Bool {
        waiter = continuation
        stallClock = limit.map { StallClock(limit: $0, now: now) }
        guard limit != nil else { return false }
        stalled = nil
        defer { watchdogRunning = true }
        return !watchdogRunning
    }

    /// Takes the waiter, to be resumed (the watch is quiescent, or the wait was cancelled).
    mutating func takeWaiter() -> CheckedContinuation<Void, Never>? {
        defer {
            waiter = nil
            stallClock = nil
        }
        return waiter
    }

    /// What was still busy when the watchdog gave up on the last wait, if it did; once.
    mutating func takeStall() -> String? {
        defer { stalled = nil }
        return stalled
    }

    /// The watchdog's check at the reading `now`. On a stall, the caller records what was
    /// busy (`record(stall:)`) under the same lock.
    mutating func check(at now: StallClock.Progress) -> Check {
        guard waiter != nil, stallClock != nil else {
            watchdogRunning = false
            return .stop
        }
        guard stallClock!.advance(to: now), let waiter = takeWaiter() else { return .goOn }
        watchdogRunning = false
        return .stalled(waiter)
    }

    /// The wait ended as a stall: what was still busy, for the waiter (`takeStall`).
    mutating func record(stall busy: String) { stalled = busy }
}
