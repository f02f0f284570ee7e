import Foundation

/// A small XML writer: elements in order, text escaped, two-space indentation. The
/// exports write schemas whose element order matters, so they are written by hand in that
/// order rather than built as a tree.
struct XMLText {
    private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    private var open: [String] = []

    mutating func start(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        text += indent + "<" + name + Self.attributes(attributes) + ">\n"
        open.append(name)
    }

    mutating func end() {
        let name = open.removeLast()
        text += indent + "</" + name + ">\n"
    }

    mutating func element(_ name: String, _ value: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        text += indent + "<" + name + Self.attributes(attributes) + ">" + Self.escape(value) + "</" + name + ">\n"
    }

    mutating func empty(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        text += indent + "<" + name + Self.attributes(attributes) + "/>\n"
    }

    mutating func comment(_ value: String) {
        text += indent + "<!-- " + value.replacingOccurrences(of: "--", with: "—") + " -->\n"
    }

    var bytes: [UInt8] {
        precondition(open.isEmpty, "unclosed XML elements: \(open)")
        return Array(text.utf8)
    }

    private var indent: String { String(repeating: "  ", count: open.count) }

    private static func attributes(_ pairs: KeyValuePairs<String, String>) -> String {
        pairs.map { " \($0.key)=\"\(escape($0.value))\"" }.joined()
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // XML 1.0 forbids most control characters even escaped.
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r" { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Numbers as the formats want them: fixed decimals, a dot whatever the locale.
enum Decimal {
    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", locale: Locale(identifier: "en_US_POSIX"), value)
    }
}
