import ActionButtonCore
import Foundation
import Simulation
import Telemetry

/// A session's chart as data: panels with their scales and ticks, series reduced to the
/// picture's pixel columns, pauses, markers and events grouped where they would overlap,
/// the time axis and the legend. `SVGPlot` draws it as SVG; a live chart (the web page)
/// can draw the same model.
///
/// As big as the picture, not as the session: each series keeps at most its first, lowest,
/// highest and last point per pixel column (what a line drawn through every sample would
/// show), and markers or events closer than a few pixels become one mark with a count. It is
/// built in one pass over the samples and one over the events, so a session of any length
/// makes a model of the same bounded size.
public struct PlotModel: Sendable {
    /// Picture size and the plot area's margins, in SVG user units (pixels).
    public struct Frame: Sendable {
        public var width = 1200.0
        public var height: Double
        public var left = 72.0
        public var right = 80.0
        public var plotWidth: Double { width - left - right }
        /// One per pixel of the plot area: what series are reduced to.
        public var columns: Int { Int(plotWidth) }
    }

    /// A value range drawn over a vertical extent of the picture.
    public struct Panel: Sendable {
        public enum Side: Sendable { case left, right }
        public struct Tick: Sendable {
            public var value: Double
            public var label: String
        }
        public var top: Double
        public var height: Double
        public var low: Double
        public var high: Double
        /// Higher values drawn lower (depth, pace).
        public var inverted: Bool
        public var label: String
        public var ticks: [Tick]
        public var side: Side
        /// The axis' colour (nil: the frame's grey).
        public var color: String?
        /// Whether the panel draws its frame and grid (a second scale over a panel does not).
        public var framed: Bool

        public func y(_ value: Double) -> Double {
            let f = (value - low) / max(high - low, 1e-9)
            return inverted ? top + f * height : top + height - f * height
        }
    }

    public struct Point: Hashable, Sendable {
        public var time: Timestamp
        public var value: Double
    }

    /// A sensor over time, on one panel: runs of points, broken where the session paused.
    public struct Series: Sendable {
        public var name: String
        public var panel: Int
        public var color: String
        public var width: Double
        public var dashed: Bool
        /// Filled down to the panel's zero (the water column under a dive's depth).
        public var area: Bool
        public var runs: [[Point]]
    }

    /// One or more pauses, too close together on the picture to tell apart.
    public struct PauseBand: Sendable {
        public var from: Timestamp
        public var to: Timestamp
        public var count: Int
        public var paused: Duration
    }

    /// A vertical line across the panels: a marker (lap, segment, waypoint, ...) or a
    /// warning, or several within a few pixels of each other.
    public struct MarkerGroup: Sendable {
        public enum Kind: Sendable { case marker, warning }
        public var kind: Kind
        public var from: Timestamp
        public var to: Timestamp
        public var count: Int
        /// The first one's marker kind (`lap`, `segment`, ...) or warning text.
        public var first: String
        /// Drawn beside the line, or nil where it would overlap the previous label.
        public var label: String?
        public var tooltip: String
    }

    /// A mark on the strip of events under the time axis: one event, or several within a
    /// few pixels of each other.
    public struct StripMark: Sendable {
        public enum Symbol: Sendable { case press, ignored, intent, warning }
        public var row: Int
        public var symbol: Symbol
        public var time: Timestamp
        public var count: Int
        public var tooltip: String
    }

    /// A horizontal line at a value (the watch's rated depth).
    public struct Rule: Sendable {
        public var panel: Int
        public var value: Double
        public var label: String
        public var color: String
    }

    public struct LegendItem: Sendable {
        public enum Symbol: Sendable {
            case press, intent, warning, paused
            case marker(color: String, dash: String)
            case line(color: String, dashed: Bool)
        }
        public var symbol: Symbol
        public var label: String
    }

