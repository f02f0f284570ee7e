import CEvdev
import CLinuxEvents
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// A virtual input device made through `/dev/uinput` (libevdev's uinput helpers): what it
/// writes comes back out of `/dev/input/eventN` exactly as a real keyboard's presses would,
/// kernel timestamps and all. `close()` (or deinit) removes it, which readers see as an unplug.
public final class UInputDevice {
    public let name: String
    private let template: OpaquePointer
    private let handle: OpaquePointer
    private let descriptor: FileDescriptor
    private var closed = false

    /// Creates a device that can send `keys` (`EV_KEY` codes).
    /// - Parameters:
    ///   - physicalLocation: the `phys` string; udev rules can match it (`ATTRS{phys}`), so
    ///     devices made by actionsim can be told apart.
    ///   - autorepeat: enable `EV_REP`, so that the kernel repeats a held key (value 2) as it
    ///     does for a real keyboard.
    public init(name: String, keys: [UInt16], physicalLocation: String? = "actionsim-inject", autorepeat: Bool = false,
                vendor: Int = 0x1d6b, product: Int = 0x0104) throws(LinuxInputError) {
        self.name = name
        guard let template = libevdev_new() else { throw .failed("/dev/uinput", operation: "allocate a device for", .noMemory) }
        libevdev_set_name(template, name)
        if let physicalLocation { libevdev_set_phys(template, physicalLocation) }
        libevdev_set_id_bustype(template, Int32(BUS_VIRTUAL))
        libevdev_set_id_vendor(template, Int32(vendor))
        libevdev_set_id_product(template, Int32(product))
        libevdev_enable_event_type(template, UInt32(EV_KEY))
        for key in keys { libevdev_enable_event_code(template, UInt32(EV_KEY), UInt32(key), nil) }
        if autorepeat {
            // The kernel's own defaults for keyboards: first repeat after 250 ms, then every 33 ms.
            var delay: Int32 = 250
            var period: Int32 = 33
            libevdev_enable_event_type(template, UInt32(EV_REP))
            libevdev_enable_event_code(template, UInt32(EV_REP), UInt32(REP_DELAY), &delay)
            libevdev_enable_event_code(template, UInt32(EV_REP), UInt32(REP_PERIOD), &period)
        }
        // libevdev does not pass `phys` on to uinput, so the descriptor is ours: UI_SET_PHYS
        // must come before libevdev's UI_DEV_CREATE.
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open("/dev/uinput", .readWrite, options: [.closeOnExec])
        } catch {
            libevdev_free(template)
            let errno = error as? Errno ?? .ioError
            if errno == .noSuchFileOrDirectory {
                throw .noSuchDevice("/dev/uinput", operation: "create \"\(name)\" through (load the uinput module: modprobe uinput)")
            }
            throw LinuxInputError.from(errno, device: "/dev/uinput", operation: "create \"\(name)\" through")
        }
        if let physicalLocation, actionsim_uinput_set_phys(descriptor.rawValue, physicalLocation) != 0 {
            let errno = LinuxInputError.lastErrno
            libevdev_free(template)
            try? descriptor.close()
            throw LinuxInputError.from(errno, device: "/dev/uinput", operation: "set the phys string of \"\(name)\" through")
        }
        var created: OpaquePointer?
        let rc = libevdev_uinput_create_from_device(template, descriptor.rawValue, &created)
        guard rc == 0, let created else {
            libevdev_free(template)
            try? descriptor.close()
            throw LinuxInputError.from(Errno(rawValue: -rc), device: "/dev/uinput", operation: "create \"\(name)\" through")
        }
        self.descriptor = descriptor
        self.template = template
        self.handle = created
    }

    deinit { close() }

    /// Removes the device (an unplug, as readers see it).
    public func close() {
        guard !closed else { return }
        closed = true
        libevdev_uinput_destroy(handle)
        libevdev_free(template)
        try? descriptor.close()
    }

    /// The `/dev/input/eventN` node the kernel made for it (nil if sysfs is not mounted).
    public var devicePath: String? { string(libevdev_uinput_get_devnode(handle)) }

    /// Its directory under `/sys/devices/virtual/input/`.
    public var sysfsPath: String? { string(libevdev_uinput_get_syspath(handle)) }

    /// Writes one key event and the `SYN_REPORT` that makes readers see it.
    /// `value`: 1 down, 0 up, 2 autorepeat.
    public func key(_ code: UInt16, value: Int32) throws(LinuxInputError) {
        try write(type: UInt16(EV_KEY), code: code, value: value)
        try write(type: UInt16(EV_SYN), code: UInt16(SYN_REPORT), value: 0)
    }

    public func write(type: UInt16, code: UInt16, value: Int32) throws(LinuxInputError) {
        let rc = libevdev_uinput_write_event(handle, UInt32(type), UInt32(code), value)
        if rc != 0 { throw LinuxInputError.from(Errno(rawValue: -rc), device: devicePath ?? name, operation: "write an event to") }
    }
}
