#if canImport(Glibc)
import Glibc
#endif

/// Standard input, output and error as the process was started with them. A parent may
/// start it with one closed (`actionsim run <&-`); the next descriptor opened then takes that
/// number, and a file, an epoll set or a pipe is read or written as if it were the stream
/// (`run <&-` watched its own signal pipe twice: `epoll_ctl(ADD, fd 0) failed: File exists`).
public enum StandardStreams {
    /// The streams that were closed at the start (0, 1, 2), each now open on /dev/null so
    /// that its number stays taken. Read first thing in `main`, before anything is opened.
    public static let closedAtStart: Set<Int32> = {
        var closed: Set<Int32> = []
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
            closed.insert(descriptor)
        }
        return closed
    }()

    /// Whether standard input was closed when the process started.
    public static var inputWasClosed: Bool { closedAtStart.contains(STDIN_FILENO) }
}
