import ActionButtonCore

/// Writes one JSON object per line into a byte buffer. Hand-written because the session
/// log is on the replay hot path (a 10-hour session at 1 Hz is 36,000 samples plus
/// events) and `JSONEncoder` allocates a tree per object; this appends bytes and nothing else.
public struct JSONLineWriter {
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    public var count: Int { bytes.count }

    /// `text` as a JSON string, quoted and escaped as every string of the log is: the one JSON
    /// escaper of actionsim's hand-written JSON (the log, and a steps file `record` writes).
    public static func quoted(_ text: String) -> String {
        var writer = JSONLineWriter(capacity: text.utf8.count + 2)
        writer.string(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
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
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(UInt64(value.magnitude))
    }

    public mutating func field(_ key: StaticString, _ value: Bool) {
        writeKey(key)
        raw(value ? "true" : "false")
    }

    /// A number, or null when it is not finite (JSON has no NaN).
    public mutating func field(_ key: StaticString, _ value: Double) {
        writeKey(key)
        number(value)
    }

    /// Exact seconds from nanoseconds, with no floating-point rounding: `1.28`, `0.000002`.
    public mutating func field(_ key: StaticString, seconds nanoseconds: Int64) {
        writeKey(key)
        seconds(nanoseconds)
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

    /// RFC 8259 string escaping: quotes, backslashes and control characters, DEL and the C1
    /// controls included (U+009B is CSI to a terminal that shows `--json` output).
    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Nearly every string (event names, intents, buttons) needs no escaping: copied whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x7F || $0 == 0xC2 }) {
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        func unicodeEscape(_ value: UInt8) {
            bytes.append(contentsOf: Array("\\u00".utf8))
            bytes.append(hex[Int(value >> 4)])
            bytes.append(hex[Int(value & 0xF)])
        }
        var afterC2 = false
        for byte in text.utf8 {
            if afterC2 {
                afterC2 = false
                if (0x80...0x9F).contains(byte) { unicodeEscape(byte) } else { bytes.append(0xC2); bytes.append(byte) }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            case 0..<0x20, 0x7F: unicodeEscape(byte)
            case 0xC2: afterC2 = true
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The decimal digits of `value`, straight into the buffer: every line of the log has a
    /// time and most have numbers, and going through `String` cost more than the rest of the line.
    private mutating func digits(_ value: UInt64) {
        guard value >= 10 else {
            bytes.append(UInt8(ascii: "0") &+ UInt8(value))
            return
        }
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0) // 24 bytes: room for UInt64.max's 20 digits
        withUnsafeMutableBytes(of: &scratch) { buffer in
            var index = buffer.count
            var rest = value
            while rest > 0 {
                index -= 1
                buffer[index] = UInt8(ascii: "0") &+ UInt8(rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[index...]))
        }
    }

    /// `seconds(_:)` without building a string.
    private mutating func seconds(_ nanoseconds: Int64) {
        if nanoseconds < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = nanoseconds.magnitude
        digits(magnitude / 1_000_000_000)
        var fraction = magnitude % 1_000_000_000
        guard fraction != 0 else { return }
        var width = 9
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        bytes.append(UInt8(ascii: "."))
        var scale: UInt64 = 1
        for _ in 1..<width { scale *= 10 }
        while scale > fraction {  // leading zeros of the fraction
            bytes.append(UInt8(ascii: "0"))
            scale /= 10
        }
        digits(fraction)
    }

    /// `format(_:)` without building a string for whole numbers; JSON's null for NaN and infinities.
    private mutating func number(_ value: Double) {
        guard value.isFinite else { return raw("null") }
        if value == value.rounded(), abs(value) < 1e15 {
            let whole = Int64(value)
            if whole < 0 { bytes.append(UInt8(ascii: "-")) }
            digits(whole.magnitude)
        } else {
            // Swift's shortest round-trip text, as `description` gives it, but written
            // straight into the buffer: `description` made a String (a heap allocation for
            // anything over 15 characters, such as 17.950941231441945) for every number.
            var sink = ByteSink()
            swap(&sink.bytes, &bytes)
            value.write(to: &sink)
            swap(&sink.bytes, &bytes)
        }
    }

    /// Takes the standard library's text of a number. Its floating-point types format into
    /// a stack buffer and hand it to `_writeASCII`, a `TextOutputStream` requirement with a
    /// default that makes a String; this one copies the bytes and makes nothing.
    private struct ByteSink: TextOutputStream {
        var bytes: [UInt8] = []
        mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }
        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
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
