import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// The one way actionsim starts a thread: a POSIX thread with a name (as `top -H` and a
/// debugger show it), an optional stack size, and a handle to wait for its end. Blocking
/// work runs here so that Swift's cooperative executor threads stay free for intents (a
/// one-CPU board has a single one).
public final class OwnThread: @unchecked Sendable {
    private var thread = pthread_t()
    private var joined = false

    private final class Start {
        let name: String
        let body: () -> Void
        init(name: String, body: @escaping () -> Void) {
            self.name = name
            self.body = body
        }
    }

    private init() {}

    deinit {
        // A thread nobody waits for gives its resources back when it ends.
        if !joined { pthread_detach(thread) }
    }

    /// Starts `body` on a new thread called `name` (the kernel keeps its first 15 bytes).
    /// - Throws: the error `pthread_create` gives (EAGAIN: no thread left for this user).
    @discardableResult
    public static func start(_ name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) throws(Errno) -> OwnThread {
        let handle = OwnThread()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
        let context = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        do throws(Errno) {
            try SystemCall.retryingReturnedError {
                pthread_create(&handle.thread, &attributes, { context in
                    let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
                    nameThisThread(start.name)
                    start.body()
                    return nil
                }, context)
            }
        } catch {
            Unmanaged<Start>.fromOpaque(context).release()
            throw error
        }
        return handle
    }

    /// Starts `body` on a thread of its own and waits for it without holding one of Swift's
    /// executor threads. A thread that cannot be started is a programming-level failure of
    /// the machine (no thread left): the process stops with the reason.
    public static func run<T: Sendable>(_ name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            startOrStop(name, stackSize: stackSize) { continuation.resume(returning: body()) }
        }
    }

    /// `run` for work that throws.
    public static func run<T: Sendable>(_ name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            startOrStop(name, stackSize: stackSize) { continuation.resume(with: Result { try body() }) }
        }
    }

    /// `start` for a caller that has no way to go on without the thread.
    @discardableResult
    public static func startOrStop(_ name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> OwnThread {
        do {
            return try start(name, stackSize: stackSize, body)
        } catch {
            fatalError("actionsim: cannot start the thread \"\(name)\": \(error)")
        }
    }

    /// Waits for the thread to end (once; later calls return at once).
    public func join() {
        guard !joined else { return }
        joined = true
        pthread_join(thread, nil)
    }
}

/// Names the calling thread as the kernel keeps it (`comm`, 15 bytes): what
/// `pthread_setname_np` does, which Swift's Glibc module leaves out.
private func nameThisThread(_ name: String) {
    let descriptor = SystemCall.retryingIgnoringFailure { open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array(name.utf8.prefix(15))
    SystemCall.retryingIgnoringFailure { bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } }
}
