import ActionButtonCore
import Telemetry

/// A workout as Garmin Training Center XML v2: an Activity with one Lap per lap, each
/// with its Track of Trackpoints, in the element order the TCX v2 schema requires.
///
/// A Lap's totals come before its Track, so each lap's samples are read twice: once for
/// the totals, once for the trackpoints. `TotalTimeSeconds` is the lap's timer time (pauses
/// left out), as Garmin's devices write it; each lap's Notes give both times.
enum TCXExport {
    static let namespace = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"

    static func sport(_ activity: ActivityKind?) -> String {
        switch activity {
        case .running, .walking: "Running"     // TCX v2 knows Running, Biking and Other only
        case .cycling: "Biking"
        default: "Other"
        }
    }

    static func write(_ rows: some SessionRows, to out: ExportWriter) throws {
        let session = rows.header
        var xml = try XMLStream(out)
        func time(_ t: Timestamp) -> (ExportWriter) throws -> Void {
            { try $0.iso8601(unixNanoseconds: session.wallClock(t), milliseconds: true) }
        }
        let route = SimulatedRoute(header: session)
        let cycling = session.activity == .cycling
        try xml.open("TrainingCenterDatabase") { tag in
            try tag.attribute("xmlns", text: namespace)
            try tag.attribute("xmlns:xsi", text: "http://www.w3.org/2001/XMLSchema-instance")
            try tag.attribute("xsi:schemaLocation", text: "\(namespace) http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd")
        }
        try xml.open("Activities")
        try xml.open("Activity") { try $0.attribute("Sport", text: sport(session.activity)) }
        try xml.leaf("Id", time(session.startTime))
        var accumulator = LapAccumulator()
        let laps = try LapCursor(rows)
        while let lap = try laps.next() {
            let lapSamples = try rows.samples(after: lap.samplesAfter, through: lap.end)
            var count = 0
            while let timed = try lapSamples.next() {
                accumulator.add(timed.sample)
                count += 1
            }
            let totals = accumulator.finishLap(elapsed: lap.elapsed, timer: lap.timer)
            try xml.open("Lap") { try $0.attribute("StartTime", time(lap.start)) }
            try xml.leaf("TotalTimeSeconds") { try $0.fixed(totals.timer, 3) }
            try xml.leaf("DistanceMeters") { try $0.fixed(totals.distance ?? 0, 2) }
            if let speed = totals.maxSpeed { try xml.leaf("MaximumSpeed") { try $0.fixed(speed, 3) } }
            try xml.leaf("Calories") { try $0.integer(min(65535, Int64((totals.energy ?? 0).rounded()))) }
            if let hr = totals.averageHeartRate { try heartRate(&xml, "AverageHeartRateBpm", hr) }
            if let hr = totals.maxHeartRate { try heartRate(&xml, "MaximumHeartRateBpm", hr) }
            try xml.leaf("Intensity", text: "Active")
            if cycling, let cadence = totals.averageCadence {
                try xml.leaf("Cadence") { try $0.integer(min(254, Int64(cadence.rounded()))) }
            }
            try xml.leaf("TriggerMethod", text: "Manual")
            if count > 0 {
                try xml.open("Track")
                let trackpoints = try rows.samples(after: lap.samplesAfter, through: lap.end)
                while let timed = try trackpoints.next() {
                    let s = timed.sample
                    try xml.open("Trackpoint")
                    try xml.leaf("Time", time(timed.time))
                    if let route, let distance = s.distance {
                        let p = route.position(at: distance)
                        try xml.open("Position")
                        try xml.leaf("LatitudeDegrees") { try $0.fixed(p.latitude, 7) }
                        try xml.leaf("LongitudeDegrees") { try $0.fixed(p.longitude, 7) }
                        try xml.close("Position")
                    }
                    if let distance = s.distance { try xml.leaf("DistanceMeters") { try $0.fixed(distance, 2) } }
                    if let hr = s.heartRate { try heartRate(&xml, "HeartRateBpm", hr) }
                    if cycling, let cadence = s.cadence {
                        try xml.leaf("Cadence") { try $0.integer(min(254, Int64(cadence.rounded()))) }
                    }
                    try xml.leaf("SensorState", text: "Present")
                    try xml.close("Trackpoint")
                }
                try xml.close("Track")
            }
            var notes = "\(lap.startedBy) → \(lap.endedBy); timer time \(TimeFormat.wholeSeconds(lap.timer, shortUnderAnHour: true))"
            if lap.paused > .zero {
                notes += ", elapsed time \(TimeFormat.wholeSeconds(lap.elapsed, shortUnderAnHour: true)) (paused \(TimeFormat.wholeSeconds(lap.paused, shortUnderAnHour: true)))"
            }
            try xml.leaf("Notes", text: notes)
            try xml.close("Lap")
        }
        try xml.leaf("Notes", text: "\(session.app) \(session.workoutStyle ?? "workout"), simulated by actionsim (\(session.runName), seed \(session.seed.map(String.init) ?? "—"))")
        try xml.close("Activity")
        try xml.close("Activities")
        try xml.close("TrainingCenterDatabase")
    }

    private static func heartRate(_ xml: inout XMLStream, _ name: StaticString, _ bpm: Double) throws {
        try xml.open(name)
        try xml.leaf("Value") { try $0.integer(min(255, max(1, Int64(bpm.rounded())))) }
        try xml.close(name)
    }
}
