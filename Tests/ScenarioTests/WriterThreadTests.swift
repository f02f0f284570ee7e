import Foundation
@testable import SessionLog
import Synchronization
import Testing

/// The session log's writer thread yields to the engine and the store (see `WriterThread`).
@Suite("The session log's writer thread (T4)")
struct WriterThreadTests {
    @Test("T4: batches are written in order on a thread of its own at nice +10 (or nicer); sync waits for them and runs on the caller's thread")
    func orderAndPriority() {
        let writer = WriterThread(name: "test log")
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
        #expect((writerThread?.nice ?? 0) >= WriterThread.nice)
    }
}
