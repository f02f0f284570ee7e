import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

extension OutputFile {
    /// Makes a directory and any missing parents (`mkdir -p`), for the files a run writes
    /// there (its log, its store). An error says which part failed, in the system's words
    /// (`/dev/null is not a directory`, `Permission denied`), never as Foundation's
    /// `NSCocoaErrorDomain error 512`.
    public static func createDirectories(_ path: String) throws(OutputFileError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw OutputFileError(path: path, reason: "\(path) is not a directory", errno: .notDirectory)
            }
            return
        }
        let parent = Destination.parentDirectory(of: path)
        if parent != path, parent != ".", parent != "/" { try createDirectories(parent) }
        if mkdir(path, 0o777) != 0, errno != EEXIST {
            throw OutputFileError(path: path, errno: Errno(rawValue: errno))
        }
    }
}