    public var frame: Frame
    public var kind: SessionLifecycle.Kind
    public var title: String
    public var subtitle: String
    /// Top right: the scenario, seed and status.
    public var note: String
    /// The time axis runs from `start` to `end`.
    public var start: Timestamp
    public var end: Timestamp
    public var panels: [Panel]
    public var series: [Series]
    public var rules: [Rule]
    public var pauses: [PauseBand]
    public var markers: [MarkerGroup]
    public var stripRows: [String]
    public var strip: [StripMark]
    public var timeTicks: [Panel.Tick]
    /// Where the time axis, the event strip and the legend sit.
    public var timeAxisY: Double
    public var stripY: Double
    public var legendY: Double
    public var legend: [LegendItem]
    /// How many samples and events the model was drawn from.
    public var samples: Int

    /// The x of a time on the picture.
    public func x(_ t: Timestamp) -> Double {
        frame.left + (t - start).secondsValue / (end - start).secondsValue * frame.plotWidth
    }

    /// Marks closer than this many pixels are grouped.
    static let markerSpacing = 3.0
    static let stripSpacing = 8.0

    public init(_ rows: some SessionRows) throws {
        let session = rows.header
        let summary = try SessionSummary(rows)
        kind = session.kind
        start = session.startTime
        end = max(session.lastTime, session.startTime.advanced(by: .seconds(1)))
        frame = Frame(height: session.kind == .workout ? 760 : 700)
        samples = summary.samples
        let status = session.status == .ended ? "" : " · \(session.status.rawValue.uppercased())"
        note = "\(session.runName) · seed \(session.seed.map(String.init) ?? "—")\(status)"
        stripRows = ["presses", "intents", "warnings"]
        rules = []

        let columns = ColumnMap(start: start, end: end, columns: frame.columns)
        switch session.kind {
        case .workout:
            var subtitle = [Duration.text(summary.duration)]
            if let d = summary.distance { subtitle.append(String(format: "%.2f km", d / 1000)) }
            if let hr = summary.averageHeartRate { subtitle.append("avg HR \(Int(hr.rounded())) bpm") }
            if let e = summary.activeEnergy { subtitle.append("\(Int(e.rounded())) kcal") }
            subtitle.append("\(summary.laps) lap\(summary.laps == 1 ? "" : "s")")
            title = "\(session.app) · \(session.workoutStyle ?? "workout") · session \(session.id)"
            self.subtitle = subtitle.joined(separator: " · ")

            let pace = Pace(activity: session.activity)
            var heartRate = ColumnReducer(columns)
            var speed = ColumnReducer(columns)
            try Self.reduce(rows) { timed in
                heartRate.add(timed.time, timed.sample.heartRate)
                speed.add(timed.time, timed.sample.speed.flatMap(pace.value))
            } pause: {
                heartRate.breakRun()
                speed.breakRun()
            }
            let hrLow = (((heartRate.low ?? 60) - 5) / 10).rounded(.down) * 10
            let hrHigh = (((heartRate.high ?? 180) + 5) / 10).rounded(.up) * 10
            var paceLow = speed.low ?? 0, paceHigh = speed.high ?? 1
            let margin = max((paceHigh - paceLow) * 0.15, pace.minimumSpan)
            paceLow = max(0, paceLow - margin)
            paceHigh += margin
            let moves = speed.low != nil
            panels = [
                Panel(top: 90, height: 250, low: hrLow, high: hrHigh, inverted: false, label: "heart rate (bpm)",
                      ticks: Self.ticks(low: hrLow, high: hrHigh, count: 5) { "\(Int($0))" }, side: .left, color: nil, framed: true),
                Panel(top: 390, height: 210, low: paceLow, high: paceHigh, inverted: pace.fasterIsLower,
                      label: moves ? pace.label : "no pace: \(session.activity?.rawValue ?? "this workout") does not move",
                      ticks: moves ? Self.ticks(low: paceLow, high: paceHigh, count: 5, format: pace.format) : [],
                      side: .left, color: nil, framed: true),
            ]
            series = [Series(name: "heart rate", panel: 0, color: "#d62839", width: 1.6, dashed: false, area: false,
                             runs: heartRate.finish())]
            if moves {
                series.append(Series(name: "pace / speed", panel: 1, color: "#1f6fb2", width: 1.4, dashed: false, area: false,
                                     runs: speed.finish()))
            }
            timeAxisY = 600
            stripY = 640
            legendY = 736
            legend = [
                LegendItem(symbol: .press, label: "press"), LegendItem(symbol: .intent, label: "intent performed"),
                LegendItem(symbol: .marker(color: Self.markerColor("lap"), dash: "6 3"), label: "lap"),
                LegendItem(symbol: .marker(color: Self.markerColor("segment"), dash: "2 3"), label: "segment"),
                LegendItem(symbol: .paused, label: "paused"),
                LegendItem(symbol: .line(color: "#d62839", dashed: false), label: "heart rate"),
                LegendItem(symbol: .line(color: "#1f6fb2", dashed: false), label: "pace / speed"),
                LegendItem(symbol: .warning, label: "warning"),
            ]
        case .dive:
            var subtitle = [Duration.text(summary.duration)]
            if let d = summary.maxDepth { subtitle.append(String(format: "max depth %.1f m", d)) }
            if let t = summary.diveTime { subtitle.append("dive time \(Duration.text(t))") }
            if let t = summary.minTemperature { subtitle.append(String(format: "min %.1f °C", t)) }
            subtitle.append("\(summary.ascentRateWarnings) ascent-rate warning\(summary.ascentRateWarnings == 1 ? "" : "s")")
            title = "\(session.app) · dive · session \(session.id)"
            self.subtitle = subtitle.joined(separator: " · ")

            var depth = ColumnReducer(columns)
            var temperature = ColumnReducer(columns)
            try Self.reduce(rows) { timed in
                depth.add(timed.time, timed.sample.depth)
                temperature.add(timed.time, timed.sample.waterTemperature)
            } pause: {
                depth.breakRun()
                temperature.breakRun()
            }
            let maxDepth = max(summary.maxDepth ?? 10, 5)
            let depthHigh = (maxDepth * 1.1 / 5).rounded(.up) * 5
            let tLow = ((temperature.low ?? 10) - 1).rounded(.down), tHigh = ((temperature.high ?? 25) + 1).rounded(.up)
            panels = [
                Panel(top: 90, height: 440, low: 0, high: depthHigh, inverted: true, label: "depth (m)",
                      ticks: Self.ticks(low: 0, high: depthHigh, count: 6) { "\(Int($0))" }, side: .left, color: nil, framed: true),
                Panel(top: 90, height: 440, low: tLow, high: tHigh, inverted: false, label: "water temperature (°C)",
                      ticks: Self.ticks(low: tLow, high: tHigh, count: 6) { "\(Int($0))" }, side: .right, color: "#e07a1f",
                      framed: false),
            ]
            series = [
                Series(name: "depth", panel: 0, color: "#0b4f8a", width: 1.8, dashed: false, area: true, runs: depth.finish()),
                Series(name: "water temperature", panel: 1, color: "#e07a1f", width: 1.4, dashed: true, area: false,
                       runs: temperature.finish()),
            ]
            timeAxisY = 530
            stripY = 575
            legendY = 676
            legend = [
                LegendItem(symbol: .press, label: "press"), LegendItem(symbol: .intent, label: "intent performed"),
                LegendItem(symbol: .marker(color: Self.markerColor("waypoint"), dash: "6 3"), label: "waypoint"),
                LegendItem(symbol: .marker(color: Self.markerColor("other"), dash: "6 3"), label: "other marker"),
                LegendItem(symbol: .line(color: "#0b4f8a", dashed: false), label: "depth"),
                LegendItem(symbol: .line(color: "#e07a1f", dashed: true), label: "water temperature"),
                LegendItem(symbol: .warning, label: "warning"),
            ]
        }

        pauses = []
        markers = []
        strip = []
        timeTicks = Self.timeTicks(total: (end - start).secondsValue)
        try groupPauses(rows)
        try groupEvents(rows)
        if session.kind == .dive, let rated = ratedDepth, rated <= panels[0].high {
            rules.append(Rule(panel: 0, value: rated, label: "rated depth \(Int(rated)) m", color: "#c1121f"))
        }
    }

