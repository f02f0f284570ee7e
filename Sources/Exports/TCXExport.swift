import ActionButtonCore
import Simulation
import Telemetry

/// A workout as Garmin Training Center XML v2: an Activity with one Lap per lap, each
/// with its Track of Trackpoints, in the element order the TCX v2 schema requires.
enum TCXExport {
    static let namespace = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"

    static func sport(_ activity: ActivityKind?) -> String {
        switch activity {
        case .running, .walking: "Running"     // TCX v2 knows Running, Biking and Other only
        case .cycling: "Biking"
        default: "Other"
        }
    }

    static func encode(_ session: RecordedSession) -> [UInt8] {
        var xml = XMLText()
        func time(_ t: Timestamp) -> String { UTCDate(unixNanoseconds: session.wallClock(t)).iso8601(milliseconds: true) }
        let route = SimulatedRoute(session: session)
        xml.start("TrainingCenterDatabase", [
            "xmlns": namespace,
            "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
            "xsi:schemaLocation": "\(namespace) http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd",
        ])
        xml.start("Activities")
        xml.start("Activity", ["Sport": sport(session.activity)])
        xml.element("Id", time(session.startTime))
        for lap in session.laps {
            let totals = LapTotals(session, from: lap.start, to: lap.end, samples: lap.samples)
            xml.start("Lap", ["StartTime": time(lap.start)])
            xml.element("TotalTimeSeconds", Decimal.fixed(totals.timer, 3))
            xml.element("DistanceMeters", Decimal.fixed(totals.distance ?? 0, 2))
            if let speed = totals.maxSpeed { xml.element("MaximumSpeed", Decimal.fixed(speed, 3)) }
            xml.element("Calories", String(min(65535, Int((totals.energy ?? 0).rounded()))))
            if let hr = totals.averageHeartRate { heartRate(&xml, "AverageHeartRateBpm", hr) }
            if let hr = totals.maxHeartRate { heartRate(&xml, "MaximumHeartRateBpm", hr) }
            xml.element("Intensity", "Active")
            if session.activity == .cycling, let cadence = totals.averageCadence {
                xml.element("Cadence", String(min(254, Int(cadence.rounded()))))
            }
            xml.element("TriggerMethod", "Manual")
            if !lap.samples.isEmpty {
                xml.start("Track")
                for timed in session.samples[lap.samples] {
                    let s = timed.sample
                    xml.start("Trackpoint")
                    xml.element("Time", time(timed.time))
                    if let route, let distance = s.distance {
                        let p = route.position(at: distance)
                        xml.start("Position")
                        xml.element("LatitudeDegrees", Decimal.fixed(p.latitude, 7))
                        xml.element("LongitudeDegrees", Decimal.fixed(p.longitude, 7))
                        xml.end()
                    }
                    if let distance = s.distance { xml.element("DistanceMeters", Decimal.fixed(distance, 2)) }
                    if let hr = s.heartRate { heartRate(&xml, "HeartRateBpm", hr) }
                    if session.activity == .cycling, let cadence = s.cadence {
                        xml.element("Cadence", String(min(254, Int(cadence.rounded()))))
                    }
                    xml.element("SensorState", "Present")
                    xml.end()
                }
                xml.end()
            }
            xml.element("Notes", "\(lap.startedBy) → \(lap.endedBy)")
            xml.end()
        }
        xml.element("Notes", "\(session.app) \(session.workoutStyle ?? "workout"), simulated by actionsim (\(session.runName), seed \(session.seed.map(String.init) ?? "—"))")
        xml.end()
        xml.end()
        xml.end()
        return xml.bytes
    }

    private static func heartRate(_ xml: inout XMLText, _ name: String, _ bpm: Double) {
        xml.start(name)
        xml.element("Value", String(min(255, max(1, Int(bpm.rounded())))))
        xml.end()
    }
}
