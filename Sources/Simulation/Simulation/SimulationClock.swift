import ActionButtonCore
#if canImport(Glibc)
import Glibc
#endif

/// Which time line the engine runs on.
public enum SimulationClock: Sendable {
    /// Replay: time only moves when the driver moves it, as fast as the machine goes.
    case virtual
    /// Live input or `--realtime` replay: `now` reads a real monotonic clock, relative to
    /// the start of the run (device timestamps are converted to the same line).
    case real(RealClock)
}

/// A monotonic clock, read as time since an origin.
public struct RealClock: Sendable {
    public let origin: Timestamp
    private let read: @Sendable () -> Timestamp

    /// `read` returns absolute monotonic time; `now` is relative to `origin`.
    public init(origin: Timestamp, read: @escaping @Sendable () -> Timestamp) {
        self.origin = origin
        self.read = read
    }

    public var now: Timestamp { Timestamp(nanoseconds: read().nanoseconds &- origin.nanoseconds) }

    /// `CLOCK_MONOTONIC`, the clock evdev (with `EVIOCSCLOCKID`) and gpiod stamp events with.
    public static func monotonicNow() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Timestamp(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }

    /// `CLOCK_PROCESS_CPUTIME_ID`: the CPU time every thread of this process has used, in
    /// nanoseconds.
    public static func processCPUTime() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }

    /// Monotonic time, the process's CPU time and the machine's idle time, read together
    /// (the stall watchdog's reading).
    static func progressNow() -> StallClock.Progress {
        StallClock.Progress(wall: monotonicNow().nanoseconds, cpu: processCPUTime(), machineIdle: machineIdleTime())
    }

    /// The time every CPU of the machine has spent idle (or waiting for I/O) since boot, in
    /// nanoseconds: /proc/stat's first line, in clock ticks. Nil where it cannot be read.
    public static func machineIdleTime() -> Int64? {
        guard let file = fopen("/proc/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let fields = line.split(separator: " ")
        // cpu user nice system idle iowait ...
        guard fields.count > 5, fields[0] == "cpu", let idle = Int64(fields[4]), let wait = Int64(fields[5]) else { return nil }
        let ticks = Int64(sysconf(Int32(_SC_CLK_TCK)))
        guard ticks > 0 else { return nil }
        return (idle &+ wait) &* (1_000_000_000 / ticks)
    }

    /// A monotonic clock whose zero is now.
    public static func startingNow() -> RealClock {
        RealClock(origin: monotonicNow(), read: { monotonicNow() })
    }
}
