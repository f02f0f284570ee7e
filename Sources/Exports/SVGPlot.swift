import ActionButtonCore
import Foundation
import Simulation
import Telemetry

/// A session drawn over time as SVG: heart rate and pace for a workout, the depth profile
/// (deepest at the bottom) with water temperature for a dive; pauses shaded; laps,
/// segments and other markers as vertical lines; presses, intents and warnings on a strip
/// under the time axis (hover for details). Pure: a session in, SVG text out.
public enum SVGPlot {
    static let width = 1200.0
    static let left = 72.0
    static let right = 80.0
    static var plotWidth: Double { width - left - right }

    public static func render(_ session: RecordedSession) -> String {
        var svg = Canvas(session: session)
        switch session.kind {
        case .workout: svg.drawWorkout()
        case .dive: svg.drawDive()
        }
        return svg.finish()
    }

    /// Where the picture puts time: the session's start and end at x = `left` and `right`,
    /// the panels between `top` and `bottom` (what a page needs to draw a cursor over it).
    public struct TimeAxis: Sendable {
        public var start: Timestamp
        public var end: Timestamp
        public var left: Double
        public var right: Double
        public var width: Double
        public var top: Double
        public var bottom: Double
    }

    public static func timeAxis(of session: RecordedSession) -> TimeAxis {
        let canvas = Canvas(session: session)
        return TimeAxis(start: canvas.start, end: canvas.end, left: left, right: width - right, width: width,
                        top: 90, bottom: session.kind == .workout ? 600 : 530)
    }

    /// A panel: a vertical range of the picture with its value scale.
    struct Panel {
        var top: Double
        var height: Double
        var low: Double
        var high: Double
        /// Higher values drawn lower (depth, pace).
        var inverted: Bool

        func y(_ value: Double) -> Double {
            let f = (value - low) / max(high - low, 1e-9)
            return inverted ? top + f * height : top + height - f * height
        }
    }

    struct Canvas {
        let session: RecordedSession
        var body = ""
        var height = 0.0
        let start: Timestamp
        let end: Timestamp

        init(session: RecordedSession) {
            self.session = session
            start = session.startTime
            end = max(session.lastTime, session.startTime.advanced(by: .seconds(1)))
        }

        func x(_ t: Timestamp) -> Double {
            SVGPlot.left + (t - start).secondsValue / (end - start).secondsValue * SVGPlot.plotWidth
        }

        // MARK: Workouts

        mutating func drawWorkout() {
            height = 760
            let summary = SessionSummary(session)
            var subtitle = ["\(Duration.text(summary.duration))"]
            if let d = summary.distance { subtitle.append(String(format: "%.2f km", d / 1000)) }
            if let hr = summary.averageHeartRate { subtitle.append("avg HR \(Int(hr.rounded())) bpm") }
            if let e = summary.activeEnergy { subtitle.append("\(Int(e.rounded())) kcal") }
            subtitle.append("\(summary.laps) lap\(summary.laps == 1 ? "" : "s")")
            title("\(session.app) · \(session.workoutStyle ?? "workout") · session \(session.id)", subtitle.joined(separator: " · "))

            let heartRates = session.samples.compactMap(\.sample.heartRate)
            let hrLow = ((heartRates.min() ?? 60) - 5) / 10
            let hrHigh = ((heartRates.max() ?? 180) + 5) / 10
            let hr = Panel(top: 90, height: 250, low: hrLow.rounded(.down) * 10, high: hrHigh.rounded(.up) * 10, inverted: false)
            let pace = Pace(activity: session.activity)
            let paces = session.samples.compactMap { $0.sample.speed.flatMap(pace.value) }
            var paceLow = paces.min() ?? 0, paceHigh = paces.max() ?? 1
            let margin = max((paceHigh - paceLow) * 0.15, pace.minimumSpan)
            paceLow = max(0, paceLow - margin)
            paceHigh += margin
            let speedPanel = Panel(top: 390, height: 210, low: paceLow, high: paceHigh, inverted: pace.fasterIsLower)

            let panels = [hr, speedPanel]
            pauses(panels)
            frame(hr, label: "heart rate (bpm)", ticks: Self.ticks(low: hr.low, high: hr.high, count: 5), format: { "\(Int($0))" })
            if paces.isEmpty {
                frame(speedPanel, label: "no pace: \(session.activity?.rawValue ?? "this workout") does not move", ticks: [], format: { _ in "" })
            } else {
                frame(speedPanel, label: pace.label, ticks: Self.ticks(low: paceLow, high: paceHigh, count: 5), format: pace.format)
            }
            series(\.heartRate, panel: hr, color: "#d62839", width: 1.6)
            if !paces.isEmpty {
                series({ $0.speed.flatMap(pace.value) }, panel: speedPanel, color: "#1f6fb2", width: 1.4)
            }
            markers(panels)
            timeAxis(at: 600)
            eventStrip(at: 640)
            legend(at: 736)
        }

