import ActionButtonCore
import DeviceProfiles
import Foundation
import LiveLoop
import Scenarios
import Testing
import TestSupport
import YAMLDocuments

/// A file of `Tests/Fixtures/`.
private func fixture(_ name: String) -> String { repository + "/Tests/Fixtures/" + name }

@Suite("evemu-record import")
struct EvemuImportTests {
    static let recording = EvemuRecording.presses

    private func keyboardProfile() throws -> EvdevInput {
        let profile = try DeviceProfileParser.parse(try YAMLDocument(text: "kind: evdev\nbuttons: {action: KEY_F13, side: KEY_F14}\n", file: "p.yaml"))
        guard case .evdev(let evdev) = profile.input else { throw DocumentError("not evdev", file: "p.yaml") }
        return evdev
    }

    @Test("P1, S3: profile keys become edges at the recording's own times, other keys key steps, autorepeat nothing")
    func importsSteps() throws {
        let parsed = try EvemuImport.parse(Self.recording, file: "r.evemu")
        #expect(parsed.name == "Acme Keyboard")
        #expect(parsed.events.count == 12)
        let recording = EvemuImport.steps(from: parsed.events, profile: try keyboardProfile())
        let steps = recording.steps.map { "\($0.time.nanoseconds) \($0.step)" }
        #expect(steps == [
            "1000 edge(action, down)",
            "412345000 edge(action, up)",
            "1000000000 key(\"KEY_A\")",
            "2000000000 edge(action, down)",
            "2030000000 edge(side, down)",
            "2130000000 edge(side, up)",
            "2140000000 edge(action, up)",
        ])
    }

    @Test("a malformed event line is refused with its line number")
    func malformed() {
        let text = "N: x\nE: 0.1 0001 00b7\n"
        #expect(throws: DocumentError.self) { try EvemuImport.parse(text, file: "r.evemu") }
        do {
            _ = try EvemuImport.parse(text, file: "r.evemu")
        } catch {
            #expect(error.description.hasPrefix("r.evemu:2:1: an event line has 3 fields, not 4"))
        }
        do {
            _ = try EvemuImport.parse("E: 1.x 0001 00b7 1\n", file: "r.evemu")
            Issue.record("accepted a bad time")
        } catch {
            #expect(error.description.hasPrefix("r.evemu:1:1: \"1.x\" is not a time"))
        }
    }

    @Test("a time past what nanoseconds hold is refused, not wrapped")
    func timeTooLarge() throws {
        let text = try String(contentsOfFile: fixture("fuzz/evemu/time-past-int64.evemu"), encoding: .utf8)
        do {
            _ = try EvemuImport.parse(text, file: "r.evemu")
            Issue.record("accepted a time past Int64 nanoseconds")
        } catch {
            #expect(error.description.hasPrefix("r.evemu:3:1: \"9223372037.000000\" is not a time in seconds.microseconds from 0 to 9223372036.854775"))
        }
        // The largest time that fits is read exactly (a SYN_REPORT: a key event that late is
        // past a scenario's 1000 hours).
        let last = try EvemuImport.parse("E: 9223372036.854775 0000 0000 0\n", file: "r.evemu")
        #expect(last.events.first?.time == 9_223_372_036_854_775_000)
    }

    @Test("a device name with NUL and line breaks (found by fuzz-evemu) becomes a comment that keeps the scenario valid")
    func deviceNameWithControlCharacters() throws {
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: fixture("fuzz/evemu/nul-in-device-name.evemu"))), as: UTF8.self)
        let parsed = try EvemuImport.parse(text, file: "r.evemu")
        #expect(parsed.name?.contains("\u{0}") == true)
        let recording = EvemuImport.steps(from: parsed.events, profile: try keyboardProfile())
        let header = RecordedScenario.Header(name: "Imported", comments: ["device \"\(parsed.name!)\"", "a\rb\u{2028}c"],
                                             apps: [.file(repository + "/scenarios/apps/trailrunner.yaml")],
                                             settings: .workout(app: "TrailRunner", firstPress: nil), seed: 1, recognizer: .evdev)
        let yaml = recording.yaml(header)
        #expect(yaml.contains("# device \"Generic U\\x0f\\x00 Gamepad\""))
        #expect(yaml.contains("# a\\x0db\\u2028c"))
        let scenario = try ScenarioParser.parse(YAMLDocument(data: Data(yaml.utf8), file: "imported.yaml"))
        #expect(scenario.name == "Imported")
    }

    @Test("two recordings in one file (found by fuzz-evemu: the scenario written had its steps out of order) are refused where time goes back")
    func timeGoesBack() throws {
        let text = try String(contentsOfFile: fixture("fuzz/evemu/two-recordings-appended.evemu"), encoding: .utf8)
        do {
            _ = try EvemuImport.parse(text, file: "r.evemu")
            Issue.record("accepted times that go back")
        } catch {
            #expect(error.description == "r.evemu:12:1: the time 0.000000 is before the previous event's, 2.400000 on line 11; an evemu recording's times only go forward: is a second recording appended to this one?")
        }
        // Equal times (a key and its SYN_REPORT) are fine.
        #expect(try EvemuImport.parse("E: 1.0 0001 00b7 1\nE: 1.0 0000 0000 0\n", file: "r.evemu").events.count == 2)
    }

    @Test("a recording spanning more than 1000 hours (found by fuzz-evemu: the scenario's until did not parse) is refused at the line")
    func overThousandHours() throws {
        let text = try String(contentsOfFile: fixture("fuzz/evemu/over-1000-hours.evemu"), encoding: .utf8)
        do {
            _ = try EvemuImport.parse(text, file: "r.evemu")
            Issue.record("accepted a recording over 1000 hours")
        } catch {
            #expect(error.description == "r.evemu:7:1: the time 20001000 is more than 1000 hours into the recording; a scenario holds up to 1000 hours: split the recording")
        }
        // Exactly 1000 hours into the recording is still a scenario.
        let edge = try EvemuImport.parse("E: 5.0 0001 00b7 1\nE: 3600000.0 0001 00b7 0\n", file: "r.evemu")
        #expect(edge.events.count == 2)
        #expect(throws: DocumentError.self) { try EvemuImport.parse("E: 5.0 0001 00b7 1\nE: 3600000.000001 0001 00b7 0\n", file: "r.evemu") }
    }
}
