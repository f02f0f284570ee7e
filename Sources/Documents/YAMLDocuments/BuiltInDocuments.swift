import Foundation

/// The app manifests and device profiles shipped inside `actionsim` (`scenarios/apps/*.yaml`,
/// `devices/*.yaml`, embedded at build time by BuiltInFilesPlugin), so that an installed executable,
/// with no checkout beside it, has them.
///
/// A manifest or profile is named by a path; when no file is there, a name that is a built-in
/// file's repository path (`scenarios/apps/trailrunner.yaml`), the end of it after a `/`
/// (`apps/trailrunner.yaml`, `trailrunner.yaml`) or its name (`trailrunner`) is that built-in
/// file. A file of the user's at the path always wins.
public enum BuiltInDocuments {
    public struct File: Hashable, Sendable {
        /// Where it is in the repository: also its name in messages.
        public let path: String
        public let text: String

        public enum Kind: String, Sendable {
            case manifest = "app manifest"
            case deviceProfile = "device profile"
        }

        public var kind: Kind { path.hasPrefix("devices/") ? .deviceProfile : .manifest }

        /// The file name without `.yaml`: `trailrunner`, `usb-keyboard`.
        public var name: String {
            let last = path.split(separator: "/").last.map(String.init) ?? path
            return last.hasSuffix(".yaml") ? String(last.dropLast(5)) : last
        }
    }

    /// Every built-in file, manifests first.
    public static var all: [File] { files }

    /// The built-in file `name` stands for, if any (whether or not a file is at that path).
    public static func named(_ name: String) -> File? {
        guard !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return nil }
        let name = name.hasPrefix("./") ? String(name.dropFirst(2)) : name
        return files.first { $0.path == name || $0.path.hasSuffix("/" + name) || $0.name == name }
    }

    /// Says, after "no such file", which built-in files of `kind` there are, and the closest
    /// to `name`.
    public static func hint(_ kind: File.Kind, for name: String) -> String {
        let names = files.filter { $0.kind == kind }.map(\.name)
        let last = name.split(separator: "/").last.map(String.init) ?? name
        let word = last.hasSuffix(".yaml") ? String(last.dropLast(5)) : last
        return "; nor is it a built-in \(kind.rawValue) (\(names.joined(separator: ", ")): `actionsim built-in` lists them)"
            + Spelling.suggestion(for: word, among: names)
    }
}

extension YAMLDocument {
    /// Reads the file at `path`; when nothing is there, the built-in file `name` (by default
    /// `path` itself) stands for, if any (see `BuiltInDocuments`). A scenario's `app:` is read
    /// at a path relative to the scenario, but named as written.
    public static func load(_ path: String, orBuiltIn name: String? = nil) throws(DocumentError) -> YAMLDocument {
        if !FileManager.default.fileExists(atPath: path), let file = BuiltInDocuments.named(name ?? path) {
            return try YAMLDocument(text: file.text, file: file.path)
        }
        return try YAMLDocument(contentsOf: path)
    }
}
