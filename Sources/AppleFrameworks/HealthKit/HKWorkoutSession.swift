import ActionButtonCore
import AppIntents

/// The states of a workout session (Apple's page: "HKWorkoutSessionState").
public enum HKWorkoutSessionState: Int, Hashable, Sendable, CustomStringConvertible {
    case notStarted = 1
    case running
    case ended
    case paused
    case prepared
    case stopped

    public var description: String {
        switch self {
        case .notStarted: "not started"
        case .running: "running"
        case .ended: "ended"
        case .paused: "paused"
        case .prepared: "prepared"
        case .stopped: "stopped"
        }
    }
}

/// Whether a session runs on this device or mirrors one elsewhere (Apple's page: "HKWorkoutSessionType").
public enum HKWorkoutSessionType: Int, Hashable, Sendable {
    case primary = 0, mirrored
}

/// Told of a session's state changes, failures and events (Apple's page:
/// "HKWorkoutSessionDelegate"). A watch calls these on a background queue; the simulated
/// one calls them at once, in the code that changed the state, on the engine's time line.
/// Implement them `nonisolated` on an actor or a main-actor class, as on a watch.
public protocol HKWorkoutSessionDelegate: AnyObject {
    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                        from fromState: HKWorkoutSessionState, date: Date)
    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error)
    /// Pauses and resumes, as the session makes them.
    func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent)
    /// Data the mirrored session on the companion iPhone sent (watchOS 10).
    func workoutSession(_ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data])
    /// Mirroring to the companion iPhone ended (watchOS 10).
    func workoutSession(_ workoutSession: HKWorkoutSession, didDisconnectFromRemoteDeviceWithError error: (any Error)?)
    /// An activity of a multisport workout began: `beginNewActivity` (watchOS 9).
    func workoutSession(_ workoutSession: HKWorkoutSession, didBeginActivityWith workoutConfiguration: HKWorkoutConfiguration,
                        date: Date)
    /// An activity ended: `endCurrentActivity`, or the next `beginNewActivity` (watchOS 9).
    func workoutSession(_ workoutSession: HKWorkoutSession, didEndActivityWith workoutConfiguration: HKWorkoutConfiguration,
                        date: Date)
}

extension HKWorkoutSessionDelegate {
    public func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent) {}
    public func workoutSession(_ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data]) {}
    public func workoutSession(_ workoutSession: HKWorkoutSession, didDisconnectFromRemoteDeviceWithError error: (any Error)?) {}
    public func workoutSession(_ workoutSession: HKWorkoutSession, didBeginActivityWith workoutConfiguration: HKWorkoutConfiguration,
                               date: Date) {}
    public func workoutSession(_ workoutSession: HKWorkoutSession, didEndActivityWith workoutConfiguration: HKWorkoutConfiguration,
                               date: Date) {}
}

/// A workout (or dive) session (Apple's page: "HKWorkoutSession"): what the system's start
/// deadline waits for (A5). Starting it starts the app's session on the simulated watch;
/// pausing, resuming and ending it do the same there (A7, A11).
///
/// The session belongs to the watch on which `startActivity(with:)` (or `prepare()`) was
/// called, and every later call acts on that watch, from whatever code it comes.
public final class HKWorkoutSession: @unchecked Sendable {
    // @unchecked: every mutable property is behind `values`' lock.
    private struct Weak {
        weak var delegate: (any HKWorkoutSessionDelegate)?
    }

    private struct Values {
        var state: HKWorkoutSessionState = .notStarted
        var host: (any ActionButtonHost)?
        var delegate = Weak()
        var startDate: Date?
        var endDate: Date?
        var builder: HKLiveWorkoutBuilder?
        var currentActivity: HKWorkoutActivity?
        var mirroring = false
    }

    public let workoutConfiguration: HKWorkoutConfiguration
    private let values = LockedState(Values())

