/// Terminal styling for the timeline and test reports. Kept to these few SGR codes rather
/// than a package: the one candidate here (Rainbow) decides colours through a global
/// mutable switch, which Swift 6's strict concurrency rightly refuses; callers here
/// decide per call whether to style at all.
extension String {
    public var bold: String { sgr("1", "22") }
    public var dim: String { sgr("2", "22") }
    public var red: String { sgr("31", "39") }
    public var green: String { sgr("32", "39") }
    public var yellow: String { sgr("33", "39") }
    public var cyan: String { sgr("36", "39") }

    private func sgr(_ on: String, _ off: String) -> String { "\u{1B}[\(on)m\(self)\u{1B}[\(off)m" }
}

/// The SGR parameters the styles above use: the only escape sequences `TerminalText` lets
/// through (colour, bold and dim on and off; nothing that moves, clears or hides).
let styleCodes: Set<String> = ["1", "22", "2", "31", "32", "33", "36", "39"]
