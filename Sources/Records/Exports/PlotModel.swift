import ActionButtonCore
import Foundation
import SimulationEvents
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

    /// A reading at a time: the same pair a span of samples keeps for its extremes.
    public typealias Point = SampleSpan.Point

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
        /// A press (P3's lone press), a chord (`both`), a hold (the Siren), the side button
        /// alone, a press the system ignored, an intent performed, a warning or error.
        public enum Symbol: Sendable { case press, chord, hold, side, ignored, intent, warning }
        public var row: Int
        public var symbol: Symbol
        public var time: Timestamp
        public var count: Int
        public var tooltip: String
        /// An intent's colour: one per intent, as the legend names them.
        public var color: String?
    }

    /// A value range shaded across a panel (a heart-rate zone, the ascent-rate limit's
    /// "too fast" band), named at its right edge.
    public struct Band: Sendable {
        public var panel: Int
        public var low: Double
        public var high: Double
        public var label: String
        public var color: String
        public var opacity: Double
    }

    /// A stretch of time shaded across a panel, named above it (a dive's safety stop).
    public struct Span: Sendable {
        public var panel: Int
        public var from: Timestamp
        public var to: Timestamp
        public var label: String
        public var color: String
        public var tooltip: String
    }

    /// A lap between two splits, with its timer time (pauses left out), written inside it
    /// where it fits.
    public struct LapSplit: Sendable {
        public var from: Timestamp
        public var to: Timestamp
        public var number: Int
        public var timer: Duration
        public var elapsed: Duration
        /// Drawn inside the lap, or nil where the lap is too narrow for it.
        public var label: String?
    }

    /// A point called out on a panel (a dive's peak ascent rate).
    public struct Callout: Sendable {
        public var panel: Int
        public var time: Timestamp
        public var value: Double
        public var label: String
        /// Drawn as a warning (past the limit).
        public var warned: Bool
    }

    /// The end of the session: where it was ended, or where its run stopped without ending it.
    public struct EndMark: Sendable {
        public var time: Timestamp
        public var label: String
    }

    /// What the store does not keep about a session but its run knew (the web page's live
    /// chart has the run's sensor settings): heart-rate zones need the athlete's maximum
    /// heart rate; a dive's ascent-rate limit is the watch's default (10 m/min) unless given.
    public struct Context: Sendable {
        /// bpm; the zones are drawn from it (nil: no zones).
        public var maxHeartRate: Double?
        /// m/min; nil: the watch's default, 10 m/min.
        public var ascentRateLimit: Double?
        /// The planned safety stop, if known.
        public var safetyStopDepth: Double?
        public var safetyStopTime: Duration?

        public init(maxHeartRate: Double? = nil, ascentRateLimit: Double? = nil, safetyStopDepth: Double? = nil,
                    safetyStopTime: Duration? = nil) {
            self.maxHeartRate = maxHeartRate
            self.ascentRateLimit = ascentRateLimit
            self.safetyStopDepth = safetyStopDepth
            self.safetyStopTime = safetyStopTime
        }

        /// Everything a run's sensor settings say.
        public init(sensors: SensorSettings) {
            self.init(maxHeartRate: sensors.profile.maxHeartRate, ascentRateLimit: sensors.dive.ascentRateLimit,
                      safetyStopDepth: sensors.dive.plan.safetyStopDepth,
                      safetyStopTime: sensors.dive.plan.safetyStopTime > .zero ? sensors.dive.plan.safetyStopTime : nil)
        }
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
            case press, chord, hold, side, ignored, warning, paused, end
            case intent(color: String)
            case marker(color: String, dash: String)
            case line(color: String, dashed: Bool)
            case band(color: String)
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
    public var bands: [Band]
    public var spans: [Span]
    public var laps: [LapSplit]
    public var callouts: [Callout]
    public var sessionEnd: EndMark?
    public var pauses: [PauseBand]
    public var markers: [MarkerGroup]
    public var stripRows: [String]
    public var strip: [StripMark]
    /// Ticks of the time axis, in seconds from `timeOrigin`: the session's start for a
    /// workout, the first submerged sample for a dive (dive time).
    public var timeTicks: [Panel.Tick]
    public var timeOrigin: Timestamp
    public var timeAxisLabel: String
    /// Where the time axis, the event strip and the legend sit.
    public var timeAxisY: Double
    public var stripY: Double
    public var legendY: Double
    /// The legend, in two rows: what the panels draw, then the press kinds and intents the
    /// session had.
    public var legend: [LegendItem]
    public var secondLegend: [LegendItem]
    /// How many samples and events the model was drawn from.
    public var samples: Int

    /// The x of a time on the picture.
    public func x(_ t: Timestamp) -> Double {
        frame.left + (t - start).secondsValue / (end - start).secondsValue * frame.plotWidth
    }

    /// Marks closer than this many pixels are grouped.
    static let markerSpacing = 3.0
    static let stripSpacing = 8.0

    public init(_ rows: some SessionRows, context: Context = Context()) throws {
        let session = rows.header
        kind = session.kind
        start = session.startTime
        end = max(session.lastTime, session.startTime.advanced(by: .seconds(1)))
        frame = Frame(height: session.kind == .workout ? 790 : 760)
        let status = session.status == .ended ? "" : " · \(session.status.rawValue.uppercased())"
        note = "\(session.runName) · seed \(session.seed.map(String.init) ?? "—")\(status)"
        stripRows = ["presses", "intents", "warnings"]
        rules = []
        bands = []
        spans = []
        laps = []
        callouts = []
        timeOrigin = start
        timeAxisLabel = "time since the session started"
        secondLegend = []
        switch session.status {
        case .ended: sessionEnd = session.endTime.map { EndMark(time: $0, label: "end") }
        case .interrupted: sessionEnd = EndMark(time: session.lastTime, label: "interrupted")
        case .active: sessionEnd = nil
        }

        let columns = ColumnMap(start: start, end: end, columns: frame.columns)
        // What the kind of session draws, from its own builder; then what every chart has.
        let part = switch session.kind {
        case .workout: try WorkoutChart.build(rows, columns: columns, frame: frame, context: context)
        case .dive: try DiveChart.build(rows, columns: columns, frame: frame, context: context)
        }
        (title, subtitle, samples) = (part.title, part.subtitle, part.samples)
        (panels, series, bands, spans, legend) = (part.panels, part.series, part.bands, part.spans, part.legend)
        (timeAxisY, stripY, legendY) = (part.timeAxisY, part.stripY, part.legendY)
        if let origin = part.timeOrigin {
            timeOrigin = origin
            timeAxisLabel = part.timeAxisLabel ?? timeAxisLabel
        }
        let dive = part.dive
        let ascentPeak = part.ascentPeak

        pauses = []
        markers = []
        strip = []
        timeTicks = Self.timeTicks(from: (start - timeOrigin).secondsValue, to: (end - timeOrigin).secondsValue)
        let running = try groupPauses(rows)
        let splits = try groupEvents(rows)
        if session.kind == .workout, let splits, let running { laps = lapSplits(splits, running: running) }
        if var dive {
            addAscentPanel(&dive, peak: ascentPeak, limit: context.ascentRateLimit ?? warnedAscentLimit ?? 10)
        }
        if session.kind == .dive, let rated = ratedDepth, rated <= panels[0].high {
            rules.append(Rule(panel: 0, value: rated, label: "rated depth \(Int(rated)) m", color: "#c1121f"))
        }
    }

    /// A dive's ascent rate under its depth: the trace, the band past the limit, the limit
    /// and the peak, called out (as a warning when it is past the limit).
    private mutating func addAscentPanel(_ trace: inout DiveTrace, peak ascentPeak: SessionSummary.AscentPeak?, limit: Double) {
        let runs = trace.ascent.finish()
        let rateHigh = max(((trace.ascent.high ?? 0) * 1.1 / 5).rounded(.up) * 5, (limit * 1.5 / 5).rounded(.up) * 5)
        let rateLow = min(-5, ((trace.ascent.low ?? 0) / 5).rounded(.down) * 5)
        let index = panels.count
        panels.append(Panel(top: 420, height: 110, low: rateLow, high: rateHigh, inverted: false, label: "ascent (m/min)",
                            ticks: Self.ticks(low: rateLow, high: rateHigh, count: 4) { "\(Int($0))" }, side: .left, color: nil,
                            framed: true))
        series.append(Series(name: "ascent rate", panel: index, color: "#3a5a40", width: 1.3, dashed: false, area: false, runs: runs))
        bands.append(Band(panel: index, low: limit, high: rateHigh, label: "faster than the limit", color: "#c1121f", opacity: 0.12))
        rules.append(Rule(panel: index, value: limit, label: "limit \(Self.number(limit)) m/min", color: "#c1121f"))
        if let peak = ascentPeak {
            let warned = peak.rate > limit
            callouts.append(Callout(panel: index, time: peak.time, value: peak.rate,
                                    label: "peak \(Self.number(peak.rate)) m/min at \(Self.number(peak.depth)) m" + (warned ? ": too fast" : ""),
                                    warned: warned))
        }
    }

    /// "12", "12.5": one decimal where there is one.
    public static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        // Past 2^53 every Double is whole, and Int(_:) of one past Int.max (or of inf, nan) traps.
        guard rounded.magnitude < 1e15 else { return "\(value)" }
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }

    /// The five usual zones, 50–60 % … 90–100 % of the maximum heart rate, where they meet
    /// the panel.
    static func heartRateZones(maxHeartRate: Double, panel: Panel) -> [Band] {
        (0..<5).compactMap { zone in
            let low = maxHeartRate * (0.5 + 0.1 * Double(zone)), high = maxHeartRate * (0.6 + 0.1 * Double(zone))
            guard high > panel.low, low < panel.high else { return nil }
            return Band(panel: 0, low: max(low, panel.low), high: min(high, panel.high), label: "Z\(zone + 1)", color: "#d62839",
                        opacity: 0.03 + 0.025 * Double(zone))
        }
    }

    /// Laps between the splits (lap and segment markers), each with its timer time: the
    /// running time inside it. Labelled where the lap is wide enough for it.
    func lapSplits(_ splits: [Timestamp], running: [(start: Timestamp, end: Timestamp)]) -> [LapSplit] {
        guard !splits.isEmpty else { return [] }
        let last = sessionEnd?.time ?? end
        let bounds = [start] + splits.filter { $0 > start && $0 < last } + [last]
        var laps: [LapSplit] = []
        for (number, (from, to)) in zip(bounds, bounds.dropFirst()).enumerated() {
            var timer = Duration.zero
            for interval in running {
                let a = max(interval.start, from), b = min(interval.end, to)
                if b > a { timer += b - a }
            }
            let text = TimeFormat.wholeSeconds(timer, shortUnderAnHour: true)
            let width = x(to) - x(from)
            laps.append(LapSplit(from: from, to: to, number: number + 1, timer: timer, elapsed: to - from,
                                 label: width >= Self.textWidth(text) + 6 ? text : nil))
        }
        return laps
    }

    /// The deepest rated depth a warning names (read with the events).
    private var ratedDepth: Double?
    /// The ascent-rate limit a warning names ("exceeds the 10 m/min limit").
    private var warnedAscentLimit: Double?
    /// Lap splits and pauses are kept (for the laps' timer times) up to this many.
    static let lapLimit = 1000

    /// The one pass over the samples: every sample is added to the summary's totals, and
    /// each one in a stretch of running time to the series (`add`), with a break where the
    /// session paused (`pause`).
    ///
    /// Only the readings in `fields` are read (the store's time a row grows with its
    /// columns): what the plot draws and what its subtitle says of the summary; the
    /// summary's other totals are left out.
    ///
    /// With `spans`, and where the store has them, the pass reads a workout's spans of
    /// samples instead: a span wholly inside one pixel column and one stretch of running
    /// time (or wholly in a pause) is added whole (`span`), any other is read as its
    /// samples. The series come out as they would from every sample.
    static func reduce(_ rows: some SessionRows, fields: SampleFields, totals: inout SessionSummary.SampleTotals,
                               spans: SpanUse? = nil, each add: (RecordedSession.TimedSample) -> Void,
                               span addSpan: (SampleSpan) -> Void = { _ in }, pause: () -> Void) throws {
        let intervals = try RunningIntervalCursor(rows)
        var interval = try intervals.next()
        func sample(_ timed: RecordedSession.TimedSample) throws {
            totals.add(timed)
            while let current = interval, timed.time > current.end {
                pause()
                interval = try intervals.next()
            }
            guard let current = interval, timed.time >= current.start else { return }
            add(timed)
        }
        if let spans, let cursor = try rows.sampleSpans() {
            while let span = try cursor.next() {
                while let current = interval, span.first > current.end {
                    pause()
                    interval = try intervals.next()
                }
                // Paused throughout (or after the last stretch of running time).
                guard let current = interval, span.last >= current.start else {
                    totals.add(span)
                    continue
                }
                if span.first >= current.start, span.last <= current.end,
                   spans.columns.column(span.first) == spans.columns.column(span.last), spans.usable(span) {
                    totals.add(span)
                    addSpan(span)
                    continue
                }
                let samples = try rows.samples(after: span.first.advanced(by: .nanoseconds(-1)), through: span.last, fields: fields)
                while let timed = try samples.next() { try sample(timed) }
            }
            return
        }
        let samples = try rows.samples(fields: fields)
        while let timed = try samples.next() { try sample(timed) }
    }

    /// How a pass reads spans: the plot's columns, and whether a span may be added whole.
    struct SpanUse {
        var columns: ColumnMap
        var usable: (SampleSpan) -> Bool
    }

    /// Whether a session is long enough for its spans to be cheaper than its samples: at
    /// least four spans a pixel column (fewer, and most spans cross a column's edge and are
    /// read sample by sample).
    static func readsSpans(_ session: SessionHeader, columns: Int) -> Bool {
        guard session.kind == .workout, session.sampleInterval > .zero else { return false }
        let samples = (session.lastTime - session.startTime) / session.sampleInterval
        return samples >= Double(4 * SampleSpan.capacity * columns)
    }

    /// Groups the pauses; returns the running intervals, or nil past `lapLimit` of them.
    private mutating func groupPauses(_ rows: some SessionRows) throws -> [(start: Timestamp, end: Timestamp)]? {
        let intervals = try RunningIntervalCursor(rows)
        var previous = try intervals.next()
        var running: [(start: Timestamp, end: Timestamp)]? = previous.map { [($0.start, $0.end)] } ?? []
        while let interval = try intervals.next() {
            if running != nil {
                running!.append((interval.start, interval.end))
                if running!.count > Self.lapLimit { running = nil }
            }
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
        return running
    }

    /// Groups markers, warnings and the event strip's marks; returns the lap splits (lap and
    /// segment markers), or nil past `lapLimit` of them.
    private mutating func groupEvents(_ rows: some SessionRows) throws -> [Timestamp]? {
        let events = try rows.events([.marker, .warning, .error, .press, .ignored, .intent])
        var splits: [Timestamp]? = []
        var pressKinds: Set<StripMark.Symbol> = []
        var intentColors: [String: String] = [:]
        var intentOrder: [String] = []
        var markerCounts: [String: Int] = [:]
        var lines = MarkGrouper(spacing: Self.markerSpacing)
        var warningLines = MarkGrouper(spacing: Self.markerSpacing)
        var rows = [MarkGrouper(spacing: Self.stripSpacing), MarkGrouper(spacing: Self.stripSpacing),
                    MarkGrouper(spacing: Self.stripSpacing)]
        var lastMarkerLabelEnd = -Double.infinity, lastWarningLabelEnd = -Double.infinity
        let start = self.start
        func clock(_ t: Timestamp) -> String { TimeFormat.wholeSeconds(t - start, shortUnderAnHour: true) }

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
            var text = group.firstWarning?.headline ?? group.firstLabel
            if group.count > 1 { text += " (+\(group.count - 1))" }
            let tooltip = group.count == 1 ? group.firstLabel
                : "\(group.count) warnings, \(clock(group.from))–\(clock(group.to)): \(group.breakdown)"
            let fits = px + 4 >= lastWarningLabelEnd + 4
            if fits { lastWarningLabelEnd = px + 4 + Self.textWidth(text) }
            markers.append(MarkerGroup(kind: .warning, from: group.from, to: group.to, count: group.count, first: group.firstLabel,
                                       label: fits ? text : nil, tooltip: tooltip))
        }
        func closeStrip(_ row: Int, _ group: MarkGrouper.Group) {
            var symbol: StripMark.Symbol = switch group.firstKind {
            case .press: Self.pressSymbol(group.firstLabel)
            case .ignored: .ignored
            case .intent: .intent
            default: .warning
            }
            // A press or chord the system ignored (A10) looks ignored; a hold or a lone side
            // press is always "ignored" (A12) and keeps its own mark.
            if group.ignoredBecause != nil, symbol == .press || symbol == .chord { symbol = .ignored }
            var color: String?
            if symbol == .intent {
                if intentColors[group.firstLabel] == nil {
                    intentColors[group.firstLabel] = intentOrder.count < Self.intentPalette.count ? Self.intentPalette[intentOrder.count] : "#999999"
                    intentOrder.append(group.firstLabel)
                }
                color = intentColors[group.firstLabel]
            } else if row == 0 {
                pressKinds.insert(symbol)
            }
            let noun = ["press", "intent", "warning"][row]
            var first = group.firstKind == .press ? Self.pressName(group.firstLabel) : group.firstLabel
            if symbol == .ignored, let reason = group.ignoredBecause { first += ", ignored: \(reason)" }
            let tooltip = group.count == 1 ? "\(first) at \(clock(group.from))"
                : "\(group.count) \(noun == "press" ? "presses" : noun + "s"), \(clock(group.from))–\(clock(group.to)): \(group.breakdown)"
            strip.append(StripMark(row: row, symbol: symbol, time: max(group.from, start), count: group.count, tooltip: tooltip,
                                   color: color))
        }

        while let event = try events.next() {
            let px = x(max(event.time, start))
            switch event.kind {
            case .marker:
                if event.label == "lap" || event.label == "segment", splits != nil {
                    splits!.append(event.time)
                    if splits!.count > Self.lapLimit { splits = nil }
                }
                markerCounts[event.label, default: 0] += 1
                if let done = lines.add(event, at: px, number: markerCounts[event.label]!) { closeLine(done) }
            case .warning:
                switch event.warning {
                case .ratedDepth(_, let rated)? where ratedDepth == nil: ratedDepth = rated
                case .ascentRate(_, let limit, _)? where warnedAscentLimit == nil: warnedAscentLimit = limit
                default: break
                }
                if let done = warningLines.add(event, at: px, number: 0) { closeWarning(done) }
                if let done = rows[2].add(event, at: px, number: 0) { closeStrip(2, done) }
            case .error:
                if let done = rows[2].add(event, at: px, number: 0) { closeStrip(2, done) }
            case .press:
                if let done = rows[0].add(event, at: px, number: 0) { closeStrip(0, done) }
            case .ignored:
                rows[0].noteIgnored(event)
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
        // The second legend row: each kind of press the session had, then each intent by name.
        let kinds: [(StripMark.Symbol, LegendItem.Symbol, String)] = [
            (.press, .press, "press"), (.chord, .chord, "chord (Action + side)"), (.hold, .hold, "hold (the Siren)"),
            (.side, .side, "side button"), (.ignored, .ignored, "ignored press"),
        ]
        secondLegend = kinds.filter { pressKinds.contains($0.0) }.map { LegendItem(symbol: $0.1, label: $0.2) }
        secondLegend += intentOrder.map { LegendItem(symbol: .intent(color: intentColors[$0]!), label: $0) }
        return splits
    }

    /// A distinct colour per intent, in the order they were first performed.
    static let intentPalette = ["#e9c46a", "#2a9d8f", "#8338ec", "#fb8500", "#3a86ff", "#ff006e", "#6a994e", "#bc6c25"]

    /// The strip's symbol for a gesture (`RecordedSession`'s press label).
    static func pressSymbol(_ gesture: String) -> StripMark.Symbol {
        switch gesture {
        case "both": .chord
        case "hold": .hold
        case "side": .side
        default: .press
        }
    }

    /// A gesture as the legend and tooltips name it.
    static func pressName(_ gesture: String) -> String {
        switch gesture {
        case "both": "chord (Action + side)"
        case "hold": "hold (the Siren)"
        case "side": "side button"
        default: gesture
        }
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

    /// Ticks every `step` from `low` to `high` (both on a multiple of it).
    static func ticks(low: Double, high: Double, step: Double, format: (Double) -> String) -> [Panel.Tick] {
        var ticks: [Panel.Tick] = []
        var index = (low / step).rounded(.up)
        while index * step <= high + step * 1e-6, ticks.count <= 40 {
            ticks.append(Panel.Tick(value: index * step, label: format(index * step)))
            index += 1
        }
        return ticks
    }

    /// Ticks every round number of seconds, minutes, hours or days, about a dozen, between
    /// `from` and `to` seconds of the time axis' origin (negative before it: "-1:00").
    static func timeTicks(from: Double, to: Double) -> [Panel.Tick] {
        let total = max(to - from, 1e-9)
        let steps: [Double] = [10, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 21600, 43200, 86400]
        let step = steps.first { total / $0 <= 12 } ?? (total / 12 / 86400).rounded(.up) * 86400
        var ticks: [Panel.Tick] = []
        var index = (from / step - 1e-9).rounded(.up)
        while index * step <= to + 1e-6 {
            let t = index * step
            ticks.append(Panel.Tick(value: t, label: (t < 0 ? "-" : "") + TimeFormat.wholeSeconds(.seconds(abs(t)), shortUnderAnHour: true)))
            index += 1
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
        /// Tick steps, the first that gives at most eight ticks (pace: 30 s first).
        var steps: [Double]
        var shortLabel: String

        init(activity: ActivityKind?) {
            switch activity {
            case .cycling:
                label = "speed (km/h)"
                value = { $0 * 3.6 }
                format = { String(format: "%.0f", $0) }
                fasterIsLower = false
                minimumSpan = 2
                steps = [1, 2, 5, 10, 20]
                shortLabel = "speed"
            case .swimming:
                label = "pace (min/100 m, faster up)"
                value = { $0 > 0.2 ? 100 / $0 / 60 : nil }
                format = Pace.minutes
                fasterIsLower = true
                minimumSpan = 0.1
                steps = [5.0 / 60, 10.0 / 60, 0.25, 0.5, 1, 2]
                shortLabel = "pace"
            default:
                label = "pace (min/km, faster up)"
                value = { $0 > 0.3 ? 1000 / $0 / 60 : nil }
                format = Pace.minutes
                fasterIsLower = true
                minimumSpan = 0.25
                steps = [0.5, 1, 2, 5, 10]
                shortLabel = "pace"
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
        /// The first event's warning, when it is one with its numbers.
        var firstWarning: SessionWarning?
        /// The first marker's number among markers of its kind (lap 3).
        var firstNumber: Int
        /// How many of each label (up to eight labels).
        var labels: [(String, Int)]
        var otherLabels = 0
        /// Why the system ignored the group's only press (A10: busy, no-next-action, ...).
        var ignoredBecause: String?

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
                     firstWarning: event.warning, firstNumber: number, labels: [(event.label, 1)])
        return closed
    }

    /// The press just added was ignored by the system (its `ignored` event follows it at
    /// the same time): its mark says so.
    mutating func noteIgnored(_ event: RecordedSession.Event) {
        guard var group = open, group.count == 1, group.to == event.time else { return }
        group.ignoredBecause = event.label.components(separatedBy: ": ").dropFirst().first ?? event.label
        open = group
    }

    mutating func finish() -> Group? {
        defer { open = nil }
        return open
    }
}

/// What a dive's samples say beyond its depth: the ascent rate (`AscentRate`, the watch's
/// figure; its peak is the summary's), the first submerged sample and the safety stop.
struct DiveTrace {
    var ascent: ColumnReducer
    var stop: SafetyStopFinder
    var rates = AscentRate()
    var diveStart: Timestamp?

    mutating func add(_ timed: RecordedSession.TimedSample) {
        if diveStart == nil, timed.sample.submerged == true { diveStart = timed.time }
        guard let depth = timed.sample.depth else { return }
        stop.add(timed.time, depth)
        guard let rate = rates.add(time: timed.time.seconds, depth: depth) else { return }
        ascent.add(timed.time, rate)
    }
}

/// The safety stop: the longest stretch, of a minute or more, spent within 1.5 m of the
/// stop depth (5 m unless the plan says another), from the samples in one pass.
struct SafetyStopFinder {
    let depth: Double
    private var current: (from: Timestamp, to: Timestamp, sum: Double, count: Int)?
    private var best: (from: Timestamp, to: Timestamp, sum: Double, count: Int)?

    init(depth: Double) { self.depth = depth }

    mutating func add(_ time: Timestamp, _ value: Double) {
        if abs(value - depth) <= 1.5 {
            if var stretch = current {
                stretch.to = time
                stretch.sum += value
                stretch.count += 1
                current = stretch
            } else {
                current = (time, time, value, 1)
            }
        } else {
            close()
        }
    }

    private mutating func close() {
        if let stretch = current, stretch.to - stretch.from > (best.map { $0.to - $0.from } ?? .zero) { best = stretch }
        current = nil
    }

    /// The stop, if one lasted a minute or more.
    mutating func finish() -> (from: Timestamp, to: Timestamp, depth: Double)? {
        close()
        guard let best, best.to - best.from >= .seconds(60) else { return nil }
        return (best.from, best.to, best.sum / Double(best.count))
    }
}
