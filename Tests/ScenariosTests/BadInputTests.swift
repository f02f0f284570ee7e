import AppManifests
import Scenarios
import Testing
import TestSupport
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
        // Issue 24: controls on the Action button (watchOS 26).
        Case(file: "control-on-start-intent.yaml", line: 4, column: 5, says: "BeamIntent is a start-workout intent; a control runs an intent of its own"),
        Case(file: "control-unknown-kind.yaml", line: 3, column: 59, says: "unknown control \"switch\"; expected one of button, toggle"),
        Case(file: "control-not-offered.yaml", line: 6, column: 38, says: "Lantern offers no control that runs BeamIntent, so Settings > Action Button does not list it; its controls run ToggleFlashlightIntent"),
        Case(file: "control-missing.yaml", line: 5, column: 11, says: "action: control needs control: INTENT"),
        // Issue 24: the wearer's answer to location access is allow or deny.
        Case(file: "location-access-maybe.yaml", line: 4, column: 30, says: "unknown location-access \"ask\"; expected one of allow, deny"),
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

    @Test("S1: gesture: chord is suggested both (a word people use for it), not hold (the nearest spelling, the Siren)")
    func chordMeansBoth() {
        let text = """
        apps: [trailrunner]
        settings: {action: workout}
        steps:
          - {at: 0s, gesture: chord}
        """
        let error = #expect(throws: DocumentError.self) {
            _ = try ScenarioParser.parse(try YAMLDocument(text: text, file: "scenarios/x.yaml"))
        }
        #expect(error?.description == "scenarios/x.yaml:4:23: unknown gesture \"chord\"; expected one of press, both, hold, side (did you mean \"both\"?)")
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
}
