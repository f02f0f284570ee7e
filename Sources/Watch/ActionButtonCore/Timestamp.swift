/// A point on a monotonic time line, counted in nanoseconds.
///
/// Replay starts its virtual time line at zero; live input uses the kernel's
/// `CLOCK_MONOTONIC` event times. The core never reads a clock: every timestamp is
/// handed to it, which is what makes replay repeatable bit for bit.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    @inlinable
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = Timestamp(nanoseconds: 0)

    @inlinable
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// Seconds since the origin, for logs and displays (never for arithmetic).
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    @inlinable
    public func advanced(by duration: Duration) -> Timestamp {
        Timestamp(nanoseconds: nanoseconds &+ duration.nanoseconds)
    }

    @inlinable
    public func advanced(byNanoseconds delta: Int64) -> Timestamp {
        Timestamp(nanoseconds: nanoseconds &+ delta)
    }

    @inlinable
    public static func - (lhs: Timestamp, rhs: Timestamp) -> Duration {
        .nanoseconds(lhs.nanoseconds &- rhs.nanoseconds)
    }

    /// `h:mm:ss.mmm`, the format of every timeline the program prints.
    public var description: String { TimeFormat.clock(nanoseconds) }
}

extension Duration {
    /// Whole nanoseconds, saturating: the core keeps time in `Int64` nanoseconds.
    @inlinable
    public var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return scaled &+ attoseconds / 1_000_000_000
    }

    /// Seconds as a `Double`, for logs and displays.
    public var secondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// How times are written for people: the same everywhere, so a timeline and an error
/// message about it can be compared at a glance.
public enum TimeFormat {
    /// `h:mm:ss.mmm` (hours are not padded: a 10-hour session reads `10:00:00.000`), or with
    /// `digits` (1 to 9) after the point. Cut, not rounded, as every timeline's times are.
    public static func clock(_ nanoseconds: Int64, digits: Int = 3) -> String {
        let negative = nanoseconds < 0
        // The magnitude, not the negation: -Int64.min does not fit (a damaged store held it).
        let total = nanoseconds.magnitude
        let seconds = total / 1_000_000_000
        let s = seconds % 60
        let m = (seconds / 60) % 60
        let h = seconds / 3600
        let digits = min(max(digits, 1), 9)
        var unit: UInt64 = 1
        for _ in digits..<9 { unit *= 10 }
        return (negative ? "-" : "") + "\(h):" + pad2(m) + ":" + pad2(s) + "." + pad(total % 1_000_000_000 / unit, to: digits)
    }

    /// The fewest digits after the point, 3 or more, that write every two different times
    /// apart, and each of `exact` without cutting it: what a message comparing times uses for
    /// all of them, so that times a microsecond apart never read the same (`0:00:03.640000`
    /// and `0:00:03.640001`), and a time the user wrote reads as written.
    public static func digits(toTellApart times: [Int64], writingExactly exact: [Int64] = []) -> Int {
        let distinct = Set(times + exact).sorted()
        var digits = 3
        var unit: Int64 = 1_000_000
        while digits < 9, zip(distinct, distinct.dropFirst()).contains(where: { cut($0, unit) == cut($1, unit) })
                || exact.contains(where: { $0 % unit != 0 }) {
            digits += 1
            unit /= 10
        }
        return digits
    }

    /// A time cut to `unit` nanoseconds, as `clock` writes it (towards zero).
    private static func cut(_ nanoseconds: Int64, _ unit: Int64) -> Int64 { nanoseconds / unit }

    /// A short duration for messages: `80ms`, `1.5s`, `2m30s`, `1h5m`.
    public static func duration(_ duration: Duration) -> String {
        let ns = duration.nanoseconds
        if ns == 0 { return "0s" }
        let negative = ns < 0
        let total = ns.magnitude
        var text: String
        if total < 1_000_000 {
            text = "\(total / 1000)µs"
        } else if total < 1_000_000_000 {
            let ms = Double(total) / 1e6
            text = ms == ms.rounded() ? "\(Int64(ms))ms" : "\(trim(ms, digits: 3))ms"
        } else if total < 60_000_000_000 {
            text = "\(trim(Double(total) / 1e9, digits: 3))s"
        } else {
            let seconds = total / 1_000_000_000
            let h = seconds / 3600, m = (seconds / 60) % 60, s = seconds % 60
            let rest = total % 1_000_000_000
            text = h > 0 ? "\(h)h" + (m > 0 ? "\(m)m" : "") + (s > 0 ? "\(s)s" : "")
                : "\(m)m" + (s > 0 || rest > 0 ? "\(trim(Double(s) + Double(rest) / 1e9, digits: 3))s" : "")
        }
        return negative ? "-" + text : text
    }

    private static func trim(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = "\(rounded)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// Rounded to the second, for summaries and plots: `h:mm:ss` (`0:05:03`), or with
    /// `shortUnderAnHour` `m:ss` below an hour (`5:03`); before zero with a minus (`-0:01`,
    /// the press that started a session).
    public static func wholeSeconds(_ duration: Duration, shortUnderAnHour: Bool = false) -> String {
        let rounded = duration.secondsValue.rounded()
        let total = UInt64(min(rounded.magnitude, 9.2e18))
        let s = total % 60, m = total / 60 % 60, h = total / 3600
        let text = h > 0 || !shortUnderAnHour ? "\(h):" + pad2(m) + ":" + pad2(s) : "\(m):" + pad2(s)
        return (rounded < 0 ? "-" : "") + text
    }

    private static func pad2(_ v: UInt64) -> String { v < 10 ? "0\(v)" : "\(v)" }

    private static func pad(_ v: UInt64, to width: Int) -> String {
        let text = "\(v)"
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

// Codable so that a simulated watch in another process can send what happened (ActionButtonHarness).
extension Timestamp: Codable {}
