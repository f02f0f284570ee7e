import CLinuxEvents
#if canImport(Glibc)
import Glibc
#endif

/// The main dispatch queue, driven by a loop that owns the main thread instead of
/// `dispatchMain()`: what runs `@MainActor` code (an app's `@MainActor func perform()`).
/// libdispatch signals an eventfd when work is queued for the main thread; the loop watches
/// it, and when it is readable, drains the queue on the main thread, as CoreFoundation's run
/// loop does on Linux.
public enum MainDispatchQueue {
    /// The eventfd to watch; valid for the life of the process.
    public static let descriptor: Int32 = _dispatch_get_main_queue_handle_4CF()

    /// Whether the calling thread is the process's main thread (the one `main` runs on).
    public static var isMainThread: Bool { actionsim_is_main_thread() != 0 }

    /// Runs the work queued for the main thread. Call it on the main thread only, when the
    /// descriptor was readable.
    public static func drain() {
        var count: eventfd_t = 0
        _ = eventfd_read(descriptor, &count)
        _dispatch_main_queue_callback_4CF(nil)
    }

    /// Serves the main queue on the main thread for good: what `dispatchMain()` does, without
    /// ending the main thread. `dispatchMain()` ends it with `pthread_exit`, whose unwinding
    /// first sorts every frame description of the executable: 150 ms of CPU in the static
    /// one, before a command that awaits (`replay`, `sessions`, `test`) did anything.
    public static func serveForever() -> Never {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            if poll(&watched, 1, -1) > 0 { drain() }
        }
    }
}