    /// The deepest rated depth a warning names (read with the events).
    private var ratedDepth: Double?

    /// One pass over the samples, stretch by stretch of running time: each reducer takes
    /// every sample in a stretch, and a break where the session paused.
    private static func reduce(_ rows: some SessionRows, each add: (RecordedSession.TimedSample) -> Void,
                               pause: () -> Void) throws {
        let intervals = try RunningIntervalCursor(rows)
        let samples = try rows.samples()
        var next = try samples.next()
        while let interval = try intervals.next() {
            while let timed = next, timed.time <= interval.end {
                next = try samples.next()
                guard timed.time >= interval.start else { continue }
                add(timed)
            }
            pause()
        }
    }

    private mutating func groupPauses(_ rows: some SessionRows) throws {
        let intervals = try RunningIntervalCursor(rows)
        var previous = try intervals.next()
        while let interval = try intervals.next() {
            defer { previous = interval }
            guard let before = previous else { continue }
            let (from, to) = (before.end, interval.start)
            if var last = pauses.last, x(from) - x(last.to) < 1 {
                last.to = to
                last.count += 1
                last.paused += to - from
                pauses[pauses.count - 1] = last
            } else {
                pauses.append(PauseBand(from: from, to: to, count: 1, paused: to - from))
            }
        }
    }

