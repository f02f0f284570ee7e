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

    private static func format(_ date: Date, _ pattern: String) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, pattern, &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
