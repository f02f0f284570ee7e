import Foundation
import SystemCalls
import Synchronization
import Testing

/// The thread the session log writes on (niced: it yields to the engine and the store) and
/// a virtual replay runs its intents on.
@Suite("Worker threads (T4, S2)")
struct WorkerThreadTests {
    @Test("T4: jobs (the log's batches) run in order on a thread of its own at the nice value asked for; sync waits for them and runs on the caller's thread")
    func orderAndPriority() {
        let writer = WorkerThread(name: "test log", nice: 10)
        let written = Mutex<[Int]>([])
        let seen = Mutex<(thread: UInt, nice: Int32)?>(nil)
        for batch in 0..<50 {
            writer.async {
                if batch == 0 { seen.withLock { $0 = (UInt(pthread_self()), getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)) } }
                usleep(200)
                written.withLock { $0.append(batch) }
            }
        }
        let (count, thread) = writer.sync { (written.withLock { $0.count }, UInt(pthread_self())) }
        #expect(count == 50, "sync ran before every batch was written")
        #expect(written.withLock { $0 } == Array(0..<50))
        #expect(thread == UInt(pthread_self()))
        let writerThread = seen.withLock { $0 }
        #expect(writerThread?.thread != thread)
        #expect((writerThread?.nice ?? 0) >= 10)
    }
}