    private mutating func groupEvents(_ rows: some SessionRows) throws {
        let events = try rows.events([.marker, .warning, .error, .press, .ignored, .intent])
        var markerCounts: [String: Int] = [:]
        var lines = MarkGrouper(spacing: Self.markerSpacing)
        var warningLines = MarkGrouper(spacing: Self.markerSpacing)
        var rows = [MarkGrouper(spacing: Self.stripSpacing), MarkGrouper(spacing: Self.stripSpacing),
                    MarkGrouper(spacing: Self.stripSpacing)]
        var lastMarkerLabelEnd = -Double.infinity, lastWarningLabelEnd = -Double.infinity
        let start = self.start
        func clock(_ t: Timestamp) -> String { Duration.text(t - start) }

        func closeLine(_ group: MarkGrouper.Group) {
            let px = x(group.from)
            let single = group.count == 1
            var text: String
            var tooltip: String
            if let only = group.onlyLabel {
                let first = group.firstNumber, last = first + group.count - 1
                text = single ? "\(only) \(first)" : "\(only) \(first)–\(last)"
                tooltip = single ? "\(text) at \(clock(group.from))" : "\(only) \(first)–\(last), \(clock(group.from))–\(clock(group.to))"
            } else {
                text = "\(group.count) markers"
                tooltip = "\(group.count) markers (\(group.breakdown)), \(clock(group.from))–\(clock(group.to))"
            }
            let fits = px + 3 >= lastMarkerLabelEnd + 4
            if fits { lastMarkerLabelEnd = px + 3 + Self.textWidth(text) }
            markers.append(MarkerGroup(kind: .marker, from: group.from, to: group.to, count: group.count, first: group.firstLabel,
                                       label: fits ? text : nil, tooltip: tooltip))
        }
        func closeWarning(_ group: MarkGrouper.Group) {
            let px = x(group.from)
            var text = group.firstLabel.components(separatedBy: " exceeds").first ?? group.firstLabel
            if group.count > 1 { text += " (+\(group.count - 1))" }
            let tooltip = group.count == 1 ? group.firstLabel
                : "\(group.count) warnings, \(clock(group.from))–\(clock(group.to)): \(group.breakdown)"
            let fits = px + 4 >= lastWarningLabelEnd + 4
            if fits { lastWarningLabelEnd = px + 4 + Self.textWidth(text) }
            markers.append(MarkerGroup(kind: .warning, from: group.from, to: group.to, count: group.count, first: group.firstLabel,
                                       label: fits ? text : nil, tooltip: tooltip))
        }
        func closeStrip(_ row: Int, _ group: MarkGrouper.Group) {
            let symbol: StripMark.Symbol = switch group.firstKind {
            case .press: .press
            case .ignored: .ignored
            case .intent: .intent
            default: .warning
            }
            let noun = ["press", "intent", "warning"][row]
            let tooltip = group.count == 1 ? "\(group.firstLabel) at \(clock(group.from))"
                : "\(group.count) \(noun == "press" ? "presses" : noun + "s"), \(clock(group.from))–\(clock(group.to)): \(group.breakdown)"
            strip.append(StripMark(row: row, symbol: symbol, time: max(group.from, start), count: group.count, tooltip: tooltip))
        }

        while let event = try events.next() {
            let px = x(max(event.time, start))
            switch event.kind {
            case .marker:
                markerCounts[event.label, default: 0] += 1
                if let done = lines.add(event, at: px, number: markerCounts[event.label]!) { closeLine(done) }
            case .warning:
                if ratedDepth == nil, let tail = event.label.components(separatedBy: "rated depth of ").dropFirst().last,
                   let value = Double(tail.replacingOccurrences(of: " m", with: "")) {
                    ratedDepth = value
                }
                if let done = warningLines.add(event, at: px, number: 0) { closeWarning(done) }
                if let done = rows[2].add(event, at: px, number: 0) { closeStrip(2, done) }
            case .error:
                if let done = rows[2].add(event, at: px, number: 0) { closeStrip(2, done) }
            case .press, .ignored:
                if let done = rows[0].add(event, at: px, number: 0) { closeStrip(0, done) }
            case .intent:
                if let done = rows[1].add(event, at: px, number: 0) { closeStrip(1, done) }
            default:
                break
            }
        }
        if let done = lines.finish() { closeLine(done) }
        if let done = warningLines.finish() { closeWarning(done) }
        for row in 0..<3 { if let done = rows[row].finish() { closeStrip(row, done) } }
        strip.sort { ($0.row, $0.time) < ($1.row, $1.time) }
    }

