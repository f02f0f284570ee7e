#if canImport(Glibc)
import Glibc
#endif

/// `errno` after a failed C call.
var systemErrno: Int32 { errno }

/// A C string the libraries hand back, or nil when they return NULL.
func string(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
}

/// Kernel event times, as nanoseconds on the clock the device stamps with.
enum KernelTime {
    static func nanoseconds(_ time: timeval) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_usec) * 1000
    }

    static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
