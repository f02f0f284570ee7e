import Foundation

/// Runs the jobs of a virtual replay — the engine's and those of the intents it launches —
/// one at a time on one thread of its own.
///
/// A press in virtual time hands control from the engine to the intent and back several
/// times (launch, sleep on the engine's clock, wake, return). On Swift's global executor
/// each hand-over may wake another thread, about 30 µs a press on a 2-core machine: most of
/// what 600 presses added to a 10-hour replay. Here it is a queue operation. The order of
/// app work is still the engine's to decide (it waits for quiescence at every step).
///
/// The thread is started when a job arrives and given back after 50 ms without one, so an
/// executor that is no longer used holds no thread.
final class SerialTaskExecutor: TaskExecutor, @unchecked Sendable {
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var head = 0
    private var running = false

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        let start = !running
        running = true
        condition.signal()
        condition.unlock()
        if start {
            let thread = Thread { [self] in drain() }
            thread.name = "actionsim virtual time"
            thread.start()
        }
    }

    private func drain() {
        let executor = asUnownedTaskExecutor()
        while let job = next() { job.runSynchronously(on: executor) }
    }

    /// The next job, waiting up to 50 ms for one; nil (and the thread ends) if none comes.
    private func next() -> UnownedJob? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count {
            if !condition.wait(until: Date(timeIntervalSinceNow: 0.05)) && head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
                running = false
                return nil
            }
        }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        }
        return job
    }
}
