import ActionButtonCore
import ArgumentParser
import Foundation
import SessionLog
import SessionStore
import Telemetry

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Summarise one recorded session.",
        discussion: """
        Workouts: duration, distance, average and max heart rate, active energy, laps. A lap's time is its timer time, pauses left out (FIT's total_timer_time, TCX's TotalTimeSeconds); a lap that was paused also shows its elapsed time. Dives: max depth, dive time, minimum water temperature, ascent-rate warnings. SESSION is a number from `actionsim sessions`, or last, last-workout, last-dive.
        """)

    @Argument(help: ArgumentHelp("The session: a number, last, last-workout or last-dive.", valueName: "session"))
    var session: SessionReference

    @OptionGroup var store: StoreOptions

    func run() throws {
        let database = try store.open()
        let lines = try session.read(from: database, board: try store.boardFilter) { rows in try Self.summary(of: rows) }
        Terminal.line(lines.joined(separator: "\n"))
    }

    /// Read in one pass over the samples: a session of any length takes the same memory.
    static func summary(of rows: some SessionRows) throws -> [String] {
        let session = rows.header
        let summary = try SessionSummary(rows)
        func row(_ name: String, _ value: String) -> String {
            name + ":" + String(repeating: " ", count: max(1, 22 - name.count)) + value
        }
        func fixed(_ x: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", x) }
        let started = Date(timeIntervalSince1970: Double(session.startWallClock) / 1e9)
        var lines = [
            "session \(session.id): \(session.kind)\(session.workoutStyle.map { " (\($0))" } ?? "") by \(session.app), \(session.status)",
            row("scenario", "\(session.runName) (\(session.source), \(session.clock) clock, seed \(session.seed.map(String.init) ?? "—"))"),
            row("started", UTCTimestamp.readable(started) + " UTC"),
        ]
        if !session.board.isEmpty { lines.append(row("board", session.board)) }
        lines += [
            row("duration", TimeFormat.wholeSeconds(summary.duration) + (summary.pauses > 0 ? " (active \(TimeFormat.wholeSeconds(summary.activeDuration)), \(summary.pauses) pause\(summary.pauses == 1 ? "" : "s"))" : "")),
            row("samples", "\(summary.samples) every \(TimeFormat.duration(session.sampleInterval))"),
        ]
        switch session.kind {
        case .workout:
            if let activity = session.activity { lines.append(row("activity", activity.rawValue)) }
            if let d = summary.distance { lines.append(row("distance", fixed(d / 1000, 2) + " km")) }
            if let hr = summary.averageHeartRate, let max = summary.maxHeartRate {
                lines.append(row("heart rate", "average \(Int(hr.rounded())) bpm, max \(Int(max.rounded())) bpm"))
            }
            if let e = summary.activeEnergy { lines.append(row("active energy", "\(Int(e.rounded())) kcal")) }
            lines += lapLines(summary, row: row)
        case .dive:
            if let d = summary.maxDepth { lines.append(row("max depth", fixed(d, 1) + " m")) }
            if let t = summary.diveTime { lines.append(row("dive time", TimeFormat.wholeSeconds(t) + " submerged")) }
            if let t = summary.minTemperature { lines.append(row("min temperature", fixed(t, 1) + " °C")) }
            if let peak = summary.peakAscent {
                lines.append(row("fastest ascent", "\(fixed(peak.rate, 1)) m/min at \(fixed(peak.depth, 1)) m "
                                 + "(over \(Int(AscentRate.window)) s, as the watch shows it)"))
            }
            lines.append(row("ascent-rate warnings", "\(summary.ascentRateWarnings)"))
            if summary.ratedDepthWarnings > 0 { lines.append(row("rated-depth warnings", "\(summary.ratedDepthWarnings)")) }
        }
        if !summary.markers.isEmpty {
            lines.append(row("markers", summary.markers.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")))
        }
        for warning in summary.firstWarnings { lines.append(row("warning", warning)) }
        if summary.warningCount > summary.firstWarnings.count {
            lines.append(row("warning", "… and \(summary.warningCount - summary.firstWarnings.count) more"))
        }
        return lines
    }

    /// The laps with their timer time (pauses left out, as FIT's total_timer_time and TCX's
    /// TotalTimeSeconds count it); a lap that was paused also says its elapsed time.
    private static func lapLines(_ summary: SessionSummary, row: (String, String) -> String) -> [String] {
        guard summary.laps > 1 else { return [row("laps", "\(summary.laps)")] }
        var lines = [row("laps", "\(summary.laps) (timer time, pauses left out)")]
        for lap in summary.firstLaps {
            var text = TimeFormat.wholeSeconds(lap.timer)
            if lap.paused > .zero { text += " (elapsed \(TimeFormat.wholeSeconds(lap.elapsed)), \(TimeFormat.wholeSeconds(lap.paused)) paused)" }
            lines.append(row("  lap \(lap.number)", text))
        }
        if summary.laps > summary.firstLaps.count {
            lines.append(row("  …", "and \(summary.laps - summary.firstLaps.count) more laps"))
        }
        return lines
    }
}
