import CGPIOD
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// A GPIO line's electrical bias, as a profile names it.
public enum GPIOBias: String, Hashable, Sendable, CaseIterable {
    /// Leave whatever the firmware or device tree set.
    case asIs = "as-is"
    case disabled
    case pullUp = "pull-up"
    case pullDown = "pull-down"
}

/// What the kernel says about one line (like a row of `gpioinfo`).
public struct GPIOLineInfo: Hashable, Sendable {
    public var offset: Int
    public var name: String?
    /// Who requested it, if anyone: a program's consumer label or a kernel driver.
    public var consumer: String?
    public var isUsed: Bool
    public var isOutput: Bool
    public var isActiveLow: Bool
    public var bias: GPIOBias

    /// `17 (GPIO17)` or `17`, as messages name a line.
    public var label: String { name.map { "\(offset) (\($0))" } ?? "\(offset)" }
}

/// How to request one line for edge events.
public struct GPIOLineConfig: Hashable, Sendable {
    public var offset: Int
    public var bias: GPIOBias
    /// The button pulls the line to ground when pressed: low means active (pressed).
    public var activeLow: Bool

    public init(offset: Int, bias: GPIOBias, activeLow: Bool) {
        self.offset = offset
        self.bias = bias
        self.activeLow = activeLow
    }
}

/// Which libgpiod this build uses: chosen at build time from `pkg-config --modversion
/// libgpiod` (Package.swift), because 1.6 and 2.x have different C APIs.
public enum GPIOLibrary {
    #if LIBGPIOD_V2
    /// libgpiod 2.x: the kernel's GPIO uAPI v2 (Linux 5.10 and later), with debounce in the
    /// kernel, per-line event sequence numbers and a chosen event clock.
    public static let version = "libgpiod " + (string(gpiod_api_version()) ?? "2")
    #else
    /// libgpiod 1.6: the kernel's GPIO uAPI v1, no debounce, no sequence numbers; a line's
    /// kernel queue holds 16 events and drops the newest when full.
    public static let version = "libgpiod " + (string(gpiod_version_string()) ?? "1.6")
    #endif
}

/// An open GPIO chip (`/dev/gpiochipN`) through libgpiod (1.6 or 2.x, see `GPIOLibrary`).
public final class GPIOChip {
    private let handle: OpaquePointer
    private var closed = false

    /// The kernel's name (`gpiochip0`).
    public let name: String
    /// The driver's label (`pinctrl-bcm2711`, `pinctrl-rp1`, `gpio-sim.0-node0`).
    public let label: String
    public let lineCount: Int
    public var path: String { "/dev/" + name }

    /// Opens a chip by name (`gpiochip0`), path (`/dev/gpiochip0`), number (`0`) or label
    /// (`pinctrl-bcm2835`: every chip is opened until one has it).
    public init(_ spec: String) throws(LinuxInputError) {
        if let path = Self.path(of: spec) {
            try Self.checkIsChip(path)
            guard let opened = Self.open(path) else {
                let errno = LinuxInputError.lastErrno
                if errno == .noSuchFileOrDirectory { throw .noSuchChip(spec, available: Self.summaries()) }
                if errno == .permissionDenied || errno == .notPermitted {
                    throw .permissionDenied(path, operation: "open GPIO chip", access: DeviceAccess(path: path))
                }
                throw LinuxInputError.from(errno, device: path, operation: "open GPIO chip")
            }
            handle = opened
        } else {
            // By label: every chip must be opened to read its label.
            var found: OpaquePointer?
            var denied: [String] = []
            for path in Self.chipPaths() {
                guard let chip = Self.open(path) else {
                    let errno = LinuxInputError.lastErrno
                    if errno == .permissionDenied || errno == .notPermitted { denied.append(path) }
                    continue
                }
                if Self.label(of: chip) == spec { found = chip; break }
                Self.close(chip)
            }
            guard let found else {
                if let first = denied.first {
                    throw .permissionDenied(denied.joined(separator: ", "), operation: "look for GPIO chip \"\(spec)\" in",
                                            access: DeviceAccess(path: first))
                }
                throw .noSuchChip(spec, available: Self.summaries())
            }
            handle = found
        }
        name = Self.name(of: handle)
        label = Self.label(of: handle)
        lineCount = Self.lineCount(of: handle)
    }

    deinit { close() }

    public func close() {
        guard !closed else { return }
        closed = true
        Self.close(handle)
    }