        /// What the second panel shows: pace for feet and water, speed for wheels.
        struct Pace {
            var label: String
            var value: (Double) -> Double?
            var format: (Double) -> String
            var fasterIsLower: Bool
            var minimumSpan: Double

            init(activity: ActivityKind?) {
                switch activity {
                case .cycling:
                    label = "speed (km/h)"
                    value = { $0 * 3.6 }
                    format = { String(format: "%.0f", $0) }
                    fasterIsLower = false
                    minimumSpan = 2
                case .swimming:
                    label = "pace (min/100 m, faster up)"
                    value = { $0 > 0.2 ? 100 / $0 / 60 : nil }
                    format = Pace.minutes
                    fasterIsLower = true
                    minimumSpan = 0.1
                default:
                    label = "pace (min/km, faster up)"
                    value = { $0 > 0.3 ? 1000 / $0 / 60 : nil }
                    format = Pace.minutes
                    fasterIsLower = true
                    minimumSpan = 0.25
                }
            }

            static func minutes(_ x: Double) -> String {
                let total = Int((x * 60).rounded())
                return "\(total / 60):\(total % 60 < 10 ? "0" : "")\(total % 60)"
            }
        }

        // MARK: Dives

        mutating func drawDive() {
            height = 700
            let summary = SessionSummary(session)
            var subtitle = [Duration.text(summary.duration)]
            if let d = summary.maxDepth { subtitle.append(String(format: "max depth %.1f m", d)) }
            if let t = summary.diveTime { subtitle.append("dive time \(Duration.text(t))") }
            if let t = summary.minTemperature { subtitle.append(String(format: "min %.1f °C", t)) }
            subtitle.append("\(summary.ascentRateWarnings) ascent-rate warning\(summary.ascentRateWarnings == 1 ? "" : "s")")
            title("\(session.app) · dive · session \(session.id)", subtitle.joined(separator: " · "))

            let maxDepth = max(summary.maxDepth ?? 10, 5)
            let depthHigh = (maxDepth * 1.1 / 5).rounded(.up) * 5
            let depth = Panel(top: 90, height: 440, low: 0, high: depthHigh, inverted: true)
            let temperatures = session.samples.compactMap(\.sample.waterTemperature)
            let tLow = ((temperatures.min() ?? 10) - 1).rounded(.down), tHigh = ((temperatures.max() ?? 25) + 1).rounded(.up)
            let temperature = Panel(top: 90, height: 440, low: tLow, high: tHigh, inverted: false)

            pauses([depth])
            frame(depth, label: "depth (m)", ticks: Self.ticks(low: 0, high: depthHigh, count: 6), format: { "\(Int($0))" })
            rightAxis(temperature, label: "water temperature (°C)", color: "#e07a1f")
            // The water column the diver was in, then the profile over it.
            depthArea(depth)
            series(\.depth, panel: depth, color: "#0b4f8a", width: 1.8)
            series(\.waterTemperature, panel: temperature, color: "#e07a1f", width: 1.4, dashed: true)
            if let rated = ratedDepth, rated <= depthHigh {
                let y = depth.y(rated)
                body += "<line x1=\"\(f(SVGPlot.left))\" y1=\"\(f(y))\" x2=\"\(f(SVGPlot.width - SVGPlot.right))\" y2=\"\(f(y))\" stroke=\"#c1121f\" stroke-dasharray=\"6 4\"/>\n"
                body += text(SVGPlot.left + 6, y - 5, "rated depth \(Int(rated)) m", size: 11, color: "#c1121f")
            }
            markers([depth])
            timeAxis(at: 530)
            eventStrip(at: 575)
            legend(at: 676)
        }

