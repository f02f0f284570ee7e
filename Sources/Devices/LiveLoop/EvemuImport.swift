import ActionButtonCore
import DeviceProfiles
import LinuxInput
import Scenarios
import YAMLDocuments

/// Reads `evemu-record` output (the `E:` lines) into scenario steps: the profile's keys
/// become button edges at their recorded times, other keys `key:` steps (A12), and
/// autorepeat (value 2) is left out (P1).
public enum EvemuImport {
    public struct Event: Hashable, Sendable {
        public var time: Int64
        public var type: UInt16
        public var code: UInt16
        public var value: Int32
        /// Its line in the recording, for messages.
        public var line: Int = 0
    }

    /// The device name (`N:`) and every event, in file order (which is time order: a file
    /// whose times go back is refused). A text without a single event line is refused, naming
    /// its first line that is not evemu's (`/etc/shadow`, random bytes) or saying it holds
    /// none: it was imported as an empty scenario, exit 0.
    public static func parse(_ text: String, file: String) throws(DocumentError) -> (name: String?, events: [Event]) {
        var name: String?
        var events: [Event] = []
        var lineNumber = 0
        var previousLine = 0
        var previousTimeText: Substring = ""
        var firstForeignLine: Int?
        // "\r\n" is one Character in Swift: split on "\n" alone, a CRLF recording was one line.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.hasPrefix("N: ") && name == nil { name = String(line.dropFirst(3)) }
            if firstForeignLine == nil, !isEvemuLine(line) { firstForeignLine = lineNumber }
            guard line.hasPrefix("E:") else { continue }
            // Everything after '#' is evemu's own comment (the decoded event name).
            let content = line.dropFirst(2).split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
            func fail(_ message: String) -> DocumentError {
                DocumentError(message + "; expected an evemu event line such as \"E: 1.250000 0001 0094 0001\"",
                              at: SourceLocation(file: file, line: lineNumber, column: 1))
            }
            guard fields.count == 4 else { throw fail("an event line has \(fields.count) fields, not 4") }
            guard let time = parseTime(fields[0]) else {
                throw fail("\"\(fields[0])\" is not a time in seconds.microseconds from 0 to 9223372036.854775")
            }
            guard let type = UInt16(fields[1], radix: 16) else { throw fail("\"\(fields[1])\" is not an event type in hex") }
            guard let code = UInt16(fields[2], radix: 16) else { throw fail("\"\(fields[2])\" is not an event code in hex") }
            guard let value = Int32(fields[3]) else { throw fail("\"\(fields[3])\" is not a decimal value") }
            // The kernel's times only go forward; going back means two recordings in one file.
            if let previous = events.last, time < previous.time {
                throw DocumentError("the time \(fields[0]) is before the previous event's, \(previousTimeText) on line \(previousLine); "
                                    + "an evemu recording's times only go forward: is a second recording appended to this one?",
                                    at: SourceLocation(file: file, line: lineNumber, column: 1))
            }
            previousLine = lineNumber
            previousTimeText = fields[0]
            // The scenario keeps the recording's own times (evemu-record counts from its first
            // event), and a scenario's times stop at 1000 hours.
            if type == 1 /* EV_KEY */, value == 0 || value == 1, time > DurationSyntax.maximumNanoseconds {
                throw DocumentError("the time \(fields[0]) is more than 1000 hours into the recording; "
                                    + "a scenario holds up to 1000 hours: split the recording",
                                    at: SourceLocation(file: file, line: lineNumber, column: 1))
            }
            events.append(Event(time: time, type: type, code: code, value: value, line: lineNumber))
        }
        guard !events.isEmpty else {
            // The line itself is never quoted: it may be anything (a password file's).
            if let firstForeignLine {
                throw DocumentError("is not a line of an evemu recording, and the file has no event lines (\"E: 1.250000 0001 0094 0001\"); "
                                    + "expected evemu-record's output (evemu-record /dev/input/eventN > FILE)",
                                    at: SourceLocation(file: file, line: firstForeignLine, column: 1))
            }
            throw DocumentError("the recording has no event lines (\"E: 1.250000 0001 0094 0001\"), so there is nothing to import; "
                                + "evemu-record writes one for each event of the device while it records: press the buttons then",
                                at: SourceLocation(file: file, line: 1, column: 1))
        }
        return (name, events)
    }

    /// Whether a line has the shape of one evemu-record writes: empty, a `#` comment, or a
    /// capital letter and `:` (`N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:`, `E:`).
    static func isEvemuLine(_ line: Substring) -> Bool {
        guard let first = line.unicodeScalars.first else { return true }
        if first == "#" { return true }
        let scalars = Array(line.unicodeScalars.prefix(3))
        return ("A"..."Z").contains(first) && scalars.count >= 2 && scalars[1] == ":" && (scalars.count == 2 || scalars[2] == " " || scalars[2] == "\t")
    }

    /// The events as scenario steps, at the recording's own times.
    public static func steps(from events: [Event], profile: EvdevInput) -> RecordedScenario {
        var recording = RecordedScenario()
        for event in events where event.type == 1 /* EV_KEY */ {
            let time = Timestamp(nanoseconds: event.time)
            guard event.value == 0 || event.value == 1 else { continue }
            if let button = profile.button(forKey: event.code) {
                recording.steps.append((time, .edge(button, event.value == 1 ? .down : .up)))
            } else if event.value == 1 {
                recording.steps.append((time, .key(InputKeyCode.name(of: event.code))))
            }
        }
        if let last = recording.steps.last { recording.end = last.time }
        return recording
    }

    /// `12.345678` (evemu writes microseconds) as exact nanoseconds.
    static func parseTime(_ text: Substring) -> Int64? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let seconds = Int64(parts[0]), seconds >= 0 else { return nil }
        var nanos: Int64 = 0
        if parts.count == 2 {
            let digits = parts[1]
            guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isNumber), let value = Int64(digits) else { return nil }
            nanos = value
            for _ in digits.count..<9 { nanos *= 10 }
        }
        // Beyond about 292 years a time no longer fits the engine's nanoseconds: refused, not wrapped.
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow, scaled <= Int64.max - nanos else { return nil }
        return scaled + nanos
    }
}
