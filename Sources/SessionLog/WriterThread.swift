import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The session log's writer: a thread of its own that runs the jobs it is given in order,
/// at a lower priority than the rest of the process.
///
/// In a replay the engine, the log and the store are three busy threads on what is often
/// two cores, and the replay is done only when the store has committed its last row: the
/// store is the critical path, and at equal priority the scheduler gave it two thirds of
/// a core while the log took its share. The log has room to wait (batches queue up behind
/// it) and nothing waits for it until the run closes it, so its thread is niced and runs
/// on what the engine and the store leave. (A libdispatch queue cannot be niced: its
/// worker threads are shared, also with the store's queue.)
///
/// The thread starts with the first job and ends after 50 ms without one, so a log that is
/// not written holds no thread. `sync` runs on the caller's thread once the queue is empty,
/// as `DispatchQueue.sync` does, so a live run that writes inline wakes no other thread.
final class WriterThread: @unchecked Sendable {
    /// The nice value the thread asks for: well below the engine and the store.
    static let nice: Int32 = 10

    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0
    /// A job is running, on the thread or inline in `sync`.
    private var busy = false
    private var threadRunning = false
    private let name: String

    init(name: String) { self.name = name }

    /// Runs `job` on the writer's thread after the jobs before it.
    func async(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        let start = !threadRunning
        threadRunning = true
        condition.broadcast()
        condition.unlock()
        if start {
            let thread = Thread { [self] in run() }
            thread.name = name
            thread.start()
        }
    }

    /// Waits for every job given so far, then runs `body` on the calling thread, alone.
    func sync<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        while busy || head < jobs.count { condition.wait() }
        busy = true
        condition.unlock()
        defer {
            condition.lock()
            busy = false
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    private func run() {
        // PRIO_PROCESS with 0: this thread only (Linux keeps nice values per thread). Never
        // raised: a process already nicer than this stays as nice.
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        if getpriority(which, 0) < Self.nice { _ = setpriority(which, 0, Self.nice) }
        while let job = next() {
            job()
            condition.lock()
            busy = false
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The next job, marked busy; nil (and the thread ends) after 50 ms without one.
    private func next() -> (@Sendable () -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        while busy || head == jobs.count {
            if !condition.wait(until: Date(timeIntervalSinceNow: 0.05)), !busy, head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
                threadRunning = false
                return nil
            }
        }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        }
        busy = true
        return job
    }
}
