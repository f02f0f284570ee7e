import SystemPackage

/// Why an output file could not be written, said so that a user can act on it:
/// `cannot write /no/such/dir/run.fit: the directory /no/such/dir does not exist`.
public struct OutputFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The destination as the user named it (`standard output` for `-`).
    public var path: String
    /// What went wrong, in words: `No space left on device`, `is a directory; give a file name`.
    public var reason: String
    /// The system's error number behind it, if there was one (ENOSPC, EPIPE, EIO, ...).
    public var errno: Errno?

    public init(path: String, reason: String, errno: Errno? = nil) {
        self.path = OutputFileError.displayName(path)
        self.reason = reason
        self.errno = errno
    }

    /// The system's own words for an error number: `No space left on device`.
    public init(path: String, errno: Errno) {
        self.init(path: path, reason: errno.description, errno: errno)
    }

    public var description: String { "cannot write \(path): \(reason)" }

    static func displayName(_ path: String) -> String { path == "-" ? "standard output" : path }
}
