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
        /// A symbolic link holding this destination. It replaces a link, or a folder holding
        /// only links (both what this command makes), never a file or another folder.
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
        // Links this command made earlier where an entry now needs a folder (`Sources/App`,
        // once a link to the app's folder, now a folder of links): removed before the entry
        // goes in, which would otherwise land in the folder the link leads to.
        var linksInTheWay: [String] = []
        // Folders of links where an entry is now one link: removed before it goes in.
        var linkFoldersInTheWay: [String] = []
        if rootExists {
            for entry in applying {
                let components = entry.path.split(separator: "/")
                for depth in components.indices.dropLast() {
                    let ancestor = components[...depth].joined(separator: "/")
                    switch Self.kind(of: root + "/" + ancestor) {
                    case S_IFLNK?:
                        if !linksInTheWay.contains(ancestor) { linksInTheWay.append(ancestor) }
                    case let kind? where kind != S_IFDIR:
                        throw OutputFileError(path: shownPath(ancestor), reason: "is there and is not a folder; move it aside", errno: .notDirectory)
                    default: break
                    }
                    if linksInTheWay.contains(ancestor) { break }
                }
                let kind = Self.kind(of: root + "/" + entry.path)
                switch entry.content {
                case .link where kind == S_IFDIR && Self.holdsOnlyLinks(root + "/" + entry.path):
                    linkFoldersInTheWay.append(entry.path)
                case .link where kind != nil && kind != S_IFLNK && !linksInTheWay.contains(where: { entry.path.hasPrefix($0 + "/") }):
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
                for path in linksInTheWay + linkFoldersInTheWay { Self.remove(root + "/" + path) }
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

    /// The names in the folder `path` (not `.` and `..`), nil when it cannot be read.
    static func names(in path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether the folder `path` holds links and folders of links only (at least one link).
    static func holdsOnlyLinks(_ path: String) -> Bool {
        guard let names = names(in: path) else { return false }
        return !names.isEmpty && names.allSatisfy { name in
            switch kind(of: path + "/" + name) {
            case S_IFLNK?: true
            case S_IFDIR?: holdsOnlyLinks(path + "/" + name)
            default: false
            }
        }
    }

    /// Removes `path` and what it holds, if it is there; a link is removed, not followed.
    static func remove(_ path: String) {
        guard let kind = kind(of: path) else { return }
        if kind == S_IFDIR, let names = names(in: path) {
            for name in names { remove(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
