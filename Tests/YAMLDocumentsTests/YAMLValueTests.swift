import Testing
import YAMLDocuments

/// The values every format reads through YAMLDocuments, one way everywhere (S1): booleans,
/// numbers and times, and what is refused.
@Suite("YAML values are read one way in every file")
struct YAMLValueTests {
    @Test("S1: true and false as YAML 1.1 writes them; a quoted \"true\" is text", arguments: [
        ("true", true), ("True", true), ("YES", true), ("on", true), ("tRuE", true), ("!!bool \"yes\"", true),
        ("false", false), ("No", false), ("OFF", false), ("!!bool FALSE", false),
        ("\"true\"", nil), ("'no'", nil), ("!!str true", nil), ("y", nil), ("1", nil), ("~", nil),
    ] as [(String, Bool?)])
    func booleans(_ text: String, _ expected: Bool?) throws {
        let flag = try YAMLDocument(text: "flag: \(text)\n", file: "x.yaml").root.mapping("the file")["flag"]
        if let expected {
            #expect(try flag?.bool("flag") == expected)
        } else {
            let error = #expect(throws: DocumentError.self) { _ = try flag?.bool("flag") }
            #expect(error?.description.hasPrefix("x.yaml:1:7: expected flag as true or false, found ") == true)
        }
    }

    @Test("S1: numbers read from plain text, a quoted one is text", arguments: [
        ("42", 42.0), ("-7", -7.0), ("1_000", 1000.0), ("0x1F", 31.0), ("2.5", 2.5), ("1e3", 1000.0), ("\"42\"", nil),
    ] as [(String, Double?)])
    func numbers(_ text: String, _ expected: Double?) throws {
        let value = try YAMLDocument(text: "n: \(text)\n", file: "x.yaml").root.mapping("the file")["n"]
        if let expected {
            #expect(try value?.double("n") == expected)
        } else {
            #expect(throws: DocumentError.self) { _ = try value?.double("n") }
        }
    }

    @Test("S1: times are written one way everywhere", arguments: [
        ("1.5", 1_500_000_000), ("150ms", 150_000_000), ("2m", 120_000_000_000), ("1h30m", 5_400_000_000_000),
        ("2m 80ms", 120_080_000_000), ("1:02:03.5", 3_723_500_000_000), ("02:03", 123_000_000_000), ("250us", 250_000),
        ("10.000000123s", 10_000_000_123),
    ] as [(String, Int64)])
    func durations(_ text: String, _ nanoseconds: Int64) throws {
        #expect(try DurationSyntax.parse(text).get() == .nanoseconds(nanoseconds))
    }

    @Test("S1: malformed times are refused", arguments: ["-1s", "abc", "1:99", "5 parsecs", "", "1e400"])
    func badDurations(_ text: String) {
        #expect(throws: DurationSyntax.Problem.self) { _ = try DurationSyntax.parse(text).get() }
    }

    @Test("S1: a time past 1000 hours is said to be too large, however it is written (5555h was called malformed)",
          arguments: ["5555h 49m 59s", "1001h", "3600001s", "4000000", "1000:00:01"])
    func tooLarge(_ text: String) {
        #expect(DurationSyntax.parse(text) == .failure(.tooLarge(text)))
    }
}
