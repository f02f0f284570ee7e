import AppManifests
import Scenarios
import Testing
import YAMLDocuments

/// Bad input is refused before anything runs, with the place and what was expected (S1).
@Suite("Bad scenarios and manifests are refused with file:line:column")
struct BadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var line: Int
        var column: Int
        var says: String
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(file: "negative-time.yaml", line: 4, column: 10, says: "is negative"),
        Case(file: "steps-out-of-order.yaml", line: 5, column: 5, says: "steps out of order"),
        Case(file: "first-press-not-suggested.yaml", line: 2, column: 42, says: "First Press \"rowing\" is not one of TrailRunner's suggested workouts"),
        Case(file: "unknown-intent.yaml", line: 6, column: 22, says: "did you mean \"MarkLapIntent\""),
        Case(file: "unknown-gesture.yaml", line: 4, column: 23, says: "expected one of press, both, hold, side"),
        Case(file: "style-not-in-enum.yaml", line: 4, column: 31, says: "\"rowing\" is not one of workout-kinds"),
        Case(file: "a09-extension.yaml", line: 5, column: 5, says: "must live in the app itself (A9)"),
        Case(file: "donates-unknown-intent.yaml", line: 4, column: 77, says: "unknown intent \"MarkLapIntent\""),
        Case(file: "dive-with-pause.yaml", line: 4, column: 5, says: "dives have no pause or resume (A8)"),
        Case(file: "not-yaml.yaml", line: 2, column: 6, says: "invalid YAML"),
        Case(file: "unknown-key.yaml", line: 6, column: 14, says: "did you mean \"next-action\""),
    ]

    @Test("S1: a malformed or contradictory file is refused with its position", arguments: cases)
    func refused(_ bad: Case) throws {
        let path = Repository.path("Tests/Fixtures/bad/" + bad.file)
        let error = #expect(throws: DocumentError.self) {
            let document = try YAMLDocument(contentsOf: path)
            switch try DocumentKind.of(document) {
            case .scenario: _ = try ScenarioParser.parse(document)
            case .manifest: _ = try ManifestParser.parse(document)
            }
        }
        #expect(error?.location?.line == bad.line)
        #expect(error?.location?.column == bad.column)
        #expect(error?.message.contains(bad.says) == true, "message was: \(error?.description ?? "none")")
    }

    @Test("S1: a missing manifest is named, relative to the scenario")
    func missingManifest() {
        let text = """
        app: apps/nowhere.yaml
        settings: {action: workout}
        steps: []
        """
        let error = #expect(throws: DocumentError.self) {
            _ = try ScenarioParser.parse(try YAMLDocument(text: text, file: "scenarios/x.yaml"))
        }
        #expect(error?.description == "scenarios/x.yaml:1:6: app manifest apps/nowhere.yaml: no such file; "
                + "nor is it a built-in app manifest (deeplog, trailrunner: `actionsim built-in` lists them)")
    }

    @Test("S1: binary garbage and empty files are refused, not crashed on")
    func garbage() {
        #expect(throws: DocumentError.self) { _ = try YAMLDocument(text: "", file: "empty.yaml") }
        #expect(throws: DocumentError.self) {
            _ = try ScenarioParser.parse(try YAMLDocument(text: "\u{01}\u{02}\u{7f}{{{{", file: "junk.yaml"))
        }
        #expect(throws: DocumentError.self) {
            _ = try ScenarioParser.parse(try YAMLDocument(text: "- just\n- a list\n", file: "list.yaml"))
        }
    }

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
