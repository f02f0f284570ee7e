import ActionButtonCore
import Foundation

/// Writes scenario YAML that `ScenarioParser` reads back to the same values: the format
/// `actionsim record` and `actionsim import-evemu` produce.
public enum ScenarioText {
    /// A time the duration syntax reads back to the very nanosecond: `0s`, `1.5s`,
    /// `0.112345678s`, `2m 3.000000001s`, `1h 2m 3.25s`. Seconds are split from minutes and
    /// hours so that no number has more digits than a `Double` holds exactly.
    public static func duration(_ nanoseconds: Int64) -> String {
        precondition(nanoseconds >= 0, "scenario times are never negative")
        let hours = nanoseconds / 3_600_000_000_000
        let minutes = (nanoseconds / 60_000_000_000) % 60
        let rest = nanoseconds % 60_000_000_000
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours)h") }
        if minutes > 0 { parts.append("\(minutes)m") }
        if rest > 0 || parts.isEmpty { parts.append(seconds(rest)) }
        return parts.joined(separator: " ")
    }

    /// `12.5s`, `0.000001s`: whole seconds and up to nine decimals, trailing zeros dropped.
    private static func seconds(_ nanoseconds: Int64) -> String {
        let whole = nanoseconds / 1_000_000_000
        let fraction = nanoseconds % 1_000_000_000
        guard fraction > 0 else { return "\(whole)s" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 9 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)s"
    }

    /// A YAML double-quoted scalar (JSON-compatible escaping), safe for any text.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if let escape = escaped(scalar) { out += escape } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// A comment line's text (after `# `) with what would end the comment or break the file
    /// escaped: a device name from a recording can hold anything, NUL and line breaks included.
    public static func comment(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar != "\t", let escape = escaped(scalar) { out += escape } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// YAML's escape for a control character or a character YAML reads as a line break
    /// (NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR); nil for what may stand as it is.
    private static func escaped(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0..<0x20, 0x7f...0x9f: "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
        case 0x2028, 0x2029, 0xfeff: "\\u" + String(scalar.value, radix: 16)
        default: nil
        }
    }

    /// The settings as a scenario's flow mapping.
    public static func settings(_ settings: ActionButtonSettings) -> String {
        switch settings {
        case .workout(let app, let first):
            return "{action: workout, app: \(quoted(app))" + (first.map { ", first-press: \(quoted($0))" } ?? "") + "}"
        case .dive(let app):
            return "{action: dive, app: \(quoted(app))}"
        case .control(let app, let intent):
            return "{action: control, app: \(quoted(app)), control: \(quoted(intent))}"
        }
    }

    public static func recognizer(_ configuration: PressRecognizer.Configuration) -> String {
        "{debounce: \(duration(configuration.debounce.nanoseconds)), chord-window: \(duration(configuration.chordWindow.nanoseconds)), "
            + "hold: \(duration(configuration.holdTime.nanoseconds))}"
    }

    /// `path` as seen from `directory` (both absolute): `../scenarios/apps/x.yaml`.
    public static func relativePath(_ path: String, from directory: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: directory).standardizedFileURL.pathComponents
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        // Only the root in common: an absolute path reads better than a ladder of ../
        if common <= 1 { return URL(fileURLWithPath: path).standardizedFileURL.path }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...]).joined(separator: "/")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
