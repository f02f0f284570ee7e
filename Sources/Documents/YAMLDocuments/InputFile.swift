import Foundation
import SystemCalls
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// A file a command reads (a scenario, a manifest, a device profile, a steps file, the config
/// file), opened as every Unix tool opens one: symbolic links are followed, and the checks
/// are for what the path reaches (a link to a scenario was refused as "not a regular file").
/// The type is looked at before opening, so that a device is never opened (opening
/// /dev/watchdog starts it), and again on the descriptor, which is what is read.
/// Errors are in words, with the file: `no such file`, `is a directory; expected a YAML file`,
/// `cannot be read: Input/output error` (`/proc/self/mem`), never Foundation's
/// `NSCocoaErrorDomain error 256`.
public struct InputFile: ~Copyable {
    public let path: String
    public let descriptor: Int32
    /// The file's size when it was opened.
    public let size: Int

    /// Opens `path` for reading; `expected` completes "is a directory; expected …".
    public init(_ path: String, expected: String) throws(DocumentError) {
        self.path = path
        guard !path.isEmpty else { throw DocumentError("the file name is empty; expected \(expected)", file: path) }
        var info = stat()
        guard stat(path, &info) == 0 else { throw Self.error(errno, path: path, expected: expected) }
        try Self.check(info, path: path, expected: expected)
        let descriptor: Int32
        do throws(Errno) {
            descriptor = try SystemCall.retrying { open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
        } catch {
            throw Self.error(error.rawValue, path: path, expected: expected)
        }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, opened.st_dev == info.st_dev, opened.st_ino == info.st_ino else {
            close(descriptor)
            throw DocumentError("changed while it was being opened; try again", file: path)
        }
        self.descriptor = descriptor
        size = Int(opened.st_size)
    }

    deinit { close(descriptor) }

    /// Reads the whole file, refusing one larger than `limit` (checked on its size first,
    /// and again as it is read: /proc files say 0 and grow).
    public func readAll(limit: Int) throws(DocumentError) -> Data {
        if size > limit { throw Self.tooLarge(size, limit: limit, path: path) }
        var data = Data(capacity: min(size, limit) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count: Int
            do throws(Errno) {
                count = try SystemCall.retrying { chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } }
            } catch {
                throw DocumentError("cannot be read: \(error)", file: path)
            }
            if count == 0 { return data }
            data.append(contentsOf: chunk[0..<count])
            if data.count > limit { throw Self.tooLarge(data.count, limit: limit, path: path) }
        }
    }

    /// Hands the descriptor over to a `FileHandle`, which closes it.
    public consuming func handle() -> FileHandle {
        let handle = FileHandle(fileDescriptor: dup(descriptor), closeOnDealloc: true)
        return handle
    }

    private static func check(_ info: stat, path: String, expected: String) throws(DocumentError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw DocumentError("is a directory; expected \(expected)", file: path)
        // A device, FIFO or socket could block the read forever or never end (/dev/zero).
        default: throw DocumentError("is not a regular file; expected \(expected)", file: path)
        }
    }

    private static func tooLarge(_ size: Int, limit: Int, path: String) -> DocumentError {
        DocumentError("is \(size) bytes; files over \(limit >> 20) MB are refused", file: path)
    }

    private static func error(_ code: Int32, path: String, expected: String) -> DocumentError {
        switch code {
        case ENOENT: DocumentError("no such file", file: path)
        case EACCES, EPERM: DocumentError("permission denied", file: path)
        case ENAMETOOLONG: DocumentError("a name in this path is longer than the system allows (255 bytes a name, 4096 a path)", file: path)
        case ENOTDIR: DocumentError("no such file (a part of the path is not a directory)", file: path)
        case ELOOP: DocumentError("is a loop of symbolic links; expected \(expected)", file: path)
        default: DocumentError("cannot be read: \(Errno(rawValue: code))", file: path)
        }
    }
}
