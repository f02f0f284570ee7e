import SystemCalls
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// A file a command writes — an export, a plot, a recorded or imported scenario, a JUnit
/// report — streamed: opened, written in chunks through a buffer, then committed (or
/// discarded). It never needs the whole document in memory.
///
/// What happens depends on what the path names, decided once when it is opened
/// (`Destination.resolve`):
/// - a new path, or an existing regular file: the bytes go to a temporary file beside it,
///   which is synced and renamed over it at `commit()`, so that a reader sees the old
///   contents or the new, never part of either. A replaced file keeps its permission bits
///   (and its owner, where the system allows).
/// - a symbolic link: the same, for the file it points to; the link stays.
/// - anything else — a character or block device, a FIFO, `/dev/fd/N` (`-o >(gzip > f)`),
///   `-` for standard output — is opened and written in place, never unlinked or renamed
///   over: as root, a rename over `/dev/null` would replace the system's null device.
///
/// Every failed or short write (a full disk, a closed pipe, an I/O error), and a failed
/// sync, close or rename, is an `OutputFileError` naming the path and the reason. The
/// temporary file is then removed and the destination left as it was. A file neither
/// committed nor discarded is discarded when it is released.
public final class OutputFile {
    /// The path as the user gave it (`-` for standard output).
    public let path: String
    public let destination: Destination
    /// Bytes handed to `write` so far.
    public private(set) var byteCount = 0

    private var descriptor: Int32
    /// The directory holding the destination, open, and the destination's name in it: the
    /// temporary file is made and renamed there, whatever is renamed above it meanwhile.
    private var place: Place
    /// The temporary file being written (its name in `place.directory`), when the
    /// destination is replaced by a rename.
    private var temporary: String?
    private var buffer: [UInt8] = []
    private var failure: OutputFileError?
    private var finished = false

    /// Writes reach the system in chunks of this size (or larger, for a large `write`).
    static let bufferCapacity = 1 << 16

    /// Opens `path` for writing: creates the temporary file beside a file to be replaced,
    /// or opens a device or FIFO in place (which waits for a FIFO's reader, as `cat > fifo` does).
    public init(_ path: String) throws(OutputFileError) {
        self.path = path
        place = try Place.find(path)
        destination = place.destination
        descriptor = -1
        switch destination {
        case .standardOutput:
            descriptor = STDOUT_FILENO
        case .inPlace(let file, _) where place.directory < 0:
            // A descriptor link (/dev/fd/N): the kernel reopens what it stands for.
            do throws(Errno) {
                descriptor = try SystemCall.retrying { open(file, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOCTTY) }
            } catch {
                place.close()
                throw OutputFileError(path: path, errno: error)
            }
        case .inPlace(_, let kind):
            // The device or FIFO found, by its name in its directory, never through a link
            // put there since; and checked to be that same file once open.
            let flags = O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW
            let isFIFO = kind == Self.fifoKind
            if isFIFO {
                // A FIFO's open waits for a reader, maybe forever: ask first without waiting,
                // and say what it waits for (a signal still ends the wait, as for `cat > fifo`).
                descriptor = openat(place.directory, place.name, flags | O_NONBLOCK)
                if descriptor >= 0 {
                    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
                } else if errno == ENXIO {
                    Self.say("\(path) is a FIFO that no program reads yet: waiting for a reader (Ctrl-C to stop)")
                }
            }
            if descriptor < 0, !isFIFO || errno == ENXIO || errno == EINTR {
                descriptor = SystemCall.retryingIgnoringFailure { openat(place.directory, place.name, flags) }
            }
            var info = stat()
            if descriptor < 0 || fstat(descriptor, &info) != 0 || FileIdentity(info) != place.identity {
                let code = descriptor < 0 ? errno : EAGAIN
                if descriptor >= 0 { close(descriptor) }
                descriptor = -1
                place.close()
                throw code == EAGAIN
                    ? OutputFileError(path: path, reason: "changed while it was being opened; try again", errno: .resourceTemporarilyUnavailable)
                    : OutputFileError(path: path, errno: Errno(rawValue: code))
            }
        case .replacing:
            do {
                (descriptor, temporary) = try Self.createTemporary(in: place, for: path)
            } catch {
                place.close()
                throw error
            }
        }
        buffer.reserveCapacity(Self.bufferCapacity)
    }

