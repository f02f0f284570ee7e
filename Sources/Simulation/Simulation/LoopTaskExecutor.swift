import Synchronization

/// Runs a live run's intents on the live loop's own thread, between its wake-ups.
///
/// On Swift's global executor every intent would run on a libdispatch worker thread, and
/// once libdispatch has started one it arms a timer that checks on its pool once a second
/// for the rest of the process: a second wake-up a second in a 1 Hz session (idle cost,
/// P4). Here a job waits until the loop calls `runJobs()`, which it does in every wake-up
/// after dispatching presses; a job enqueued from another thread, or while the loop sleeps,
/// wakes the loop through `wake`. Intents do little between their sleeps (a sleep is a
/// timer on the loop, `SimulationHost.sleep`), so the loop is not held from its devices.
public final class LoopTaskExecutor: TaskExecutor, Sendable {
    private struct State {
        var jobs: [UnownedJob] = []
        /// The loop is blocked, or about to block: new work must wake it.
        var sleeping = true
        /// A wake-up is on its way: more work needs no second one.
        var wakeSent = false
        /// Something other than a job came in while the loop was awake (an intent's report).
        var signalled = false
    }

    private let state = Mutex(State())
    private let wake: @Sendable () -> Void

    /// - Parameter wake: wakes the loop (an eventfd write); called from any thread.
    public init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let mustWake = state.withLock { state in
            state.jobs.append(job)
            return Self.takeWake(&state)
        }
        if mustWake { wake() }
    }

    /// Tells the loop there is work for it other than a job: an intent reported something.
    /// Wakes it if it sleeps; if it is awake, it looks again before it sleeps.
    public func signal() {
        let mustWake = state.withLock { state in
            if !state.sleeping { state.signalled = true }
            return Self.takeWake(&state)
        }
        if mustWake { wake() }
    }

    private static func takeWake(_ state: inout State) -> Bool {
        guard state.sleeping, !state.wakeSent else { return false }
        state.wakeSent = true
        return true
    }

    /// The loop is awake: work that comes in from now on is done before it sleeps again,
    /// with no wake-up.
    public func loopWoke() {
        state.withLock { state in
            state.sleeping = false
            state.wakeSent = false
        }
    }

    /// Runs every waiting job, and the jobs they enqueue, on the calling thread (the loop's).
    /// Returns how many ran.
    @discardableResult
    public func runJobs() -> Int {
        var count = 0
        while true {
            let jobs = state.withLock { state in
                defer { state.jobs.removeAll(keepingCapacity: true) }
                return state.jobs
            }
            if jobs.isEmpty { return count }
            let executor = asUnownedTaskExecutor()
            for job in jobs { job.runSynchronously(on: executor) }
            count += jobs.count
        }
    }

    /// The loop is about to block. Returns false, and stays awake, if jobs are waiting or it
    /// was signalled since it woke: the loop goes round again first.
    public func loopWillSleep() -> Bool {
        state.withLock { state in
            guard state.jobs.isEmpty, !state.signalled else {
                state.signalled = false
                return false
            }
            state.sleeping = true
            return true
        }
    }
}
