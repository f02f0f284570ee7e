import CGPIOD
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// One edge on a requested GPIO line, with the kernel's time.
public struct GPIOEdgeEvent: Hashable, Sendable {
    public var offset: Int
    /// The line became active (pressed): a rising edge of the logical value, which for an
    /// active-low line is the physical level falling.
    public var becameActive: Bool
    /// Nanoseconds, `CLOCK_MONOTONIC` on kernels since 5.7 (earlier ones stamped `CLOCK_REALTIME`).
    public var time: Int64
}

/// Lines requested for edge events. The 1.6 API (GPIO uAPI v1) gives each line its own
/// event descriptor; all are non-blocking so an event loop can wait on them together.
/// The 1.6 API has no debounce: callers debounce in software (P2).
public final class GPIOLineRequest {
    public struct Line: Hashable, Sendable {
        public var offset: Int
        public var fileDescriptor: Int32
    }

    public let chip: GPIOChip
    public let lines: [Line]
    private let handles: [Int: OpaquePointer]
    private var released = false
    private var buffer = [gpiod_line_event](repeating: gpiod_line_event(), count: 16)

    init(chip: GPIOChip, lines requested: [(GPIOLineConfig, OpaquePointer)]) throws(LinuxInputError) {
        self.chip = chip
        var lines: [Line] = []
        var handles: [Int: OpaquePointer] = [:]
        for (config, line) in requested {
            let fd = gpiod_line_event_get_fd(line)
            let flags = fcntl(fd, F_GETFL)
            if fd < 0 || flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0 {
                let errno = LinuxInputError.lastErrno
                for (_, line) in requested { gpiod_line_release(line) }
                throw LinuxInputError.from(errno, device: "line \(config.offset) of \(chip.name)", operation: "set up events on")
            }
            lines.append(Line(offset: config.offset, fileDescriptor: fd))
            handles[config.offset] = line
        }
        self.lines = lines
        self.handles = handles
    }

    deinit { release() }

    /// Gives the lines back (`gpiod_line_release`); `gpioinfo` shows them unused again.
    public func release() {
        guard !released else { return }
        released = true
        for line in handles.values { gpiod_line_release(line) }
    }

    /// Whether the line is active now (pressed, honouring active-low).
    public func isActive(_ offset: Int) throws(LinuxInputError) -> Bool {
        guard let line = handles[offset] else { throw .noSuchLine(chip: chip.name, line: "\(offset)", lineCount: chip.lineCount) }
        let value = gpiod_line_get_value(line)
        if value < 0 { throw LinuxInputError.from(LinuxInputError.lastErrno, device: "line \(offset) of \(chip.name)", operation: "read") }
        return value == 1
    }

    /// Appends every queued edge of the line behind `fileDescriptor`, returning when none is left.
    public func readEvents(from line: Line, into events: inout [GPIOEdgeEvent]) throws(LinuxInputError) {
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { pointer in
                gpiod_line_event_read_fd_multiple(line.fileDescriptor, pointer.baseAddress, UInt32(pointer.count))
            }
            if count < 0 {
                let errno = LinuxInputError.lastErrno
                if errno == .resourceTemporarilyUnavailable { return }
                if errno == .interrupted { continue }
                throw LinuxInputError.from(errno, device: "line \(line.offset) of \(chip.name)", operation: "read events from")
            }
            for event in buffer.prefix(Int(count)) {
                events.append(GPIOEdgeEvent(offset: line.offset,
                                            becameActive: event.event_type == Int32(GPIOD_LINE_EVENT_RISING_EDGE),
                                            time: KernelTime.nanoseconds(event.ts)))
            }
            if Int(count) < buffer.count { return }
        }
    }
}
