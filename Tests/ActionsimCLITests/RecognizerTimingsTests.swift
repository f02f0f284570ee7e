import Foundation
import Testing
import TestSupport

/// The press timings of a run, from a scenario and a device profile, checked together
/// (docs: bad input).
@Suite("Recognizer timings on the command line")
struct RecognizerTimingsTests {
    static let setup = """
        name: setup
        app: trailrunner
        settings: {action: workout, first-press: running}
        recognizer: {hold: 250ms}
        steps: []
        """
    static let profile = """
        name: test keyboard
        kind: evdev
        match: {name: "no such keyboard"}
        buttons: {action: KEY_F1, side: KEY_F2}
        recognizer: {chord-window: 300ms}
        """

    @Test("Bad input: a scenario's hold shorter than the device profile's chord window is refused before the run, naming both places")
    func acrossDocuments() async throws {
        let directory = CLI.temporaryDirectory()
        try Self.setup.write(toFile: directory + "/setup.yaml", atomically: true, encoding: .utf8)
        try Self.profile.write(toFile: directory + "/prof.yaml", atomically: true, encoding: .utf8)
        let result = try await CLI.run(["run", directory + "/setup.yaml", "--device", directory + "/prof.yaml"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("setup.yaml:4:20: recognizer.hold (250ms) must be longer than the chord window (300ms, from \(directory)/prof.yaml:5:28)"))
        #expect(result.stdout.isEmpty)
    }

    @Test("Bad input: a chord window longer than the default hold is refused even when the scenario gives no hold")
    func windowAlone() async throws {
        let directory = CLI.temporaryDirectory()
        let scenario = Self.setup.replacingOccurrences(of: "{hold: 250ms}", with: "{chord-window: 3s}")
        try scenario.write(toFile: directory + "/long.yaml", atomically: true, encoding: .utf8)
        let result = try await CLI.run(["check", directory + "/long.yaml"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("long.yaml:4:28: recognizer.hold (2s, the default) must be longer than the chord window (3s)"))
    }
}