    /// About how wide a label of 11-pixel text is.
    static func textWidth(_ text: String) -> Double { Double(text.count) * 6.4 }

    static func markerColor(_ kind: String) -> String {
        switch kind {
        case "lap", "waypoint": "#2a9d8f"
        default: "#7b2cbf"
        }
    }

    static func ticks(low: Double, high: Double, count: Int, format: (Double) -> String) -> [Panel.Tick] {
        let span = max(high - low, 1e-9)
        let raw = span / Double(count)
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
        var ticks: [Panel.Tick] = []
        var t = (low / step).rounded(.up) * step
        while t <= high + step * 1e-6, ticks.count <= 4 * count {
            ticks.append(Panel.Tick(value: t, label: format(t)))
            t += step
        }
        return ticks
    }

    /// Ticks every round number of seconds, minutes, hours or days: about a dozen.
    static func timeTicks(total: Double) -> [Panel.Tick] {
        let steps: [Double] = [10, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 21600, 43200, 86400]
        let step = steps.first { total / $0 <= 12 } ?? (total / 12 / 86400).rounded(.up) * 86400
        var ticks: [Panel.Tick] = []
        var t = 0.0
        while t <= total + 1e-6 {
            ticks.append(Panel.Tick(value: t, label: Duration.text(.seconds(t))))
            t += step
        }
        return ticks
    }

    /// What the second workout panel shows: pace for feet and water, speed for wheels.
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
}

/// Which pixel column a time falls in.
struct ColumnMap {
    let start: Timestamp
    let span: Double
    let columns: Int

    init(start: Timestamp, end: Timestamp, columns: Int) {
        self.start = start
        span = Double((end - start).nanoseconds)
        self.columns = columns
    }

    func column(_ t: Timestamp) -> Int {
        let f = Double(t.nanoseconds &- start.nanoseconds) / span * Double(columns)
        guard f.isFinite else { return 0 }
        return min(columns - 1, max(0, Int(f)))
    }
}

