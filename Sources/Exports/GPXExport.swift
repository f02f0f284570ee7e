import ActionButtonCore
import Simulation
import Telemetry

/// A workout as GPX 1.1: the simulated route with time, and heart rate, cadence and speed
/// in Garmin's TrackPointExtension v2 (what Strava, Garmin Connect and most readers use).
/// A pause starts a new track segment; markers are waypoints.
enum GPXExport {
    static let namespace = "http://www.topografix.com/GPX/1/1"
    static let extensionNamespace = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"

    static func encode(_ session: RecordedSession, route: SimulatedRoute) -> [UInt8] {
        var xml = XMLText()
        func time(_ t: Timestamp) -> String { UTCDate(unixNanoseconds: session.wallClock(t)).iso8601(milliseconds: true) }
        xml.start("gpx", [
            "version": "1.1",
            "creator": "actionsim",
            "xmlns": namespace,
            "xmlns:gpxtpx": extensionNamespace,
            "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
            "xsi:schemaLocation": "\(namespace) http://www.topografix.com/GPX/1/1/gpx.xsd \(extensionNamespace) http://www.garmin.com/xmlschemas/TrackPointExtensionv2.xsd",
        ])
        let name = "\(session.app) \(session.workoutStyle ?? "workout") (session \(session.id))"
        xml.start("metadata")
        xml.element("name", name)
        xml.element("desc", "Simulated by actionsim from \(session.runName), seed \(session.seed.map(String.init) ?? "—")")
        xml.element("time", time(session.startTime))
        xml.end()

        // Markers as waypoints, where the route was when they were made.
        var counts: [String: Int] = [:]
        for marker in session.events where marker.kind == .marker {
            guard let distance = session.samples.last(where: { $0.time <= marker.time })?.sample.distance else { continue }
            counts[marker.label, default: 0] += 1
            let p = route.position(at: distance)
            xml.start("wpt", ["lat": Decimal.fixed(p.latitude, 7), "lon": Decimal.fixed(p.longitude, 7)])
            xml.element("time", time(marker.time))
            xml.element("name", "\(marker.label) \(counts[marker.label]!)")
            xml.element("type", marker.label)
            xml.end()
        }

        xml.start("trk")
        xml.element("name", name)
        xml.element("type", session.activity?.rawValue ?? "workout")
        let intervals = session.runningIntervals
        var index = 0
        for interval in intervals {
            var opened = false
            while index < session.samples.count, session.samples[index].time <= interval.end {
                let timed = session.samples[index]
                index += 1
                guard timed.time >= interval.start, let distance = timed.sample.distance else { continue }
                if !opened { xml.start("trkseg"); opened = true }
                let p = route.position(at: distance)
                let s = timed.sample
                xml.start("trkpt", ["lat": Decimal.fixed(p.latitude, 7), "lon": Decimal.fixed(p.longitude, 7)])
                xml.element("time", time(timed.time))
                xml.start("extensions")
                xml.start("gpxtpx:TrackPointExtension")
                if let hr = s.heartRate { xml.element("gpxtpx:hr", String(min(255, max(1, Int(hr.rounded()))))) }
                if let cadence = s.cadence { xml.element("gpxtpx:cad", String(min(254, Int(cadence.rounded())))) }
                if let speed = s.speed { xml.element("gpxtpx:speed", Decimal.fixed(speed, 3)) }
                xml.end()
                xml.end()
                xml.end()
            }
            if opened { xml.end() }
        }
        xml.end()
        xml.end()
        return xml.bytes
    }
}
