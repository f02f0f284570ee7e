import SystemCalls
#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM and SIGINT (Ctrl-C) as a request to stop, for a command without an event loop
/// (`replay`): a thread of its own waits on a `SignalPipe` and calls `onSignal` once, at
/// the first, so that the run ends where it is as if it had reached its end (T4). Later
/// signals while stopping are taken and ignored. The live loop watches its `SignalPipe`
/// itself: both go through the one handler.
public final class StopSignals: @unchecked Sendable {
    private let pipe: SignalPipe
    private var thread: OwnThread?
    private let first: UnsafeMutablePointer<Int32>
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let onSignal: @Sendable (Int32) -> Void
    private var ending = false

    /// The first signal received, if any.
    public var received: Int32? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return first.pointee == 0 ? nil : first.pointee
    }

    public init(onSignal: @escaping @Sendable (Int32) -> Void) throws(EventLoop.SystemError) {
        pipe = try SignalPipe([.interrupt, .terminate])
        first = .allocate(capacity: 1)
        first.initialize(to: 0)
        pthread_mutex_init(lock, nil)
        self.onSignal = onSignal
        do {
            thread = try OwnThread.start("actionsim signals") { [self] in watch() }
        } catch {
            pipe.close()
            throw EventLoop.SystemError(operation: "pthread_create", errno: error)
        }
    }

    private func watch() {
        while true {
            let signals = pipe.wait()
            pthread_mutex_lock(lock)
            let end = ending
            let number = signals.first.map(\.rawValue)
            let isFirst = number != nil && first.pointee == 0
            if isFirst, let number { first.pointee = number }
            pthread_mutex_unlock(lock)
            if end { return }
            if isFirst, let number { onSignal(number) }
        }
    }

    /// Stops listening and gives the signals their handling back.
    public func stop() {
        pthread_mutex_lock(lock)
        let already = ending
        ending = true
        pthread_mutex_unlock(lock)
        guard !already else { return }
        pipe.wakeWaiter()
        thread?.join()
        pipe.close()
    }

    public static func name(of signal: Int32) -> String {
        switch signal {
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        default: "signal \(signal)"
        }
    }

    deinit {
        stop()
        first.deallocate()
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }
}
