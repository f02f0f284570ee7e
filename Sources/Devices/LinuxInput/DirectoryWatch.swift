import CLinuxEvents
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Tells the event loop when device nodes appear or change under directories such as
/// `/dev/input` (inotify: `IN_CREATE`, `IN_ATTRIB`, `IN_MOVED_TO`). A replugged device shows
/// up as a new node, and udev fixing its permissions as an attribute change; either is a
/// reason to try reopening what is missing. Costs nothing while nothing changes.
public final class DirectoryWatch {
    public let fileDescriptor: Int32
    private var watched: [String: Int32] = [:]
    private let directories: [String]
    private var buffer = [UInt8](repeating: 0, count: 4096)

    /// Fails when the kernel has no inotify (`CONFIG_INOTIFY_USER`); callers then retry on a timer.
    public init(directories: [String]) throws(LinuxInputError) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw LinuxInputError.from(LinuxInputError.lastErrno, device: directories.joined(separator: ", "), operation: "watch (inotify)") }
        fileDescriptor = fd
        self.directories = directories
        addMissingWatches()
    }

    deinit { close(fileDescriptor) }

    /// Directories made after the watch began (udev creates `/dev/input/by-id` with the first
    /// device that has an id) are picked up here.
    private func addMissingWatches() {
        for directory in directories where watched[directory] == nil {
            let mask = UInt32(IN_CREATE | IN_ATTRIB | IN_MOVED_TO)
            let descriptor = inotify_add_watch(fileDescriptor, directory, mask)
            if descriptor >= 0 { watched[directory] = descriptor }
        }
    }

    /// Reads the pending notifications; true if any was a node appearing or changing.
    public func drain() -> Bool {
        var changed = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            changed = true
        }
        addMissingWatches()
        return changed
    }
}
