import ActionButtonCore
import Foundation
import Scenarios
import SessionStore
import SimulationEvents
import Telemetry
import YAMLDocuments

/// Scenarios written inline, run with the sensors on, as `actionsim replay` runs them: the
/// sessions the sensor, store and export tests record.
public enum Fixture {
    public static let workoutApp = """
      app: Runner
      workout-kinds:
        running: {title: Running, activity: running}
        swimming: {title: Swimming, activity: swimming}
        cycling: {title: Cycling, activity: cycling}
        yoga: {title: Yoga, activity: yoga}
      intents:
        - {name: StartIntent, role: start-workout, perform: {takes: 1s}}
        - {name: PauseIntent, role: pause-workout}
        - {name: ResumeIntent, role: resume-workout}
        - {name: LapIntent, role: action, perform: {marks: lap}}
      donations:
        - {when: session-started, donate: LapIntent}
        - {when: session-resumed, donate: LapIntent}
    """

    public static let diveApp = """
      app: Diver
      intents:
        - {name: StartDiveIntent, role: start-dive, perform: {takes: 400ms, result-donates: WaypointIntent}}
        - {name: WaypointIntent, role: action, perform: {marks: waypoint}}
    """

    /// A workout: start at 0, laps, a pause from 10m to 12m, end at `end`.
    public static func workout(style: String = "running", seed: Int = 1, end: String = "20m", sensors: String = "") -> String {
        """
        name: workout fixture
        app:
        \(workoutApp)
        settings: {action: workout, first-press: \(style)}
        seed: \(seed)
        \(sensors)
        steps:
          - {at: 0s, gesture: press}
          - {at: 5m, gesture: press}
          - {at: 10m, gesture: both}
          - {at: 12m, gesture: both}
          - {at: 15m, gesture: press}
          - {at: \(end), end: session}
        """
    }

    public static func dive(seed: Int = 1, end: String = "20m", sensors: String = "") -> String {
        """
        name: dive fixture
        app:
        \(diveApp)
        settings: {action: dive}
        seed: \(seed)
        \(sensors)
        steps:
          - {at: 0s, gesture: press}
          - {at: 8m, gesture: press}
          - {at: \(end), end: session}
        """
    }

    public static func scenario(_ text: String) throws -> Scenario {
        try ScenarioParser.parse(YAMLDocument(text: text, file: "fixture.yaml"))
    }

    /// Runs a scenario with the sensors its `sensors:` section asks for.
    public static func run(_ text: String, sinks: [any SimulationEventSink] = []) async throws -> ScenarioOutcome {
        try await ScenarioRunner.run(try scenario(text), sinks: sinks)
    }

    public static func samples(_ outcome: ScenarioOutcome) -> [(time: Timestamp, sample: SensorSample)] {
        outcome.events.compactMap { event in
            if case .sample(let sample) = event.kind { (event.time, sample) } else { nil }
        }
    }

    public static func time(_ event: ScenarioOutcome, where match: (SimulationEvent.Kind) -> Bool) -> Timestamp? {
        event.events.first { match($0.kind) }?.time
    }

    /// A recorder into `database` for a run of these fixtures (virtual time, a fixed wall clock).
    public static func recorder(_ database: SessionDatabase, sensors: SensorSettings = SensorSettings()) -> SessionRecorder {
        SessionRecorder(database: database, run: .init(source: "test", name: "fixture", app: "Runner", seed: 1, clock: "virtual",
                                                      wallClockAtZero: 1_700_000_000_000_000_000, sensors: sensors))
    }

    public static func temporaryDirectory() -> String {
        ScratchRoot.newDirectory("tests")
    }
}
