import ActionButtonCore
import AppIntents
import Simulation
import SimulationEvents
import Testing

// Apple's example intents, as close to the text as Swift 6 allows.
enum WorkoutEnum: String, AppEnum {
    case running, walking
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Workout"
    static let caseDisplayRepresentations: [WorkoutEnum: DisplayRepresentation] = [
        .running: DisplayRepresentation(title: "Running", subtitle: "outside run"),
        .walking: DisplayRepresentation(title: "Walking", subtitle: "outside walk"),
    ]
}

struct MyStartWorkoutIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start Workout"
    static let suggestedWorkouts: [MyStartWorkoutIntent] = [MyStartWorkoutIntent(style: .running), MyStartWorkoutIntent(style: .walking)]

    @Parameter(title: "Type of Workout")
    var workoutStyle: WorkoutEnum

    init() { workoutStyle = .running }
    init(style: WorkoutEnum) { workoutStyle = style }

    func perform() async throws -> some IntentResult {
        try await ActionButtonClock().sleep(for: .milliseconds(500))
        try SimulatedSession.start(workoutStyle: workoutStyle.rawValue)
        try await MyStartWorkoutIntent().donate(result: .result(actionButtonIntent: MarkLapIntent()))
        return .result()
    }
}

struct MarkLapIntent: AppIntent {
    static let title: LocalizedStringResource = "Mark Lap"
    func perform() async throws -> some IntentResult {
        try SimulatedSession.mark(.lap)
        return .result()
    }
}

struct MyPauseWorkoutIntent: PauseWorkoutIntent {
    static let title: LocalizedStringResource = "Pause Workout"
    func perform() async throws -> some IntentResult {
        try SimulatedSession.pause()
        return .result()
    }
}

/// A start intent that takes longer than the deadline allows (A5).
struct SleepyStartIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start Sleepy"
    static let suggestedWorkouts: [SleepyStartIntent] = [SleepyStartIntent()]
    @Parameter(title: "Workout") var workoutStyle: WorkoutEnum
    init() { workoutStyle = .walking }
    func perform() async throws -> some IntentResult {
        try await ActionButtonClock().sleep(for: .seconds(3600))
        try SimulatedSession.start(workoutStyle: workoutStyle.rawValue)
        return .result()
    }
}

func run(_ app: AppDefinition, firstPress: String?, _ inputs: [TimedInput]) async throws -> [SimulationEvent] {
    let recorder = EventRecorder()
    let engine = try SimulationEngine(app: app, settings: .workout(app: app.name, firstPress: firstPress), sink: recorder)
    try await engine.runVirtual(inputs)
    engine.finish(at: engine.now)
    return recorder.events
}

func at(_ seconds: Int64) -> Timestamp { Timestamp(nanoseconds: seconds * 1_000_000_000) }

@Suite("Swift-defined intents go down the same path as manifest ones")
struct SwiftIntentTests {
    let app = AppDefinition.workoutApp("Example", start: MyStartWorkoutIntent.self, pause: MyPauseWorkoutIntent())

    @Test("A cancelled virtual run (SIGTERM, Ctrl-C) stops where it is: the clock does not jump to the time it was to reach (issue 25)")
    func cancelledAdvanceStaysPut() async throws {
        let target = at(3_600_000)
        let app = self.app
        // The engine is made, cancelled and advanced inside one task of its own.
        let reached = try await Task {
            let engine = try SimulationEngine(app: app, settings: .workout(app: "Example", firstPress: "running"), sink: EventRecorder())
            withUnsafeCurrentTask { $0?.cancel() }
            try await engine.advanceVirtual(to: target)
            return engine.now
        }.value
        #expect(reached < target, "the clock moved to \(reached)")
    }

    @Test("A2: suggestedWorkouts and the enum's display representations become the First Press choices")
    func suggestions() {
        let offered = app.installedApp.workout?.suggestedWorkouts
        #expect(offered == [WorkoutOption(id: "running", title: "Running", subtitle: "outside run"),
                            WorkoutOption(id: "walking", title: "Walking", subtitle: "outside walk")])
    }

    @Test("A3, A6: the start intent's perform() runs with the First Press style and its donation sets the next action")
    func startAndDonate() async throws {
        let events = try await run(app, firstPress: "walking", [
            TimedInput(at: at(0), .gesture(.press)),
            TimedInput(at: at(60), .gesture(.press)),
            TimedInput(at: at(120), .gesture(.both)),
        ])
        let performed = events.compactMap { event -> (String, [IntentIdentity.Parameter])? in
            if case .performing(let invocation, let parameters) = event.kind { return (invocation.intent.name, parameters) }
            return nil
        }
        #expect(performed.map(\.0) == ["MyStartWorkoutIntent", "MarkLapIntent", "MyPauseWorkoutIntent"])
        #expect(performed.first?.1 == [IntentIdentity.Parameter(name: "workoutStyle", value: "walking")])
        #expect(events.contains { if case .marker(.lap) = $0.kind { true } else { false } })
        #expect(TimelineState.at(at(130), in: events).session == .paused)
        #expect(events.contains { $0.kind == .system(.startResolved(
            Invocation(id: 1, role: .start(workoutStyle: "walking"),
                       intent: IntentReference(name: "MyStartWorkoutIntent", title: "Start Workout"),
                       dispatchedAt: at(0), gesture: Gesture(.press, at: at(0))), .met(after: .milliseconds(500)))) })
    }

    @Test("A5: a Swift perform() that sleeps an hour of simulated time misses the deadline, and the test does not wait",
          .timeLimit(.minutes(15)))
    func sleepyStart() async throws {
        let sleepy = AppDefinition.workoutApp("Sleepy", start: SleepyStartIntent.self)
        let started = ContinuousClock.now
        let events = try await run(sleepy, firstPress: nil, [TimedInput(at: at(0), .gesture(.press))])
        // Not a speed target: an hour of real waiting would mean time was not virtual. The
        // bound is far from both (a loaded machine took 26 s for a 31 s sleep's test).
        #expect(ContinuousClock.now - started < .seconds(600))
        let errors = events.compactMap { if case .system(.errorShown(let e)) = $0.kind { e } else { nil } }
        #expect(errors.map(\.code) == [.startDeadline])
        #expect(events.contains { $0.time == at(30) && { if case .system(.errorShown) = $0.kind { true } else { false } }($0) })
    }
}
