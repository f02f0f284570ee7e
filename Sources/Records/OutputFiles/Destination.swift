import SystemCalls
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

        /// Follows `path` to what it names, as the kernel would, and checks that it can be
        /// written there.
        public static func resolve(_ path: String) throws(OutputFileError) -> Destination {
            var place = try Place.find(path)
            place.close()
            return place.destination
        }
    }

    /// An output's destination as found: the directory that holds it, open (so that what is
    /// created and renamed there is in that directory, whatever is renamed above it), and its
    /// name in it. Links on the way are followed the way the kernel follows them: each
    /// relative to the directory that holds it, at most 40, and never one another user
    /// planted in a sticky directory (fs.protected_symlinks, applied whether or not this
    /// machine sets it); a link to nothing is refused rather than followed into a new file.
    struct Place {
        var destination: Destination
        /// The directory holding `name`, open; -1 for standard output and descriptors.
        var directory: Int32 = -1
        var name: String = ""
        /// The file found there, nil for a new one.
        var identity: FileIdentity?

        mutating func close() {
            if directory >= 0 { _ = Glibc.close(directory) }
            directory = -1
        }

        static func find(_ path: String) throws(OutputFileError) -> Place {
            if path == "-" { return Place(destination: .standardOutput) }
            guard !path.isEmpty else { throw OutputFileError(path: path, reason: "the file name is empty") }
            // /dev/fd/N, /dev/stdout, /proc/self/fd/N: a descriptor this process was handed
            // (a pipe, for `-o >(gzip > f)`), whose link names no file to replace. The kernel
            // reopens what it stands for.
            if Destination.isDescriptorLink(path) {
                var info = stat()
                if stat(path, &info) == 0 { try OutputFile.refuseInputs(info, for: path) }
                return Place(destination: .inPlace(path, kind: "a file descriptor"))
            }
            var directoryPath = Destination.parentDirectory(of: path)
            var name = String(Destination.lastComponent(of: path))
            var directory = try openDirectory(directoryPath, at: AT_FDCWD, for: path)
            var linkText: String?
            var found = false
            defer { if !found { _ = Glibc.close(directory) } }
            for _ in 0...40 {
                guard !name.isEmpty, name != ".", name != ".." else {
                    throw OutputFileError(path: path, reason: "is a directory; give a file name", errno: .isDirectory)
                }
                var info = stat()
                guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                    let code = errno
                    guard code == ENOENT else { throw OutputFileError(path: path, errno: Errno(rawValue: code)) }
                    if let linkText {
                        throw OutputFileError(path: path, reason: "is a symbolic link to \(linkText), which does not exist; "
                                              + "give the file's own path, or remove the link", errno: .noSuchFileOrDirectory)
                    }
                    try checkDirectory(directory, directoryPath, for: path)
                    found = true
                    return Place(destination: .replacing(file: join(directoryPath, name), existing: nil),
                                 directory: directory, name: name)
                }
                let file = join(directoryPath, name)
                switch info.st_mode & S_IFMT {
                case S_IFLNK:
                    try refusePlanted(link: info, in: directory, directoryPath, for: path)
                    let target = try readLink(name, in: directory, for: path)
                    linkText = target
                    // /dev/stdout leads to /proc/self/fd/1.
                    let targetPath = target.hasPrefix("/") ? target : join(directoryPath, target)
                    if Destination.isDescriptorLink(targetPath) {
                        var info = stat()
                        if stat(targetPath, &info) == 0 { try OutputFile.refuseInputs(info, for: path) }
                        return Place(destination: .inPlace(targetPath, kind: "a file descriptor"))
                    }
                    // Relative to the link's own directory, as the kernel reads it.
                    let next = try openDirectory(Destination.parentDirectory(of: target),
                                                 at: target.hasPrefix("/") ? AT_FDCWD : directory, for: path)
                    _ = Glibc.close(directory)
                    directory = next
                    let targetDirectory = Destination.parentDirectory(of: target)
                    directoryPath = target.hasPrefix("/") || directoryPath == "." ? targetDirectory
                        : targetDirectory == "." ? directoryPath : join(directoryPath, targetDirectory)
                    name = String(Destination.lastComponent(of: target))
                    continue
                case S_IFREG:
                    try mayWrite(name, in: directory, for: path)
                    try checkDirectory(directory, directoryPath, for: path)
                    try OutputFile.refuseInputs(info, for: path)
                    found = true
                    return Place(destination: .replacing(file: file, existing: .init(
                        permissions: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid)),
                                 directory: directory, name: name, identity: FileIdentity(info))
                case S_IFDIR:
                    throw OutputFileError(path: path, reason: "is a directory; give a file name", errno: .isDirectory)
                case S_IFSOCK:
                    throw OutputFileError(path: path, reason: "is a socket; give a file, a device or a FIFO")
                default:
                    try mayWrite(name, in: directory, for: path)
                    let kind = switch info.st_mode & S_IFMT {
                    case S_IFCHR: "a character device"
                    case S_IFBLK: "a block device"
                    default: OutputFile.fifoKind
                    }
                    found = true
                    return Place(destination: .inPlace(file, kind: kind), directory: directory, name: name,
                                 identity: FileIdentity(info))
                }
            }
            throw OutputFileError(path: path, errno: .tooManySymbolicLinkLevels)
        }

        /// `open(2)` of a directory, relative to `base`: the kernel follows the links on
        /// the way, with its own protections.
        private static func openDirectory(_ directory: String, at base: Int32, for path: String) throws(OutputFileError) -> Int32 {
            do throws(Errno) {
                return try SystemCall.retrying { openat(base, directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            } catch .noSuchFileOrDirectory {
                throw OutputFileError(path: path, reason: "the directory \(directory) does not exist", errno: .noSuchFileOrDirectory)
            } catch .notDirectory {
                throw OutputFileError(path: path, reason: "\(directory) is not a directory", errno: .notDirectory)
            } catch {
                throw OutputFileError(path: path, errno: error)
            }
        }

        /// The kernel's rule for links in sticky world-writable directories (/tmp): followed
        /// only when the follower or the directory's owner owns the link. Another user's
        /// link there may point anywhere the follower can write.
        private static func refusePlanted(link: stat, in directory: Int32, _ directoryPath: String,
                                          for path: String) throws(OutputFileError) {
            var holder = stat()
            guard fstat(directory, &holder) == 0 else { throw OutputFileError(path: path, errno: Errno(rawValue: errno)) }
            let sticky = holder.st_mode & S_ISVTX != 0 && holder.st_mode & S_IWOTH != 0
            guard sticky, link.st_uid != geteuid(), link.st_uid != holder.st_uid else { return }
            throw OutputFileError(path: path, reason: "is a symbolic link in the sticky directory \(directoryPath), owned by user "
                                  + "\(link.st_uid), not by you or the directory's owner: another user may have put it there to "
                                  + "make you write elsewhere; give another path", errno: .permissionDenied)
        }

        private static func readLink(_ name: String, in directory: Int32, for path: String) throws(OutputFileError) -> String {
            var bytes = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = bytes.withUnsafeMutableBufferPointer {
                readlinkat(directory, name, UnsafeMutableRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), $0.count - 1)
            }
            guard count >= 0 else { throw OutputFileError(path: path, errno: Errno(rawValue: errno)) }
            return String(decoding: bytes[0..<count], as: UTF8.self)
        }

        /// Whether this user may write the file itself, by the kernel's rules for the
        /// effective user: a file it could not open for writing is not replaced either.
        private static func mayWrite(_ name: String, in directory: Int32, for path: String) throws(OutputFileError) {
            guard faccessat(directory, name, W_OK, AT_EACCESS | AT_SYMLINK_NOFOLLOW) == 0 else {
                throw OutputFileError(path: path, errno: Errno(rawValue: errno))
            }
        }

        /// The directory must take the temporary file and the rename.
        private static func checkDirectory(_ directory: Int32, _ directoryPath: String, for path: String) throws(OutputFileError) {
            guard faccessat(directory, ".", W_OK | X_OK, AT_EACCESS) == 0 else {
                let code = errno
                throw OutputFileError(path: path, reason: "cannot create a file in \(directoryPath): \(Errno(rawValue: code))",
                                      errno: Errno(rawValue: code))
            }
        }

        private static func join(_ directory: String, _ name: String) -> String {
            directory == "." ? name : (directory == "/" ? "" : directory) + "/" + name
        }
    }
}

extension OutputFile.Destination {
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
