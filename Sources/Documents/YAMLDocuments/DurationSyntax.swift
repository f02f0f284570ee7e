/// The one way times are written in every file: `1.5` (seconds), `150ms`, `2s`, `2m`,
/// `1h30m`, `2m 80ms`, `1:02:03.5` or `02:03`.
public enum DurationSyntax {
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case negative(String)
        case malformed(String)
        case tooLarge(String)

        public var description: String {
            switch self {
            case .negative(let text): "\"\(text)\" is negative; times count from the start and cannot be negative"
            case .malformed(let text): "\"\(text)\" is not a time; expected a time such as 1.5s, 150ms, 2m, 1h30m or 1:02:03"
            case .tooLarge(let text): "\"\(text)\" is too large; times up to 1000 hours are supported"
            }
        }
    }

    /// The longest time a file may name: 1000 hours.
    public static let maximumNanoseconds: Int64 = 1000 * 3600 * 1_000_000_000

    public static func parse(_ raw: String) -> Result<Duration, Problem> {
        let text = raw.trimmingWhitespace()
        guard !text.isEmpty else { return .failure(.malformed(raw)) }
        if text.hasPrefix("-") { return .failure(.negative(raw)) }
        let nanoseconds: Int64?
        if text.contains(":") {
            nanoseconds = parseClock(text)
        } else if let seconds = Double(text) {
            nanoseconds = seconds.isFinite && seconds >= 0 && seconds < 4e6 ? Int64((seconds * 1e9).rounded()) : nil
            if nanoseconds == nil, seconds.isFinite, seconds >= 4e6 { return .failure(.tooLarge(raw)) }
        } else {
            nanoseconds = parseUnits(text)
        }
        guard let nanoseconds else { return .failure(.malformed(raw)) }
        guard nanoseconds <= maximumNanoseconds else { return .failure(.tooLarge(raw)) }
        return .success(.nanoseconds(nanoseconds))
    }

    /// `h:mm:ss(.fff)` or `mm:ss(.fff)`.
    private static func parseClock(_ text: String) -> Int64? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        var seconds = 0.0
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            guard !part.isEmpty, part.allSatisfy({ $0.isNumber || (isLast && $0 == ".") }),
                  let value = Double(part), value >= 0 else { return nil }
            if index > 0 && value >= 60 { return nil }
            seconds = seconds * 60 + value
        }
        guard seconds < 4e6 else { return nil }
        return Int64((seconds * 1e9).rounded())
    }

    /// A run of number+unit terms: `1h30m`, `2m 80ms`, `1.5s`, `250us`.
    private static func parseUnits(_ text: String) -> Int64? {
        var total = 0.0
        var index = text.startIndex
        var sawTerm = false
        while index < text.endIndex {
            while index < text.endIndex, text[index] == " " { index = text.index(after: index) }
            if index == text.endIndex { break }
            let numberStart = index
            while index < text.endIndex, text[index].isNumber || text[index] == "." { index = text.index(after: index) }
            guard numberStart < index, let value = Double(text[numberStart..<index]) else { return nil }
            let unitStart = index
            while index < text.endIndex, text[index].isLetter || text[index] == "µ" { index = text.index(after: index) }
            let scale: Double
            switch text[unitStart..<index] {
            case "h": scale = 3600e9
            case "m", "min": scale = 60e9
            case "s": scale = 1e9
            case "ms": scale = 1e6
            case "us", "µs": scale = 1e3
            case "ns": scale = 1
            default: return nil
            }
            total += value * scale
            sawTerm = true
        }
        guard sawTerm, total.isFinite else { return nil }
        // Past Int64 it cannot be converted; anything that large is refused as too large.
        return total < 4e15 ? Int64(total.rounded()) : .max
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
