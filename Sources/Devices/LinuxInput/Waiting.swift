import SystemCalls
#if canImport(Glibc)
import Glibc
#endif

/// The waits the live path makes outside the event loop, each resumed after a signal
/// (EINTR) here, so that no caller retries by hand.
public enum Waiting {
    /// Whether a read of `descriptor` would return at once (input waiting, or its end).
    public static func isReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return SystemCall.retryingIgnoringFailure { poll(&entry, 1, 0) } > 0
    }

    /// Blocks until a read of `descriptor` would return at once.
    public static func untilReadable(_ descriptor: Int32) {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        SystemCall.retryingIgnoringFailure { poll(&entry, 1, -1) }
    }

    /// Sleeps until `deadline` on `CLOCK_MONOTONIC` (ns), the kernel's input clock.
    public static func sleep(untilMonotonic deadline: Int64) {
        var target = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        try? SystemCall.retryingReturnedError { clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) }
    }
}
