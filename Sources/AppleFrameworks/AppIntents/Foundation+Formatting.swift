import Foundation

// Two corners of Apple's Foundation that Linux's lacks and watch apps' model files use (seen
// in a new user's trial: HockeyDrills' managers). Like `ObservableObject`, they reach every
// file of a generated package through this module, so a file importing only Foundation
// compiles as on a watch.

/// A date said relative to another, in English ("in 5 minutes", "2 hr. ago", "yesterday"),
/// as Apple's formatter says it in an English locale; other locales get the same English.
open class RelativeDateTimeFormatter: Formatter, @unchecked Sendable {
    public enum DateTimeStyle: Int, Sendable {
        case numeric = 0
        case named = 1
    }

    public enum UnitsStyle: Int, Sendable {
        case full = 0
        case spellOut = 1
        case short = 2
        case abbreviated = 3
    }

    open var dateTimeStyle: DateTimeStyle = .numeric
    open var unitsStyle: UnitsStyle = .full
    open var formattingContext: Context = .unknown
    open var calendar: Calendar! = .current
    open var locale: Locale! = .current

    public override init() {
        super.init()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// `date` as seen from `referenceDate`: "in 3 days", "3 days ago".
    open func localizedString(for date: Date, relativeTo referenceDate: Date) -> String {
        localizedString(fromTimeInterval: date.timeIntervalSince(referenceDate))
    }

    /// The largest non-zero component, signed: `DateComponents(day: -1)` is "1 day ago".
    open func localizedString(from dateComponents: DateComponents) -> String {
        let parts: [(Int?, Unit)] = [(dateComponents.year, .year), (dateComponents.month, .month),
                                     (dateComponents.weekOfMonth ?? dateComponents.weekOfYear, .week), (dateComponents.day, .day),
                                     (dateComponents.hour, .hour), (dateComponents.minute, .minute), (dateComponents.second, .second)]
        guard let (value, unit) = parts.first(where: { ($0.0 ?? 0) != 0 }).map({ ($0.0!, $0.1) }) else {
            return phrase(0, .second)
        }
        return phrase(value, unit)
    }

    /// The interval in its largest whole unit: 90 s is "in 1 minute", -7,200 s "2 hours ago".
    open func localizedString(fromTimeInterval timeInterval: TimeInterval) -> String {
        guard timeInterval.isFinite else { return "" }
        let seconds = abs(timeInterval)
        let sizes: [(Double, Unit)] = [(31_536_000, .year), (2_592_000, .month), (604_800, .week), (86_400, .day),
                                       (3_600, .hour), (60, .minute), (1, .second)]
        let (size, unit) = sizes.first { seconds >= $0.0 } ?? (1, .second)
        let count = Int((seconds / size).rounded(.down))
        return phrase(timeInterval < 0 ? -count : count, unit)
    }

    open override func string(for obj: Any?) -> String? {
        guard let date = obj as? Date else { return nil }
        return localizedString(for: date, relativeTo: Date())
    }

    enum Unit: String {
        case year, month, week, day, hour, minute, second

        var abbreviation: String {
            switch self {
            case .year: "yr."
            case .month: "mo."
            case .week: "wk."
            case .day: "day"
            case .hour: "hr."
            case .minute: "min."
            case .second: "sec."
            }
        }
    }

    private func phrase(_ value: Int, _ unit: Unit) -> String {
        if dateTimeStyle == .named, let named = Self.named(value, unit) { return named }
        let count = value.magnitude
        let word: String
        switch unitsStyle {
        case .full, .spellOut: word = count == 1 ? unit.rawValue : unit.rawValue + "s"
        case .short: word = unit == .day ? (count == 1 ? "day" : "days") : unit.abbreviation
        case .abbreviated: word = String(unit.rawValue.prefix(1))
        }
        let number = unitsStyle == .spellOut ? Self.spelled(count) : String(count)
        let amount = unitsStyle == .abbreviated ? number + word : number + " " + word
        return value < 0 ? amount + " ago" : "in " + amount
    }

    private static func named(_ value: Int, _ unit: Unit) -> String? {
        switch (value, unit) {
        case (0, _): "now"
        case (1, .day): "tomorrow"
        case (-1, .day): "yesterday"
        case (1, _): "next " + unit.rawValue
        case (-1, _): "last " + unit.rawValue
        default: nil
        }
    }

    private static func spelled(_ count: UInt) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.numberStyle = .spellOut
        return formatter.string(from: NSNumber(value: count)) ?? String(count)
    }
}

extension UserDefaults {
    /// Key-value coding as an app reads its defaults on a watch (`NSObject`'s, which Linux's
    /// Foundation has not): the stored object for `key`.
    public func value(forKey key: String) -> Any? {
        object(forKey: key)
    }

    /// Stores `value` for `key` (nil removes it), as `set(_:forKey:)` does.
    public func setValue(_ value: Any?, forKey key: String) {
        set(value, forKey: key)
    }
}
