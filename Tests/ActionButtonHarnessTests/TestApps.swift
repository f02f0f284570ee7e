import ActionButtonCore
import AppIntents
import CoreMotion
import HealthKit
import Foundation
import Synchronization

// Small Swift apps whose intents behave in the ways the harness must cope with. Each is
// built the way Apple's examples are: a start intent that starts an HKWorkoutSession.

enum TestWorkout: String, AppEnum {
    case running
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Workout"
    static let caseDisplayRepresentations: [TestWorkout: DisplayRepresentation] = [.running: "Running"]
}

/// Starts an HKWorkoutSession on the current watch, as Apple's `startWorkout(type:)` does.
func startWorkoutSession() throws -> HKWorkoutSession {
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .running
    let session = try HKWorkoutSession(healthStore: HKHealthStore(), configuration: configuration)
    session.startActivity(with: nil)
    return session
}

struct MarkAIntent: AppIntent {
    static let title: LocalizedStringResource = "Mark A"
    func perform() async throws -> some IntentResult { .result() }
}

struct MarkBIntent: AppIntent {
    static let title: LocalizedStringResource = "Mark B"
    func perform() async throws -> some IntentResult { .result() }
}

/// Apple's shape, at its most racy: the start intent schedules a task that donates at once,
/// and returns a result that donates something else.
struct RacingDonationsIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start with racing donations"
    static let suggestedWorkouts = [RacingDonationsIntent()]
    @Parameter(title: "Workout") var workoutStyle: TestWorkout
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult {
        _ = try startWorkoutSession()
        Task {
            ActionButtonRuntime.host?.log("scheduled task runs")
            try await RacingDonationsIntent().donate(result: .result(actionButtonIntent: MarkAIntent()))
        }
        return .result(actionButtonIntent: MarkBIntent())
    }
}

/// As above, but `perform()` takes a moment (of real time) to return after scheduling the
/// task, so the task nearly always donates first on the machine's clock.
struct LateReturnIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start, schedule, then return late"
    static let suggestedWorkouts = [LateReturnIntent()]
    @Parameter(title: "Workout") var workoutStyle: TestWorkout
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult {
        _ = try startWorkoutSession()
        Task { try await LateReturnIntent().donate(result: .result(actionButtonIntent: MarkAIntent())) }
        try await Task.sleep(for: .milliseconds(5))
        return .result(actionButtonIntent: MarkBIntent())
    }
}

/// The task Apple's start intent schedules, made slow: it works for a while on real time
/// before it donates, long after `perform()` has returned.
struct SlowScheduledTaskIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start with a slow scheduled task"
    static let suggestedWorkouts = [SlowScheduledTaskIntent()]
    @Parameter(title: "Workout") var workoutStyle: TestWorkout
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult {
        _ = try startWorkoutSession()
        Task {
            try? await Task.sleep(for: .milliseconds(30))
            try await SlowScheduledTaskIntent().donate(result: .result(actionButtonIntent: MarkAIntent()))
        }
        return .result()
    }
}

/// A scheduled task that sleeps on the simulated clock after `perform()` returned.
struct SleepingScheduledTaskIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start with a sleeping scheduled task"
    static let suggestedWorkouts = [SleepingScheduledTaskIntent()]
    @Parameter(title: "Workout") var workoutStyle: TestWorkout
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult {
        _ = try startWorkoutSession()
        Task {
            do {
                try await ActionButtonClock().sleep(for: .seconds(5))
            } catch {
                ActionButtonRuntime.host?.log("scheduled task: \(error)")
            }
        }
        return .result()
    }
}

/// A5: takes 31 seconds of the engine's clock before it starts the session.
struct SlowStartIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Slow start"
    static let suggestedWorkouts = [SlowStartIntent()]
    @Parameter(title: "Workout") var workoutStyle: TestWorkout
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult {
        try await ActionButtonClock().sleep(for: .seconds(31))
        _ = try startWorkoutSession()
        return .result()
    }
}

/// A5: returns at once but never starts a session.
struct NoSessionStartIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start without a session"
    static let suggestedWorkouts = [NoSessionStartIntent()]
    @Parameter(title: "Workout") var workoutStyle: TestWorkout
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult { .result() }
}

