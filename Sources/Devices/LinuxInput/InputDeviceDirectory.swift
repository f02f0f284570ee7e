#if canImport(Glibc)
import Glibc
#endif

/// The evdev nodes under `/dev/input` and the stable links udev makes to them
/// (`by-id`, `by-path`, and `actionsim-*` from our own rules).
public enum InputDeviceDirectory {
    public static let root = "/dev/input"

    /// `/dev/input/eventN`, in number order.
    public static func eventNodes(in root: String = root) -> [String] {
        entries(of: root)
            .filter { $0.hasPrefix("event") && Int($0.dropFirst(5)) != nil }
            .sorted { Int($0.dropFirst(5))! < Int($1.dropFirst(5))! }
            .map { root + "/" + $0 }
    }

    /// Every link to an event node, keyed by the node it resolves to.
    public static func links(in root: String = root) -> [String: [String]] {
        var result: [String: [String]] = [:]
        let candidates = entries(of: root + "/by-id").map { root + "/by-id/" + $0 }
            + entries(of: root + "/by-path").map { root + "/by-path/" + $0 }
            + entries(of: root).filter { !$0.hasPrefix("event") }.map { root + "/" + $0 }
        for link in candidates {
            var info = stat()
            guard lstat(link, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, let target = resolve(link),
                  target.hasPrefix(root + "/event") else { continue }
            result[target, default: []].append(link)
        }
        return result.mapValues { $0.sorted() }
    }

    /// The file a path finally names (`realpath(3)`), or nil if it does not exist.
    public static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Names in a directory (none if it cannot be read).
    static func entries(of path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
