import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Wall-clock times as the logs write them, in UTC, formatted with the C library.
/// `DateFormatter` and `ISO8601DateFormatter` would load ICU's locale data for a fixed
/// format: some 6 MB of a live run's resident memory, for two timestamps.
public enum UTCTimestamp {
    /// `2026-11-23T08:05:09Z`, as `ISO8601DateFormatter` writes it.
    public static func iso8601(_ date: Date) -> String { format(date, "%Y-%m-%dT%H:%M:%SZ") }

    /// `20261123T080509Z`: sorts by time, and is safe in a file name.
    public static func compact(_ date: Date) -> String { format(date, "%Y%m%dT%H%M%SZ") }

    /// `2026-11-23 08:05:09`: the sessions list and `show`.
    public static func readable(_ date: Date) -> String { format(date, "%Y-%m-%d %H:%M:%S") }

    /// `Mon, 23 Nov 2026 08:05:09 GMT`: an HTTP `Date` header (RFC 9110), in English
    /// whatever the locale.
    public static func http(_ date: Date) -> String {
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let parts = utc(date)
        return days[Int(parts.tm_wday)] + format(date, ", %d ") + months[Int(parts.tm_mon)] + format(date, " %Y %H:%M:%S GMT")
    }

    private static func utc(_ date: Date) -> tm {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return parts
    }

    private static func format(_ date: Date, _ pattern: String) -> String {
        var parts = utc(date)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, pattern, &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
