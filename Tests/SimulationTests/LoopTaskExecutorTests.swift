import Foundation
import Simulation
import Synchronization
import Testing

/// A live run's intents run on the live loop's thread, so that a 1 Hz session wakes the
/// process once a second and no more (P4's idle cost); `make bench` measures the wake-ups.
@Suite("Live intents on the loop's thread (P4)")
struct LoopTaskExecutorTests {
    @Test("P4: an intent's jobs wait for the loop and run on its thread; the loop is woken once, only while it sleeps")
    func jobsRunOnTheLoop() async {
        let wakes = Mutex(0)
        let executor = LoopTaskExecutor(wake: { wakes.withLock { $0 += 1 } })
        let steps = Mutex<[String]>([])
        let threads = Mutex<Set<UInt>>([])
        func note(_ step: String) {
            steps.withLock { $0.append(step) }
            threads.withLock { _ = $0.insert(UInt(pthread_self())) }
        }
        let intent = Task(executorPreference: executor) {
            note("started")
            await Task.yield()
            note("resumed")
        }
        // Nothing runs until the loop asks; the loop, asleep, was woken once.
        #expect(steps.withLock { $0 } == [])
        #expect(wakes.withLock { $0 } == 1)

        executor.loopWoke()
        let loopThread = UInt(pthread_self())
        #expect(executor.runJobs() >= 2, "the job the first one enqueued runs in the same call")
        #expect(steps.withLock { $0 } == ["started", "resumed"])
        #expect(threads.withLock { $0 } == [loopThread])
        #expect(wakes.withLock { $0 } == 1, "jobs enqueued while the loop is awake need no wake-up")
        await intent.value
    }

    @Test("P4: a report while the loop is awake keeps it from sleeping once; while it sleeps, wakes it")
    func reportsWakeTheLoop() {
        let wakes = Mutex(0)
        let executor = LoopTaskExecutor(wake: { wakes.withLock { $0 += 1 } })
        executor.loopWoke()
        executor.signal()
        #expect(wakes.withLock { $0 } == 0)
        #expect(!executor.loopWillSleep(), "the loop goes round again to apply the report")
        #expect(executor.loopWillSleep())
        executor.signal()
        executor.signal()
        #expect(wakes.withLock { $0 } == 1, "one wake-up is enough until the loop has woken")
    }
}
