import ActionButtonCore
import Simulation
import Telemetry

/// A dive in Subsurface's own XML log format (File > Open in Subsurface): one dive with a
/// dive computer's samples (time, depth, temperature) and events for markers and warnings.
enum SubsurfaceExport {
    static func encode(_ session: RecordedSession) -> [UInt8] {
        var xml = XMLText()
        let date = UTCDate(unixNanoseconds: session.wallClock(session.startTime))
        let summary = SessionSummary(session)
        func minutes(_ seconds: Double) -> String {
            let whole = Int(seconds.rounded())
            let s = whole % 60
            return "\(whole / 60):\(s < 10 ? "0" : "")\(s) min"
        }
        func since(_ t: Timestamp) -> Double { (t - session.startTime).secondsValue }
        xml.start("divelog", ["program": "actionsim", "version": "3"])
        xml.start("dives")
        xml.start("dive", ["number": String(session.id), "date": date.dateText, "time": date.timeText,
                           "duration": minutes(summary.duration.secondsValue)])
        xml.element("notes", "Simulated by actionsim: \(session.app), \(session.runName), seed \(session.seed.map(String.init) ?? "—")")
        xml.start("divecomputer", ["model": "actionsim (simulated Apple Watch Ultra)", "deviceid": "00000001"])
        let depths = session.samples.compactMap(\.sample.depth)
        xml.empty("depth", ["max": Decimal.fixed(summary.maxDepth ?? 0, 2) + " m",
                            "mean": Decimal.fixed(depths.isEmpty ? 0 : depths.reduce(0, +) / Double(depths.count), 2) + " m"])
        if let t = summary.minTemperature { xml.empty("temperature", ["water": Decimal.fixed(t, 1) + " C"]) }
        if let p = session.samples.first?.sample.pressure {
            xml.empty("surface", ["pressure": Decimal.fixed(p / 100, 3) + " bar"])
        }
        // Subsurface event types follow libdivecomputer's: 3 ascent, 8 bookmark.
        for event in session.events where event.kind == .warning || event.kind == .marker {
            let ascent = event.kind == .warning && event.label.hasPrefix("ascent")
            xml.empty("event", ["time": minutes(since(event.time)), "type": ascent ? "3" : "8",
                                "name": ascent ? "ascent" : (event.kind == .marker ? event.label : "violation")])
        }
        for timed in session.samples {
            let s = timed.sample
            if let t = s.waterTemperature {
                xml.empty("sample", ["time": minutes(since(timed.time)), "depth": Decimal.fixed(s.depth ?? 0, 2) + " m",
                                     "temp": Decimal.fixed(t, 1) + " C"])
            } else {
                xml.empty("sample", ["time": minutes(since(timed.time)), "depth": Decimal.fixed(s.depth ?? 0, 2) + " m"])
            }
        }
        xml.end()
        xml.end()
        xml.end()
        xml.end()
        return xml.bytes
    }
}
