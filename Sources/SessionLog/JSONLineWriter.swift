import ActionButtonCore

/// Writes one JSON object per line into a byte buffer. Hand-written because the session
/// log is on the replay hot path (a 10-hour session at 1 Hz is 36,000 samples plus
/// events) and `JSONEncoder` allocates a tree per object; this appends bytes and nothing else.
public struct JSONLineWriter {
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    public var count: Int { bytes.count }
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    public mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        bytes.append(UInt8(ascii: "\n"))
        needsComma = false
    }

    public mutating func field(_ key: StaticString, _ value: String) {
        writeKey(key)
        string(value)
    }

    public mutating func field(_ key: StaticString, _ value: String?) {
        writeKey(key)
        if let value { string(value) } else { raw("null") }
    }

    public mutating func field(_ key: StaticString, _ value: Int) {
        writeKey(key)
        raw(String(value))
    }

    public mutating func field(_ key: StaticString, _ value: Bool) {
        writeKey(key)
        raw(value ? "true" : "false")
    }

    /// A number, or null when it is not finite (JSON has no NaN).
    public mutating func field(_ key: StaticString, _ value: Double) {
        writeKey(key)
        raw(value.isFinite ? Self.format(value) : "null")
    }

    /// Exact seconds from nanoseconds, with no floating-point rounding: `1.28`, `0.000002`.
    public mutating func field(_ key: StaticString, seconds nanoseconds: Int64) {
        writeKey(key)
        raw(Self.seconds(nanoseconds))
    }

    /// A nested object of string values, in order.
    public mutating func field(_ key: StaticString, pairs: [(String, String)]) {
        writeKey(key)
        bytes.append(UInt8(ascii: "{"))
        for (index, pair) in pairs.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(pair.0)
            bytes.append(UInt8(ascii: ":"))
            string(pair.1)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// A list of strings.
    public mutating func field(_ key: StaticString, list: [String]) {
        writeKey(key)
        bytes.append(UInt8(ascii: "["))
        for (index, item) in list.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(item)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func writeKey(_ key: StaticString) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// RFC 8259 string escaping: quotes, backslashes and control characters.
    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    public static func seconds(_ nanoseconds: Int64) -> String {
        let negative = nanoseconds < 0
        let magnitude = nanoseconds.magnitude
        let whole = magnitude / 1_000_000_000
        var fraction = magnitude % 1_000_000_000
        var text = (negative ? "-" : "") + String(whole)
        if fraction != 0 {
            var digits = 9
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let fractionText = String(fraction)
            text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        }
        return text
    }

    /// Shortest text that reads back as the same number (Swift's description), without
    /// the exponent forms JSON readers stumble on for everyday magnitudes.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
