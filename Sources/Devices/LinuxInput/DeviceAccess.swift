#if canImport(Glibc)
import Glibc
#endif

/// Who may open a device node, and whether this process could: read when opening it was
/// refused, so that the message names the group that would actually work. Which group
/// that is depends on the system's udev rules: Raspberry Pi OS gives GPIO chips to `gpio`
/// and input devices to `input` (its 99-com.rules, applied after ours), plain Debian input
/// devices to `input` and GPIO chips to root alone unless udev/70-actionsim.rules gives them
/// to `actionsim`.
public struct DeviceAccess: Hashable, Sendable {
    /// `crw-rw----`.
    public var mode: String
    public var owner: String
    /// The node's group, by name (or number when /etc/group lacks it).
    public var group: String
    /// The group may read and write it (and is not root).
    public var groupMayOpen: Bool
    /// This user is a member of `group` in /etc/group (or it is their primary group).
    public var userIsMember: Bool
    /// This process has `group` among its groups: false right after `usermod -aG`, until
    /// the user logs in again.
    public var processHasGroup: Bool
    public var userName: String?

    /// Reads the node's owner, group and mode; nil if it cannot be stat'ed.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let groups = Self.table("/etc/group")
        let users = Self.table("/etc/passwd")
        func groupName(_ gid: gid_t) -> String { groups.first { $0.count > 2 && $0[2] == "\(gid)" }?[0] ?? "\(gid)" }
        let uid = getuid()
        let me = users.first { $0.count > 3 && $0[2] == "\(uid)" }
        mode = Self.describe(info.st_mode)
        owner = users.first { $0.count > 2 && $0[2] == "\(info.st_uid)" }?[0] ?? "\(info.st_uid)"
        group = groupName(info.st_gid)
        groupMayOpen = info.st_gid != 0 && info.st_mode & 0o060 == 0o060
        userName = me?[0]
        let entry = groups.first { $0.count > 2 && $0[2] == "\(info.st_gid)" }
        let members = entry.map { $0.count > 3 ? $0[3].split(separator: ",").map(String.init) : [] } ?? []
        userIsMember = (me.map { members.contains($0[0]) } ?? false) || me?[3] == "\(info.st_gid)"
        var list = [gid_t](repeating: 0, count: 256)
        let count = getgroups(Int32(list.count), &list)
        processHasGroup = getegid() == info.st_gid || (count > 0 && list.prefix(Int(count)).contains(info.st_gid))
    }

    /// What to do about it, as the end of a "permission denied" message.
    public var advice: String {
        let node = "it is \(mode) \(owner):\(group)"
        if groupMayOpen {
            if userIsMember && !processHasGroup {
                return "\(node), and \(userName ?? "you") joined group \(group) after this login: log out and in again (or run `newgrp \(group)`)"
            }
            return "\(node): add yourself to group \(group) (sudo usermod -aG \(group) $USER), then log in again"
        }
        return "\(node): only \(owner) may open it. Install the udev rules (sudo make install-udev, see udev/70-actionsim.rules), "
            + "add yourself to the actionsim group (sudo usermod -aG actionsim $USER), then log in again"
    }

    /// `name:x:id:...` files as lists of fields.
    private static func table(_ path: String) -> [[String]] {
        guard let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var rows: [[String]] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line).trimmingSuffix("\n")
            rows.append(text.split(separator: ":", omittingEmptySubsequences: false).map(String.init))
        }
        free(line)
        return rows
    }

    private static func describe(_ mode: mode_t) -> String {
        let type: Character = mode & S_IFMT == S_IFCHR ? "c" : mode & S_IFMT == S_IFDIR ? "d" : "-"
        let bits = "rwxrwxrwx"
        return String(type) + String(bits.enumerated().map { index, letter in mode & (0o400 >> mode_t(index)) != 0 ? letter : "-" })
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
