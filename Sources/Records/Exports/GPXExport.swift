import ActionButtonCore
import Telemetry

/// A workout as GPX 1.1: the simulated route with time, and heart rate, cadence and speed
/// in Garmin's TrackPointExtension v2 (what Strava, Garmin Connect and most readers use).
/// A pause starts a new track segment; markers are waypoints.
enum GPXExport {
    static let namespace = "http://www.topografix.com/GPX/1/1"
    static let extensionNamespace = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"

    static func write(_ rows: some SessionRows, route: SimulatedRoute, to out: ExportWriter) throws {
        let session = rows.header
        var xml = try XMLStream(out)
        func time(_ t: Timestamp) -> (ExportWriter) throws -> Void {
            { try $0.iso8601(unixNanoseconds: session.wallClock(t), milliseconds: true) }
        }
        func position(_ p: (latitude: Double, longitude: Double)) -> (XMLStream) throws -> Void {
            { tag in
                try tag.attribute("lat") { try $0.fixed(p.latitude, 7) }
                try tag.attribute("lon") { try $0.fixed(p.longitude, 7) }
            }
        }
        try xml.open("gpx") { tag in
            try tag.attribute("version", text: "1.1")
            try tag.attribute("creator", text: "actionsim")
            try tag.attribute("xmlns", text: namespace)
            try tag.attribute("xmlns:gpxtpx", text: extensionNamespace)
            try tag.attribute("xmlns:xsi", text: "http://www.w3.org/2001/XMLSchema-instance")
            try tag.attribute("xsi:schemaLocation", text: "\(namespace) http://www.topografix.com/GPX/1/1/gpx.xsd \(extensionNamespace) http://www.garmin.com/xmlschemas/TrackPointExtensionv2.xsd")
        }
        let name = "\(session.app) \(session.workoutStyle ?? "workout") (session \(session.id))"
        try xml.open("metadata")
        try xml.leaf("name", text: name)
        try xml.leaf("desc", text: "Simulated by actionsim from \(session.runName), seed \(session.seed.map(String.init) ?? "—")")
        try xml.leaf("time", time(session.startTime))
        try xml.close("metadata")

        // Markers as waypoints, where the route was when they were made: the last sample at
        // or before each marker, read beside the markers.
        var counts: [String: Int] = [:]
        let markers = try rows.events([.marker])
        let located = try rows.samples()
        var last: RecordedSession.TimedSample?
        var ahead = try located.next()
        while let marker = try markers.next() {
            while let sample = ahead, sample.time <= marker.time {
                last = sample
                ahead = try located.next()
            }
            guard let distance = last?.sample.distance else { continue }
            counts[marker.label, default: 0] += 1
            try xml.open("wpt", position(route.position(at: distance)))
            try xml.leaf("time", time(marker.time))
            try xml.leaf("name", text: "\(marker.label) \(counts[marker.label]!)")
            try xml.leaf("type", text: marker.label)
            try xml.close("wpt")
        }

        try xml.open("trk")
        try xml.leaf("name", text: name)
        try xml.leaf("type", text: session.activity?.rawValue ?? "workout")
        let intervals = try RunningIntervalCursor(rows)
        let samples = try rows.samples()
        var next = try samples.next()
        while let interval = try intervals.next() {
            var opened = false
            while let timed = next, timed.time <= interval.end {
                next = try samples.next()
                guard timed.time >= interval.start, let distance = timed.sample.distance else { continue }
                if !opened {
                    try xml.open("trkseg")
                    opened = true
                }
                let s = timed.sample
                try xml.open("trkpt", position(route.position(at: distance)))
                try xml.leaf("time", time(timed.time))
                try xml.open("extensions")
                try xml.open("gpxtpx:TrackPointExtension")
                if let hr = s.heartRate { try xml.leaf("gpxtpx:hr") { try $0.integer(min(255, max(1, Int64(hr.rounded())))) } }
                if let cadence = s.cadence { try xml.leaf("gpxtpx:cad") { try $0.integer(min(254, Int64(cadence.rounded()))) } }
                if let speed = s.speed { try xml.leaf("gpxtpx:speed") { try $0.fixed(speed, 3) } }
                try xml.close("gpxtpx:TrackPointExtension")
                try xml.close("extensions")
                try xml.close("trkpt")
            }
            if opened { try xml.close("trkseg") }
        }
        try xml.close("trk")
        try xml.close("gpx")
    }
}
