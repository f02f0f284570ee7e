import ActionButtonCore
import CGPIOD
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// One edge on a requested GPIO line, with the kernel's time.
///
/// The kernel labels an edge by reading the line's level after the interrupt, not by the
/// edge's own direction: when a contact bounces faster than that, two edges in a row can
/// carry the same label. What the line settles at is the level the last one read.
public struct GPIOEdgeEvent: Hashable, Sendable {
    public var offset: Int
    /// The line became active (pressed): a rising edge of the logical value, which for an
    /// active-low line is the physical level falling.
    public var becameActive: Bool
    /// Nanoseconds on `CLOCK_MONOTONIC`. libgpiod 2.x asks for that clock; with 1.6 it is
    /// the kernel's choice, `CLOCK_REALTIME` before Linux 5.7.
    public var time: Int64
}

/// Lines requested for edge events, non-blocking, for an event loop to wait on.
///
/// libgpiod 2.x (uAPI v2): one descriptor for all lines; the kernel debounces (`debounce`),
/// numbers each line's events so that lost ones show as gaps, keeps 256 events and drops
/// the oldest when full. libgpiod 1.6 (uAPI v1): a descriptor per line, no debounce, no
/// numbers; each line's queue holds 16 events and silently drops the newest when full.
public final class GPIOLineRequest {
    /// What one `readEvents` call learned besides the events.
    public struct ReadSummary: Hashable, Sendable {
        /// Lines whose events the kernel dropped (2.x: by sequence number), and how many.
        public var lost: [Int: Int] = [:]
        /// Lines whose 16-event queue may have filled (1.6: 16 or more events were waiting),
        /// so that the newest edges may be lost without a trace: read their level again.
        public var mayHaveOverflowed: Set<Int> = []
    }

    public let chip: GPIOChip
    public let offsets: [Int]
    /// The descriptors to wait on for readability.
    public let fileDescriptors: [Int32]
    /// How long the kernel debounces each line: the request's period with libgpiod 2.x,
    /// zero with 1.6 (the caller debounces in software).
    public let debounce: Duration
    private var released = false

    #if LIBGPIOD_V2
    /// The kernel's event queue for the request, in events.
    static let kernelQueue = 256
    private let handle: OpaquePointer
    private let buffer: OpaquePointer
    /// The last sequence number seen per line (they start at 1).
    private var sequence: [Int: UInt] = [:]

