import Synchronization
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

extension OutputFile {
    /// Says that this command reads `path` (a scenario, a recording, the session store, its
    /// session log), so that no output replaces it: `plot 1 -o actionsim.sqlite` in the
    /// data folder replaced the store with a picture, `import-evemu rec.evemu -o rec.evemu`
    /// the recording. Files are told apart by device and inode, so a hard link, a symbolic
    /// link or `..` in the path does not get past. `role` names it in the error: "the
    /// session store this command reads".
    ///
    /// Files this process has open are refused too, whether or not they were named here
    /// (the store's `-wal` and `-shm`, a log being written, standard input).
    public static func readsInput(_ path: String, as role: String) {
        var info = stat()
        let identity = stat(path, &info) == 0 ? FileIdentity(info) : nil
        CommandInputs.shared.withLock { $0.append(.init(path: path, role: role, identity: identity)) }
    }

    /// What a file is, whatever path reaches it.
    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// The command's inputs as named: each is looked at again when an output is checked,
    /// since a store or a log may have been created since it was named.
    struct CommandInputs {
        static let shared = Mutex<[CommandInputs]>([])

        var path: String
        var role: String
        var identity: FileIdentity?
    }

    /// Refuses to write over `info`'s file (the destination as it stands) when it is one of
    /// the command's inputs or a file the process has open. `path` is the output as given.
    static func refuseInputs(_ info: stat, for path: String) throws(OutputFileError) {
        guard info.st_mode & S_IFMT == S_IFREG else { return }
        let wanted = FileIdentity(info)
        let inputs = CommandInputs.shared.withLock { $0 }
        for input in inputs {
            var now = stat()
            let current = stat(input.path, &now) == 0 ? FileIdentity(now) : nil
            if input.identity == wanted || current == wanted {
                throw OutputFileError(path: path, reason: "it is \(input.role) (\(input.path)); give another file name",
                                      errno: .fileExists)
            }
        }
        if let open = openFile(wanted) {
            throw OutputFileError(path: path, reason: "it is \(open), which this command has open; give another file name",
                                  errno: .fileExists)
        }
    }

    /// The path of a file this process holds open (standard output and error aside: where
    /// the shell sends them is the user's choice) that is `wanted`, if any.
    private static func openFile(_ wanted: FileIdentity) -> String? {
        guard let directory = opendir("/proc/self/fd") else { return nil }
        defer { closedir(directory) }
        let own = dirfd(directory)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let descriptor = Int32(name), descriptor != own, descriptor != STDOUT_FILENO, descriptor != STDERR_FILENO
            else { continue }
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, FileIdentity(info) == wanted else { continue }
            var bytes = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = bytes.withUnsafeMutableBufferPointer {
                readlink("/proc/self/fd/\(descriptor)", UnsafeMutableRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), $0.count - 1)
            }
            return count > 0 ? String(decoding: bytes[0..<count], as: UTF8.self) : "file descriptor \(descriptor)"
        }
        return nil
    }
}
