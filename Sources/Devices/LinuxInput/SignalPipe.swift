import SystemCalls
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT, SIGTERM, SIGHUP, SIGTSTP and SIGCONT as bytes on a pipe the event loop watches
/// (the self-pipe trick, equivalent to a signalfd). A signalfd needs the signals blocked in every thread,
/// and Swift's executor threads exist before we could block them; a handler that only
/// writes a byte works whichever thread the kernel picks.
public final class SignalPipe {
    public enum Signal: Int32, CaseIterable, Sendable {
        case interrupt = 2   // SIGINT
        case hangup = 1      // SIGHUP
        case terminate = 15  // SIGTERM
        /// Ctrl-Z: the loop gives the terminal back, then stops the process (`stopProcess()`).
        case stop = 20       // SIGTSTP
        /// `fg` or `bg` after any stop, SIGSTOP included.
        case `continue` = 18 // SIGCONT
    }

    public let readDescriptor: Int32
    private let writeDescriptor: Int32
    private var previous: [Int32: sigaction] = [:]
    private var previousMask = sigset_t()

    /// Installs the handlers and unblocks the signals in the calling thread, the one that
    /// runs the loop. A signal mask survives exec: a parent that spawns us from a thread with
    /// everything blocked (Foundation's `Process`, called from Swift's executor, does) would
    /// otherwise leave SIGTERM pending for good. Only one `SignalPipe` may exist at a time.
    /// Signals not in `signals` keep their handling.
    public init(_ signals: [Signal] = Signal.allCases) throws(EventLoop.SystemError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw EventLoop.SystemError(operation: "pipe") }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
        signalPipeWriteDescriptor = writeDescriptor
        for signal in signals {
            var old = sigaction()
            Self.install(signal.rawValue, previous: &old)
            previous[signal.rawValue] = old
        }
        var wanted = sigset_t()
        sigemptyset(&wanted)
        for signal in signals { sigaddset(&wanted, signal.rawValue) }
        pthread_sigmask(SIG_UNBLOCK, &wanted, &previousMask)
    }

    private static func install(_ number: Int32, previous: UnsafeMutablePointer<sigaction>?) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            let saved = errno
            _ = write(signalPipeWriteDescriptor, &byte, 1)
            errno = saved
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(number, &action, previous)
    }

    /// Stops the process as Ctrl-Z does when nobody handles it, and returns once it is
    /// continued (`fg`, `bg`, SIGCONT). The caller gives the terminal back first. The signal
    /// goes to this thread (`raise`), so the stop happens before the call returns; the kernel
    /// ignores it in a process group no shell controls (an orphaned one), and then this
    /// returns at once.
    public func stopProcess() {
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        Self.install(SIGTSTP, previous: nil)
    }

    /// Puts the previous handlers and signal mask back and closes the pipe.
    public func close() {
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        for (number, var old) in previous { sigaction(number, &old, nil) }
        previous.removeAll()
        Glibc.close(readDescriptor)
        Glibc.close(writeDescriptor)
        signalPipeWriteDescriptor = -1
    }

    /// Wakes a `wait()` in another thread, which then returns no signals: how a thread that
    /// waits for signals is told to end.
    public func wakeWaiter() {
        var byte: UInt8 = 0
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Blocks until a signal arrives or `wakeWaiter()` is called; returns the signals (empty
    /// for a wake-up).
    public func wait() -> [Signal] {
        var entry = pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)
        SystemCall.retryingIgnoringFailure { poll(&entry, 1, -1) }
        return take()
    }

    /// The signals that arrived since the last call, in order.
    public func take() -> [Signal] {
        var result: [Signal] = []
        var buffer = [UInt8](repeating: 0, count: 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readDescriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            result += buffer.prefix(count).compactMap { Signal(rawValue: Int32($0)) }
        }
        return result
    }
}

/// Read by the signal handler, which can capture nothing. Set before the handlers are
/// installed and cleared after they are removed.
nonisolated(unsafe) private var signalPipeWriteDescriptor: Int32 = -1
