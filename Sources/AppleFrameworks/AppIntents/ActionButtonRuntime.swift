import ActionButtonCore
import Foundation
import Synchronization

/// The simulated watch as intents see it while they run: its clock, its donation inbox and
/// the app's session. The simulator installs one around every `perform()` it calls (and
/// every task those start inherit it), so intent code needs no reference to the simulator.
public protocol ActionButtonHost: Sendable {
    /// Time since the simulation began, on the engine's clock (virtual in replay).
    var now: Duration { get }
    /// Suspends until `deadline` on the engine's clock.
    func sleep(until deadline: Duration) async throws
    /// A6: makes `intent` the next action.
    func donate(_ intent: any AppIntent, donor: IntentReference)
    /// A6: the app deleted the donation that made `intent` the next action; the slot empties
    /// if that donation is still the one in it.
    func donationDeleted(_ intent: IntentReference)
    /// A2: the app changed `suggestedWorkouts`.
    func suggestedWorkoutsDidChange()
    /// Starts, pauses, resumes or ends the app's session. A start names the workout style and
    /// the HealthKit activity type whose sensor model records it (T1).
    func session(_ command: SessionLifecycle.Command, workoutStyle: String?,
                 activity: WorkoutActivityType?) throws(SessionLifecycle.Rejection)
    /// The app's session right now.
    var sessionState: SessionLifecycle.State { get }
    /// A lap, segment, waypoint or other marker made during the session (T1).
    func mark(_ marker: SessionMarker)
    /// A4: the app asks for health-data authorization.
    func requestHealthAuthorization()
    /// A line from the app's own logging, kept in the session log.
    func log(_ message: String)
    /// The watch taps the wrist (WatchKit's haptics), named as WatchKit names the pattern.
    func playHaptic(_ pattern: String)
    /// The sensors' latest reading (T1, T2), or nil before the first.
    var latestReading: SensorReading? { get }
    /// Tells `observer` of every later reading, until it is deallocated.
    func addReadingObserver(_ observer: any SensorReadingObserver)
    /// Suspends the calling code until the sensors' next reading, and returns it; nil once
    /// the run has ended or the task is cancelled. While it waits, the calling code does not
    /// keep the watch busy: virtual time moves on, as it does for code asleep on the engine's
    /// clock. (CoreLocation's live updates wait here.)
    func nextReading() async -> SensorReading?
    /// This watch's own dependencies: what `AppDependencyManager.shared.add` registers while
    /// app code runs on it, so two watches in one test process never share an app's objects.
    var dependencies: AppDependencyManager? { get }
    /// This watch's one object of a type, made on first use: the health database and the
    /// running workout session, which belong to the watch and not to the process (many
    /// simulated watches share one test process).
    func watchObject<Object: AnyObject & Sendable>(_ type: Object.Type, make: () -> Object) -> Object
    /// A `LongRunningIntent`'s call `invocation` asked for more time than the 30-second
    /// intent budget (`performBackgroundTask`, watchOS 27).
    func extendRuntime(invocation: Int)
    /// The intent running now asked to continue with its app in the foreground
    /// (`continueInForeground`, watchOS 26): the system brings the app forward.
    func bringAppForward()
    /// Runs `body` as the app's code at `time` on the engine's clock (now, if that has passed),
    /// as the watch runs a timer the app set: a local notification's delivery. Like a sensor
    /// tick, it keeps no run going: a replay that ends first never runs it.
    func schedule(at time: Duration, _ body: @escaping @Sendable () -> Void)
}

extension ActionButtonHost {
    public func playHaptic(_ pattern: String) { log("haptic \(pattern)") }
    public var latestReading: SensorReading? { nil }
    public func addReadingObserver(_ observer: any SensorReadingObserver) {}
    public func nextReading() async -> SensorReading? { nil }
    public var dependencies: AppDependencyManager? { nil }
    public func watchObject<Object: AnyObject & Sendable>(_ type: Object.Type, make: () -> Object) -> Object { make() }
    public func extendRuntime(invocation: Int) {}
    public func bringAppForward() {}
    public func donationDeleted(_ intent: IntentReference) {}
    public func schedule(at time: Duration, _ body: @escaping @Sendable () -> Void) {}
}

/// Where the current host lives.
public enum ActionButtonRuntime {
    /// The host of the simulated watch running the current task, if any.
    @TaskLocal public static var host: (any ActionButtonHost)?