        /// The deepest rated-depth warning's limit, if one was given.
        var ratedDepth: Double? {
            for event in session.events where event.kind == .warning && event.label.contains("rated depth of ") {
                if let tail = event.label.components(separatedBy: "rated depth of ").last,
                   let value = Double(tail.replacingOccurrences(of: " m", with: "")) { return value }
            }
            return nil
        }

        mutating func depthArea(_ panel: Panel) {
            for interval in runs() {
                var points = "\(f(x(interval.first!.time))),\(f(panel.y(0))) "
                for p in interval { points += "\(f(x(p.time))),\(f(panel.y(p.value))) " }
                points += "\(f(x(interval.last!.time))),\(f(panel.y(0)))"
                body += "<polygon points=\"\(points)\" fill=\"#9fd3f5\" opacity=\"0.55\"/>\n"
            }
        }

        /// Depth points, bucketed per pixel column.
        func runs() -> [[(time: Timestamp, value: Double)]] {
            buckets { $0.depth }
        }

        // MARK: Pieces

        mutating func title(_ main: String, _ sub: String) {
            body += text(SVGPlot.left, 34, main, size: 20, weight: "600")
            body += text(SVGPlot.left, 58, sub, size: 14, color: "#444")
            let status = session.status == .ended ? "" : " · \(session.status.rawValue.uppercased())"
            body += text(SVGPlot.width - SVGPlot.right, 34, "\(session.runName) · seed \(session.seed.map(String.init) ?? "—")\(status)",
                         size: 12, color: "#666", anchor: "end")
        }

        mutating func frame(_ panel: Panel, label: String, ticks: [Double], format: (Double) -> String) {
            let l = SVGPlot.left, r = SVGPlot.width - SVGPlot.right
            body += "<rect x=\"\(f(l))\" y=\"\(f(panel.top))\" width=\"\(f(SVGPlot.plotWidth))\" height=\"\(f(panel.height))\" fill=\"none\" stroke=\"#999\"/>\n"
            for tick in ticks {
                let y = panel.y(tick)
                body += "<line x1=\"\(f(l))\" y1=\"\(f(y))\" x2=\"\(f(r))\" y2=\"\(f(y))\" stroke=\"#e4e4e4\"/>\n"
                body += text(l - 8, y + 4, format(tick), size: 11, color: "#555", anchor: "end")
            }
            body += "<text x=\"18\" y=\"\(f(panel.top + panel.height / 2))\" font-size=\"12\" fill=\"#333\" text-anchor=\"middle\" transform=\"rotate(-90 18 \(f(panel.top + panel.height / 2)))\">\(XMLText.escape(label))</text>\n"
        }

        mutating func rightAxis(_ panel: Panel, label: String, color: String) {
            let r = SVGPlot.width - SVGPlot.right
            for tick in Self.ticks(low: panel.low, high: panel.high, count: 6) {
                body += text(r + 8, panel.y(tick) + 4, "\(Int(tick))", size: 11, color: color)
            }
            let mid = panel.top + panel.height / 2
            body += "<text x=\"\(f(SVGPlot.width - 22))\" y=\"\(f(mid))\" font-size=\"12\" fill=\"\(color)\" text-anchor=\"middle\" transform=\"rotate(90 \(f(SVGPlot.width - 22)) \(f(mid)))\">\(XMLText.escape(label))</text>\n"
        }