/// Waits on real time (the continuous clock), which virtual time cannot see.
struct RealTimeStartIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start on real time"
    static let suggestedWorkouts = [RealTimeStartIntent()]
    @Parameter(title: "Workout") var workoutStyle: TestWorkout
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult {
        // Longer than the watchdog's cap of wall time (a minute at least), so that a stall is
        // reported however busy the machine is: with no CPU to spare, waiting is not idling.
        try await Task.sleep(for: .seconds(90))
        _ = try startWorkoutSession()
        return .result()
    }
}

/// Computes for about `cpuSeconds` of the process's CPU time before starting: what a start
/// intent looks like on a machine many times slower (a busy CI runner), where it takes longer
/// than the stall limit of real time to get done.
struct ComputingStartIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start after computing"
    static let suggestedWorkouts = [ComputingStartIntent()]
    @Parameter(title: "Workout") var workoutStyle: TestWorkout
    init() { workoutStyle = .running }
    static let cpuSeconds = 0.8

    func perform() async throws -> some IntentResult {
        var spec = timespec()
        func cpu() -> Double {
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
            return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
        }
        let start = cpu()
        var sum: UInt64 = 0
        while cpu() - start < Self.cpuSeconds { sum &+= UInt64(start * 1000) &* 31 }
        precondition(sum != 1)
        _ = try startWorkoutSession()
        return .result()
    }
}

/// Each watch's own object, registered at launch (what `@Dependency` reads).
final class WatchTag: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

/// Logs the tag its watch registered, from the intent and from a task it schedules.
struct TaggedStartIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start and tell the tag"
    static let suggestedWorkouts = [TaggedStartIntent()]
    @Parameter(title: "Workout") var workoutStyle: TestWorkout
    @Dependency var tag: WatchTag
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult {
        _ = try startWorkoutSession()
        ActionButtonRuntime.host?.log("perform sees \(tag.label)")
        Task { ActionButtonRuntime.host?.log("scheduled task sees \(TaggedStartIntent().tag.label)") }
        return .result()
    }
}

/// The app's launch schedules work; the start intent logs when it runs.
struct LoggingStartIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start and log"
    static let suggestedWorkouts = [LoggingStartIntent()]
    @Parameter(title: "Workout") var workoutStyle: TestWorkout
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult {
        ActionButtonRuntime.host?.log("perform runs")
        _ = try startWorkoutSession()
        return .result()
    }
}

// MARK: HealthKit and CoreMotion round trips

/// Holds the HealthKit objects an app keeps between intents.
actor WorkoutObjects {
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?
    let delegate = SessionDelegate()

    func start(_ activity: HKWorkoutActivityType) async throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = activity
        let session = try HKWorkoutSession(healthStore: HKHealthStore(), configuration: configuration)
        session.delegate = delegate
        session.startActivity(with: nil)
        let builder = session.associatedWorkoutBuilder()
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: HKHealthStore(), workoutConfiguration: configuration)
        builder.delegate = delegate
        try await builder.beginCollection(at: .now)
        self.session = session
        self.builder = builder
    }

    func heartRate() -> Double? {
        builder?.statistics(for: HKQuantityType(.heartRate))?.mostRecentQuantity()?
            .doubleValue(for: HKUnit.count().unitDivided(by: .minute()))
    }

    func distance() -> Double? {
        builder?.statistics(for: HKQuantityType(.distanceCycling))?.sumQuantity()?.doubleValue(for: .meter())
    }

    func pause() { session?.pause() }

    func lap() async throws {
        try await builder?.addWorkoutEvents([HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: .now, duration: 0),
                                                            metadata: ["lap": 1])])
    }
}

/// Records what HealthKit's delegates were told.
final class SessionDelegate: HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate, Sendable {
    let told = Mutex<[String]>([])

    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                        from fromState: HKWorkoutSessionState, date: Date) {
        told.withLock { $0.append("\(fromState) -> \(toState)") }
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {
        told.withLock { $0.append("failed: \(error)") }
    }

    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        told.withLock { $0.append("collected \(collectedTypes.map(\.identifier).sorted().joined(separator: ","))") }
    }

    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {
        told.withLock { $0.append("event") }
    }
}