    deinit { discard() }

    /// What `Place` calls a FIFO.
    static let fifoKind = "a FIFO"

    /// A line for the person waiting, on standard error, while the output is not ready.
    private static func say(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// Checks, without opening or creating anything, that `path` could be written: its
    /// directory exists and may be written, it is not a directory or a socket. What a
    /// command that writes only at its end (`record`) asks before it starts.
    @discardableResult
    public static func check(_ path: String) throws(OutputFileError) -> Destination {
        var place = try Place.find(path)
        place.close()
        return place.destination
    }

    /// Opens, writes and commits in one call.
    public static func write(_ bytes: [UInt8], to path: String) throws(OutputFileError) {
        let file = try OutputFile(path)
        try file.write(bytes)
        try file.commit()
    }

    public static func write(_ text: String, to path: String) throws(OutputFileError) {
        let file = try OutputFile(path)
        try file.write(text)
        try file.commit()
    }

    // MARK: Writing

    public func write(_ bytes: [UInt8]) throws(OutputFileError) {
        bytes.withUnsafeBytes { _ = append($0) }
        if let failure { throw failure }
    }

    public func write(_ text: String) throws(OutputFileError) {
        var text = text
        text.withUTF8 { _ = append(UnsafeRawBufferPointer($0)) }
        if let failure { throw failure }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputFileError) {
        _ = append(bytes)
        if let failure { throw failure }
    }

    /// Buffers `bytes`, writing the buffer out when it fills. False once anything failed.
    private func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil else { return false }
        precondition(!finished, "OutputFile: write after commit() or discard()")
        byteCount += bytes.count
        if buffer.count + bytes.count < Self.bufferCapacity {
            buffer.append(contentsOf: bytes)
            return true
        }
        guard flushBuffer() else { return false }
        if bytes.count >= Self.bufferCapacity { return writeOut(bytes) }
        buffer.append(contentsOf: bytes)
        return true
    }

    private func flushBuffer() -> Bool {
        guard !buffer.isEmpty else { return failure == nil }
        let written = buffer.withUnsafeBytes { writeOut($0) }
        buffer.removeAll(keepingCapacity: true)
        return written
    }

    /// Writes every byte, or records why not. A short write is continued; a write that
    /// makes no progress is an error (EIO), as is every other: ENOSPC from a full disk or
    /// `/dev/full`, EPIPE from a pipe whose reader is gone.
    private func writeOut(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard var next = bytes.baseAddress, failure == nil else { return failure == nil }
        var left = bytes.count
        // A closed pipe would send SIGPIPE, which kills the process before it could say
        // anything: held off on this thread, and taken back if it came, so that the write
        // fails with EPIPE instead and is reported like any other error.
        let pipeSignal = PipeSignalHold()
        defer { pipeSignal.release() }
        while left > 0 {
            do throws(Errno) {
                let written = try SystemCall.retrying { Glibc.write(descriptor, next, left) }
                guard written > 0 else { throw .ioError }
                next += written
                left -= written
            } catch .resourceTemporarilyUnavailable {
                // A descriptor inherited non-blocking (a terminal or pipe another program set so).
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                SystemCall.retryingIgnoringFailure { poll(&ready, 1, -1) }
            } catch {
                failure = OutputFileError(path: path, errno: error)
                return false
            }
        }
        return true
    }

    // MARK: Ending

