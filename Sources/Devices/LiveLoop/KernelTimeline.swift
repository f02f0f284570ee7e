import ActionButtonCore

/// Where a kernel timestamp lands on a live run's time line: a pure value, so that each rule
/// is a unit test, not a live run.
///
/// The kernel stamps input events on `CLOCK_MONOTONIC` (evdev with that clock asked for, GPIO
/// line events since Linux 5.7); the run's time line counts from `origin`, the monotonic time
/// the run started at (the session log's header names it).
public struct KernelTimeline: Sendable, Equatable {
    /// The `CLOCK_MONOTONIC` time that is zero on the run's time line.
    public let origin: Timestamp

    /// How far a stamp may lie ahead of the loop's clock, or before the run's start, and
    /// still be on the same clock: the edges read just after the clock (a second at most).
    public static let tolerance: Int64 = 1_000_000_000

    public init(origin: Timestamp) { self.origin = origin }

    /// A kernel stamp on the run's time line, as it is (no bounds applied).
    public func offset(_ kernelTime: Int64) -> Int64 { kernelTime &- origin.nanoseconds }

    /// Whether a stamp is on the run's clock: between a second before the run's start and a
    /// second after `now`. One outside is on another clock (the GPIO uAPI v1 stamped
    /// `CLOCK_REALTIME` before Linux 5.7).
    public func isOnThisClock(_ kernelTime: Int64, now: Timestamp) -> Bool {
        let time = offset(kernelTime)
        return time >= -Self.tolerance && time <= now.nanoseconds + Self.tolerance
    }

    /// Where an input stamped `kernelTime` goes on the time line, read at `now`, when the
    /// session has already passed `floor` (what the log holds, or where the press recognizer
    /// was advanced to).
    ///
    /// A stamp on this clock keeps its time, however old (a loop stopped for a minute reads a
    /// minute-old edge and keeps its time), but never goes before `floor` (the log's times
    /// never go back, and the recognizer counts the edge at the time the log says) nor after
    /// the present. A stamp on another clock is given the present.
    public func place(_ kernelTime: Int64, now: Timestamp, floor: Timestamp) -> Placement {
        let present = max(now, floor)
        guard isOnThisClock(kernelTime, now: now) else { return Placement(time: present, stamped: nil) }
        let time = offset(kernelTime)
        let placed = Timestamp(nanoseconds: min(max(time, floor.nanoseconds), present.nanoseconds))
        return Placement(time: placed, stamped: Timestamp(nanoseconds: time))
    }

    /// Where an input goes, and what the kernel said.
    public struct Placement: Sendable, Equatable {
        /// The time the input is logged and applied at.
        public var time: Timestamp
        /// The kernel's own time for it on the time line; nil when stamped on another clock.
        public var stamped: Timestamp?

        public init(time: Timestamp, stamped: Timestamp?) {
            self.time = time
            self.stamped = stamped
        }

        /// Read after the session had passed its stamp (a wake-up late, or after an intent's
        /// later report): the input is logged at `time`, and the log says when it happened.
        public var isLate: Bool { stamped.map { $0 < time } ?? false }
    }

    /// The present of a wake-up whose clock read `now`, after a last read of the devices that
    /// found edges stamped `stamps`: an edge stamped after the clock was read (within the
    /// tolerance) moves the present to its stamp, so that no edge is logged in the future.
    public func present(_ now: Timestamp, after stamps: some Sequence<Int64>) -> Timestamp {
        var present = now
        for stamp in stamps {
            let time = offset(stamp)
            if time > present.nanoseconds, time <= now.nanoseconds + Self.tolerance { present = Timestamp(nanoseconds: time) }
        }
        return present
    }
}
