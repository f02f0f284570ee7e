import CEvdev
import SystemCalls
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// One event from an evdev device, with the kernel's timestamp.
public struct InputEvent: Hashable, Sendable {
    public var type: UInt16
    public var code: UInt16
    public var value: Int32
    /// Nanoseconds on the device's clock (`CLOCK_MONOTONIC` after `useMonotonicClock()`).
    public var time: Int64
    /// Made up by libevdev while resyncing after `SYN_DROPPED`: the state the device is in
    /// now, not an edge the kernel reported.
    public var resynced: Bool

    public var isKey: Bool { type == UInt16(EV_KEY) }
}

/// An open evdev device (`/dev/input/eventN`), read through libevdev.
///
/// Opened non-blocking: `readAvailable` returns what the kernel has queued and never
/// waits, so the caller's event loop does the waiting. Not thread-safe; one loop owns it.
public final class EvdevDevice {
    /// The path it was opened by (a by-id link stays a link: it is what comes back after a replug).
    public let path: String
    private let descriptor: FileDescriptor
    private let handle: OpaquePointer
    private var syncing = false
    private var closed = false

    /// Opens `path` (`/dev/input/eventN` or a link to one) with `open(2)` and
    /// `libevdev_new_from_fd(3)`.
    public init(path: String) throws(LinuxInputError) {
        self.path = path
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.nonBlocking, .closeOnExec])
        } catch {
            throw LinuxInputError.from(error as? Errno ?? .ioError, device: path, operation: "open")
        }
        var created: OpaquePointer?
        let rc = libevdev_new_from_fd(descriptor.rawValue, &created)
        guard rc == 0, let created else {
            try? descriptor.close()
            let errno = Errno(rawValue: -rc)
            if errno == .inappropriateIOCTLForDevice || errno == .invalidArgument { throw .notAnInputDevice(path) }
            throw LinuxInputError.from(errno, device: path, operation: "read the device description of")
        }
        handle = created
    }

    deinit { close() }

    /// Frees the libevdev handle and closes the file (which also ends a grab).
    public func close() {
        guard !closed else { return }
        closed = true
        libevdev_free(handle)
        try? descriptor.close()
    }

    /// The descriptor to wait on for readability.
    public var fileDescriptor: Int32 { descriptor.rawValue }

    public var name: String { string(libevdev_get_name(handle)) ?? "" }
    public var physicalLocation: String? { string(libevdev_get_phys(handle)) }
    public var uniqueIdentifier: String? { string(libevdev_get_uniq(handle)) }
    public var busType: Int { Int(libevdev_get_id_bustype(handle)) }
    public var vendorID: Int { Int(libevdev_get_id_vendor(handle)) }
    public var productID: Int { Int(libevdev_get_id_product(handle)) }

    /// Whether the device says it can send this key (`EV_KEY` code).
    public func hasKey(_ code: UInt16) -> Bool {
        libevdev_has_event_code(handle, UInt32(EV_KEY), UInt32(code)) == 1
    }

    /// Every key code the device can send.
    public var keys: [UInt16] {
        guard libevdev_has_event_type(handle, UInt32(EV_KEY)) == 1 else { return [] }
        return (0...UInt16(KEY_MAX)).filter(hasKey)
    }

    /// The key's state as libevdev last saw it (after a resync, the device's real state).
    public func isKeyDown(_ code: UInt16) -> Bool {
        libevdev_get_event_value(handle, UInt32(EV_KEY), UInt32(code)) != 0
    }

    /// The keys that are down, as libevdev last saw them (after the events read so far).
    public var keysDown: [UInt16] {
        guard libevdev_has_event_type(handle, UInt32(EV_KEY)) == 1 else { return [] }
        return (0...UInt16(KEY_MAX)).filter { hasKey($0) && isKeyDown($0) }
    }

    /// Asks the kernel to stamp events with `CLOCK_MONOTONIC` (`EVIOCSCLOCKID` through
    /// `libevdev_set_clock_id`) instead of wall-clock time, so that event times and the
    /// loop's clock are on one time line and a clock step cannot reorder presses.
    public func useMonotonicClock() throws(LinuxInputError) {
        let rc = libevdev_set_clock_id(handle, CLOCK_MONOTONIC)
        if rc != 0 { throw LinuxInputError.from(Errno(rawValue: -rc), device: path, operation: "set the event clock of") }
    }

    /// Takes the device for this process alone (`EVIOCGRAB`): presses no longer reach the
    /// desktop or the console. Released by `ungrab()` or `close()`.
    public func grab() throws(LinuxInputError) {
        let rc = libevdev_grab(handle, LIBEVDEV_GRAB)
        if rc != 0 { throw LinuxInputError.from(Errno(rawValue: -rc), device: path, operation: "grab (EVIOCGRAB)") }
    }

    public func ungrab() { _ = libevdev_grab(handle, LIBEVDEV_UNGRAB) }

    /// What one `readAvailable` call found besides events.
    public struct ReadSummary: Hashable, Sendable {
        /// How many times the kernel's buffer overflowed (`SYN_DROPPED`); each was followed
        /// by a resync whose events are marked `resynced`.
        public var overflows = 0
    }

    /// Appends every queued event and returns once the kernel has no more (`EAGAIN`).
    ///
    /// After `SYN_DROPPED` the kernel lost events; as libevdev documents, the device is then
    /// read in sync mode until `EAGAIN`, which yields events that bring every key to its
    /// real state (marked `resynced`), and normal reading resumes.
    /// Throws `.deviceGone` once the device is unplugged (`ENODEV`).
    @discardableResult
    public func readAvailable(into events: inout [InputEvent]) throws(LinuxInputError) -> ReadSummary {
        var summary = ReadSummary()
        var event = input_event()
        while true {
            let flag = syncing ? LIBEVDEV_READ_FLAG_SYNC : LIBEVDEV_READ_FLAG_NORMAL
            let rc: Int32
            do throws(Errno) {
                rc = try SystemCall.retryingNegatedError { libevdev_next_event(handle, flag.rawValue, &event) }
            } catch .resourceTemporarilyUnavailable {
                if syncing { syncing = false; continue }
                return summary
            } catch .operationNotSupportedByDevice {
                throw .deviceGone(path)
            } catch {
                throw LinuxInputError.from(error, device: path, operation: "read events from")
            }
            if rc == Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue) {
                events.append(Self.convert(event, resynced: false))
            } else if rc == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) {
                if syncing {
                    events.append(Self.convert(event, resynced: true))
                } else {
                    // This event is the SYN_DROPPED itself; the sync events follow.
                    syncing = true
                    summary.overflows += 1
                }
            }
        }
    }

    private static func convert(_ event: input_event, resynced: Bool) -> InputEvent {
        InputEvent(type: event.type, code: event.code, value: event.value,
                   time: KernelTime.nanoseconds(event.time), resynced: resynced)
    }
}