    /// Takes every activity type, as a watch does. A type no simulated sensor models (rowing,
    /// skating, ...) records heart rate and energy only, and the session log says so when it
    /// starts (T1); dives record their own sensors whatever the type. Throws nothing here, as
    /// on a watch for a valid configuration.
    public convenience init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration) throws {
        self.init(configuration)
    }

    private init(_ configuration: HKWorkoutConfiguration) {
        self.workoutConfiguration = configuration
    }

    /// The watchOS 2 form: a session for an activity type and place, on the default store.
    @available(watchOS, introduced: 2.0, deprecated: 3.0, message: "Use init(healthStore:configuration:)")
    public convenience init(activityType: HKWorkoutActivityType, locationType: HKWorkoutSessionLocationType) {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = activityType
        configuration.locationType = locationType
        self.init(configuration)
    }

    /// The watchOS 3 form, without a store.
    @available(watchOS, introduced: 3.0, deprecated: 5.0, message: "Use init(healthStore:configuration:)")
    public convenience init(configuration workoutConfiguration: HKWorkoutConfiguration) throws {
        self.init(workoutConfiguration)
    }

    public var state: HKWorkoutSessionState { values.withLock { $0.state } }
    public var startDate: Date? { values.withLock { $0.startDate } }
    public var endDate: Date? { values.withLock { $0.endDate } }
    public var type: HKWorkoutSessionType { .primary }
    public var activityType: HKWorkoutActivityType { workoutConfiguration.activityType }
    @available(watchOS, introduced: 2.0, deprecated: 3.0, message: "Use workoutConfiguration")
    public var locationType: HKWorkoutSessionLocationType { workoutConfiguration.locationType }

    public var delegate: (any HKWorkoutSessionDelegate)? {
        get { values.withLock { $0.delegate.delegate } }
        set { values.withLock { $0.delegate = Weak(delegate: newValue) } }
    }

    /// The builder that collects this session's data; the same one on every call.
    public func associatedWorkoutBuilder() -> HKLiveWorkoutBuilder {
        values.withLock { values in
            if let builder = values.builder { return builder }
            let builder = HKLiveWorkoutBuilder(session: self)
            values.builder = builder
            return builder
        }
    }

    /// Gets the sensors ready without starting the workout (`.prepared`).
    public func prepare() {
        guard let host = ActionButtonRuntime.current else {
            fail(ActionButtonRuntimeError.noSystem(operation: "HKWorkoutSession.prepare"))
            return
        }
        guard state == .notStarted else { return }
        values.withLock { $0.host = host }
        transition(to: .prepared, on: host, event: nil)
    }

    /// Starts the session on the current simulated watch (A3, A5). The engine's clock stamps
    /// the start, whatever `date` says.
    public func startActivity(with date: Date?) {
        guard let host = values.withLock({ $0.host }) ?? ActionButtonRuntime.current else {
            fail(ActionButtonRuntimeError.noSystem(operation: "HKWorkoutSession.startActivity"))
            return
        }
        guard state == .notStarted || state == .prepared else {
            fail(HKError(.errorInvalidArgument, "this session was already started; create a new HKWorkoutSession for a new workout"))
            return
        }
        let activity = workoutConfiguration.activityType
        // The log names the HealthKit activity, which is also the workout style it shows.
        guard command(.start, style: activity.name, activity: activity, on: host) else { return }
        values.withLock { values in
            values.host = host
            values.startDate = SimulatedDate.now(on: host)
        }
        HealthDatabase.current.activeSession = self
        transition(to: .running, on: host, event: nil)
    }

    public func pause() {
        guard let host, state == .running, command(.pause, on: host) else { return }
        transition(to: .paused, on: host, event: .pause)
    }

    public func resume() {
        guard let host, state == .paused, command(.resume, on: host) else { return }
        transition(to: .running, on: host, event: .resume)
    }

    /// Stops the workout's activity; the session then waits for `end()`.
    public func stopActivity(with date: Date?) {
        guard let host, state == .running || state == .paused, command(.end, on: host) else { return }
        transition(to: .stopped, on: host, event: nil)
    }

    /// Begins the next activity of a multisport workout (the ride after the swim); the live
    /// builder adds it and tells its delegate. The engine's clock stamps it.
    public func beginNewActivity(configuration: HKWorkoutConfiguration, date: Date, metadata: [String: Any]?) {
        guard let host, state == .running || state == .paused else {
            fail(HKError(.errorInvalidArgument, "beginNewActivity needs a running or paused workout session"))
            return
        }
        let now = SimulatedDate.now(on: host)
        // A new activity ends the one before it, and the delegate hears of both, in that order.
        endActivity(at: now)
        let activity = HKWorkoutActivity(workoutConfiguration: configuration, start: now, end: nil, metadata: metadata)
        values.withLock { $0.currentActivity = activity }
        builder?.began(activity)
        host.log("HealthKit: the workout began a \(configuration.activityType) activity")
        delegate?.workoutSession(self, didBeginActivityWith: configuration, date: now)
    }

    /// Ends the current activity; the workout goes on until `end()`.
    public func endCurrentActivity(on date: Date) {
        guard let host else { return }
        endActivity(at: SimulatedDate.now(on: host))
    }

    /// Ends the activity `beginNewActivity` began, if one runs, and tells the builder and then
    /// the delegate, stamped with the engine's clock.
    private func endActivity(at now: Date) {
        builder?.endedCurrentActivity(at: now)
        let ended = values.withLock { values -> HKWorkoutActivity? in
            defer { values.currentActivity = nil }
            return values.currentActivity
        }
        if let ended {
            delegate?.workoutSession(self, didEndActivityWith: ended.workoutConfiguration, date: now)
        }
    }

    /// The activity running now: the one `beginNewActivity` began, else the whole workout.
    public var currentActivity: HKWorkoutActivity {
        if let activity = values.withLock({ $0.currentActivity }) { return activity }
        return HKWorkoutActivity(workoutConfiguration: workoutConfiguration, start: startDate ?? SimulatedDate.now,
                                 end: endDate, metadata: nil)
    }

    /// Ends the session (A11): the watch's session ends, and with it the next action.
    public func end() {
        guard let host else {
            fail(ActionButtonRuntimeError.noSystem(operation: "HKWorkoutSession.end"))
            return
        }
        switch state {
        case .ended: return
        case .running, .paused:
            guard command(.end, on: host) else { return }
        case .notStarted, .prepared, .stopped:
            break
        }
        values.withLock { $0.endDate = SimulatedDate.now(on: host) }
        HealthDatabase.current.activeSession = nil
        transition(to: .ended, on: host, event: nil)
    }

    // MARK: Mirroring to the companion iPhone (watchOS 10)

    /// Starts mirroring the session to the companion iPhone. The simulation runs no iPhone:
    /// the session must be running or paused (else Apple's `errorInvalidArgument`), the
    /// session log records the mirroring, and nothing answers from the other side.
    public func startMirroringToCompanionDevice(completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report(completion) { try startMirroring() }
    }

    public func startMirroringToCompanionDevice() async throws { try startMirroring() }

    private func startMirroring() throws {
        guard let host, state == .running || state == .paused || state == .prepared else {
            throw HKError(.errorInvalidArgument, "startMirroringToCompanionDevice needs a prepared, running or paused workout session")
        }
        values.withLock { $0.mirroring = true }
        host.log("HealthKit: mirroring the workout session to the companion iPhone (the simulation runs no iPhone app)")
    }

    /// Stops mirroring; the delegate hears of the disconnection, as on a watch.
    public func stopMirroringToCompanionDevice(completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        stopMirroring()
        completion(true, nil)
    }

    public func stopMirroringToCompanionDevice() async throws { stopMirroring() }

    private func stopMirroring() {
        guard values.withLock({ state -> Bool in
            defer { state.mirroring = false }
            return state.mirroring
        }) else { return }
        host?.log("HealthKit: stopped mirroring the workout session")
        delegate?.workoutSession(self, didDisconnectFromRemoteDeviceWithError: nil)
    }

    /// Sends data to the mirrored session: logged with its size; without mirroring started,
    /// Apple's `errorInvalidArgument`.
    public func sendToRemoteWorkoutSession(data: Data, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report(completion) { try send(data) }
    }

    public func sendToRemoteWorkoutSession(data: Data) async throws { try send(data) }

    private func send(_ data: Data) throws {
        guard values.withLock({ $0.mirroring }), let host else {
            throw HKError(.errorInvalidArgument, "sendToRemoteWorkoutSession needs startMirroringToCompanionDevice first")
        }
        host.log("HealthKit: sent \(data.count) bytes to the mirrored workout session")
    }

    /// The watch the session runs on (nil before it starts).
    var host: (any ActionButtonHost)? { values.withLock { $0.host } }

    var builder: HKLiveWorkoutBuilder? { values.withLock { $0.builder } }

    /// Tells the simulated watch; a refusal (say, a second workout while one runs) reaches
    /// the delegate as an error, as on a watch.
    private func command(_ command: SessionLifecycle.Command, style: String? = nil, activity: WorkoutActivityType? = nil,
                         on host: any ActionButtonHost) -> Bool {
        do {
            try host.session(command, workoutStyle: style, activity: activity)
            return true
        } catch {
            fail(HKError(command == .start ? .errorAnotherWorkoutSessionStarted : .errorInvalidArgument,
                         "cannot \(command.rawValue) the workout session: \(error)"))
            return false
        }
    }

    private func transition(to target: HKWorkoutSessionState, on host: any ActionButtonHost, event type: HKWorkoutEventType?) {
        let date = SimulatedDate.now(on: host)
        let (from, builder) = values.withLock { values -> (HKWorkoutSessionState, HKLiveWorkoutBuilder?) in
            let from = values.state
            values.state = target
            return (from, values.builder)
        }
        let delegate = self.delegate
        delegate?.workoutSession(self, didChangeTo: target, from: from, date: date)
        if let type {
            delegate?.workoutSession(self, didGenerate: HKWorkoutEvent(type: type, dateInterval: DateInterval(start: date, duration: 0),
                                                                       metadata: nil))
        }
        // The builder records pauses and resumes as workout events, after the session says so.
        builder?.sessionChanged(to: target, at: date)
    }

    private func fail(_ error: any Error) {
        delegate?.workoutSession(self, didFailWithError: error)
    }
}
