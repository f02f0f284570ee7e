import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

extension OutputFile {
    /// Where an output path's bytes go: what decides between replacing a file by a rename
    /// and writing in place.
    public enum Destination: Hashable, Sendable {
        /// `-`.
        case standardOutput
        /// A regular file, new or existing, replaced whole by a rename. `file` is the path
        /// after following symbolic links (the links stay); `existing` is what the file it
        /// replaces had, nil for a new file.
        case replacing(file: String, existing: ExistingFile?)
        /// Not a regular file: opened and written where it is (`kind` says what it is).
        case inPlace(String, kind: String)

        /// What a replaced file keeps.
        public struct ExistingFile: Hashable, Sendable {
            public var permissions: mode_t
            public var owner: uid_t
            public var group: gid_t
        }

        /// Follows `path` (through symbolic links, at most 40 of them, as the kernel does)
        /// to what it names, and checks that it can be written there.
        public static func resolve(_ path: String) throws(OutputFileError) -> Destination {
            if path == "-" { return .standardOutput }
            guard !path.isEmpty else { throw OutputFileError(path: path, reason: "the file name is empty") }
            var current = path
            for _ in 0..<40 {
                // /dev/fd/N, /dev/stdout, /proc/self/fd/N: a descriptor this process was
                // handed (a pipe, for `-o >(gzip > f)`), whose link names no file to replace.
                if isDescriptorLink(current) {
                    var info = stat()
                    if stat(current, &info) == 0 { try OutputFile.refuseInputs(info, for: path) }
                    return .inPlace(current, kind: "a file descriptor")
                }
                var info = stat()
                guard lstat(current, &info) == 0 else {
                    let code = errno
                    if code == ENOENT { return try newFile(current, for: path) }
                    throw OutputFileError(path: path, errno: Errno(rawValue: code))
                }
                switch info.st_mode & S_IFMT {
                case S_IFLNK:
                    current = try linkTarget(of: current, for: path)
                case S_IFREG:
                    guard access(current, W_OK) == 0 else { throw OutputFileError(path: path, errno: Errno(rawValue: errno)) }
                    try checkDirectory(parentDirectory(of: current), for: path)
                    try OutputFile.refuseInputs(info, for: path)
                    return .replacing(file: current, existing: ExistingFile(
                        permissions: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid))
                case S_IFDIR:
                    throw OutputFileError(path: path, reason: "is a directory; give a file name", errno: .isDirectory)
                case S_IFSOCK:
                    throw OutputFileError(path: path, reason: "is a socket; give a file, a device or a FIFO")
                default:
                    guard access(current, W_OK) == 0 else { throw OutputFileError(path: path, errno: Errno(rawValue: errno)) }
                    let kind = switch info.st_mode & S_IFMT {
                    case S_IFCHR: "a character device"
                    case S_IFBLK: "a block device"
                    default: "a FIFO"
                    }
                    return .inPlace(current, kind: kind)
                }
            }
            throw OutputFileError(path: path, errno: .tooManySymbolicLinkLevels)
        }

        /// A path with nothing there yet: its directory must exist and take new files.
        private static func newFile(_ file: String, for path: String) throws(OutputFileError) -> Destination {
            let directory = parentDirectory(of: file)
            var info = stat()
            guard stat(directory, &info) == 0 else {
                let code = errno
                if code == ENOENT {
                    throw OutputFileError(path: path, reason: "the directory \(directory) does not exist", errno: .noSuchFileOrDirectory)
                }
                throw OutputFileError(path: path, errno: Errno(rawValue: code))
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw OutputFileError(path: path, reason: "\(directory) is not a directory", errno: .notDirectory)
            }
            try checkDirectory(directory, for: path)
            return .replacing(file: file, existing: nil)
        }

        /// The directory must take the temporary file and the rename.
        private static func checkDirectory(_ directory: String, for path: String) throws(OutputFileError) {
            guard access(directory, W_OK | X_OK) == 0 else {
                let code = errno
                throw OutputFileError(path: path, reason: "cannot create a file in \(directory): \(Errno(rawValue: code))",
                                      errno: Errno(rawValue: code))
            }
        }

        private static func linkTarget(of link: String, for path: String) throws(OutputFileError) -> String {
            var bytes = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(link, &bytes, bytes.count - 1)
            guard count >= 0 else { throw OutputFileError(path: path, errno: Errno(rawValue: errno)) }
            let target = String(decoding: bytes[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if target.hasPrefix("/") { return target }
            let directory = parentDirectory(of: link)
            return (directory == "/" ? "" : directory) + "/" + target
        }

        /// Whether `path` is an entry of a process's descriptor table (`/proc/<pid>/fd/N`,
        /// which `/dev/fd/N` and `/dev/stdout` lead to).
        static func isDescriptorLink(_ path: String) -> Bool {
            guard let resolved = realpath(parentDirectory(of: path), nil) else { return false }
            defer { free(resolved) }
            let directory = String(cString: resolved)
            return directory.hasPrefix("/proc/") && directory.hasSuffix("/fd")
        }

        static func parentDirectory(of path: String) -> String {
            guard let slash = path.lastIndex(of: "/") else { return "." }
            let parent = path[..<slash]
            return parent.isEmpty ? "/" : String(parent)
        }

        static func lastComponent(of path: String) -> Substring {
            guard let slash = path.lastIndex(of: "/") else { return Substring(path) }
            return path[path.index(after: slash)...]
        }
    }
}
