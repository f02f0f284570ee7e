import ActionButtonCore
import Foundation
import SimulationEvents
import Telemetry

/// What one kind of session's chart has of its own, filled in by its builder
/// (`WorkoutChart`, `DiveChart`); `PlotModel.init` adds what every chart has: the time axis,
/// pauses, markers, the event strip.
struct KindChart {
    var title = ""
    var subtitle = ""
    var samples = 0
    var panels: [PlotModel.Panel] = []
    var series: [PlotModel.Series] = []
    var bands: [PlotModel.Band] = []
    var spans: [PlotModel.Span] = []
    var legend: [PlotModel.LegendItem] = []
    var timeAxisY = 0.0
    var stripY = 0.0
    var legendY = 0.0
    /// Where the time axis counts from, when not the session's start (a dive's first
    /// submerged sample), and what it then says.
    var timeOrigin: Timestamp?
    var timeAxisLabel: String?
    /// A dive's ascent trace, for the panel `PlotModel` adds under the depth.
    var dive: DiveTrace?
    var ascentPeak: SessionSummary.AscentPeak?
}

/// A workout's chart: heart rate (with zones when the maximum is known) and pace or speed, as
/// the activity has it, and the summary's figures in the subtitle.
enum WorkoutChart {
    static func build(_ rows: some SessionRows, columns: ColumnMap, frame: PlotModel.Frame,
                      context: PlotModel.Context) throws -> KindChart {
        var part = KindChart()
        let pace = PlotModel.Pace(activity: rows.header.activity)
        var heartRate = ColumnReducer(columns)
        var speed = ColumnReducer(columns)
        var totals = SessionSummary.SampleTotals()
        // A long workout is read in spans where the store has them: a span inside one
        // pixel column adds its extremes, as its samples would (a pace is defined for
        // every speed of the span only if for its lowest).
        let spans = PlotModel.readsSpans(rows.header, columns: frame.columns)
            ? PlotModel.SpanUse(columns: columns, usable: { span in span.speed.map { pace.value($0.lowest.value) != nil } ?? true }) : nil
        try PlotModel.reduce(rows, fields: [.heartRate, .speed, .distance, .activeEnergy], totals: &totals, spans: spans) { timed in
            heartRate.add(timed.time, timed.sample.heartRate)
            speed.add(timed.time, timed.sample.speed.flatMap(pace.value))
        } span: { span in
            for point in span.heartRate?.points ?? [] { heartRate.add(point.time, point.value) }
            for point in span.speed?.points ?? [] { speed.add(point.time, pace.value(point.value)) }
        } pause: {
            heartRate.breakRun()
            speed.breakRun()
        }
        let summary = try SessionSummary(rows, totals: totals)
        part.samples = summary.samples
        var subtitle = [TimeFormat.wholeSeconds(summary.duration, shortUnderAnHour: true)]
        if let d = summary.distance { subtitle.append(String(format: "%.2f km", d / 1000)) }
        if let hr = summary.averageHeartRate { subtitle.append("avg HR \(Int(hr.rounded())) bpm") }
        if let e = summary.activeEnergy { subtitle.append("\(Int(e.rounded())) kcal") }
        subtitle.append("\(summary.laps) lap\(summary.laps == 1 ? "" : "s")")
        part.title = "\(rows.header.app) · \(rows.header.workoutStyle ?? "workout") · session \(rows.header.id)"
        part.subtitle = subtitle.joined(separator: " · ")

        // Heart rate every 20 bpm (10 on a narrow range), pace every 30 s (or the next
        // round step that keeps it readable): what a runner reads off a watch.
        let hrStep = ((heartRate.high ?? 180) - (heartRate.low ?? 60)) + 10 <= 40 ? 10.0 : 20.0
        let hrLow = (((heartRate.low ?? 60) - 5) / hrStep).rounded(.down) * hrStep
        let hrHigh = (((heartRate.high ?? 180) + 5) / hrStep).rounded(.up) * hrStep
        var paceLow = speed.low ?? 0, paceHigh = speed.high ?? 1
        let margin = max((paceHigh - paceLow) * 0.15, pace.minimumSpan)
        paceLow = max(0, paceLow - margin)
        paceHigh += margin
        let paceStep = pace.steps.first { (paceHigh - paceLow) / $0 <= 8 } ?? pace.steps[pace.steps.count - 1]
        paceLow = (paceLow / paceStep).rounded(.down) * paceStep
        paceHigh = (paceHigh / paceStep).rounded(.up) * paceStep
        let moves = speed.low != nil
        part.panels = [
            PlotModel.Panel(top: 90, height: 250, low: hrLow, high: hrHigh, inverted: false, label: "heart rate (bpm)",
                  ticks: PlotModel.ticks(low: hrLow, high: hrHigh, step: hrStep) { "\(Int($0))" }, side: .left, color: nil, framed: true),
            PlotModel.Panel(top: 390, height: 210, low: paceLow, high: paceHigh, inverted: pace.fasterIsLower,
                  label: moves ? pace.label : "no pace: \(rows.header.activity?.rawValue ?? "this workout") does not move",
                  ticks: moves ? PlotModel.ticks(low: paceLow, high: paceHigh, step: paceStep, format: pace.format) : [],
                  side: .left, color: nil, framed: true),
        ]
        part.series = [PlotModel.Series(name: "heart rate", panel: 0, color: "#d62839", width: 1.6, dashed: false, area: false,
                         runs: heartRate.finish())]
        if moves {
            part.series.append(PlotModel.Series(name: "pace / speed", panel: 1, color: "#1f6fb2", width: 1.4, dashed: false, area: false,
                                 runs: speed.finish()))
        }
        if let maxHR = context.maxHeartRate, maxHR > 0 {
            part.bands = PlotModel.heartRateZones(maxHeartRate: maxHR, panel: part.panels[0])
        }
        part.timeAxisY = 600
        part.stripY = 640
        part.legendY = 736
        part.legend = [
            PlotModel.LegendItem(symbol: .marker(color: PlotModel.markerColor("lap"), dash: "6 3"), label: "lap (its timer time inside)"),
            PlotModel.LegendItem(symbol: .marker(color: PlotModel.markerColor("segment"), dash: "2 3"), label: "segment"),
            PlotModel.LegendItem(symbol: .paused, label: "paused"),
            PlotModel.LegendItem(symbol: .end, label: "end"),
            PlotModel.LegendItem(symbol: .line(color: "#d62839", dashed: false), label: "heart rate"),
            PlotModel.LegendItem(symbol: .line(color: "#1f6fb2", dashed: false), label: moves ? pace.shortLabel : "pace"),
            PlotModel.LegendItem(symbol: .warning, label: "warning / error"),
        ]
        if let maxHR = context.maxHeartRate, maxHR > 0 {
            part.legend.append(PlotModel.LegendItem(symbol: .band(color: "#d62839"), label: "HR zones 1–5 (% of max \(Int(maxHR.rounded())) bpm)"))
        }
        return part
    }
}