    /// Writes what is buffered and makes the file whole at its destination: a replaced
    /// file is synced, given the old file's permissions and renamed over it. On an error
    /// nothing is left behind and the destination is as it was.
    public func commit() throws(OutputFileError) {
        if let failure {
            discard()
            throw failure
        }
        precondition(!finished, "OutputFile: commit() after commit() or discard()")
        guard flushBuffer() else {
            discard()
            throw failure!
        }
        switch destination {
        case .standardOutput:
            finished = true
        case .inPlace:
            // A device or FIFO cannot be synced (EINVAL); a regular file behind /dev/fd/N can.
            if fsync(descriptor) != 0, ![EINVAL, EROFS, ENOTSUP, EBADF].contains(errno) {
                try fail(errno)
            }
            let closed = close(descriptor)
            descriptor = -1
            if closed != 0, errno != EINTR { try fail(errno) }
            finished = true
            place.close()
        case .replacing(_, let existing):
            guard fsync(descriptor) == 0 else { try fail(errno) }
            // An input read since the output was opened (a test's scenarios, their manifests)
            // is refused as one named before: nothing has reached the destination yet.
            var now = stat()
            if fstatat(place.directory, place.name, &now, 0) == 0 {
                do { try Self.refuseInputs(now, for: path) } catch {
                    failure = error
                    discard()
                    throw error
                }
            }
            if let existing {
                // The owner first: changing it clears set-id bits, which the mode then restores.
                if existing.owner != geteuid() || existing.group != getegid() {
                    _ = fchown(descriptor, existing.owner, existing.group)
                }
                _ = fchmod(descriptor, existing.permissions)
            }
            let closed = close(descriptor)
            descriptor = -1
            if closed != 0, errno != EINTR { try fail(errno) }
            // renameat replaces the name itself: a link put there since is replaced, not followed.
            guard let temporary, renameat(place.directory, temporary, place.directory, place.name) == 0 else { try fail(errno) }
            self.temporary = nil
            finished = true
            // The rename itself survives a power loss once the directory is synced.
            _ = fsync(place.directory)
            place.close()
        }
    }

    /// Gives up: the temporary file (if any) is removed and the destination left as it
    /// was. Bytes already written in place to a device or FIFO cannot be taken back.
    public func discard() {
        guard !finished else { return }
        finished = true
        if descriptor >= 0, descriptor != STDOUT_FILENO { close(descriptor) }
        descriptor = -1
        if let temporary { unlinkat(place.directory, temporary, 0) }
        temporary = nil
        buffer.removeAll()
        place.close()
    }

    private func fail(_ code: Int32) throws(OutputFileError) -> Never {
        failure = failure ?? OutputFileError(path: path, errno: Errno(rawValue: code))
        discard()
        throw failure!
    }

    /// A new file beside the destination, named after it and hidden
    /// (`.run.fit.actionsim-1a2b3c4d`), created with mode 0666 less the umask, as the file
    /// itself would be.
    private static func createTemporary(in place: Place, for path: String) throws(OutputFileError) -> (Int32, String) {
        guard case .replacing(let file, _) = place.destination else { preconditionFailure("a temporary file for \(place.destination)") }
        let directory = Destination.parentDirectory(of: file)
        let name = String(decoding: place.name.utf8.prefix(200), as: UTF8.self)
        var random = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let suffix = String(random.next() & 0xFFFF_FFFF, radix: 16)
            let candidate = "." + name + ".actionsim-" + suffix
            do throws(Errno) {
                let descriptor = try SystemCall.retrying {
                    openat(place.directory, candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
                }
                return (descriptor, candidate)
            } catch .fileExists {
                continue
            } catch {
                throw OutputFileError(path: path, reason: "cannot create a file in \(directory): \(error)", errno: error)
            }
        }
        throw OutputFileError(path: path, reason: "cannot create a temporary file in \(directory)", errno: .fileExists)
    }
}

/// SIGPIPE held off on the calling thread for the length of a write (see `writeOut`), so that
/// a pipe whose reader is gone fails the write with EPIPE rather than killing the process.
/// Also what `Terminal` writes standard output under.
public struct PipeSignalHold {
    private var previous = sigset_t()

    public init() {
        var pipe = Self.pipeSet
        pthread_sigmask(SIG_BLOCK, &pipe, &previous)
    }

    /// Takes back a SIGPIPE the write raised (it is pending on this thread while blocked),
    /// then restores the mask.
    public func release() {
        var pipe = Self.pipeSet
        var noWait = timespec(tv_sec: 0, tv_nsec: 0)
        var previous = self.previous
        if sigismember(&previous, SIGPIPE) == 0 {
            while sigtimedwait(&pipe, nil, &noWait) == SIGPIPE {}
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    private static var pipeSet: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGPIPE)
        return set
    }
}