    /// The host app code reaches: the current task's; or, for code on the main thread outside
    /// any of the watch's tasks (a block an intent queued with `DispatchQueue.main.async`, which
    /// carries no task's values), the one watch of a process whose main thread runs the main
    /// queue for its app (the command line's: one watch per process, as on a watch). Nil in a
    /// process running several watches, or whose main queue serves no app (a test process).
    public static var current: (any ActionButtonHost)? {
        if let host { return host }
        guard Thread.isMainThread else { return nil }
        guard mainQueueServed else { return nil }
        return watches.withLock { watches -> (any ActionButtonHost)? in
            watches.removeAll { $0.host == nil }
            return watches.count == 1 ? watches[0].host : nil
        }
    }

    private struct WeakHost: @unchecked Sendable {
        weak var host: (any ActionButtonHost & AnyObject)?
    }

    /// The simulated watches of this process, while their hosts live.
    private static let watches = Mutex<[WeakHost]>([])
    /// Read at every quiet step of a replay: an atomic, not a lock.
    private static let served = Atomic<Bool>(false)

    /// This process's main thread runs the main queue for the app from now on (the command
    /// line's does): the engine waits for the blocks app code queues there, and code they run
    /// reaches the process's one watch.
    public static func serveMainQueue() { served.store(true, ordering: .releasing) }

    /// Whether this process's main thread runs the main queue for the app.
    public static var mainQueueServed: Bool { served.load(ordering: .acquiring) }

    /// A simulated watch starts in this process (it ends when its host is released).
    public static func watchStarted(_ host: any ActionButtonHost & AnyObject) {
        watches.withLock { watches in
            watches.removeAll { $0.host == nil }
            watches.append(WeakHost(host: host))
        }
    }
}

public enum ActionButtonRuntimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An operation that needs the simulated watch ran outside it.
    case noSystem(operation: String)
    /// A task started with `Task { }` tried to sleep on the engine's clock after the code that
    /// started it had finished. Virtual time moves only when all app work is finished or
    /// asleep, and Swift offers no way to tell such a task's sleep from its running, so time
    /// would stand still for ever.
    case untrackedSleep

    public var description: String {
        switch self {
        case .noSystem(let operation):
            "\(operation) needs a simulated Action-button system; run the intent through actionsim or ActionButtonHarness"
        case .untrackedSleep:
            "a task started with Task { } sleeps on the simulated clock after the code that started it has finished; "
                + "the simulator cannot tell when it is done waiting. Sleep in perform() itself, or let the task finish without sleeping"
        }
    }
}

/// A mark a next action leaves in the session (T1): a lap, a segment, a waypoint.
public struct SessionMarker: Hashable, Sendable, CustomStringConvertible {
    public var kind: String
    public var label: String?

    public init(_ kind: String, label: String? = nil) {
        self.kind = kind
        self.label = label
    }

    public static let lap = SessionMarker("lap")
    public static let segment = SessionMarker("segment")
    public static let waypoint = SessionMarker("waypoint")

    public var description: String { label.map { "\(kind) \($0)" } ?? kind }
}

/// The app's session on the simulated watch: what `HKWorkoutSession` and the dive session
/// are on a real one. Intents call these to start, pause, resume and end it.
public enum SimulatedSession {
    /// A3/A5: starts the session; the start deadline checks that this happened. A workout
    /// names its HealthKit activity type, which picks its sensor model (T1).
    public static func start(workoutStyle: String? = nil, activity: WorkoutActivityType? = nil) throws {
        try host("start").session(.start, workoutStyle: workoutStyle, activity: activity)
    }

    public static func pause() throws { try host("pause").session(.pause, workoutStyle: nil, activity: nil) }
    public static func resume() throws { try host("resume").session(.resume, workoutStyle: nil, activity: nil) }
    public static func end() throws { try host("end").session(.end, workoutStyle: nil, activity: nil) }

    public static func mark(_ marker: SessionMarker) throws { try host("mark").mark(marker) }

    public static var state: SessionLifecycle.State { ActionButtonRuntime.current?.sessionState ?? .notStarted }

    private static func host(_ operation: String) throws -> any ActionButtonHost {
        guard let host = ActionButtonRuntime.current else {
            throw ActionButtonRuntimeError.noSystem(operation: "SimulatedSession.\(operation)")
        }
        return host
    }
}

// Codable so that a simulated watch in another process can send what happened (ActionButtonHarness).
extension SessionMarker: Codable {}