    /// `/dev/gpiochip*`, in number order, whether or not this user may open them.
    public static func chipPaths() -> [String] {
        guard let directory = opendir("/dev") else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix("gpiochip"), Int(name.dropFirst(8)) != nil { names.append(name) }
        }
        return names.sorted { Int($0.dropFirst(8))! < Int($1.dropFirst(8))! }.map { "/dev/" + $0 }
    }

    /// `gpiochip0 [pinctrl-bcm2711]` for every chip that can be opened, for error messages.
    static func summaries() -> [String] {
        chipPaths().map { path in
            guard let chip = open(path) else { return path }
            defer { close(chip) }
            return "\(name(of: chip)) [\(label(of: chip))]"
        }
    }

    /// Refuses a path that exists but is not a GPIO chip's character device, before it is
    /// opened: a chip is a character device whose driver's subsystem, in sysfs, is `gpio`
    /// (`/sys/dev/char/MAJOR:MINOR/subsystem`), as libgpiod 2 checks after opening it. A
    /// path that does not exist, or cannot be looked at, is left to `open` to report.
    static func checkIsChip(_ path: String) throws(LinuxInputError) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFCHR: break
        case S_IFREG: throw .notAGPIOChip(path, what: "a regular file")
        case S_IFDIR: throw .notAGPIOChip(path, what: "a directory")
        case S_IFBLK: throw .notAGPIOChip(path, what: "a block device")
        case S_IFIFO: throw .notAGPIOChip(path, what: "a FIFO")
        case S_IFSOCK: throw .notAGPIOChip(path, what: "a socket")
        default: throw .notAGPIOChip(path, what: "not a character device")
        }
        let device = UInt64(info.st_rdev)
        // glibc's major() and minor(), which are macros Swift does not import.
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
        let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
        let link = "/sys/dev/char/\(major):\(minor)/subsystem"
        var target = [CChar](repeating: 0, count: 4096)
        let count = readlink(link, &target, target.count - 1)
        // No sysfs (a container without it): nothing to tell by; opening it will say.
        guard count > 0 else { return }
        let subsystem = String(decoding: target.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let name = subsystem.split(separator: "/").last.map(String.init) ?? subsystem
        guard name == "gpio" else {
            throw .notAGPIOChip(path, what: "a character device of the \(name) subsystem (\(major):\(minor))")
        }
    }

    /// The path a spec names directly (a path, `gpiochipN` or `N`), or nil for a label.
    private static func path(of spec: String) -> String? {
        if spec.hasPrefix("/") { return spec }
        if spec.hasPrefix("gpiochip"), Int(spec.dropFirst(8)) != nil { return "/dev/" + spec }
        if Int(spec) != nil { return "/dev/gpiochip" + spec }
        return nil
    }

    /// The line's current state.
    public func lineInfo(_ offset: Int) throws(LinuxInputError) -> GPIOLineInfo {
        guard offset >= 0, offset < lineCount else {
            throw .noSuchLine(chip: name, line: "\(offset)", lineCount: lineCount)
        }
        guard let info = readLineInfo(offset) else {
            throw LinuxInputError.from(LinuxInputError.lastErrno, device: "line \(offset) of \(name)", operation: "read the state of")
        }
        return info
    }

    /// Every line, in offset order.
    public func lines() throws(LinuxInputError) -> [GPIOLineInfo] {
        var result: [GPIOLineInfo] = []
        for offset in 0..<lineCount { result.append(try lineInfo(offset)) }
        return result
    }

    /// Requests `lines` as inputs reporting both edges, with their bias and active-low
    /// setting, under `consumer` (what `gpioinfo` shows). All or nothing.
    ///
    /// - Parameter debounce: with libgpiod 2.x, the kernel debounces each line this long
    ///   (`debounce_period_us`): it reports a line's level once it has been stable that long,
    ///   and only when it changed. libgpiod 1.6 cannot: `GPIOLineRequest.debounce` says what
    ///   the kernel does, and the caller debounces the rest in software.
    public func requestEdgeEvents(_ lines: [GPIOLineConfig], consumer: String,
                                  debounce: Duration = .zero) throws(LinuxInputError) -> GPIOLineRequest {
        for config in lines where config.offset < 0 || config.offset >= lineCount {
            throw .noSuchLine(chip: name, line: "\(config.offset)", lineCount: lineCount)
        }
        return try GPIOLineRequest(chip: self, handle: handle, lines: lines, consumer: consumer, debounce: debounce)
    }

    /// Why a request of `lines` failed with `errno`: names the line someone else holds.
    func requestError(_ errno: Errno, lines: [GPIOLineConfig]) -> LinuxInputError {
        let infos = lines.compactMap { readLineInfo($0.offset) }
        if errno == .resourceBusy, let busy = infos.first(where: \.isUsed) ?? infos.first {
            return LinuxInputError.from(errno, device: "line \(busy.label) of \(name) [\(label)]", operation: "request",
                                        holder: busy.consumer ?? "the kernel (no consumer name)")
        }
        let which = infos.map(\.label).joined(separator: ", ")
        return LinuxInputError.from(errno, device: "line\(infos.count == 1 ? "" : "s") \(which) of \(name) [\(label)]", operation: "request")
    }

    // MARK: The two libgpiod APIs

    #if LIBGPIOD_V2
    private static func open(_ path: String) -> OpaquePointer? { gpiod_chip_open(path) }
    private static func close(_ chip: OpaquePointer) { gpiod_chip_close(chip) }

    private static func name(of chip: OpaquePointer) -> String {
        chipInfo(chip) { string(gpiod_chip_info_get_name($0)) } ?? string(gpiod_chip_get_path(chip)) ?? "gpiochip?"
    }

    private static func label(of chip: OpaquePointer) -> String {
        chipInfo(chip) { string(gpiod_chip_info_get_label($0)) } ?? ""
    }

    private static func lineCount(of chip: OpaquePointer) -> Int {
        chipInfo(chip) { Int(gpiod_chip_info_get_num_lines($0)) } ?? 0
    }

    private static func chipInfo<T>(_ chip: OpaquePointer, _ read: (OpaquePointer) -> T?) -> T? {
        guard let info = gpiod_chip_get_info(chip) else { return nil }
        defer { gpiod_chip_info_free(info) }
        return read(info)
    }

    private func readLineInfo(_ offset: Int) -> GPIOLineInfo? {
        guard let info = gpiod_chip_get_line_info(handle, UInt32(offset)) else { return nil }
        defer { gpiod_line_info_free(info) }
        let bias: GPIOBias
        switch gpiod_line_info_get_bias(info) {
        case GPIOD_LINE_BIAS_PULL_UP: bias = .pullUp
        case GPIOD_LINE_BIAS_PULL_DOWN: bias = .pullDown
        case GPIOD_LINE_BIAS_DISABLED: bias = .disabled
        default: bias = .asIs
        }
        return GPIOLineInfo(offset: offset, name: string(gpiod_line_info_get_name(info)),
                            consumer: string(gpiod_line_info_get_consumer(info)),
                            isUsed: gpiod_line_info_is_used(info),
                            isOutput: gpiod_line_info_get_direction(info) == GPIOD_LINE_DIRECTION_OUTPUT,
                            isActiveLow: gpiod_line_info_is_active_low(info), bias: bias)
    }

    /// The offset of the line the kernel or device tree named `name` (`GPIO17`).
    public func offset(ofLineNamed name: String) -> Int? {
        let offset = gpiod_chip_get_line_offset_from_name(handle, name)
        return offset >= 0 ? Int(offset) : nil
    }
    #else
    private static func open(_ path: String) -> OpaquePointer? { gpiod_chip_open(path) }
    private static func close(_ chip: OpaquePointer) { gpiod_chip_close(chip) }
    private static func name(of chip: OpaquePointer) -> String { string(gpiod_chip_name(chip)) ?? "gpiochip?" }
    private static func label(of chip: OpaquePointer) -> String { string(gpiod_chip_label(chip)) ?? "" }
    private static func lineCount(of chip: OpaquePointer) -> Int { Int(gpiod_chip_num_lines(chip)) }

    private func readLineInfo(_ offset: Int) -> GPIOLineInfo? {
        guard let line = gpiod_chip_get_line(handle, UInt32(offset)) else { return nil }
        _ = gpiod_line_update(line)
        let bias: GPIOBias
        switch Int(gpiod_line_bias(line)) {
        case Int(GPIOD_LINE_BIAS_PULL_UP): bias = .pullUp
        case Int(GPIOD_LINE_BIAS_PULL_DOWN): bias = .pullDown
        case Int(GPIOD_LINE_BIAS_DISABLE): bias = .disabled
        default: bias = .asIs
        }
        return GPIOLineInfo(offset: offset, name: string(gpiod_line_name(line)), consumer: string(gpiod_line_consumer(line)),
                            isUsed: gpiod_line_is_used(line),
                            isOutput: gpiod_line_direction(line) == Int32(GPIOD_LINE_DIRECTION_OUTPUT),
                            isActiveLow: gpiod_line_active_state(line) == Int32(GPIOD_LINE_ACTIVE_STATE_LOW),
                            bias: bias)
    }

    /// The offset of the line the kernel or device tree named `name` (`GPIO17`).
    public func offset(ofLineNamed name: String) -> Int? {
        guard let line = gpiod_chip_find_line(handle, name) else { return nil }
        return Int(gpiod_line_offset(line))
    }
    #endif
}
