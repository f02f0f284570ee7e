import ActionButtonCore
import Telemetry

/// Samples as CSV (RFC 4180): one row per sample, SI units in the column names, empty
/// where a sensor has no value.
///
/// `elapsed_s` is the time since the session started, pauses included; a workout's
/// `timer_s` is its running time, pauses left out (FIT's elapsed and timer times).
enum CSVExport {
    static func write(_ rows: some SessionRows, to out: ExportWriter) throws {
        let session = rows.header
        func number(_ x: Double?, _ digits: Int) throws { if let x { try out.fixed(x, digits) } }
        let samples = try rows.samples()
        switch session.kind {
        case .workout:
            try out.text("time,elapsed_s,timer_s,heart_rate_bpm,active_energy_kcal,distance_m,speed_m_s,cadence_per_min,strokes\r\n")
            while let timed = try samples.next() {
                let s = timed.sample
                try out.iso8601(unixNanoseconds: session.wallClock(timed.time), milliseconds: true)
                try out.byte(UInt8(ascii: ","))
                try out.seconds(nanoseconds: timed.time.nanoseconds &- session.startTime.nanoseconds)
                try out.byte(UInt8(ascii: ","))
                try out.seconds(nanoseconds: s.elapsed.nanoseconds)
                try out.byte(UInt8(ascii: ","))
                try number(s.heartRate, 1)
                try out.byte(UInt8(ascii: ","))
                try number(s.activeEnergy, 3)
                try out.byte(UInt8(ascii: ","))
                try number(s.distance, 2)
                try out.byte(UInt8(ascii: ","))
                try number(s.speed, 3)
                try out.byte(UInt8(ascii: ","))
                try number(s.cadence, 1)
                try out.byte(UInt8(ascii: ","))
                try number(s.strokes, 0)
                try out.text("\r\n")
            }
        case .dive:
            try out.text("time,elapsed_s,depth_m,pressure_kpa,water_temperature_c,submerged\r\n")
            while let timed = try samples.next() {
                let s = timed.sample
                try out.iso8601(unixNanoseconds: session.wallClock(timed.time), milliseconds: true)
                try out.byte(UInt8(ascii: ","))
                try out.seconds(nanoseconds: timed.time.nanoseconds &- session.startTime.nanoseconds)
                try out.byte(UInt8(ascii: ","))
                try number(s.depth, 3)
                try out.byte(UInt8(ascii: ","))
                try number(s.pressure, 3)
                try out.byte(UInt8(ascii: ","))
                try number(s.waterTemperature, 2)
                try out.byte(UInt8(ascii: ","))
                if let submerged = s.submerged { try out.byte(submerged ? UInt8(ascii: "1") : UInt8(ascii: "0")) }
                try out.text("\r\n")
            }
        }
    }
}
