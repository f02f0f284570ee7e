import ActionButtonCore
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
            for band in model.bands { try draw(band) }
            for span in model.spans { try draw(span) }
            for panel in model.panels { try axis(panel) }
            for series in model.series { try draw(series) }
            for rule in model.rules {
                let y = model.panels[rule.panel].y(rule.value)
                try out.text("<line x1=\"\(f(frame.left))\" y1=\"\(f(y))\" x2=\"\(f(frame.width - frame.right))\" y2=\"\(f(y))\" stroke=\"\(rule.color)\" stroke-dasharray=\"6 4\"/>\n")
                try text(frame.left + 6, y - 5, rule.label, size: 11, color: rule.color)
            }
            try markers()
            try lapSplits()
            try sessionEnd()
            for callout in model.callouts { try draw(callout) }
            try timeAxis()
            try eventStrip()
            try legend(model.legend, at: model.legendY)
            try legend(model.secondLegend, at: model.legendY + 24)
            try out.text("</svg>\n")
        }

        /// The extent of the framed panels: what pauses and markers span.
        var panelTop: Double { model.panels.filter(\.framed).map(\.top).min() ?? 90 }
        var panelBottom: Double { model.panels.filter(\.framed).map { $0.top + $0.height }.max() ?? 90 }

        func pauses() throws {
            let top = panelTop, bottom = panelBottom
            for band in model.pauses {
                let x1 = x(band.from), x2 = x(band.to)
                let tip = band.count == 1 ? "paused \(TimeFormat.wholeSeconds(band.paused, shortUnderAnHour: true))"
                    : "\(band.count) pauses, \(TimeFormat.wholeSeconds(band.paused, shortUnderAnHour: true)) in all"
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

        /// More lines than this would hide the series: markers are then ticks along the top.
        static let denseMarkers = 40

        /// A value range shaded across its panel, named inside its right edge.
        func draw(_ band: PlotModel.Band) throws {
            let panel = model.panels[band.panel]
            let y1 = panel.y(panel.inverted ? band.low : band.high), y2 = panel.y(panel.inverted ? band.high : band.low)
            try out.text("<rect x=\"\(f(frame.left))\" y=\"\(f(y1))\" width=\"\(f(frame.plotWidth))\" height=\"\(f(max(y2 - y1, 0)))\" fill=\"\(band.color)\" opacity=\"\(f2(band.opacity))\"><title>\(XMLText.escape(band.label))</title></rect>\n")
            if y2 - y1 >= 11 {
                try text(frame.width - frame.right - 4, y1 + 11, band.label, size: 10, color: band.color, anchor: "end")
            }
        }

        /// A stretch of time shaded across its panel, named above it.
        func draw(_ span: PlotModel.Span) throws {
            let panel = model.panels[span.panel]
            let x1 = x(span.from), x2 = x(span.to)
            try out.text("<rect x=\"\(f(x1))\" y=\"\(f(panel.top))\" width=\"\(f(max(x2 - x1, 2)))\" height=\"\(f(panel.height))\" fill=\"\(span.color)\" opacity=\"0.18\"><title>\(XMLText.escape(span.tooltip))</title></rect>\n")
            try text(x2, panel.top + panel.height - 8, span.label, size: 11, color: span.color, anchor: "end")
        }

        /// Each lap's timer time, inside the lap at the top of the first panel.
        func lapSplits() throws {
            guard let panel = model.panels.first else { return }
            for lap in model.laps {
                let tip = "<title>lap \(lap.number): \(TimeFormat.wholeSeconds(lap.timer, shortUnderAnHour: true)) timer time, \(TimeFormat.wholeSeconds(lap.elapsed, shortUnderAnHour: true)) elapsed</title>"
                guard let label = lap.label else { continue }
                try out.text("<text x=\"\(f((x(lap.from) + x(lap.to)) / 2))\" y=\"\(f(panel.top + 14))\" font-size=\"11\" fill=\"#2a9d8f\" font-weight=\"600\" text-anchor=\"middle\">\(XMLText.escape(label))\(tip)</text>\n")
            }
        }

        /// The session's end (or where its run stopped without ending it).
        func sessionEnd() throws {
            guard let end = model.sessionEnd else { return }
            let px = x(end.time)
            let text = "\(end.label) \(TimeFormat.wholeSeconds(end.time - model.start, shortUnderAnHour: true))"
            try out.text("<line x1=\"\(f(px))\" y1=\"\(f(panelTop - 4))\" x2=\"\(f(px))\" y2=\"\(f(panelBottom))\" stroke=\"#1d3557\" stroke-width=\"2\"><title>\(XMLText.escape(text))</title></line>\n")
            try self.text(px - 4, panelTop - 8, text, size: 11, color: "#1d3557", weight: "600", anchor: "end")
        }

        func draw(_ callout: PlotModel.Callout) throws {
            let panel = model.panels[callout.panel]
            let px = x(callout.time), py = min(max(panel.y(callout.value), panel.top), panel.top + panel.height)
            let color = callout.warned ? "#c1121f" : "#3a5a40"
            try out.text("<circle cx=\"\(f(px))\" cy=\"\(f(py))\" r=\"4\" fill=\"\(color)\"><title>\(XMLText.escape(callout.label))</title></circle>\n")
            let right = px > frame.left + frame.plotWidth * 0.6
            try text(right ? px - 7 : px + 7, py + 4, callout.label, size: 11, color: color, weight: callout.warned ? "600" : "normal",
                     anchor: right ? "end" : "start")
        }

        func markers() throws {
            let top = panelTop, bottom = panelBottom
            let dense = model.markers.filter { $0.kind == .marker }.count > Self.denseMarkers
            for group in model.markers {
                let px = x(group.from)
                let tip = "<title>\(XMLText.escape(group.tooltip))</title>"
                switch group.kind {
                case .warning:
                    try out.text("<line x1=\"\(f(px))\" y1=\"\(f(top))\" x2=\"\(f(px))\" y2=\"\(f(bottom))\" stroke=\"#c1121f\" stroke-width=\"\(group.count > 1 ? "2.4" : "1.2")\" opacity=\"0.8\">\(tip)</line>\n")
                    if let label = group.label { try text(px + 4, bottom - 8, label, size: 11, color: "#c1121f") }
                case .marker:
                    let color = PlotModel.markerColor(group.first)
                    if dense {
                        try out.text("<line x1=\"\(f(px))\" y1=\"\(f(top))\" x2=\"\(f(px))\" y2=\"\(f(top + 8))\" stroke=\"\(color)\" stroke-width=\"\(group.count > 1 ? "2.6" : "1.3")\">\(tip)</line>\n")
                    } else {
                        let dash = group.first == "segment" ? "2 3" : "6 3"
                        try out.text("<line x1=\"\(f(px))\" y1=\"\(f(top))\" x2=\"\(f(px))\" y2=\"\(f(bottom))\" stroke=\"\(color)\" stroke-width=\"\(group.count > 1 ? "2.6" : "1.3")\" stroke-dasharray=\"\(dash)\">\(tip)</line>\n")
                    }
                    if let label = group.label { try text(px + 3, top - 6, label, size: 11, color: color) }
                }
            }
        }

        func timeAxis() throws {
            let y = model.timeAxisY
            for tick in model.timeTicks {
                let px = x(model.timeOrigin.advanced(by: .seconds(tick.value)))
                try out.text("<line x1=\"\(f(px))\" y1=\"\(f(y))\" x2=\"\(f(px))\" y2=\"\(f(y + 5))\" stroke=\"#555\"/>\n")
                try text(px, y + 18, tick.label, size: 11, color: "#555", anchor: "middle")
            }
            try text(frame.width - frame.right, y + 34, model.timeAxisLabel, size: 11, color: "#777", anchor: "end")
        }

        /// Presses, intents and warnings on three rows under the time axis; a mark that stands
        /// for several events says how many.
        func eventStrip() throws {
            for (i, name) in model.stripRows.enumerated() {
                let ry = model.stripY + Double(i) * 22
                try text(frame.left - 8, ry + 4, name, size: 11, color: "#555", anchor: "end")
                try out.text("<line x1=\"\(f(frame.left))\" y1=\"\(f(ry))\" x2=\"\(f(frame.width - frame.right))\" y2=\"\(f(ry))\" stroke=\"#eee\"/>\n")
            }
            // A mark that stands for several says how many beside it, where there is room
            // before the next mark of its row (the tooltip says it anyway).
            var counts: [(x: Double, y: Double, text: String)] = []
            for (index, mark) in model.strip.enumerated() {
                let ry = model.stripY + Double(mark.row) * 22
                let px = x(mark.time)
                let tip = "<title>\(XMLText.escape(mark.tooltip))</title>"
                try out.text(Self.symbol(mark.symbol, color: mark.color, x: px, y: ry, tip: tip))
                let count = "×\(mark.count)"
                let next = model.strip.indices.contains(index + 1) && model.strip[index + 1].row == mark.row
                    ? x(model.strip[index + 1].time) : .infinity
                if mark.count > 1, next - px >= 7 + Double(count.count) * 5.5 + 8 {
                    counts.append((px + 7, ry + 4, count))
                }
            }
            for count in counts { try text(count.x, count.y, count.text, size: 9, color: "#333") }
        }

        /// A strip mark or its legend entry: each kind of press and each intent distinct.
        static func symbol(_ symbol: PlotModel.StripMark.Symbol, color: String?, x px: Double, y ry: Double, tip: String) -> String {
            let X = f(px), Y = f(ry)
            switch symbol {
            case .press:
                return "<path d=\"M\(X) \(f(ry - 6)) l5 10 h-10 z\" fill=\"#264653\">\(tip)</path>\n"
            case .chord:
                return "<path d=\"M\(X) \(f(ry - 7)) l6 7 l-6 7 l-6 -7 z\" fill=\"#e76f51\">\(tip)</path>\n"
            case .hold:
                return "<rect x=\"\(f(px - 5))\" y=\"\(f(ry - 5))\" width=\"10\" height=\"10\" fill=\"#9d0208\">\(tip)</rect>\n"
            case .side:
                return "<rect x=\"\(f(px - 2))\" y=\"\(f(ry - 6))\" width=\"4\" height=\"12\" rx=\"2\" fill=\"#6c757d\">\(tip)</rect>\n"
            case .ignored:
                return "<path d=\"M\(X) \(f(ry - 6)) l5 10 h-10 z\" fill=\"none\" stroke=\"#264653\" stroke-dasharray=\"2 1.5\">\(tip)</path>\n"
            case .intent:
                return "<circle cx=\"\(X)\" cy=\"\(Y)\" r=\"4.5\" fill=\"\(color ?? "#e9c46a")\" stroke=\"#333\" stroke-width=\"0.6\">\(tip)</circle>\n"
            case .warning:
                return "<path d=\"M\(X) \(f(ry - 7)) l6 12 h-12 z\" fill=\"#c1121f\">\(tip)</path>\n"
                    + "<text x=\"\(X)\" y=\"\(f(ry + 4))\" font-size=\"9\" fill=\"#fff\" text-anchor=\"middle\">!</text>\n"
            }
        }

        /// A row of legend entries, wrapped onto the next row where it would leave the picture.
        func legend(_ items: [PlotModel.LegendItem], at firstY: Double) throws {
            var px = frame.left, y = firstY
            for item in items {
                let width = 36 + Double(item.label.count) * 6.9
                if px > frame.left, px + width - 20 > frame.width {
                    px = frame.left
                    y += 20
                }
                let X = f(px), Y = f(y)
                switch item.symbol {
                case .press: try out.text(Self.symbol(.press, color: nil, x: px, y: y, tip: ""))
                case .chord: try out.text(Self.symbol(.chord, color: nil, x: px, y: y, tip: ""))
                case .hold: try out.text(Self.symbol(.hold, color: nil, x: px, y: y, tip: ""))
                case .side: try out.text(Self.symbol(.side, color: nil, x: px, y: y, tip: ""))
                case .ignored: try out.text(Self.symbol(.ignored, color: nil, x: px, y: y, tip: ""))
                case .intent(let color): try out.text(Self.symbol(.intent, color: color, x: px, y: y, tip: ""))
                case .warning: try out.text(Self.symbol(.warning, color: nil, x: px, y: y, tip: ""))
                case .paused:
                    try out.text("<rect x=\"\(X)\" y=\"\(Y)\" transform=\"translate(-6 -6)\" width=\"12\" height=\"12\" fill=\"#8d99ae\" opacity=\"0.5\"/>\n")
                case .end:
                    try out.text("<path d=\"M\(X) \(Y) m0 -8 v16\" stroke=\"#1d3557\" stroke-width=\"2\"/>\n")
                case .band(let color):
                    try out.text("<rect x=\"\(X)\" y=\"\(Y)\" transform=\"translate(-6 -6)\" width=\"12\" height=\"12\" fill=\"\(color)\" opacity=\"0.25\"/>\n")
                case .marker(let color, let dash):
                    try out.text("<path d=\"M\(X) \(Y) m0 -8 v16\" stroke=\"\(color)\" stroke-dasharray=\"\(dash)\" stroke-width=\"1.5\"/>\n")
                case .line(let color, let dashed):
                    try out.text("<path d=\"M\(X) \(Y) m-6 0 h12\" stroke=\"\(color)\" stroke-width=\"2\"\(dashed ? " stroke-dasharray=\"5 3\"" : "")/>\n")
                }
                try text(px + 16, y + 4, item.label, size: 12, color: "#333")
                px += width
            }
        }

        func text(_ x: Double, _ y: Double, _ value: String, size: Double, color: String = "#111", weight: String = "normal",
                  anchor: String = "start") throws {
            try out.text("<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"\(f(size))\" fill=\"\(color)\" font-weight=\"\(weight)\" text-anchor=\"\(anchor)\">\(XMLText.escape(value))</text>\n")
        }
    }
}

/// Two decimals (an opacity).
private func f2(_ x: Double) -> String { String(format: "%.2f", x) }

/// One decimal, enough for SVG coordinates.
private func f(_ x: Double) -> String {
    let r = (x * 10).rounded() / 10
    return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
}
