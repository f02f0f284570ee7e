import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// The one way actionsim makes a system call that a signal may interrupt: the call is made
/// again after EINTR, and a failure comes back as swift-system's typed `Errno`, never as a
/// bare `errno` read later. The three conventions of the C side each have their form.
public enum SystemCall {
    /// A call that returns -1 (any negative value) and sets `errno` on failure: `open`,
    /// `read`, `write`, `poll`, `epoll_wait`. Returns its non-negative result.
    @inlinable
    public static func retrying<Result: SignedInteger & FixedWidthInteger>(_ call: () -> Result) throws(Errno) -> Result {
        while true {
            let result = call()
            if result >= 0 { return result }
            let code = errno
            if code != EINTR { throw Errno(rawValue: code) }
        }
    }

    /// A call that returns its error number (0 on success): `clock_nanosleep`,
    /// `pthread_create`.
    @inlinable
    public static func retryingReturnedError(_ call: () -> Int32) throws(Errno) {
        while true {
            let code = call()
            if code == 0 { return }
            if code != EINTR { throw Errno(rawValue: code) }
        }
    }

    /// A call that returns a negated error number on failure (libevdev): returns its
    /// non-negative result.
    @inlinable
    public static func retryingNegatedError(_ call: () -> Int32) throws(Errno) -> Int32 {
        while true {
            let result = call()
            if result >= 0 { return result }
            if result != -EINTR { throw Errno(rawValue: -result) }
        }
    }

    /// A call whose failure is not interesting beyond a retry (closing a wake-up pipe's
    /// write, a best-effort poll): made again after EINTR, its result returned as is.
    @inlinable
    @discardableResult
    public static func retryingIgnoringFailure<Result: SignedInteger & FixedWidthInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}
