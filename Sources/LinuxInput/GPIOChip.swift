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

/// An open GPIO chip (`/dev/gpiochipN`) through libgpiod 1.6.
public final class GPIOChip {
    private let handle: OpaquePointer
    private var closed = false

    /// The kernel's name (`gpiochip0`).
    public let name: String
    /// The driver's label (`pinctrl-bcm2711`, `gpio-sim.0-node0`).
    public let label: String
    public let lineCount: Int
    public var path: String { "/dev/" + name }

    /// Opens a chip by name (`gpiochip0`), path (`/dev/gpiochip0`), label
    /// (`pinctrl-bcm2835`) or number (`0`): `gpiod_chip_open_lookup(3)`.
    public init(_ spec: String) throws(LinuxInputError) {
        if let opened = gpiod_chip_open_lookup(spec) {
            handle = opened
        } else {
            let errno = LinuxInputError.lastErrno
            // A lookup by label opens every chip; a refusal on any of them surfaces here.
            if errno == .permissionDenied || errno == .notPermitted {
                throw .permissionDenied(Self.describe(spec), operation: "open GPIO chip")
            }
            if errno == .noSuchFileOrDirectory || errno == .operationNotSupportedByDevice || errno == .inappropriateIOCTLForDevice || errno == .invalidArgument {
                // A lookup by label must open every chip, and libgpiod reports a refusal as
                // "not found": say which chips this user may not open.
                let denied = Self.chipPaths().filter { access($0, R_OK | W_OK) != 0 && Glibc.errno == EACCES }
                if !denied.isEmpty {
                    throw .permissionDenied(denied.joined(separator: ", "), operation: "look for GPIO chip \"\(spec)\" in")
                }
                throw .noSuchChip(spec, available: Self.summaries())
            }
            throw LinuxInputError.from(errno, device: Self.describe(spec), operation: "open GPIO chip")
        }
        name = string(gpiod_chip_name(handle)) ?? spec
        label = string(gpiod_chip_label(handle)) ?? ""
        lineCount = Int(gpiod_chip_num_lines(handle))
    }

    deinit { close() }

    public func close() {
        guard !closed else { return }
        closed = true
        gpiod_chip_close(handle)
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
            guard let chip = gpiod_chip_open(path) else { return path }
            defer { gpiod_chip_close(chip) }
            return "\(string(gpiod_chip_name(chip)) ?? path) [\(string(gpiod_chip_label(chip)) ?? "")]"
        }
    }

    private static func describe(_ spec: String) -> String {
        spec.hasPrefix("/") ? spec : "\"\(spec)\""
    }

    /// The line's current state (`gpiod_line_update` then its getters).
    public func lineInfo(_ offset: Int) throws(LinuxInputError) -> GPIOLineInfo {
        guard offset >= 0, offset < lineCount, let line = gpiod_chip_get_line(handle, UInt32(offset)) else {
            throw .noSuchLine(chip: name, line: "\(offset)", lineCount: lineCount)
        }
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

    /// Every line, in offset order.
    public func lines() throws(LinuxInputError) -> [GPIOLineInfo] {
        var result: [GPIOLineInfo] = []
        for offset in 0..<lineCount { result.append(try lineInfo(offset)) }
        return result
    }

    /// The offset of the line the kernel or device tree named `name` (`GPIO17`).
    public func offset(ofLineNamed name: String) -> Int? {
        guard let line = gpiod_chip_find_line(handle, name) else { return nil }
        return Int(gpiod_line_offset(line))
    }

    /// Requests `lines` as inputs reporting both edges, with their bias and active-low
    /// setting, under `consumer` (what `gpioinfo` shows). All or nothing: if one line
    /// cannot be had, those already requested are released.
    public func requestEdgeEvents(_ lines: [GPIOLineConfig], consumer: String) throws(LinuxInputError) -> GPIOLineRequest {
        var requested: [(GPIOLineConfig, OpaquePointer)] = []
        func releaseAll() { for (_, line) in requested { gpiod_line_release(line) } }
        for config in lines {
            guard config.offset >= 0, config.offset < lineCount, let line = gpiod_chip_get_line(handle, UInt32(config.offset)) else {
                releaseAll()
                throw .noSuchLine(chip: name, line: "\(config.offset)", lineCount: lineCount)
            }
            var flags: Int32 = 0
            if config.activeLow { flags |= Int32(GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW) }
            switch config.bias {
            case .asIs: break
            case .disabled: flags |= Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE)
            case .pullUp: flags |= Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP)
            case .pullDown: flags |= Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN)
            }
            if gpiod_line_request_both_edges_events_flags(line, consumer, flags) != 0 {
                let errno = LinuxInputError.lastErrno
                let lineName = string(gpiod_line_name(line)).map { "\(config.offset) (\($0))" } ?? "\(config.offset)"
                var holder: String?
                if errno == .resourceBusy {
                    _ = gpiod_line_update(line)
                    holder = string(gpiod_line_consumer(line)) ?? "the kernel (no consumer name)"
                }
                releaseAll()
                throw LinuxInputError.from(errno, device: "line \(lineName) of \(name) [\(label)]",
                                           operation: "request", holder: holder)
            }
            requested.append((config, line))
        }
        return try GPIOLineRequest(chip: self, lines: requested)
    }
}
