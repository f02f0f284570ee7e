/// Calendar dates in UTC from nanoseconds since 1970, without Foundation's formatters:
/// exports must not depend on the machine's locale or time zone.
struct UTCDate: Hashable, Sendable {
    var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int

    init(unixNanoseconds ns: Int64) {
        let millis = ns >= 0 ? ns / 1_000_000 : (ns - 999_999) / 1_000_000
        let days = Int(millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000)
        let inDay = Int(millis - Int64(days) * 86_400_000)
        (year, month, day) = Self.civil(fromDays: days)
        hour = inDay / 3_600_000
        minute = inDay / 60_000 % 60
        second = inDay / 1000 % 60
        millisecond = inDay % 1000
    }

    /// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
    static func civil(fromDays z: Int) -> (Int, Int, Int) {
        let z = z + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// `2026-11-23T07:02:24Z`, or with `.123` milliseconds when asked.
    func iso8601(milliseconds: Bool = false) -> String {
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
        if milliseconds { text += ".\(pad(millisecond, 3))" }
        return text + "Z"
    }

    var dateText: String { "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))" }
    var timeText: String { "\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))" }

    private func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