        /// One polyline per running interval, a point per pixel column (the column's mean).
        mutating func series(_ key: KeyPath<SensorSample, Double?>, panel: Panel, color: String, width: Double, dashed: Bool = false) {
            series({ $0[keyPath: key] }, panel: panel, color: color, width: width, dashed: dashed)
        }

        mutating func series(_ value: (SensorSample) -> Double?, panel: Panel, color: String, width: Double, dashed: Bool = false) {
            for run in buckets(value) where !run.isEmpty {
                let points = run.map { "\(f(x($0.time))),\(f(min(max(panel.y($0.value), panel.top), panel.top + panel.height)))" }
                    .joined(separator: " ")
                body += "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(f(width))\" stroke-linejoin=\"round\"\(dashed ? " stroke-dasharray=\"5 3\"" : "")/>\n"
            }
        }

        func buckets(_ value: (SensorSample) -> Double?) -> [[(time: Timestamp, value: Double)]] {
            var runs: [[(time: Timestamp, value: Double)]] = []
            let columns = SVGPlot.plotWidth
            for interval in session.runningIntervals {
                var run: [(time: Timestamp, value: Double)] = []
                var column = -1
                var sum = 0.0, count = 0, firstTime = Timestamp.zero
                func close() {
                    if count > 0 { run.append((firstTime, sum / Double(count))) }
                    sum = 0
                    count = 0
                }
                for timed in session.samples where timed.time >= interval.start && timed.time <= interval.end {
                    guard let v = value(timed.sample) else { continue }
                    let c = Int((x(timed.time) - SVGPlot.left) / SVGPlot.plotWidth * columns)
                    if c != column {
                        close()
                        column = c
                        firstTime = timed.time
                    }
                    sum += v
                    count += 1
                }
                close()
                if !run.isEmpty { runs.append(run) }
            }
            return runs
        }

        mutating func pauses(_ panels: [Panel]) {
            let top = panels.map(\.top).min()!, bottom = panels.map { $0.top + $0.height }.max()!
            let intervals = session.runningIntervals
            for (a, b) in zip(intervals, intervals.dropFirst()) {
                let x1 = x(a.end), x2 = x(b.start)
                body += "<rect x=\"\(f(x1))\" y=\"\(f(top))\" width=\"\(f(max(x2 - x1, 1)))\" height=\"\(f(bottom - top))\" fill=\"#8d99ae\" opacity=\"0.28\"><title>paused \(Duration.text(b.start - a.end))</title></rect>\n"
                body += text((x1 + x2) / 2, top + 14, "paused", size: 11, color: "#4a5568", anchor: "middle")
            }
        }

        mutating func markers(_ panels: [Panel]) {
            let top = panels.map(\.top).min()!, bottom = panels.map { $0.top + $0.height }.max()!
            var counts: [String: Int] = [:]
            for event in session.events where event.kind == .marker || event.kind == .warning {
                let px = x(event.time)
                if event.kind == .warning {
                    body += "<line x1=\"\(f(px))\" y1=\"\(f(top))\" x2=\"\(f(px))\" y2=\"\(f(bottom))\" stroke=\"#c1121f\" stroke-width=\"1.2\" opacity=\"0.8\"><title>\(XMLText.escape(event.label))</title></line>\n"
                    let short = event.label.components(separatedBy: " exceeds").first ?? event.label
                    body += text(px + 4, bottom - 8, short, size: 11, color: "#c1121f")
                    continue
                }
                counts[event.label, default: 0] += 1
                let color = Self.markerColor(event.label)
                body += "<line x1=\"\(f(px))\" y1=\"\(f(top))\" x2=\"\(f(px))\" y2=\"\(f(bottom))\" stroke=\"\(color)\" stroke-width=\"1.3\" stroke-dasharray=\"\(event.label == "segment" ? "2 3" : "6 3")\"><title>\(XMLText.escape(event.label)) \(counts[event.label]!) at \(clock(event.time))</title></line>\n"
                body += text(px + 3, top - 6, "\(event.label) \(counts[event.label]!)", size: 11, color: color)
            }
        }

