import ActionButtonCore
import Telemetry

/// A dive in Subsurface's own XML log format (File > Open in Subsurface): one dive with a
/// dive computer's samples (time, depth, temperature) and events for markers and warnings.
/// The dive's maximum and mean depth come before its samples: the samples are read twice.
enum SubsurfaceExport {
    static func write(_ rows: some SessionRows, to out: ExportWriter) throws {
        let session = rows.header
        var xml = try XMLStream(out)
        let date = UTCDate(unixNanoseconds: session.wallClock(session.startTime))
        func minutes(_ t: Timestamp) -> (ExportWriter) throws -> Void {
            { w in
                let whole = Int64(((t - session.startTime).secondsValue).rounded())
                let s = whole % 60
                try w.integer(whole / 60)
                try w.text(s < 10 ? ":0" : ":")
                try w.integer(s)
                try w.text(" min")
            }
        }
        func metres(_ x: Double) -> (ExportWriter) throws -> Void { { try $0.fixed(x, 2); try $0.text(" m") } }

        // What the dive computer's header says: deepest, mean depth, coldest, surface pressure.
        var maxDepth: Double?, minTemperature: Double?, firstPressure: Double?
        var depthSum = 0.0, depths = 0, count = 0
        let first = try rows.samples()
        while let timed = try first.next() {
            let s = timed.sample
            if count == 0 { firstPressure = s.pressure }
            count += 1
            if let d = s.depth {
                maxDepth = max(maxDepth ?? d, d)
                depthSum += d
                depths += 1
            }
            if let t = s.waterTemperature { minTemperature = min(minTemperature ?? t, t) }
        }

        try xml.open("divelog") { tag in
            try tag.attribute("program", text: "actionsim")
            try tag.attribute("version", text: "3")
        }
        try xml.open("dives")
        try xml.open("dive") { tag in
            try tag.attribute("number") { try $0.integer(session.id) }
            try tag.attribute("date", text: date.dateText)
            try tag.attribute("time", text: date.timeText)
            try tag.attribute("duration", minutes(session.lastTime))
        }
        try xml.leaf("notes", text: "Simulated by actionsim: \(session.app), \(session.runName), seed \(session.seed.map(String.init) ?? "—")")
        try xml.open("divecomputer") { tag in
            try tag.attribute("model", text: "actionsim (simulated Apple Watch Ultra)")
            try tag.attribute("deviceid", text: "00000001")
        }
        try xml.empty("depth") { tag in
            try tag.attribute("max", metres(maxDepth ?? 0))
            try tag.attribute("mean", metres(depths == 0 ? 0 : depthSum / Double(depths)))
        }
        if let t = minTemperature {
            try xml.empty("temperature") { tag in try tag.attribute("water") { try $0.fixed(t, 1); try $0.text(" C") } }
        }
        if let p = firstPressure {
            try xml.empty("surface") { tag in try tag.attribute("pressure") { try $0.fixed(p / 100, 3); try $0.text(" bar") } }
        }
        // Subsurface event types follow libdivecomputer's: 3 ascent, 8 bookmark.
        let events = try rows.events([.warning, .marker])
        while let event = try events.next() {
            let ascent = event.kind == .warning && event.warningCode == .ascentRate
            try xml.empty("event") { tag in
                try tag.attribute("time", minutes(event.time))
                try tag.attribute("type", text: ascent ? "3" : "8")
                try tag.attribute("name", text: ascent ? "ascent" : (event.kind == .marker ? event.label : "violation"))
            }
        }
        let samples = try rows.samples()
        while let timed = try samples.next() {
            let s = timed.sample
            try xml.empty("sample") { tag in
                try tag.attribute("time", minutes(timed.time))
                try tag.attribute("depth", metres(s.depth ?? 0))
                if let t = s.waterTemperature { try tag.attribute("temp") { try $0.fixed(t, 1); try $0.text(" C") } }
            }
        }
        try xml.close("divecomputer")
        try xml.close("dive")
        try xml.close("dives")
        try xml.close("divelog")
    }
}
