import Foundation

/// A watch app folder's files: its Swift files to scan, and what the target must leave out.
struct FolderContents {
    let root: URL
    let shownAs: String
    /// Relative paths of every file, and of every folder, under the root.
    private(set) var files: [String] = []
    private(set) var swiftFiles: [(path: String, text: String)] = []

    init(_ root: URL, shownAs: String) throws(AppPackageError) {
        self.root = root
        self.shownAs = shownAs
        let fileManager = FileManager.default
        // A folder reached through a link is listed as the folder it leads to (the enumerator
        // does not go into a link given as its root: the app read as empty, "no start intent").
        guard let enumerator = fileManager.enumerator(at: root.resolvingSymlinksInPath(), includingPropertiesForKeys: [.isDirectoryKey],
                                                      options: [.skipsHiddenFiles]) else {
            throw AppPackageError("\(shownAs): cannot list this folder")
        }
        let prefix = root.resolvingSymlinksInPath().path + "/"
        for case let url as URL in enumerator {
            let path = url.resolvingSymlinksInPath().path
            guard path.hasPrefix(prefix) else { continue }
            let relative = String(path.dropFirst(prefix.count))
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true { continue }
            files.append(relative)
            if relative.hasSuffix(".swift") {
                swiftFiles.append((shown(relative), try Self.swiftText(atPath: url.path, shownAs: shown(relative))))
            }
        }
        files.sort()
        swiftFiles.sort { $0.path < $1.path }
    }

    /// A Swift file's text; a file that is not UTF-8 is refused, naming it as shown.
    static func swiftText(atPath path: String, shownAs shown: String) throws(AppPackageError) -> String {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw AppPackageError("\(shown): is not UTF-8 text; expected a Swift file")
        }
        return text
    }

    func shown(_ relative: String) -> String { (shownAs.hasSuffix("/") ? shownAs : shownAs + "/") + relative }

    func relative(_ shownPath: String) -> String {
        let prefix = shown("")
        return shownPath.hasPrefix(prefix) ? String(shownPath.dropFirst(prefix.count)) : shownPath
    }

    /// The fewest paths to exclude: every file that is not a kept Swift file, and a whole
    /// folder when nothing in it is kept (an asset catalog, Preview Content).
    func excluded(leavingOut leftOut: Set<String>) -> [String] {
        let kept = files.filter { $0.hasSuffix(".swift") && !leftOut.contains(shown($0)) }
        let keptFolders = Set(kept.flatMap { file in
            let parts = file.split(separator: "/").dropLast()
            return parts.indices.map { parts[...$0].joined(separator: "/") }
        })
        var result: [String] = []
        for file in files where !kept.contains(file) {
            let parts = file.split(separator: "/")
            // The outermost folder of the file with nothing kept in it, or the file itself.
            var excludedPath = file
            for depth in 1..<parts.count {
                let folder = parts[..<depth].joined(separator: "/")
                if !keptFolders.contains(folder) { excludedPath = folder; break }
            }
            if !result.contains(excludedPath) { result.append(excludedPath) }
        }
        return result
    }
}
