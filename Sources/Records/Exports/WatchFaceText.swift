import ActionButtonCore
import Foundation
import SimulationEvents

/// The figures the simulated watch's screen shows for a sample, three lines as the web page
/// draws them: heart rate; distance with pace (the plot's rule for each activity: speed when
/// cycling, per 100 m when swimming); active energy. In a dive: depth, water temperature and
/// the watch's own ascent rate. Made here, once, so that the page only draws what it is sent.
public enum WatchFaceText {
    public static func lines(_ sample: SensorSample, activity: ActivityKind?) -> [String] {
        if let depth = sample.depth {
            return [
                "\(fixed(depth, 1)) M",
                sample.waterTemperature.map { "\(fixed($0, 1)) °C" } ?? "",
                sample.ascentRate.map { "\($0 >= 0 ? "↑" : "↓") \(fixed(abs($0), 1)) M/MIN" } ?? "",
            ]
        }
        var middle: [String] = []
        if let distance = sample.distance { middle.append("\(fixed(distance / 1000, 2)) KM") }
        if let speed = sample.speed, let pace = pace(speed, activity: activity) { middle.append(pace) }
        return [
            sample.heartRate.map { "♥ \(Int($0.rounded())) BPM" } ?? "",
            middle.joined(separator: " · "),
            sample.activeEnergy.map { "\(Int($0.rounded())) ACTIVE KCAL" } ?? "",
        ]
    }

    /// The session's elapsed time at the sample as the screen shows it: `h:mm:ss`, cut, as
    /// every clock here is.
    public static func elapsed(_ sample: SensorSample) -> String {
        String(TimeFormat.clock(sample.elapsed.nanoseconds, digits: 1).dropLast(2))
    }

    /// A speed as the watch shows it for the activity, or nil when it shows none (too slow to
    /// have a pace).
    static func pace(_ speed: Double, activity: ActivityKind?) -> String? {
        let rule = PlotModel.Pace(activity: activity)
        guard let value = rule.value(speed) else { return nil }
        switch activity {
        case .cycling:
            return "\(fixed(value, 1)) KM/H"
        case .swimming:
            return "\(minutesAndSeconds(value))/100 M"
        default:
            return "\(minutesAndSeconds(value))/KM"
        }
    }

    /// Minutes as the watch writes a pace: 5'07".
    private static func minutesAndSeconds(_ minutes: Double) -> String {
        let total = Int((minutes * 60).rounded())
        return "\(total / 60)'\(total % 60 < 10 ? "0" : "")\(total % 60)\""
    }

    private static func fixed(_ x: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", x) }
}
