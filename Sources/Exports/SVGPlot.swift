import ActionButtonCore
import Simulation
import Telemetry

/// A session drawn over time as SVG: heart rate and pace for a workout, the depth profile
/// (deepest at the bottom) with water temperature for a dive; pauses shaded; laps,
/// segments and other markers as vertical lines; presses, intents and warnings on a strip
/// under the time axis (hover for details). It draws a `PlotModel`, whose size does not
/// depend on the session's length: a plot of any session is a few hundred kilobytes.
public enum SVGPlot {
    /// Draws the session to `sink`; returns the bytes written.
    @discardableResult
    public static func render(_ rows: some SessionRows, to sink: any ByteSink) throws -> Int {
        try write(try PlotModel(rows), to: sink)
    }

    /// The picture as text (tests, small sessions).
    public static func render(_ session: RecordedSession) throws -> String {
        let sink = ByteArraySink()
        try render(session, to: sink)
        return String(decoding: sink.bytes, as: UTF8.self)
    }

    /// Draws a model to `sink`; returns the bytes written.
    @discardableResult
    public static func write(_ model: PlotModel, to sink: any ByteSink) throws -> Int {
        let out = ExportWriter(sink)
        try Canvas(model: model, out: out).draw()
        try out.flush()
        return out.bytesWritten
    }

    struct Canvas {
        let model: PlotModel
        let out: ExportWriter
        var frame: PlotModel.Frame { model.frame }

        func x(_ t: Timestamp) -> Double { model.x(t) }

        func draw() throws {
            let width = f(frame.width), height = f(frame.height)
            try out.text("""
                <?xml version="1.0" encoding="UTF-8"?>
                <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
                <rect width="100%" height="100%" fill="#ffffff"/>

                """)
            try text(frame.left, 34, model.title, size: 20, weight: "600")
            try text(frame.left, 58, model.subtitle, size: 14, color: "#444")
            try text(frame.width - frame.right, 34, model.note, size: 12, color: "#666", anchor: "end")
            try pauses()
            for panel in model.panels { try axis(panel) }
            for series in model.series { try draw(series) }
            for rule in model.rules {
                let y = model.panels[rule.panel].y(rule.value)
                try out.text("<line x1=\"\(f(frame.left))\" y1=\"\(f(y))\" x2=\"\(f(frame.width - frame.right))\" y2=\"\(f(y))\" stroke=\"\(rule.color)\" stroke-dasharray=\"6 4\"/>\n")
                try text(frame.left + 6, y - 5, rule.label, size: 11, color: rule.color)
            }
            try markers()
            try timeAxis()
            try eventStrip()
            try legend()
            try out.text("</svg>\n")
        }

        /// The extent of the framed panels: what pauses and markers span.
        var panelTop: Double { model.panels.filter(\.framed).map(\.top).min() ?? 90 }
        var panelBottom: Double { model.panels.filter(\.framed).map { $0.top + $0.height }.max() ?? 90 }

        func pauses() throws {
            let top = panelTop, bottom = panelBottom
            for band in model.pauses {
                let x1 = x(band.from), x2 = x(band.to)
                let tip = band.count == 1 ? "paused \(Duration.text(band.paused))"
                    : "\(band.count) pauses, \(Duration.text(band.paused)) in all"
                try out.text("<rect x=\"\(f(x1))\" y=\"\(f(top))\" width=\"\(f(max(x2 - x1, 1)))\" height=\"\(f(bottom - top))\" fill=\"#8d99ae\" opacity=\"0.28\"><title>\(XMLText.escape(tip))</title></rect>\n")
                if x2 - x1 >= 40 { try text((x1 + x2) / 2, top + 14, "paused", size: 11, color: "#4a5568", anchor: "middle") }
            }
        }

