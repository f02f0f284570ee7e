import CLinuxEvents
import SystemCalls
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// The live loop's kernel side, shaped like swift-nio's `SelectorEpoll`: one epoll set, one
/// timerfd for the earliest deadline, one eventfd other threads write to wake the loop, and
/// the signal pipe. `wait()` blocks in `epoll_wait` with no timeout, so when nothing is due
/// the process makes no wake-ups at all.
public final class EventLoop {
    /// What woke the loop.
    public enum Wake: Hashable, Sendable {
        case readable(Int32)
        case timer
        case woken
        case signal
    }

    public struct SystemError: Error, CustomStringConvertible {
        public var operation: String
        public var errno: Errno
        public init(operation: String, errno: Errno) {
            self.operation = operation
            self.errno = errno
        }
        /// The error the C library left in `errno` just now.
        public init(operation: String) {
            self.init(operation: operation, errno: Errno(rawValue: Glibc.errno))
        }
        public var description: String { "\(operation) failed: \(errno)" }
    }

    private let epoll: Int32
    private let timer: Int32
    private let wakeup: Int32
    private let signals: SignalPipe
    /// The absolute `CLOCK_MONOTONIC` time the timer is set for (nil: disarmed).
    public private(set) var armedDeadline: Int64?
    private var watched: Set<Int32> = []
    /// Descriptors epoll refuses (EPERM: a regular file, `/dev/null`), which poll(2) counts
    /// as always ready: standard input redirected from a file is read at once.
    private var alwaysReady: Set<Int32> = []
    private var events = [epoll_event](repeating: epoll_event(), count: 32)
    /// How many times `epoll_wait` returned: the idle test reads it.
    public private(set) var wakeCount = 0

    public init(signals: SignalPipe) throws(SystemError) {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw SystemError(operation: "epoll_create1") }
        timer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard timer >= 0 else { throw SystemError(operation: "timerfd_create") }
        wakeup = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wakeup >= 0 else { throw SystemError(operation: "eventfd") }
        self.signals = signals
        try add(timer)
        try add(wakeup)
        try add(signals.readDescriptor)
    }

    deinit {
        close(timer)
        close(wakeup)
        close(epoll)
    }

    /// Watches `descriptor` for input.
    public func watch(_ descriptor: Int32) throws(SystemError) {
        guard !watched.contains(descriptor), !alwaysReady.contains(descriptor) else { return }
        do {
            try add(descriptor)
            watched.insert(descriptor)
        } catch where error.errno == .notPermitted {
            alwaysReady.insert(descriptor)
        }
    }

    /// Stops watching (before the descriptor is closed, or after it vanished).
    public func unwatch(_ descriptor: Int32) {
        alwaysReady.remove(descriptor)
        guard watched.remove(descriptor) != nil else { return }
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, descriptor, nil)
    }

    /// Forgets every watched device descriptor. After descriptors were closed and opened
    /// again, a number may be reused for a new file that epoll does not know yet.
    public func unwatchAll() {
        for descriptor in watched { _ = epoll_ctl(epoll, EPOLL_CTL_DEL, descriptor, nil) }
        watched.removeAll()
        alwaysReady.removeAll()
    }

    /// Makes the set of watched device descriptors exactly `descriptors`.
    public func watchOnly(_ descriptors: Set<Int32>) throws(SystemError) {
        for gone in watched.union(alwaysReady).subtracting(descriptors) { unwatch(gone) }
        for new in descriptors.subtracting(watched).subtracting(alwaysReady) { try watch(new) }
    }

    private func add(_ descriptor: Int32) throws(SystemError) {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = descriptor
        guard epoll_ctl(epoll, EPOLL_CTL_ADD, descriptor, &event) == 0 else {
            throw SystemError(operation: "epoll_ctl(ADD, fd \(descriptor))")
        }
    }

    /// Sets the timer for an absolute `CLOCK_MONOTONIC` time, or disarms it. Like NIO, the
    /// kernel is only told when the deadline changes.
    public func arm(at deadline: Int64?) {
        guard deadline != armedDeadline else { return }
        armedDeadline = deadline
        var spec = itimerspec()
        if let deadline {
            // 0 would disarm: a deadline already past fires at the next nanosecond.
            let target = max(deadline, 1)
            spec.it_value.tv_sec = Int(target / 1_000_000_000)
            spec.it_value.tv_nsec = Int(target % 1_000_000_000)
        }
        _ = timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }

    /// The nice value `raiseThreadPriority()` asks for.
    public static let preferredNice: Int32 = -10

    /// Asks for `preferredNice` for the calling thread (Linux keeps nice values per thread;
    /// threads it starts later inherit it). A busy machine then preempts the loop less: the
    /// kernel's evdev buffer holds 64 events, 32 ms at 1,000 edges a second, and a loop kept
    /// off the CPU longer loses events (SYN_DROPPED). Allowed for root and for users whose
    /// RLIMIT_NICE permits it (limits.conf: `@actionsim - nice -10`). Returns the nice value
    /// the thread has afterwards.
    public static func raiseThreadPriority() -> Int32 {
        // PRIO_PROCESS with 0: the calling thread.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, preferredNice)
        errno = 0
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    /// A file descriptor other threads write to wake the loop (see `wake()`).
    public var wakeDescriptor: Int32 { wakeup }

    /// Wakes the loop from any thread: async-signal-safe and lock-free.
    public static func wake(_ descriptor: Int32) {
        var one: UInt64 = 1
        _ = write(descriptor, &one, 8)
    }

    /// Blocks until something is ready, and says what.
    public func wait() throws(SystemError) -> [Wake] {
        let count: Int32
        let timeout: Int32 = alwaysReady.isEmpty ? -1 : 0
        do throws(Errno) {
            count = try SystemCall.retrying { events.withUnsafeMutableBufferPointer { epoll_wait(epoll, $0.baseAddress!, Int32($0.count), timeout) } }
        } catch {
            throw SystemError(operation: "epoll_wait", errno: error)
        }
        wakeCount += 1
        var result: [Wake] = alwaysReady.sorted().map { .readable($0) }
        for event in events.prefix(Int(count)) {
            let descriptor = event.data.fd
            if descriptor == timer {
                var expirations: UInt64 = 0
                _ = read(timer, &expirations, 8)
                // The deadline passed: the caller re-arms from the engine's new deadline.
                armedDeadline = nil
                result.append(.timer)
            } else if descriptor == wakeup {
                var value: UInt64 = 0
                _ = read(wakeup, &value, 8)
                result.append(.woken)
            } else if descriptor == signals.readDescriptor {
                result.append(.signal)
            } else {
                result.append(.readable(descriptor))
            }
        }
        return result
    }
}