/// Reduces a series to what a line through it looks like at the picture's width: per pixel
/// column its first, lowest, highest and last point (the M4 reduction). A pause breaks the
/// line unless it is narrower than a column.
struct ColumnReducer {
    private let map: ColumnMap
    private var runs: [[PlotModel.Point]] = []
    private var current: [PlotModel.Point] = []
    private var column = -1
    private var first = PlotModel.Point(time: .zero, value: 0), lowest = PlotModel.Point(time: .zero, value: 0)
    private var highest = PlotModel.Point(time: .zero, value: 0), last = PlotModel.Point(time: .zero, value: 0)
    private var breakPending = false
    private(set) var low: Double?
    private(set) var high: Double?

    init(_ map: ColumnMap) { self.map = map }

    mutating func add(_ time: Timestamp, _ value: Double?) {
        guard let value, value.isFinite else { return }
        low = min(low ?? value, value)
        high = max(high ?? value, value)
        let point = PlotModel.Point(time: time, value: value)
        let c = map.column(time)
        if c == column {
            if value < lowest.value { lowest = point }
            if value > highest.value { highest = point }
            last = point
            return
        }
        let previousColumn = column
        closeColumn()
        if breakPending {
            breakPending = false
            // A pause narrower than a column is not drawn as a gap.
            if c - previousColumn > 1, !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        column = c
        (first, lowest, highest, last) = (point, point, point, point)
    }

    /// The session paused: the next point starts a new run (if it is a column or more away).
    mutating func breakRun() {
        if column >= 0 { breakPending = true }
    }

    private mutating func closeColumn() {
        guard column >= 0 else { return }
        var points = [first, lowest, highest, last].sorted { $0.time < $1.time }
        var unique: [PlotModel.Point] = []
        for p in points where unique.last != p { unique.append(p) }
        points = unique
        current.append(contentsOf: points)
        column = -1
    }

    mutating func finish() -> [[PlotModel.Point]] {
        closeColumn()
        if !current.isEmpty { runs.append(current) }
        current = []
        return runs
    }
}

/// Groups marks closer than `spacing` pixels to the first of their group.
struct MarkGrouper {
    struct Group {
        var from: Timestamp
        var to: Timestamp
        var x: Double
        var count: Int
        var firstKind: RecordedSession.EventKind
        var firstLabel: String
        /// The first marker's number among markers of its kind (lap 3).
        var firstNumber: Int
        /// How many of each label (up to eight labels).
        var labels: [(String, Int)]
        var otherLabels = 0

        /// The label every member shares, if they all share one.
        var onlyLabel: String? { labels.count == 1 && otherLabels == 0 ? labels[0].0 : nil }

        /// `5 lap, 2 segment`, most frequent first.
        var breakdown: String {
            var parts = labels.sorted { $0.1 > $1.1 }.map { "\($0.1) \($0.0)" }
            if otherLabels > 0 { parts.append("\(otherLabels) other") }
            return parts.joined(separator: ", ")
        }
    }

    let spacing: Double
    private var open: Group?

    init(spacing: Double) { self.spacing = spacing }

    /// Adds a mark; answers the group it closed, if this mark starts a new one.
    mutating func add(_ event: RecordedSession.Event, at x: Double, number: Int) -> Group? {
        if var group = open, x - group.x < spacing {
            group.to = event.time
            group.count += 1
            if let index = group.labels.firstIndex(where: { $0.0 == event.label }) {
                group.labels[index].1 += 1
            } else if group.labels.count < 8 {
                group.labels.append((event.label, 1))
            } else {
                group.otherLabels += 1
            }
            open = group
            return nil
        }
        let closed = open
        open = Group(from: event.time, to: event.time, x: x, count: 1, firstKind: event.kind, firstLabel: event.label,
                     firstNumber: number, labels: [(event.label, 1)])
        return closed
    }

    mutating func finish() -> Group? {
        defer { open = nil }
        return open
    }
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
