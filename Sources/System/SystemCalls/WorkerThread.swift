import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A thread of its own that runs the jobs it is given, one at a time, in order: the replay's
/// intents (`SerialTaskExecutor`) and the session log's writer.
///
/// Not a libdispatch queue: the log's writer runs niced (see `SessionLogFile`), and
/// libdispatch's worker threads are shared between queues, also with the store's. The
/// thread starts with the first job and ends after 50 ms without one, so a worker that is
/// not used holds no thread. `sync` runs on the caller's thread once the queue is empty, as
/// `DispatchQueue.sync` does, so a caller that only ever syncs (a live run writing its log
/// inline) wakes no other thread.
public final class WorkerThread: @unchecked Sendable {
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0
    /// A job is running, on the thread or inline in `sync`.
    private var busy = false
    private var threadRunning = false
    private let name: String
    private let nice: Int32?

    /// - Parameter nice: the nice value the thread asks for, if higher than it has (a
    ///   thread may make itself nicer, not less nice).
    public init(name: String, nice: Int32? = nil) {
        self.name = name
        self.nice = nice
    }

    /// Runs `job` on the worker's thread after the jobs before it.
    public func async(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        let start = !threadRunning
        threadRunning = true
        condition.broadcast()
        condition.unlock()
        if start { OwnThread.startOrStop(name) { [self] in run() } }
    }

    /// Waits for every job given so far, then runs `body` on the calling thread, alone.
    public func sync<T>(_ body: () throws -> T) rethrows -> T {
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
        if let nice {
            // PRIO_PROCESS with 0: this thread only (Linux keeps nice values per thread).
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            if getpriority(which, 0) < nice { _ = setpriority(which, 0, nice) }
        }
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
