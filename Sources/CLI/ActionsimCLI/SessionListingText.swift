import ActionButtonCore
import Foundation
import SessionLog
import SessionStore
import Telemetry

/// A listed session in words, the same on the terminal (`sessions`) and on its web page
/// (`sessions --web`): kind, app, status, start (UTC), duration, samples, scenario.
enum SessionListingText {
    /// The columns' names, and their width on the terminal (the last takes what it needs).
    static let names = ["Kind", "App", "Status", "Started (UTC)", "Duration", "Samples", "Scenario"]
    static let widths = [18, 14, 13, 22, 13, 9]

    static func columns(_ s: SessionDatabase.Listing) -> [String] {
        if s.damage != nil { return ["—", "—", "damaged", "—", "—", String(s.samples), "—"] }
        let kind = s.workoutStyle.map { "\(s.kind) \($0)" } ?? s.kind.rawValue
        let started = Date(timeIntervalSince1970: Double(s.startWallClock) / 1e9)
        return [kind, s.app, s.status.rawValue, UTCTimestamp.readable(started), TimeFormat.wholeSeconds(s.duration),
                String(s.samples), s.runName]
    }
}
