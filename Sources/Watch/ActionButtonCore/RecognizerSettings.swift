/// The press timings one document spelled out: a scenario's or a device profile's
/// `recognizer:` section. A key it leaves out is nil, so that another document, or the
/// defaults, can give it.
///
/// This is the one owner of which timings win. Every command that presses buttons (`replay`,
/// `run`, `record`, `inject`, `import-evemu`) asks ``PressRecognizer/Configuration/resolving(scenario:profile:defaults:)``,
/// key by key: the scenario's, else the device profile's, else the defaults of the input's
/// kind (``PressRecognizer/Configuration/evdev`` or ``PressRecognizer/Configuration/gpio``).
public struct RecognizerSettings: Hashable, Sendable {
    /// A timing and where it was written (`file:line:column`), for errors.
    public struct Setting: Hashable, Sendable {
        public var value: Duration
        public var source: String

        public init(_ value: Duration, source: String) {
            self.value = value
            self.source = source
        }
    }

    /// P2.
    public var debounce: Setting?
    /// P3.
    public var chordWindow: Setting?
    /// A12.
    public var holdTime: Setting?

    public init(debounce: Setting? = nil, chordWindow: Setting? = nil, holdTime: Setting? = nil) {
        self.debounce = debounce
        self.chordWindow = chordWindow
        self.holdTime = holdTime
    }

    /// Nothing spelled out.
    public var isEmpty: Bool { debounce == nil && chordWindow == nil && holdTime == nil }

    /// Timings that cannot work together, with where each came from.
    public struct Conflict: Error, Hashable, Sendable, CustomStringConvertible {
        /// Where the error belongs: the later-written of the two timings, if a document gave one.
        public var source: String?
        public var message: String
        public var description: String { message }

        public init(source: String?, message: String) {
            self.source = source
            self.message = message
        }
    }
}

extension PressRecognizer.Configuration {
    /// The timings a run uses: each key from the scenario if it gives it, else from the
    /// device profile, else from `defaults`. A hold must be longer than the chord window
    /// (A12: a press held past the window is still a press until the hold time), whichever
    /// documents the two came from.
    public static func resolving(scenario: RecognizerSettings? = nil, profile: RecognizerSettings? = nil,
                                 defaults: PressRecognizer.Configuration) throws(RecognizerSettings.Conflict) -> PressRecognizer.Configuration {
        func pick(_ key: KeyPath<RecognizerSettings, RecognizerSettings.Setting?>) -> RecognizerSettings.Setting? {
            scenario?[keyPath: key] ?? profile?[keyPath: key]
        }
        var configuration = defaults
        let debounce = pick(\.debounce), chord = pick(\.chordWindow), hold = pick(\.holdTime)
        if let debounce { configuration.debounce = debounce.value }
        if let chord { configuration.chordWindow = chord.value }
        if let hold { configuration.holdTime = hold.value }
        guard configuration.holdTime > configuration.chordWindow else {
            let at = hold?.source ?? chord?.source
            // Each timing with where it came from, unless that is where the error is said.
            func named(_ what: String, _ value: Duration, _ setting: RecognizerSettings.Setting?) -> String {
                let origin = setting.map { $0.source == at ? "" : ", from \($0.source)" } ?? ", the default"
                return "\(what) (\(TimeFormat.duration(value))\(origin))"
            }
            throw RecognizerSettings.Conflict(
                source: at,
                message: "\(named("recognizer.hold", configuration.holdTime, hold)) must be longer than "
                    + "\(named("the chord window", configuration.chordWindow, chord)): a press held past the window is a press until the hold time (A12)")
        }
        return configuration
    }
}
