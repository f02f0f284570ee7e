import ActionButtonCore
import SessionLog
import SimulationEvents
import Testing

/// The timeline on an 80-column terminal (a Pi's console, SSH from a phone): each event on
/// one line, the event cut to the width (issue 27).
@Suite("The timeline's layout")
struct TimelineLayoutTests {
    static let events: [SimulationEvent] = [
        SimulationEvent(time: .zero, kind: .edge(Edge(.action, .down, at: .zero))),
        SimulationEvent(time: Timestamp(nanoseconds: 90_000_000), kind: .edge(Edge(.action, .up, at: Timestamp(nanoseconds: 90_000_000)))),
        SimulationEvent(time: Timestamp(nanoseconds: 3_009_400_000_000), kind: .warning(.app(
            "ascent rate 10.7 m/min exceeds the 10.0 m/min limit at 19.3 m, and this sentence goes on well past eighty columns"))),
    ]

    @Test("Below 100 columns the layout is compact; wider, or not a terminal, it is the one with every column")
    func layoutFromWidth() {
        #expect(TimelineRenderer.Layout.for(width: 80) == .compact(width: 80))
        #expect(TimelineRenderer.Layout.for(width: 99) == .compact(width: 99))
        #expect(TimelineRenderer.Layout.for(width: 100) == .wide)
        #expect(TimelineRenderer.Layout.for(width: nil) == .wide)
    }

    @Test("At 80 columns every line fits, with the time, the input and the event; a long event ends in …")
    func compactFits() {
        var renderer = TimelineRenderer(colors: false, layout: .compact(width: 80))
        let lines = [renderer.header] + Self.events.compactMap { renderer.line(for: $0) }
        #expect(lines.count == 4)
        for line in lines { #expect(line.count <= 80, "\(line.count) columns: \(line)") }
        #expect(lines[0] == "TIME        INPUT     EVENT")
        #expect(lines[1].hasPrefix("0:00:00.000 action ↓"))
        #expect(lines[3].hasPrefix("0:50:09.400") && lines[3].contains("⚠ ascent rate 10.7 m/min") && lines[3].hasSuffix("…"), "\(lines[3])")

        var wide = TimelineRenderer(colors: false)
        let wideLine = Self.events.compactMap { wide.line(for: $0) }.last ?? ""
        #expect(wideLine.count > 100, "the wide layout keeps every column and the whole event: \(wideLine)")
    }
}
