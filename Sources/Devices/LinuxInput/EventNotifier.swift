import CLinuxEvents
#if canImport(Glibc)
import Glibc
#endif

/// An eventfd(2) that other threads signal and the live loop watches like a device: how
/// work handed over from another thread (the web page's button edges) reaches the loop
/// through epoll, with no polling and no wake-up while nobody signals.
public final class EventNotifier: Sendable {
    /// The descriptor to watch for input.
    public let descriptor: Int32

    /// Creates the eventfd (non-blocking, close-on-exec).
    public init() throws(EventLoop.SystemError) {
        let fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard fd >= 0 else { throw EventLoop.SystemError(operation: "eventfd") }
        descriptor = fd
    }

    deinit { Glibc.close(descriptor) }

    /// Makes the descriptor readable (from any thread; lock-free).
    public func signal() {
        var one: UInt64 = 1
        _ = write(descriptor, &one, 8)
    }

    /// Clears it; returns whether it had been signalled.
    @discardableResult
    public func drain() -> Bool {
        var value: UInt64 = 0
        return read(descriptor, &value, 8) == 8
    }
}
