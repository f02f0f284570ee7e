import ActionButtonCore
import Testing

/// One precedence for the press timings (P2, P3, A12), key by key: the scenario's, else the
/// device profile's, else the input kind's defaults.
@Suite("Recognizer timings: one precedence")
struct RecognizerSettingsTests {
    typealias Setting = RecognizerSettings.Setting

    @Test("P2/P3: each key from the scenario if it gives it, else from the profile, else the defaults")
    func keyByKey() throws {
        let scenario = RecognizerSettings(holdTime: Setting(.seconds(3), source: "s.yaml:4:9"))
        let profile = RecognizerSettings(debounce: Setting(.milliseconds(5), source: "p.yaml:5:9"),
                                         holdTime: Setting(.seconds(1), source: "p.yaml:5:30"))
        let timings = try PressRecognizer.Configuration.resolving(scenario: scenario, profile: profile, defaults: .gpio)
        #expect(timings == PressRecognizer.Configuration(debounce: .milliseconds(5), chordWindow: .milliseconds(150), holdTime: .seconds(3)))
        #expect(try PressRecognizer.Configuration.resolving(defaults: .gpio) == .gpio)
    }

    @Test("P2: a scenario that spells out the defaults still wins over the profile (inject let the profile win)")
    func spelledOutDefaultsWin() throws {
        let defaults = PressRecognizer.Configuration()
        let scenario = RecognizerSettings(debounce: Setting(defaults.debounce, source: "s.yaml:4:9"),
                                          chordWindow: Setting(defaults.chordWindow, source: "s.yaml:4:20"),
                                          holdTime: Setting(defaults.holdTime, source: "s.yaml:4:40"))
        let profile = RecognizerSettings(debounce: Setting(.milliseconds(20), source: "p.yaml:5:9"),
                                         chordWindow: Setting(.milliseconds(300), source: "p.yaml:5:20"))
        #expect(try PressRecognizer.Configuration.resolving(scenario: scenario, profile: profile, defaults: .evdev) == defaults)
    }

    @Test("A12: a hold no longer than the chord window is refused whichever documents gave them, naming both")
    func holdAgainstWindow() {
        let scenario = RecognizerSettings(holdTime: Setting(.milliseconds(250), source: "s.yaml:4:20"))
        let profile = RecognizerSettings(chordWindow: Setting(.milliseconds(300), source: "p.yaml:5:28"))
        #expect(throws: RecognizerSettings.Conflict(
            source: "s.yaml:4:20",
            message: "recognizer.hold (250ms) must be longer than the chord window (300ms, from p.yaml:5:28): a press held past the window is a press until the hold time (A12)")) {
            try PressRecognizer.Configuration.resolving(scenario: scenario, profile: profile, defaults: .evdev)
        }
        // Only a window given: checked against the default hold too.
        let window = RecognizerSettings(chordWindow: Setting(.seconds(3), source: "s.yaml:4:28"))
        #expect(throws: RecognizerSettings.Conflict.self) { try PressRecognizer.Configuration.resolving(scenario: window, defaults: .evdev) }
    }
}