struct HealthKitStartIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start a cycling workout"
    static let suggestedWorkouts = [HealthKitStartIntent()]
    @Parameter(title: "Workout") var workoutStyle: TestWorkout
    @Dependency var objects: WorkoutObjects
    init() { workoutStyle = .running }

    func perform() async throws -> some IntentResult {
        try await HKHealthStore().requestAuthorization(toShare: [HKQuantityType.workoutType()], read: [HKQuantityType(.heartRate)])
        try await objects.start(.cycling)
        return .result(actionButtonIntent: ReadSensorsIntent())
    }
}

struct ReadSensorsIntent: AppIntent {
    static let title: LocalizedStringResource = "Read the sensors"
    @Dependency var objects: WorkoutObjects

    func perform() async throws -> some IntentResult {
        let heartRate = await objects.heartRate().map { "\($0)" } ?? "none"
        let distance = await objects.distance().map { "\($0)" } ?? "none"
        ActionButtonRuntime.host?.log("heart rate \(heartRate), distance \(distance)")
        try await objects.lap()
        return .result()
    }
}

struct HealthKitPauseIntent: PauseWorkoutIntent {
    static let title: LocalizedStringResource = "Pause"
    @Dependency var objects: WorkoutObjects
    func perform() async throws -> some IntentResult {
        await objects.pause()
        return .result()
    }
}

/// Records what CoreMotion's delegate was told.
final class SubmersionRecorder: CMWaterSubmersionManagerDelegate, Sendable {
    let told = Mutex<[String]>([])

    func manager(_ manager: CMWaterSubmersionManager, didUpdate event: CMWaterSubmersionEvent) {
        told.withLock { $0.append("event \(event.state)") }
    }

    func manager(_ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterSubmersionMeasurement) {
        let depth = measurement.depth.map { String(format: "%.1f m", $0.converted(to: .meters).value) } ?? "no depth"
        let pressure = measurement.pressure.map { String(format: "%.1f kPa", $0.converted(to: .kilopascals).value) } ?? "no pressure"
        let surface = String(format: "%.1f kPa", measurement.surfacePressure.converted(to: .kilopascals).value)
        told.withLock { $0.append("measurement \(depth), \(pressure), surface \(surface), \(measurement.submersionState)") }
    }

    func manager(_ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterTemperature) {
        told.withLock { $0.append(String(format: "temperature %.1f °C", measurement.temperature.converted(to: .celsius).value)) }
    }
}

/// Holds the dive's objects between intents.
actor DiveObjects {
    let manager = CMWaterSubmersionManager()
    let recorder = SubmersionRecorder()
    var session: HKWorkoutSession?

    func start() throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .underwaterDiving
        let session = try HKWorkoutSession(healthStore: HKHealthStore(), configuration: configuration)
        session.startActivity(with: nil)
        self.session = session
        manager.delegate = recorder
    }

    func pause() { session?.pause() }
}

struct CoreMotionStartIntent: StartDiveIntent {
    static let title: LocalizedStringResource = "Start a dive"
    @Dependency var objects: DiveObjects
    func perform() async throws -> some IntentResult {
        try await objects.start()
        return .result(actionButtonIntent: PauseDiveIntent())
    }
}

/// A dive's next action that tries what dives cannot do (A8).
struct PauseDiveIntent: AppIntent {
    static let title: LocalizedStringResource = "Try to pause the dive"
    @Dependency var objects: DiveObjects
    func perform() async throws -> some IntentResult {
        await objects.pause()
        return .result()
    }
}

/// The intent Apple's `OrderAlbum` example declares its description on.
struct DescribedIntent: AppIntent {
    static let title: LocalizedStringResource = "Described"
    static let description = IntentDescription("Order a vinyl record album.")
    func perform() async throws -> some IntentResult { .result() }
}

func workoutApp<Start: StartWorkoutIntent>(_ start: Start.Type, named name: String = "TestApp",
                                           actions: [any AppIntent.Type] = [MarkAIntent.self, MarkBIntent.self],
                                           didFinishLaunching: (@Sendable () -> Void)? = nil) -> AppDefinition {
    AppDefinition.workoutApp(name, start: start, actions: actions, didFinishLaunching: didFinishLaunching)
}

func settings(_ name: String = "TestApp") -> ActionButtonSettings { .workout(app: name, firstPress: nil) }
