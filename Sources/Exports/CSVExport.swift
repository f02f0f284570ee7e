import ActionButtonCore
import Simulation
import Telemetry

/// Samples as CSV (RFC 4180): one row per sample, SI units in the column names, empty
/// where a sensor has no value.
enum CSVExport {
    static func encode(_ session: RecordedSession) -> [UInt8] {
        var out = ""
        out.reserveCapacity(session.samples.count * 80)
        func time(_ t: Timestamp) -> String { UTCDate(unixNanoseconds: session.wallClock(t)).iso8601(milliseconds: true) }
        func number(_ x: Double?, _ digits: Int) -> String { x.map { Decimal.fixed($0, digits) } ?? "" }
        switch session.kind {
        case .workout:
            out += "time,elapsed_s,heart_rate_bpm,active_energy_kcal,distance_m,speed_m_s,cadence_per_min,strokes\r\n"
            for timed in session.samples {
                let s = timed.sample
                out += time(timed.time) + "," + Decimal.fixed(s.elapsed.secondsValue, 3) + "," + number(s.heartRate, 1) + ","
                    + number(s.activeEnergy, 3) + "," + number(s.distance, 2) + "," + number(s.speed, 3) + ","
                    + number(s.cadence, 1) + "," + number(s.strokes, 0) + "\r\n"
            }
        case .dive:
            out += "time,elapsed_s,depth_m,pressure_kpa,water_temperature_c,submerged\r\n"
            for timed in session.samples {
                let s = timed.sample
                out += time(timed.time) + "," + Decimal.fixed(s.elapsed.secondsValue, 3) + "," + number(s.depth, 3) + ","
                    + number(s.pressure, 3) + "," + number(s.waterTemperature, 2) + ","
                    + (s.submerged.map { $0 ? "1" : "0" } ?? "") + "\r\n"
            }
        }
        return Array(out.utf8)
    }
}
