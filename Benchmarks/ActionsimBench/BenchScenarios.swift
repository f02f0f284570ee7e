import Scenarios
import YAMLDocuments

/// The scenarios the figures are measured on: long sessions at 1 Hz with a press (as
/// button edges, 80 ms apart) every minute, the way a user would record them.
enum BenchScenarios {
    /// A 10-hour run: the first press starts the workout, every later press marks a lap.
    static let workoutHours = 10
    /// A 2-hour dive: the first press starts it, every later press collects submerged data.
    static let diveHours = 2

    static var workout: String { workout(hours: workoutHours, rate: "1 Hz") }

    /// A workout of `hours` with its sensors at `rate`: 28 hours at 10 Hz are a million samples.
    static func workout(hours: Int, rate: String) -> String {
        """
        name: \(hours)-hour workout at \(rate), a press a minute
        app: {app: LapRunner, workout-kinds: {running: {title: Running, activity: running}}, intents: [
          {name: StartRunIntent, role: start-workout, perform: {takes: 1s}},
          {name: MarkLapIntent, role: action, perform: {takes: 80ms, marks: lap}}],
          donations: [{when: session-started, donate: MarkLapIntent}]}
        settings: {action: workout, first-press: running}
        sensors: {rate: \(rate)}
        seed: 7
        steps:
        \(pressEveryMinute(hours: hours))  - {at: \(hours)h, end: session}
        """
    }

    static var dive: String {
        """
        name: two-hour dive, a press a minute
        app: {app: DeepLog, intents: [
          {name: StartDiveSessionIntent, role: start-dive,
           perform: {takes: 400ms, starts-session: true, result-donates: CollectSubmergedDataIntent}},
          {name: CollectSubmergedDataIntent, role: action, perform: {takes: 50ms, marks: snapshot}}]}
        settings: {action: dive, app: DeepLog}
        sensors: {rate: 1 Hz, dive: {max-depth: 18, bottom-time: 100m}}
        seed: 7
        steps:
        \(pressEveryMinute(hours: diveHours))  - {at: \(diveHours)h, end: session}
        """
    }

    /// Action down at each whole minute, up 80 ms later.
    static func pressEveryMinute(hours: Int) -> String {
        var steps = ""
        for minute in 0..<(hours * 60) {
            steps += "  - {at: \(minute)m, button: action, edge: down}\n"
            steps += "  - {at: \(minute)m 80ms, button: action, edge: up}\n"
        }
        return steps
    }

    static func parse(_ text: String, file: String) throws -> Scenario {
        try ScenarioParser.parse(YAMLDocument(text: text, file: file))
    }
}
