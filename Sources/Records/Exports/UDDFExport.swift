import ActionButtonCore
import Telemetry

/// A dive as UDDF 3.2 (Universal Dive Data Format): generator, the dive with its
/// waypoints (depth m, dive time s, temperature K, as UDDF wants SI units), alarms for
/// the watch's warnings, and the dive's summary, added up while the waypoints are written.
enum UDDFExport {
    static let namespace = "http://www.streit.cc/uddf/3.2/"

    static func write(_ rows: some SessionRows, to out: ExportWriter) throws {
        let session = rows.header
        var xml = try XMLStream(out)
        func start(_ w: ExportWriter) throws { try w.iso8601(unixNanoseconds: session.wallClock(session.startTime), milliseconds: false) }
        try xml.open("uddf") { tag in
            try tag.attribute("xmlns", text: namespace)
            try tag.attribute("version", text: "3.2.3")
        }
        try xml.open("generator")
        try xml.leaf("name", text: "actionsim")
        try xml.leaf("type", text: "divecomputer")
        try xml.open("manufacturer") { try $0.attribute("id", text: "actionsim") }
        try xml.leaf("name", text: "actionsim simulated Apple Watch Ultra")
        try xml.close("manufacturer")
        try xml.leaf("version", text: "0.1.0")
        try xml.leaf("datetime", start)
        try xml.close("generator")
        try xml.open("profiledata")
        try xml.open("repetitiongroup") { try $0.attribute("id", text: "group-\(session.id)") }
        try xml.open("dive") { try $0.attribute("id", text: "dive-\(session.id)") }
        let samples = try rows.samples()
        var next = try samples.next()
        try xml.open("informationbeforedive")
        try xml.leaf("datetime", start)
        if let pressure = next?.sample.pressure, next?.sample.depth == 0 {
            try xml.leaf("surfacepressure") { try $0.fixed(pressure * 1000, 0) }   // Pa
        }
        try xml.close("informationbeforedive")
        try xml.open("samples")
        let warnings = try rows.events([.warning])
        var warning = try warnings.next()
        var maxDepth: Double?, minTemperature: Double?
        var submerged = Duration.zero
        var previous: RecordedSession.TimedSample?
        while let timed = next {
            next = try samples.next()
            let s = timed.sample
            try xml.open("waypoint")
            while let w = warning, w.time <= timed.time {
                try xml.leaf("alarm", text: w.warningCode == .ascentRate ? "ascent" : "error")
                warning = try warnings.next()
            }
            try xml.leaf("depth") { try $0.fixed(s.depth ?? 0, 2) }
            try xml.leaf("divetime") { try $0.fixed((timed.time - session.startTime).secondsValue, 1) }
            if let t = s.waterTemperature { try xml.leaf("temperature") { try $0.fixed(t + 273.15, 2) } }
            try xml.close("waypoint")
            if let d = s.depth { maxDepth = max(maxDepth ?? d, d) }
            if let t = s.waterTemperature { minTemperature = min(minTemperature ?? t, t) }
            if let previous, previous.sample.submerged == true { submerged += timed.time - previous.time }
            previous = timed
        }
        try xml.close("samples")
        try xml.open("informationafterdive")
        try xml.leaf("greatestdepth") { try $0.fixed(maxDepth ?? 0, 2) }
        let duration = session.kind == .dive ? submerged : session.lastTime - session.startTime
        try xml.leaf("diveduration") { try $0.fixed(duration.secondsValue, 0) }
        if let t = minTemperature { try xml.leaf("lowesttemperature") { try $0.fixed(t + 273.15, 2) } }
        try xml.close("informationafterdive")
        try xml.close("dive")
        try xml.close("repetitiongroup")
        try xml.close("profiledata")
        try xml.close("uddf")
    }
}