        static func markerColor(_ kind: String) -> String {
            switch kind {
            case "lap": "#2a9d8f"
            case "segment": "#7b2cbf"
            case "waypoint": "#2a9d8f"
            default: "#7b2cbf"
            }
        }

        mutating func timeAxis(at y: Double) {
            let total = (end - start).secondsValue
            let steps: [Double] = [10, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400]
            let step = steps.first { total / $0 <= 12 } ?? 28800
            var t = 0.0
            while t <= total + 1e-6 {
                let px = SVGPlot.left + t / total * SVGPlot.plotWidth
                body += "<line x1=\"\(f(px))\" y1=\"\(f(y))\" x2=\"\(f(px))\" y2=\"\(f(y + 5))\" stroke=\"#555\"/>\n"
                body += text(px, y + 18, Duration.text(.seconds(t)), size: 11, color: "#555", anchor: "middle")
                t += step
            }
            body += text(SVGPlot.width - SVGPlot.right, y + 34, "time since the session started", size: 11, color: "#777", anchor: "end")
        }

        /// Presses, intents and warnings on three rows under the time axis.
        mutating func eventStrip(at y: Double) {
            let rows: [(String, [RecordedSession.EventKind])] = [("presses", [.press, .ignored]), ("intents", [.intent]),
                                                                 ("warnings", [.warning, .error])]
            for (i, row) in rows.enumerated() {
                let ry = y + Double(i) * 22
                body += text(SVGPlot.left - 8, ry + 4, row.0, size: 11, color: "#555", anchor: "end")
                body += "<line x1=\"\(f(SVGPlot.left))\" y1=\"\(f(ry))\" x2=\"\(f(SVGPlot.width - SVGPlot.right))\" y2=\"\(f(ry))\" stroke=\"#eee\"/>\n"
                for event in session.events where row.1.contains(event.kind) {
                    let px = x(max(event.time, start))
                    let tip = "<title>\(XMLText.escape(event.label)) at \(clock(event.time))</title>"
                    switch event.kind {
                    case .press:
                        body += "<path d=\"M\(f(px)) \(f(ry - 6)) l5 10 h-10 z\" fill=\"#264653\">\(tip)</path>\n"
                    case .ignored:
                        body += "<path d=\"M\(f(px)) \(f(ry - 6)) l5 10 h-10 z\" fill=\"none\" stroke=\"#264653\">\(tip)</path>\n"
                    case .intent:
                        body += "<circle cx=\"\(f(px))\" cy=\"\(f(ry))\" r=\"4.5\" fill=\"#e9c46a\" stroke=\"#8a6d1a\">\(tip)</circle>\n"
                    default:
                        body += "<path d=\"M\(f(px)) \(f(ry - 7)) l6 12 h-12 z\" fill=\"#c1121f\">\(tip)</path>\n"
                        body += "<text x=\"\(f(px))\" y=\"\(f(ry + 4))\" font-size=\"9\" fill=\"#fff\" text-anchor=\"middle\">!</text>\n"
                    }
                }
            }
        }

