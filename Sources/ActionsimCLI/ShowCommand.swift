import ActionButtonCore
import ArgumentParser
import Foundation
import SessionStore
import Telemetry

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Summarise one recorded session.",
        discussion: """
        Workouts: duration, distance, average and max heart rate, active energy, laps. Dives: max depth, dive time, minimum water temperature, ascent-rate warnings. SESSION is a number from `actionsim sessions`, or last, last-workout, last-dive.
        """)

    @Argument(help: ArgumentHelp("The session: a number, last, last-workout or last-dive.", valueName: "session"))
    var session: SessionReference

    @OptionGroup var store: StoreOptions

    func run() throws {
        let database = try store.open()
        let recorded = try session.load(from: database, board: try store.boardFilter)
        Terminal.line(Self.summary(of: recorded).joined(separator: "\n"))
    }

    static func summary(of session: RecordedSession) -> [String] {
        let summary = SessionSummary(session)
        func row(_ name: String, _ value: String) -> String {
            name + ":" + String(repeating: " ", count: max(1, 22 - name.count)) + value
        }
        func fixed(_ x: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", x) }
        let started = Date(timeIntervalSince1970: Double(session.startWallClock) / 1e9)
        var lines = [
            "session \(session.id): \(session.kind)\(session.workoutStyle.map { " (\($0))" } ?? "") by \(session.app), \(session.status)",
            row("scenario", "\(session.runName) (\(session.source), \(session.clock) clock, seed \(session.seed.map(String.init) ?? "—"))"),
            row("started", SessionsCommand.stamp.string(from: started) + " UTC"),
        ]
        if !session.board.isEmpty { lines.append(row("board", session.board)) }
        lines += [
            row("duration", Duration.clock(summary.duration) + (summary.pauses > 0 ? " (active \(Duration.clock(summary.activeDuration)), \(summary.pauses) pause\(summary.pauses == 1 ? "" : "s"))" : "")),
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
            lines.append(row("laps", "\(summary.laps)" + lapDetail(session)))
        case .dive:
            if let d = summary.maxDepth { lines.append(row("max depth", fixed(d, 1) + " m")) }
            if let t = summary.diveTime { lines.append(row("dive time", Duration.clock(t) + " submerged")) }
            if let t = summary.minTemperature { lines.append(row("min temperature", fixed(t, 1) + " °C")) }
            lines.append(row("ascent-rate warnings", "\(summary.ascentRateWarnings)"))
            if summary.ratedDepthWarnings > 0 { lines.append(row("rated-depth warnings", "\(summary.ratedDepthWarnings)")) }
        }
        if !summary.markers.isEmpty {
            lines.append(row("markers", summary.markers.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")))
        }
        for warning in summary.warnings.prefix(10) { lines.append(row("warning", warning)) }
        if summary.warnings.count > 10 { lines.append(row("warning", "… and \(summary.warnings.count - 10) more")) }
        return lines
    }

    private static func lapDetail(_ session: RecordedSession) -> String {
        let laps = session.laps
        guard laps.count > 1 else { return "" }
        let times = laps.map { Duration.clock($0.end - $0.start) }
        return " (" + times.prefix(8).joined(separator: ", ") + (laps.count > 8 ? ", …" : "") + ")"
    }
}
