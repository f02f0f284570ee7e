import ActionButtonCore
import SimulationEvents
import Telemetry

/// Samples as CSV (RFC 4180): one row per sample, SI units in the column names, empty
/// where a sensor has no value. The columns are `SampleField`'s, for the session's kind.
///
/// `elapsed_s` is the time since the session started, pauses included; a workout's
/// `timer_s` is its running time, pauses left out (FIT's elapsed and timer times).
enum CSVExport {
    static func write(_ rows: some SessionRows, to out: ExportWriter) throws {
        let session = rows.header
        let fields = SampleField.recorded(in: session.kind)
        // A workout's timer time sits between its elapsed time and its readings.
        let timer = session.kind == .workout
        try out.text((["time", "elapsed_s"] + (timer ? ["timer_s"] : []) + fields.map(\.exportColumn)).joined(separator: ",") + "\r\n")
        let samples = try rows.samples()
        while let timed = try samples.next() {
            let s = timed.sample
            try out.iso8601(unixNanoseconds: session.wallClock(timed.time), milliseconds: true)
            try out.byte(UInt8(ascii: ","))
            try out.seconds(nanoseconds: timed.time.nanoseconds &- session.startTime.nanoseconds)
            if timer {
                try out.byte(UInt8(ascii: ","))
                try out.seconds(nanoseconds: s.elapsed.nanoseconds)
            }
            for field in fields {
                try out.byte(UInt8(ascii: ","))
                if let x = field.number(in: s) {
                    try out.fixed(x, field.exportDecimals)
                } else if field == .submerged, let submerged = s.submerged {
                    try out.byte(submerged ? UInt8(ascii: "1") : UInt8(ascii: "0"))
                }
            }
            try out.text("\r\n")
        }
    }
}