/// A dive's chart: depth over water temperature, the safety stop, and the ascent trace
/// `PlotModel` draws under them; the dive's figures in the subtitle.
enum DiveChart {
    static func build(_ rows: some SessionRows, columns: ColumnMap, frame: PlotModel.Frame,
                      context: PlotModel.Context) throws -> KindChart {
        var part = KindChart()
        let start = rows.header.startTime
        var depth = ColumnReducer(columns)
        var temperature = ColumnReducer(columns)
        var trace = DiveTrace(ascent: ColumnReducer(columns), stop: SafetyStopFinder(depth: context.safetyStopDepth ?? 5))
        var totals = SessionSummary.SampleTotals()
        try PlotModel.reduce(rows, fields: [.depth, .waterTemperature, .submerged], totals: &totals) { timed in
            depth.add(timed.time, timed.sample.depth)
            temperature.add(timed.time, timed.sample.waterTemperature)
            trace.add(timed)
        } pause: {
            depth.breakRun()
            temperature.breakRun()
            trace.ascent.breakRun()
        }
        let summary = try SessionSummary(rows, totals: totals)
        part.ascentPeak = summary.peakAscent
        part.samples = summary.samples
        var subtitle = [TimeFormat.wholeSeconds(summary.duration, shortUnderAnHour: true)]
        if let d = summary.maxDepth { subtitle.append(String(format: "max depth %.1f m", d)) }
        if let t = summary.diveTime { subtitle.append("dive time \(TimeFormat.wholeSeconds(t, shortUnderAnHour: true))") }
        if let t = summary.minTemperature { subtitle.append(String(format: "min %.1f °C", t)) }
        subtitle.append("\(summary.ascentRateWarnings) ascent-rate warning\(summary.ascentRateWarnings == 1 ? "" : "s")")
        part.title = "\(rows.header.app) · dive · session \(rows.header.id)"
        part.subtitle = subtitle.joined(separator: " · ")

        let maxDepth = max(summary.maxDepth ?? 10, 5)
        let depthHigh = (maxDepth * 1.1 / 5).rounded(.up) * 5
        let tLow = ((temperature.low ?? 10) - 1).rounded(.down), tHigh = ((temperature.high ?? 25) + 1).rounded(.up)
        part.panels = [
            PlotModel.Panel(top: 90, height: 300, low: 0, high: depthHigh, inverted: true, label: "depth (m)",
                  ticks: PlotModel.ticks(low: 0, high: depthHigh, count: 6) { "\(Int($0))" }, side: .left, color: nil, framed: true),
            PlotModel.Panel(top: 90, height: 300, low: tLow, high: tHigh, inverted: false, label: "water temperature (°C)",
                  ticks: PlotModel.ticks(low: tLow, high: tHigh, count: 6) { "\(Int($0))" }, side: .right, color: "#e07a1f",
                  framed: false),
        ]
        part.series = [
            PlotModel.Series(name: "depth", panel: 0, color: "#0b4f8a", width: 1.8, dashed: false, area: true, runs: depth.finish()),
            PlotModel.Series(name: "water temperature", panel: 1, color: "#e07a1f", width: 1.4, dashed: true, area: false,
                   runs: temperature.finish()),
        ]
        if let found = trace.stop.finish() {
            let planned = context.safetyStopTime
            let held = found.to - found.from
            var label = "safety stop \(TimeFormat.wholeSeconds(held, shortUnderAnHour: true)) at \(PlotModel.number(found.depth)) m"
            let short = planned.map { held < $0 } ?? false
            if let planned, short { label += " (planned \(TimeFormat.wholeSeconds(planned, shortUnderAnHour: true)))" }
            part.spans.append(PlotModel.Span(panel: 0, from: found.from, to: found.to, label: label, color: short ? "#e07a1f" : "#2a9d8f",
                              tooltip: "\(label), \(TimeFormat.wholeSeconds(found.from - start, shortUnderAnHour: true))–\(TimeFormat.wholeSeconds(found.to - start, shortUnderAnHour: true)) into the session"))
        }
        if let diveStart = trace.diveStart {
            part.timeOrigin = diveStart
            part.timeAxisLabel = "dive time (since the first submerged sample)"
        }
        part.dive = trace
        part.timeAxisY = 560
        part.stripY = 605
        part.legendY = 706
        part.legend = [
            PlotModel.LegendItem(symbol: .marker(color: PlotModel.markerColor("waypoint"), dash: "6 3"), label: "waypoint"),
            PlotModel.LegendItem(symbol: .line(color: "#0b4f8a", dashed: false), label: "depth"),
            PlotModel.LegendItem(symbol: .line(color: "#e07a1f", dashed: true), label: "water temperature"),
            PlotModel.LegendItem(symbol: .line(color: "#3a5a40", dashed: false), label: "ascent rate"),
            PlotModel.LegendItem(symbol: .band(color: "#c1121f"), label: "over the limit"),
            PlotModel.LegendItem(symbol: .band(color: "#2a9d8f"), label: "safety stop"),
            PlotModel.LegendItem(symbol: .end, label: "end"),
            PlotModel.LegendItem(symbol: .warning, label: "warning / error"),
        ]
        return part
    }
}