        func axis(_ panel: PlotModel.Panel) throws {
            let l = frame.left, r = frame.width - frame.right
            let mid = panel.top + panel.height / 2
            switch panel.side {
            case .left:
                if panel.framed {
                    try out.text("<rect x=\"\(f(l))\" y=\"\(f(panel.top))\" width=\"\(f(frame.plotWidth))\" height=\"\(f(panel.height))\" fill=\"none\" stroke=\"#999\"/>\n")
                }
                for tick in panel.ticks {
                    let y = panel.y(tick.value)
                    if panel.framed {
                        try out.text("<line x1=\"\(f(l))\" y1=\"\(f(y))\" x2=\"\(f(r))\" y2=\"\(f(y))\" stroke=\"#e4e4e4\"/>\n")
                    }
                    try text(l - 8, y + 4, tick.label, size: 11, color: panel.color ?? "#555", anchor: "end")
                }
                try out.text("<text x=\"18\" y=\"\(f(mid))\" font-size=\"12\" fill=\"\(panel.color ?? "#333")\" text-anchor=\"middle\" transform=\"rotate(-90 18 \(f(mid)))\">\(XMLText.escape(panel.label))</text>\n")
            case .right:
                for tick in panel.ticks {
                    try text(r + 8, panel.y(tick.value) + 4, tick.label, size: 11, color: panel.color ?? "#555")
                }
                let lx = frame.width - 22
                try out.text("<text x=\"\(f(lx))\" y=\"\(f(mid))\" font-size=\"12\" fill=\"\(panel.color ?? "#333")\" text-anchor=\"middle\" transform=\"rotate(90 \(f(lx)) \(f(mid)))\">\(XMLText.escape(panel.label))</text>\n")
            }
        }

        /// One polyline per run (and for an area, a polygon under it), clipped to the panel.
        func draw(_ series: PlotModel.Series) throws {
            let panel = model.panels[series.panel]
            func y(_ value: Double) -> Double { min(max(panel.y(value), panel.top), panel.top + panel.height) }
            for run in series.runs where !run.isEmpty {
                if series.area {
                    try out.text("<polygon points=\"\(f(x(run[0].time))),\(f(panel.y(0))) ")
                    for p in run { try out.text("\(f(x(p.time))),\(f(y(p.value))) ") }
                    try out.text("\(f(x(run[run.count - 1].time))),\(f(panel.y(0)))\" fill=\"#9fd3f5\" opacity=\"0.55\"/>\n")
                }
            }
            for run in series.runs where !run.isEmpty {
                try out.text("<polyline points=\"")
                for (i, p) in run.enumerated() {
                    try out.text(i == 0 ? "\(f(x(p.time))),\(f(y(p.value)))" : " \(f(x(p.time))),\(f(y(p.value)))")
                }
                try out.text("\" fill=\"none\" stroke=\"\(series.color)\" stroke-width=\"\(f(series.width))\" stroke-linejoin=\"round\"\(series.dashed ? " stroke-dasharray=\"5 3\"" : "")/>\n")
            }
        }

        func markers() throws {
            let top = panelTop, bottom = panelBottom
            for group in model.markers {
                let px = x(group.from)
                let tip = "<title>\(XMLText.escape(group.tooltip))</title>"
                switch group.kind {
                case .warning:
                    try out.text("<line x1=\"\(f(px))\" y1=\"\(f(top))\" x2=\"\(f(px))\" y2=\"\(f(bottom))\" stroke=\"#c1121f\" stroke-width=\"\(group.count > 1 ? "2.4" : "1.2")\" opacity=\"0.8\">\(tip)</line>\n")
                    if let label = group.label { try text(px + 4, bottom - 8, label, size: 11, color: "#c1121f") }
                case .marker:
                    let color = PlotModel.markerColor(group.first)
                    let dash = group.first == "segment" ? "2 3" : "6 3"
                    try out.text("<line x1=\"\(f(px))\" y1=\"\(f(top))\" x2=\"\(f(px))\" y2=\"\(f(bottom))\" stroke=\"\(color)\" stroke-width=\"\(group.count > 1 ? "2.6" : "1.3")\" stroke-dasharray=\"\(dash)\">\(tip)</line>\n")
                    if let label = group.label { try text(px + 3, top - 6, label, size: 11, color: color) }
                }
            }
        }

        func timeAxis() throws {
            let y = model.timeAxisY
            let total = (model.end - model.start).secondsValue
            for tick in model.timeTicks {
                let px = frame.left + tick.value / total * frame.plotWidth
                try out.text("<line x1=\"\(f(px))\" y1=\"\(f(y))\" x2=\"\(f(px))\" y2=\"\(f(y + 5))\" stroke=\"#555\"/>\n")
                try text(px, y + 18, tick.label, size: 11, color: "#555", anchor: "middle")
            }
            try text(frame.width - frame.right, y + 34, "time since the session started", size: 11, color: "#777", anchor: "end")
        }

        /// Presses, intents and warnings on three rows under the time axis; a mark that stands
        /// for several events says how many.
        func eventStrip() throws {
            for (i, name) in model.stripRows.enumerated() {
                let ry = model.stripY + Double(i) * 22
                try text(frame.left - 8, ry + 4, name, size: 11, color: "#555", anchor: "end")
                try out.text("<line x1=\"\(f(frame.left))\" y1=\"\(f(ry))\" x2=\"\(f(frame.width - frame.right))\" y2=\"\(f(ry))\" stroke=\"#eee\"/>\n")
            }
            for mark in model.strip {
                let ry = model.stripY + Double(mark.row) * 22
                let px = x(mark.time)
                let tip = "<title>\(XMLText.escape(mark.tooltip))</title>"
                switch mark.symbol {
                case .press:
                    try out.text("<path d=\"M\(f(px)) \(f(ry - 6)) l5 10 h-10 z\" fill=\"#264653\">\(tip)</path>\n")
                case .ignored:
                    try out.text("<path d=\"M\(f(px)) \(f(ry - 6)) l5 10 h-10 z\" fill=\"none\" stroke=\"#264653\">\(tip)</path>\n")
                case .intent:
                    try out.text("<circle cx=\"\(f(px))\" cy=\"\(f(ry))\" r=\"4.5\" fill=\"#e9c46a\" stroke=\"#8a6d1a\">\(tip)</circle>\n")
                case .warning:
                    try out.text("<path d=\"M\(f(px)) \(f(ry - 7)) l6 12 h-12 z\" fill=\"#c1121f\">\(tip)</path>\n")
                    try out.text("<text x=\"\(f(px))\" y=\"\(f(ry + 4))\" font-size=\"9\" fill=\"#fff\" text-anchor=\"middle\">!</text>\n")
                }
                if mark.count > 1 { try text(px + 6, ry - 5, "×\(mark.count)", size: 9, color: "#555") }
            }
        }

        func legend() throws {
            let y = model.legendY
            var px = frame.left
            for item in model.legend {
                let X = f(px), Y = f(y)
                switch item.symbol {
                case .press: try out.text("<path d=\"M\(X) \(Y) m0 -6 l5 10 h-10 z\" fill=\"#264653\"/>\n")
                case .intent: try out.text("<circle cx=\"\(X)\" cy=\"\(Y)\" r=\"4.5\" fill=\"#e9c46a\" stroke=\"#8a6d1a\"/>\n")
                case .warning: try out.text("<path d=\"M\(X) \(Y) m0 -7 l6 12 h-12 z\" fill=\"#c1121f\"/>\n")
                case .paused:
                    try out.text("<rect x=\"\(X)\" y=\"\(Y)\" transform=\"translate(-6 -6)\" width=\"12\" height=\"12\" fill=\"#8d99ae\" opacity=\"0.5\"/>\n")
                case .marker(let color, let dash):
                    try out.text("<path d=\"M\(X) \(Y) m0 -8 v16\" stroke=\"\(color)\" stroke-dasharray=\"\(dash)\" stroke-width=\"1.5\"/>\n")
                case .line(let color, let dashed):
                    try out.text("<path d=\"M\(X) \(Y) m-6 0 h12\" stroke=\"\(color)\" stroke-width=\"2\"\(dashed ? " stroke-dasharray=\"5 3\"" : "")/>\n")
                }
                try text(px + 16, y + 4, item.label, size: 12, color: "#333")
                px += 36 + Double(item.label.count) * 7.4
            }
        }

        func text(_ x: Double, _ y: Double, _ value: String, size: Double, color: String = "#111", weight: String = "normal",
                  anchor: String = "start") throws {
            try out.text("<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"\(f(size))\" fill=\"\(color)\" font-weight=\"\(weight)\" text-anchor=\"\(anchor)\">\(XMLText.escape(value))</text>\n")
        }
    }
}

/// One decimal, enough for SVG coordinates.
private func f(_ x: Double) -> String {
    let r = (x * 10).rounded() / 10
    return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
}
