import Foundation
import SessionLog
import Testing

/// The log writes numbers straight into its buffer (it is on the replay's hot path); what it
/// writes must read back as the very value, in the forms docs/records.md documents.
@Suite("Session log numbers (T4)")
struct JSONLineWriterTests {
    static func line(_ write: (inout JSONLineWriter) -> Void) -> String {
        var json = JSONLineWriter()
        json.beginObject()
        write(&json)
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    @Test("T4: times are exact seconds from nanoseconds", arguments: [
        (0, "0"), (1_280_000_000, "1.28"), (2_000, "0.000002"), (1_050_000_000, "1.05"), (-1_500_000_000, "-1.5"),
        (36_000_000_000_000, "36000"), (1, "0.000000001"), (Int64.max, "9223372036.854775807"), (-1, "-0.000000001"),
    ] as [(Int64, String)])
    func seconds(_ nanoseconds: Int64, _ text: String) {
        #expect(Self.line { $0.field("t", seconds: nanoseconds) } == "{\"t\":\(text)}\n")
        #expect(JSONLineWriter.seconds(nanoseconds) == text)
    }

    @Test("T4: integers and whole doubles are written as integers; others read back as the same double")
    func numbers() throws {
        for value in [0, 7, -7, 10, 99, 100, Int.max, Int.min + 1] {
            #expect(Self.line { $0.field("n", value) } == "{\"n\":\(value)}\n")
        }
        var random = SystemRandomNumberGenerator()
        var doubles: [Double] = [0, -0.0, 1, -1, 142, 1e14, 999_999_999_999_999, 0.1, 2.5e-7, 1e15, 1e300, -3.75, .pi,
                                 114.99450801519161]
        for _ in 0..<2_000 { doubles.append(Double.random(in: -1e6...1e6, using: &random)) }
        for _ in 0..<2_000 { doubles.append(Double(Int.random(in: -100_000...100_000, using: &random))) }
        for value in doubles {
            let text = Self.line { $0.field("v", value) }
            // Swift's own reading (correctly rounded; Foundation's JSON reader on Linux is not).
            let number = text.dropFirst("{\"v\":".count).dropLast("}\n".count)
            let read = try #require(Double(String(number)), "\(text)")
            #expect(read == value, "\(value) was written as \(text)")
            if value == value.rounded(), abs(value) < 1e15 {
                #expect(text == "{\"v\":\(Int64(value))}\n")
            } else {
                #expect(text == "{\"v\":\(value)}\n")
            }
        }
        #expect(Self.line { $0.field("v", Double.nan) } == "{\"v\":null}\n")
        #expect(Self.line { $0.field("v", -Double.infinity) } == "{\"v\":null}\n")
    }
}

@Suite("Text for a terminal")
struct TerminalTextTests {
    @Test("control characters are escaped; the timeline's own styles pass; other text is unchanged")
    func escaping() {
        #expect(TerminalText.escaped("a\u{1B}]0;title\u{07}b\u{1B}[2Jc\rd\u{7F}") == "a\\x1b]0;title\\x07b\\x1b[2Jc\\x0dd\\x7f")
        #expect(TerminalText.escaped("x\u{9B}31m \u{202E}evil\u{2069}") == "x\\x9b31m \\u{202E}evil\\u{2069}")
        #expect(TerminalText.escaped("FAIL".red.bold + " ok".dim) == "FAIL".red.bold + " ok".dim)
        #expect(TerminalText.escaped("\u{1B}[8mhidden\u{1B}[0m") == "\\x1b[8mhidden\\x1b[0m")
        #expect(TerminalText.escaped("line\n\ttab · 24 °C — ▸ “quoted” ✓") == "line\n\ttab · 24 °C — ▸ “quoted” ✓")
        #expect(TerminalText.escaped("ends with \u{1B}") == "ends with \\x1b")
    }

    @Test("T4: the log's JSON escapes DEL and the C1 controls too, and keeps other text as it is")
    func jsonControls() {
        #expect(JSONLineWriterTests.line { $0.field("s", "a\u{9B}b\u{7F}c\u{1B}d °C") } == "{\"s\":\"a\\u009bb\\u007fc\\u001bd °C\"}\n")
    }
}

@Suite("The one JSON escaper")
struct JSONQuotedTests {
    @Test("quoted is the log's escaping as a string: what a steps file `record` writes reads back as the very text")
    func quoted() throws {
        let text = "say \"hi\"\\ \n\t\r\u{0}\u{7F}\u{85}\u{9B} NEL-free · 24 °C ✓"
        let quoted = JSONLineWriter.quoted(text)
        #expect(quoted == "\"say \\\"hi\\\"\\\\ \\n\\t\\r\\u0000\\u007f\\u0085\\u009b NEL-free · 24 °C ✓\"")
        // NEL (U+0085) is a line break to YAML: escaped, a steps line stays one line.
        #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        let back = try JSONDecoder().decode(String.self, from: Data(quoted.utf8))
        #expect(back == text)
    }
}
