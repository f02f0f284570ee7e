import ActionButtonCore
import Simulation
import Telemetry

/// A dive as UDDF 3.2 (Universal Dive Data Format): generator, the dive with its
/// waypoints (depth m, dive time s, temperature K, as UDDF wants SI units), alarms for
/// the watch's warnings, and the dive's summary.
enum UDDFExport {
    static let namespace = "http://www.streit.cc/uddf/3.2/"

    static func encode(_ session: RecordedSession) -> [UInt8] {
        var xml = XMLText()
        let start = UTCDate(unixNanoseconds: session.wallClock(session.startTime)).iso8601()
        let summary = SessionSummary(session)
        xml.start("uddf", ["xmlns": namespace, "version": "3.2.3"])
        xml.start("generator")
        xml.element("name", "actionsim")
        xml.element("type", "divecomputer")
        xml.start("manufacturer", ["id": "actionsim"])
        xml.element("name", "actionsim simulated Apple Watch Ultra")
        xml.end()
        xml.element("version", "0.1.0")
        xml.element("datetime", start)
        xml.end()
        xml.start("profiledata")
        xml.start("repetitiongroup", ["id": "group-\(session.id)"])
        xml.start("dive", ["id": "dive-\(session.id)"])
        xml.start("informationbeforedive")
        xml.element("datetime", start)
        if let pressure = session.samples.first?.sample.pressure, session.samples.first?.sample.depth == 0 {
            xml.element("surfacepressure", Decimal.fixed(pressure * 1000, 0))   // Pa
        }
        xml.end()
        xml.start("samples")
        let warnings = session.events.filter { $0.kind == .warning }
        var nextWarning = 0
        for timed in session.samples {
            let s = timed.sample
            xml.start("waypoint")
            while nextWarning < warnings.count, warnings[nextWarning].time <= timed.time {
                let text = warnings[nextWarning].label
                xml.element("alarm", text.hasPrefix("ascent") ? "ascent" : "error")
                nextWarning += 1
            }
            xml.element("depth", Decimal.fixed(s.depth ?? 0, 2))
            xml.element("divetime", Decimal.fixed((timed.time - session.startTime).secondsValue, 1))
            if let t = s.waterTemperature { xml.element("temperature", Decimal.fixed(t + 273.15, 2)) }
            xml.end()
        }
        xml.end()
        xml.start("informationafterdive")
        xml.element("greatestdepth", Decimal.fixed(summary.maxDepth ?? 0, 2))
        xml.element("diveduration", Decimal.fixed((summary.diveTime ?? summary.duration).secondsValue, 0))
        if let t = summary.minTemperature { xml.element("lowesttemperature", Decimal.fixed(t + 273.15, 2)) }
        xml.end()
        xml.end()
        xml.end()
        xml.end()
        xml.end()
        return xml.bytes
    }
}
