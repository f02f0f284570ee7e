import Glibc
import SystemPackage

/// Files and links a command writes as one: a package folder (`init-package`). Everything is
/// first written into a staging folder (inside the destination folder, or beside it when
/// there is none yet), each file through `OutputFile`; only once all of it is written is it
/// renamed into place. A write that fails (a full disk, a file size limit, a folder that may
/// not be written) leaves the destination as it was, removes what was staged, and names the
/// path it could not write.
public struct OutputTree: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case file(String)
        /// A symbolic link holding this destination. It replaces a link, never a file or folder.
        case link(String)
    }

    public struct Entry: Sendable, Equatable {
        /// Where, relative to the tree's folder.
        public var path: String
        public var content: Content
        /// Written only if this path (relative to the tree's folder) is not there yet: a
        /// starter file the user may have changed since.
        public var unlessPresent: String?

        public init(_ path: String, _ content: Content, unlessPresent: String? = nil) {
            self.path = path
            self.content = content
            self.unlessPresent = unlessPresent
        }
    }

    public var entries: [Entry]
    /// Paths (relative) removed once the entries are in place, if they are there: what an
    /// earlier write made and this one does not.
    public var removing: [String]

    public init(entries: [Entry], removing: [String] = []) {
        self.entries = entries
        self.removing = removing
    }

    /// The staging folder's name, inside the destination (or beside it, with its name after).
    static let stagingName = ".actionsim-staging"

    /// Writes the tree into `root` (created if missing), shown as `shownAs` in errors.
    public func write(to root: String, shownAs: String? = nil) throws(OutputFileError) {
        let shown = shownAs ?? root
        func shownPath(_ relative: String) -> String { shown.hasSuffix("/") ? shown + relative : shown + "/" + relative }
        let rootExists = Self.kind(of: root) == S_IFDIR
        if !rootExists, Self.kind(of: root) != nil {
            throw OutputFileError(path: shown, reason: "is not a folder", errno: .notDirectory)
        }
        let applying = entries.filter { entry in
            guard rootExists, let unless = entry.unlessPresent else { return true }
            return Self.kind(of: root + "/" + unless) == nil
        }
        if rootExists {
            for entry in applying {
                let kind = Self.kind(of: root + "/" + entry.path)
                switch entry.content {
                case .link where kind != nil && kind != S_IFLNK:
                    throw OutputFileError(path: shownPath(entry.path), reason: "is there and is not a link this command made; move it aside")
                case .file where kind == S_IFDIR:
                    throw OutputFileError(path: shownPath(entry.path), reason: "is a folder; move it aside", errno: .isDirectory)
                default: break
                }
            }
        }
        let parent = OutputFile.Destination.parentDirectory(of: root)
        let stage = rootExists ? root + "/" + Self.stagingName
            : parent + "/" + Self.stagingName + "-" + String(root.split(separator: "/").last ?? "tree")
        Self.remove(stage)
        do throws(OutputFileError) {
            if !rootExists, parent != ".", parent != "/" {
                do throws(OutputFileError) { try OutputFile.createDirectories(parent) } catch { throw OutputFileError(path: shown, reason: error.reason, errno: error.errno) }
            }
            for entry in applying {
                let staged = stage + "/" + entry.path
                do throws(OutputFileError) {
                    try OutputFile.createDirectories(OutputFile.Destination.parentDirectory(of: staged))
                    switch entry.content {
                    case .file(let text):
                        try OutputFile.write(text, to: staged)
                    case .link(let destination):
                        if symlink(destination, staged) != 0 { throw OutputFileError(path: staged, errno: Errno(rawValue: errno)) }
                    }
                } catch {
                    throw OutputFileError(path: shownPath(entry.path), reason: error.reason, errno: error.errno)
                }
            }
            if !rootExists {
                if rename(stage, root) != 0 { throw OutputFileError(path: shown, errno: Errno(rawValue: errno)) }
            } else {
                for entry in applying {
                    let destination = root + "/" + entry.path
                    do throws(OutputFileError) { try OutputFile.createDirectories(OutputFile.Destination.parentDirectory(of: destination)) } catch {
                        throw OutputFileError(path: shownPath(entry.path), reason: error.reason, errno: error.errno)
                    }
                    if rename(stage + "/" + entry.path, destination) != 0 {
                        throw OutputFileError(path: shownPath(entry.path), errno: Errno(rawValue: errno))
                    }
                }
                Self.remove(stage)
            }
        } catch {
            Self.remove(stage)
            throw error
        }
        for path in removing { Self.remove(root + "/" + path) }
    }

    /// The file type (`S_IFDIR`, `S_IFLNK`, ...) of `path` itself (a link is not followed),
    /// or nil when nothing is there.
    static func kind(of path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// Removes `path` and what it holds, if it is there; a link is removed, not followed.
    static func remove(_ path: String) {
        guard let kind = kind(of: path) else { return }
        if kind == S_IFDIR, let directory = opendir(path) {
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names { remove(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
