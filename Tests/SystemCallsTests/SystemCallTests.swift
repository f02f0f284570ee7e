import Foundation
import SystemCalls
import SystemPackage
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The one retry loop for system calls a signal interrupts, in the three shapes the C side
/// reports failure.
@Suite("System calls (EINTR and typed errors)")
struct SystemCallTests {
    @Test("A call interrupted by a signal is made again; its result comes back")
    func interruptedIsRetried() throws {
        var calls = 0
        let result = try SystemCall.retrying { () -> Int32 in
            calls += 1
            if calls < 3 { errno = EINTR; return -1 }
            return 7
        }
        #expect(result == 7)
        #expect(calls == 3)
    }

    @Test("Another failure is thrown once, as its typed Errno")
    func failureIsTyped() {
        var calls = 0
        #expect(throws: Errno.noSuchFileOrDirectory) {
            try SystemCall.retrying { () -> Int in
                calls += 1
                return open("/nonexistent/actionsim-test", O_RDONLY) == -1 ? -1 : 0
            }
        }
        #expect(calls == 1)
    }

    @Test("A call that returns its error number: EINTR retried, another error thrown")
    func returnedErrors() throws {
        var codes: [Int32] = [EINTR, EINTR, 0]
        try SystemCall.retryingReturnedError { codes.removeFirst() }
        #expect(codes.isEmpty)
        #expect(throws: Errno.resourceTemporarilyUnavailable) {
            try SystemCall.retryingReturnedError { EAGAIN }
        }
    }

    @Test("A call that returns a negated error number (libevdev): EINTR retried, its result or the typed error")
    func negatedErrors() throws {
        var results: [Int32] = [-EINTR, 1]
        #expect(try SystemCall.retryingNegatedError { results.removeFirst() } == 1)
        #expect(throws: Errno.operationNotSupportedByDevice) {
            try SystemCall.retryingNegatedError { -ENODEV }
        }
    }

    @Test("A real interrupted read: a signal without SA_RESTART lands in a blocked read, which goes on and reads the byte")
    func realSignalDuringRead() async throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in interruptions.add(1, ordering: .relaxed) }
        action.sa_flags = 0  // no SA_RESTART: the kernel ends the read with EINTR
        var previous = sigaction()
        sigaction(SIGUSR2, &action, &previous)
        defer { sigaction(SIGUSR2, &previous, nil) }

        let reader = ReaderThread()
        let (readEnd, writeEnd) = (fds[0], fds[1])
        let thread = try OwnThread.start("test reader") {
            // A thread starts with its creator's mask; Swift's executor threads block SIGUSR2.
            var usr2 = sigset_t()
            sigemptyset(&usr2)
            sigaddset(&usr2, SIGUSR2)
            pthread_sigmask(SIG_UNBLOCK, &usr2, nil)
            reader.set(pthread_self(), task: currentTask())
            var byte: UInt8 = 0
            let result = Result { () throws(Errno) -> Int in try SystemCall.retrying { read(readEnd, &byte, 1) } }
            reader.finish(result.map { $0 == 1 ? byte : 0 })
        }
        let (target, task) = reader.thread()
        // Once the reader sleeps (in its read: it does nothing else), a signal interrupts it.
        // (A read that gives up at the signal ends the reader: then nothing is left to wait for.)
        for _ in 0..<3 where reader.result == nil {
            let before = interruptions.load(ordering: .relaxed)
            while !Self.sleeps(task), reader.result == nil { sched_yield() }
            guard reader.result == nil else { break }
            pthread_kill(target, SIGUSR2)
            while interruptions.load(ordering: .relaxed) == before { sched_yield() }
        }
        var byte: UInt8 = 42
        #expect(write(writeEnd, &byte, 1) == 1)
        thread.join()
        #expect(try reader.result?.get() == 42)
    }

    /// Whether the thread `task` of this process is asleep (state S in its stat line).
    static func sleeps(_ task: String) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(task)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[close...].dropFirst(2).first == "S"
    }
}

private let interruptions = Atomic<Int>(0)

/// What the reader thread says: its pthread, then what its read returned.
private final class ReaderThread: @unchecked Sendable {
    private let lock = Mutex<((pthread_t, String)?, Result<UInt8, Errno>?)>((nil, nil))
    func set(_ thread: pthread_t, task: String) { lock.withLock { $0.0 = (thread, task) } }
    func thread() -> (pthread_t, String) {
        while true {
            if let thread = lock.withLock({ $0.0 }) { return thread }
            sched_yield()
        }
    }
    func finish(_ result: Result<UInt8, Errno>) { lock.withLock { $0.1 = result } }
    var result: Result<UInt8, Errno>? { lock.withLock { $0.1 } }
}
