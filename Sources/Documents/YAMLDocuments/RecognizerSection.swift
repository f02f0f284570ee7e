import ActionButtonCore

/// The `recognizer:` section that scenarios and device profiles share (P2, P3, A12): read
/// in this one place, into the keys the document gave. Which document wins is decided by
/// `PressRecognizer.Configuration.resolving`, also in one place.
extension RecognizerSettings {
    public static let keys = ["debounce", "chord-window", "hold"]

    /// Reads the section; `defaults` are what the document's kind gives the keys it leaves
    /// out, so that a hold shorter than the chord window is refused here, at the key, even
    /// when only one of the two is written.
    public static func parse(_ value: YAMLValue, defaults: PressRecognizer.Configuration) throws(DocumentError) -> RecognizerSettings {
        let map = try value.mapping("recognizer")
        try map.rejectUnknownKeys(keys)
        func setting(_ key: String) throws(DocumentError) -> Setting? {
            guard let v = map[key] else { return nil }
            return Setting(try v.duration("recognizer.\(key)"), source: v.location.description)
        }
        let settings = RecognizerSettings(debounce: try setting("debounce"), chordWindow: try setting("chord-window"),
                                          holdTime: try setting("hold"))
        do throws(Conflict) {
            _ = try PressRecognizer.Configuration.resolving(scenario: settings, defaults: defaults)
        } catch {
            throw DocumentError(error)
        }
        return settings
    }
}

extension DocumentError {
    /// Press timings that cannot work together, at the place of the later-written one.
    public init(_ conflict: RecognizerSettings.Conflict) {
        if let source = conflict.source {
            let parts = source.split(separator: ":")
            if parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) {
                self.init(conflict.message, at: SourceLocation(file: parts.dropLast(2).joined(separator: ":"), line: line, column: column))
                return
            }
        }
        self.init(conflict.message, file: "actionsim")
    }
}