    init(chip: GPIOChip, handle chipHandle: OpaquePointer, lines: [GPIOLineConfig], consumer: String,
         debounce: Duration) throws(LinuxInputError) {
        self.chip = chip
        let micros = max(0, debounce.nanoseconds / 1000)
        guard let lineConfig = gpiod_line_config_new(), let requestConfig = gpiod_request_config_new() else {
            throw .failed("\(chip.name)", operation: "prepare a line request for", .noMemory)
        }
        defer { gpiod_line_config_free(lineConfig); gpiod_request_config_free(requestConfig) }
        for config in lines {
            guard let settings = gpiod_line_settings_new() else { throw .failed("\(chip.name)", operation: "prepare a line request for", .noMemory) }
            defer { gpiod_line_settings_free(settings) }
            _ = gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT)
            _ = gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_BOTH)
            let bias: gpiod_line_bias
            switch config.bias {
            case .asIs: bias = GPIOD_LINE_BIAS_AS_IS
            case .disabled: bias = GPIOD_LINE_BIAS_DISABLED
            case .pullUp: bias = GPIOD_LINE_BIAS_PULL_UP
            case .pullDown: bias = GPIOD_LINE_BIAS_PULL_DOWN
            }
            _ = gpiod_line_settings_set_bias(settings, bias)
            gpiod_line_settings_set_active_low(settings, config.activeLow)
            gpiod_line_settings_set_debounce_period_us(settings, UInt(micros))
            // The loop's clock: edge times and deadlines on one time line, whatever the wall clock does.
            _ = gpiod_line_settings_set_event_clock(settings, GPIOD_LINE_CLOCK_MONOTONIC)
            var offset = UInt32(config.offset)
            if gpiod_line_config_add_line_settings(lineConfig, &offset, 1, settings) != 0 {
                throw chip.requestError(LinuxInputError.lastErrno, lines: [config])
            }
        }
        gpiod_request_config_set_consumer(requestConfig, consumer)
        gpiod_request_config_set_event_buffer_size(requestConfig, Self.kernelQueue)
        guard let request = gpiod_chip_request_lines(chipHandle, requestConfig, lineConfig) else {
            throw chip.requestError(LinuxInputError.lastErrno, lines: lines)
        }
        let fd = gpiod_line_request_get_fd(request)
        let flags = fcntl(fd, F_GETFL)
        guard fd >= 0, flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) >= 0,
              let buffer = gpiod_edge_event_buffer_new(64) else {
            let errno = LinuxInputError.lastErrno
            gpiod_line_request_release(request)
            throw LinuxInputError.from(errno, device: "lines of \(chip.name)", operation: "set up events on")
        }
        handle = request
        self.buffer = buffer
        offsets = lines.map(\.offset)
        fileDescriptors = [fd]
        self.debounce = .microseconds(micros)
    }

    /// Gives the lines back; `gpioinfo` shows them unused again.
    public func release() {
        guard !released else { return }
        released = true
        gpiod_line_request_release(handle)
        gpiod_edge_event_buffer_free(buffer)
    }

    /// Whether the line is active now (pressed, honouring active-low).
    public func isActive(_ offset: Int) throws(LinuxInputError) -> Bool {
        guard offsets.contains(offset) else { throw .noSuchLine(chip: chip.name, line: "\(offset)", lineCount: chip.lineCount) }
        let value = gpiod_line_request_get_value(handle, UInt32(offset))
        if value == GPIOD_LINE_VALUE_ERROR {
            throw LinuxInputError.from(LinuxInputError.lastErrno, device: "line \(offset) of \(chip.name)", operation: "read")
        }
        return value == GPIOD_LINE_VALUE_ACTIVE
    }

    /// Appends every queued edge behind `fileDescriptor`, returning when none is left.
    public func readEvents(from fileDescriptor: Int32, into events: inout [GPIOEdgeEvent]) throws(LinuxInputError) -> ReadSummary {
        var summary = ReadSummary()
        while true {
            let count = gpiod_line_request_read_edge_events(handle, buffer, 64)
            if count < 0 {
                let errno = LinuxInputError.lastErrno
                if errno == .resourceTemporarilyUnavailable { return summary }
                if errno == .interrupted { continue }
                throw LinuxInputError.from(errno, device: "lines of \(chip.name)", operation: "read events from")
            }
            for index in 0..<Int(count) {
                guard let event = gpiod_edge_event_buffer_get_event(buffer, UInt(index)) else { continue }
                let offset = Int(gpiod_edge_event_get_line_offset(event))
                let number = gpiod_edge_event_get_line_seqno(event)
                let expected = (sequence[offset] ?? 0) &+ 1
                if number > expected { summary.lost[offset, default: 0] += Int(number - expected) }
                sequence[offset] = number
                events.append(GPIOEdgeEvent(offset: offset,
                                            becameActive: gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE,
                                            time: Int64(bitPattern: UInt64(gpiod_edge_event_get_timestamp_ns(event)))))
            }
            if count == 0 { return summary }
        }
    }
    #else
    /// The kernel's event queue per line, in events (uAPI v1).
    static let kernelQueue = 16
    private let handles: [Int: OpaquePointer]
    private let lineOfDescriptor: [Int32: Int]
    private var buffer = [gpiod_line_event](repeating: gpiod_line_event(), count: 16)

    init(chip: GPIOChip, handle chipHandle: OpaquePointer, lines: [GPIOLineConfig], consumer: String,
         debounce: Duration) throws(LinuxInputError) {
        self.chip = chip
        var requested: [(GPIOLineConfig, OpaquePointer)] = []
        func releaseAll() { for (_, line) in requested { gpiod_line_release(line) } }
        for config in lines {
            guard let line = gpiod_chip_get_line(chipHandle, UInt32(config.offset)) else {
                releaseAll()
                throw .noSuchLine(chip: chip.name, line: "\(config.offset)", lineCount: chip.lineCount)
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
                releaseAll()
                throw chip.requestError(errno, lines: [config])
            }
            requested.append((config, line))
        }
        var handles: [Int: OpaquePointer] = [:]
        var lineOfDescriptor: [Int32: Int] = [:]
        for (config, line) in requested {
            let fd = gpiod_line_event_get_fd(line)
            let flags = fcntl(fd, F_GETFL)
            if fd < 0 || flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0 {
                let errno = LinuxInputError.lastErrno
                releaseAll()
                throw LinuxInputError.from(errno, device: "line \(config.offset) of \(chip.name)", operation: "set up events on")
            }
            handles[config.offset] = line
            lineOfDescriptor[fd] = config.offset
        }
        self.handles = handles
        self.lineOfDescriptor = lineOfDescriptor
        offsets = lines.map(\.offset)
        fileDescriptors = requested.map { gpiod_line_event_get_fd($0.1) }
        self.debounce = .zero
    }

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
    public func readEvents(from fileDescriptor: Int32, into events: inout [GPIOEdgeEvent]) throws(LinuxInputError) -> ReadSummary {
        var summary = ReadSummary()
        guard let offset = lineOfDescriptor[fileDescriptor] else { return summary }
        var drained = 0
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { pointer in
                gpiod_line_event_read_fd_multiple(fileDescriptor, pointer.baseAddress, UInt32(pointer.count))
            }
            if count < 0 {
                let errno = LinuxInputError.lastErrno
                if errno == .resourceTemporarilyUnavailable {
                    // Everything read from here was in the queue at some time: fewer than 16
                    // in all and it never held 16 at once.
                    if drained >= Self.kernelQueue { summary.mayHaveOverflowed.insert(offset) }
                    return summary
                }
                if errno == .interrupted { continue }
                throw LinuxInputError.from(errno, device: "line \(offset) of \(chip.name)", operation: "read events from")
            }
            drained += Int(count)
            for event in buffer.prefix(Int(count)) {
                events.append(GPIOEdgeEvent(offset: offset,
                                            becameActive: event.event_type == Int32(GPIOD_LINE_EVENT_RISING_EDGE),
                                            time: KernelTime.nanoseconds(event.ts)))
            }
        }
    }
    #endif

    deinit { release() }
}