        mutating func legend(at y: Double) {
            var px = SVGPlot.left
            func item(_ symbol: String, _ label: String, _ canvas: inout Canvas) {
                canvas.body += symbol.replacingOccurrences(of: "X", with: f(px)).replacingOccurrences(of: "Y", with: f(y))
                canvas.body += canvas.text(px + 16, y + 4, label, size: 12, color: "#333")
                px += 36 + Double(label.count) * 7.4
            }
            item("<path d=\"MX Y m0 -6 l5 10 h-10 z\" fill=\"#264653\"/>\n", "press", &self)
            item("<circle cx=\"X\" cy=\"Y\" r=\"4.5\" fill=\"#e9c46a\" stroke=\"#8a6d1a\"/>\n", "intent performed", &self)
            if session.kind == .workout {
                item("<path d=\"MX Y m0 -8 v16\" stroke=\"#2a9d8f\" stroke-dasharray=\"6 3\" stroke-width=\"1.5\"/>\n", "lap", &self)
                item("<path d=\"MX Y m0 -8 v16\" stroke=\"#7b2cbf\" stroke-dasharray=\"2 3\" stroke-width=\"1.5\"/>\n", "segment", &self)
                item("<rect x=\"X\" y=\"Y\" transform=\"translate(-6 -6)\" width=\"12\" height=\"12\" fill=\"#8d99ae\" opacity=\"0.5\"/>\n", "paused", &self)
                item("<path d=\"MX Y m-6 0 h12\" stroke=\"#d62839\" stroke-width=\"2\"/>\n", "heart rate", &self)
                item("<path d=\"MX Y m-6 0 h12\" stroke=\"#1f6fb2\" stroke-width=\"2\"/>\n", "pace / speed", &self)
            } else {
                item("<path d=\"MX Y m0 -8 v16\" stroke=\"#2a9d8f\" stroke-dasharray=\"6 3\" stroke-width=\"1.5\"/>\n", "waypoint", &self)
                item("<path d=\"MX Y m0 -8 v16\" stroke=\"#7b2cbf\" stroke-dasharray=\"6 3\" stroke-width=\"1.5\"/>\n", "other marker", &self)
                item("<path d=\"MX Y m-6 0 h12\" stroke=\"#0b4f8a\" stroke-width=\"2\"/>\n", "depth", &self)
                item("<path d=\"MX Y m-6 0 h12\" stroke=\"#e07a1f\" stroke-width=\"2\" stroke-dasharray=\"5 3\"/>\n", "water temperature", &self)
            }
            item("<path d=\"MX Y m0 -7 l6 12 h-12 z\" fill=\"#c1121f\"/>\n", "warning", &self)
        }

        func clock(_ t: Timestamp) -> String { Duration.text(t - start) }

        func text(_ x: Double, _ y: Double, _ value: String, size: Double, color: String = "#111", weight: String = "normal",
                  anchor: String = "start") -> String {
            "<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"\(f(size))\" fill=\"\(color)\" font-weight=\"\(weight)\" text-anchor=\"\(anchor)\">\(XMLText.escape(value))</text>\n"
        }

        func finish() -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(SVGPlot.width))" height="\(f(height))" viewBox="0 0 \(f(SVGPlot.width)) \(f(height))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
            <rect width="100%" height="100%" fill="#ffffff"/>
            \(body)</svg>

            """
        }

        static func ticks(low: Double, high: Double, count: Int) -> [Double] {
            let span = max(high - low, 1e-9)
            let raw = span / Double(count)
            let magnitude = pow(10, (log10(raw)).rounded(.down))
            let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
            var ticks: [Double] = []
            var t = (low / step).rounded(.up) * step
            while t <= high + step * 1e-6 {
                ticks.append(t)
                t += step
            }
            return ticks
        }
    }
}

/// One decimal, enough for SVG coordinates.
private func f(_ x: Double) -> String {
    let r = (x * 10).rounded() / 10
    return r == r.rounded() ? String(Int(r)) : String(r)
}

extension Duration {
    /// `m:ss` under an hour, `h:mm:ss` above.
    static func text(_ d: Duration) -> String {
        let total = Int(d.secondsValue.rounded())
        let s = total % 60, m = total / 60 % 60, h = total / 3600
        let ss = (s < 10 ? "0" : "") + "\(s)"
        return h > 0 ? "\(h):\(m < 10 ? "0" : "")\(m):\(ss)" : "\(m):\(ss)"
    }
}
