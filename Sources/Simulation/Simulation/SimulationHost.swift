import SimulationEvents
import ActionButtonCore
import AppIntents
import Dispatch
import Synchronization

/// The simulated watch as running intents see it (`ActionButtonHost`). Intents run on the
/// replay's own serial executor in virtual time (`SerialTaskExecutor`), on the live loop's
/// thread in a live run (`LoopTaskExecutor`), and on Swift's concurrent executor in a
/// `--realtime` replay; everything they do arrives here, is stamped with the
/// engine's time, and waits in a queue until the engine's driver drains it. The session
/// lifecycle lives here too, under the same lock, because intents need its answer at once.
///
/// In virtual time the host also knows when all app work is either finished or asleep on
/// the engine's clock ("quiescent"): only then may the driver move time on. That, waking
/// sleepers one at a time, and a fixed order for reports made at the same instant, is what
/// makes replay repeatable. App work is:
/// - tasks the host launches (every `perform()`), counted one by one;
/// - tasks app code starts with `Task { }` (Apple's start intent schedules authorization
///   and data collection that way). Swift gives no hook when a task is created, but every
///   new task copies its creator's task-local values, so the host binds a `WorkLease` to
///   all app code it runs: the lease lives exactly as long as the last task holding it.
///   Work whose starter has finished keeps the watch busy until that lease is released.
public final class SimulationHost: ActionButtonHost, Sendable {
    /// What an intent (or the app's own code) did, for the engine to apply in order.
    public enum Report: Sendable {
        case returned(invocation: Int, actionButtonIntent: (any AppIntent)?)
        case threw(invocation: Int, message: String)
        case donated(any AppIntent, donor: IntentReference)
        case session(SessionLifecycle.Change, workoutStyle: String?, activity: WorkoutActivityType?)
        case sessionRefused(SessionLifecycle.Command, SessionLifecycle.Rejection)
        case marker(SessionMarker)
        case suggestedWorkoutsChanged
        case authorizationRequested
        case log(String)
        case warning(String)
        /// What an intent's result said (`.result(dialog:)`).
        case dialog(IntentReference, String)
        /// The app tapped the wrist (WatchKit).
        case haptic(String)
    }

    private struct Sleeper {
        var deadline: Timestamp
        var sequence: Int
        /// The launched intent task this sleep belongs to (nil for work the host never launched).
        var task: Int?
        var continuation: CheckedContinuation<Void, any Error>
    }

    /// Which launched intent task the current code runs in (inherited by every task it starts).
    @TaskLocal private static var currentTask: Int?
    /// The lease of the app code running now; see the type's documentation.
    @TaskLocal private static var lease: WorkLease?

    private struct Weak {
        weak var observer: (any SensorReadingObserver)?
    }

    private struct State {
        var now = Timestamp.zero
        var sleepers: [Sleeper] = []
        var sequence = 0
        var activeTasks: Set<Int> = []
        /// What each launched task is, for stall messages.
        var labels: [Int: String] = [:]
        /// The identity of each launched task's own Swift task, to tell it from tasks it starts.
        var identities: [Int: Int] = [:]
        var nextTask = 0
        /// Live leases, by the code that took them (a launched task, or a callback).
        var leases: [Int: Int] = [:]
        var quiescenceWaiter: CheckedContinuation<Void, Never>?
        /// When (monotonic ns) the waiter stops waiting for quiescence and reports a stall.
        var quiescenceDeadline: Int64?
        /// The watchdog gave up on the last waiter: what was still busy then.
        var stalled: String?
        var watchdogRunning = false
        var settledWaiters: [CheckedContinuation<Void, Never>] = []
        var reports: [(Timestamp, Report)] = []
        /// Reports made by tasks a still-running intent started, held until it suspends or
        /// finishes (virtual time only). See `enqueue`.
        var held: [Int: [(Timestamp, Report)]] = [:]
        var lifecycle: SessionLifecycle
        var shutDown = false
        var latestReading: SensorReading?
        var readingObservers: [Weak] = []
    }

    public let clock: SimulationClock
    /// The configured app, whose session observer runs when its session changes.
    private let app: Mutex<AppDefinition>
    private let state: Mutex<State>
    private let reportSignal: Mutex<(@Sendable () -> Void)?>
    /// Each app's own `@Dependency` objects on this watch, by app name.
    private let dependencyScopes = Mutex<[String: AppDependencyManager]>([:])

    /// Where intents run: in virtual time, beside the replay that drives them (see
    /// `SerialTaskExecutor`); in a live run, on the live loop's thread (`LoopTaskExecutor`);
    /// otherwise (a `--realtime` replay) on Swift's global executor.
    let taskExecutor: (any TaskExecutor)?
    /// Set in a live run: intents sleep on the loop's timer, not on `Task.sleep`, whose
    /// timer is libdispatch's (see `LoopTaskExecutor`); the loop wakes them (`wakeDueSleepers`).
    private let loopExecutor: LoopTaskExecutor?

    init(app: AppDefinition, sessionKind: SessionLifecycle.Kind, clock: SimulationClock, loopExecutor: LoopTaskExecutor? = nil) {
        self.app = Mutex(app)
        self.clock = clock
        self.loopExecutor = loopExecutor
        if case .virtual = clock { taskExecutor = SerialTaskExecutor() } else { taskExecutor = loopExecutor }
        self.state = Mutex(State(lifecycle: SessionLifecycle(kind: sessionKind)))
        self.reportSignal = Mutex(nil)
    }

    /// Called (from any thread) whenever a report is queued: live drivers wake on it.
    public func onReport(_ signal: (@Sendable () -> Void)?) { reportSignal.withLock { $0 = signal } }

    // MARK: ActionButtonHost

    public var now: Duration { .nanoseconds(currentTime.nanoseconds) }

    /// The engine's current time.
    public var currentTime: Timestamp {
        switch clock {
        case .virtual: state.withLock { $0.now }
        case .real(let real): real.now
        }
    }

    public func sleep(until deadline: Duration) async throws {
        let target = Timestamp(nanoseconds: deadline.nanoseconds)
        let task = Self.currentTask
        let leaseOwner = Self.lease?.owner
        switch clock {
        case .real(let real) where loopExecutor == nil:
            let remaining = target - real.now
            if remaining > .zero { try await Task.sleep(for: remaining) }
        case .real(let real):
            let id = state.withLock { state in
                state.sequence += 1
                return state.sequence
            }
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    state.withLock { state in
                        if state.shutDown || Task.isCancelled {
                            continuation.resume(throwing: CancellationError())
                        } else if target <= real.now {
                            continuation.resume()
                        } else {
                            state.sleepers.append(Sleeper(deadline: target, sequence: id, task: task, continuation: continuation))
                        }
                    }
                }
            } onCancel: {
                let sleeper = state.withLock { state in
                    state.sleepers.firstIndex { $0.sequence == id }.map { state.sleepers.remove(at: $0) }
                }
                sleeper?.continuation.resume(throwing: CancellationError())
            }
        case .virtual:
            let untracked = state.withLock { state in leaseOwner.map { !state.activeTasks.contains($0) } ?? false }
            if untracked {
                report(.warning(ActionButtonRuntimeError.untrackedSleep.description))
                throw ActionButtonRuntimeError.untrackedSleep
            }
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
                    if state.shutDown {
                        continuation.resume(throwing: CancellationError())
                        return nil
                    }
                    if target <= state.now {
                        continuation.resume()
                        return nil
                    }
                    state.sequence += 1
                    state.sleepers.append(Sleeper(deadline: target, sequence: state.sequence, task: task, continuation: continuation))
                    // The intent is suspended: what the tasks it started said so far goes out now.
                    if let task { Self.release(heldBy: task, in: &state) }
                    return Self.takeWaiterIfQuiescent(&state)
                }
                waiter?.resume()
            }
        }
    }

    public func donate(_ intent: any AppIntent, donor: IntentReference) {
        report(.donated(intent, donor: donor))
    }

    public func suggestedWorkoutsDidChange() { report(.suggestedWorkoutsChanged) }

    public var sessionState: SessionLifecycle.State { state.withLock { $0.lifecycle.state } }

    public func session(_ command: SessionLifecycle.Command, workoutStyle: String?,
                        activity: WorkoutActivityType?) throws(SessionLifecycle.Rejection) {
        let origin = Self.origin()
        let result: Result<SessionLifecycle.Change, SessionLifecycle.Rejection> = state.withLock { state in
            do throws(SessionLifecycle.Rejection) {
                let change = try state.lifecycle.apply(command)
                Self.enqueue((Self.time(state, clock), .session(change, workoutStyle: workoutStyle, activity: activity)), from: origin, clock: clock, into: &state)
                return .success(change)
            } catch {
                Self.enqueue((Self.time(state, clock), .sessionRefused(command, error)), from: origin, clock: clock, into: &state)
                return .failure(error)
            }
        }
        signalReport()
        switch result {
        case .success(let change):
            // The app's own reaction to its session (e.g. donating when collection begins).
            if let observer = app.withLock({ $0.sessionObserver }) {
                runAppCode { observer(change) }
            }
        case .failure(let rejection):
            throw rejection
        }
    }

    public func mark(_ marker: SessionMarker) { report(.marker(marker)) }
    public func requestHealthAuthorization() { report(.authorizationRequested) }
    public func log(_ message: String) { report(.log(message)) }

    public func playHaptic(_ pattern: String) { report(.haptic(pattern)) }

    private let watchObjects = Mutex<[ObjectIdentifier: any AnyObject & Sendable]>([:])

    public func watchObject<Object: AnyObject & Sendable>(_ type: Object.Type, make: () -> Object) -> Object {
        watchObjects.withLock { objects in
            if let object = objects[ObjectIdentifier(type)] as? Object { return object }
            let object = make()
            objects[ObjectIdentifier(type)] = object
            return object
        }
    }

    public var latestReading: SensorReading? { state.withLock { $0.latestReading } }

    public func addReadingObserver(_ observer: any SensorReadingObserver) {
        state.withLock { state in
            state.readingObservers.removeAll { $0.observer == nil }
            guard !state.readingObservers.contains(where: { $0.observer === observer }) else { return }
            state.readingObservers.append(Weak(observer: observer))
        }
    }

    public var dependencies: AppDependencyManager? {
        let name = app.withLock { $0.name }
        return dependencyScopes.withLock { scopes in
            if let scope = scopes[name] { return scope }
            let scope = AppDependencyManager()
            scopes[name] = scope
            return scope
        }
    }

    // MARK: For the engine and its drivers

    func report(_ report: Report) {
        let origin = Self.origin()
        state.withLock { state in
            Self.enqueue((Self.time(state, clock), report), from: origin, clock: clock, into: &state)
        }
        signalReport()
    }

    private func signalReport() { reportSignal.withLock { $0 }?() }

    /// Takes every queued report, oldest first.
    func takeReports() -> [(Timestamp, Report)] {
        state.withLock { state in
            // Asked at every step of a replay and nearly always empty: answer without
            // touching (and so reallocating) the shared buffer.
            if state.reports.isEmpty { return [] }
            defer { state.reports = [] }
            return state.reports
        }
    }

    /// Runs `body` as an intent task: counted for quiescence, with this host installed.
    /// In virtual time, work that earlier app code left running (say, the tasks the app's
    /// launch started) finishes first: the system launches an app before it performs an intent.
    func launch(_ label: String, _ body: @escaping @Sendable () async -> Void) {
        let id = state.withLock { state in
            state.nextTask += 1
            state.activeTasks.insert(state.nextTask)
            state.labels[state.nextTask] = label
            return state.nextTask
        }
        Task(executorPreference: taskExecutor) { [self] in
            let identity = Self.currentIdentity()
            state.withLock { $0.identities[id] = identity }
            await waitForStartedWork()
            await Self.$currentTask.withValue(id) {
                await Self.$lease.withValue(WorkLease(owner: id, host: self)) {
                    await ActionButtonRuntime.$host.withValue(self) { await body() }
                }
            }
            let waiter = state.withLock { state in
                state.activeTasks.remove(id)
                state.identities[id] = nil
                // The label stays while tasks it started run, for stall reports.
                if state.leases[id] == nil { state.labels[id] = nil }
                Self.release(heldBy: id, in: &state)
                return Self.takeWaiterIfQuiescent(&state)
            }
            waiter?.resume()
            signalReport()
        }
    }

    /// Runs synchronous app code (a launch, a session observer, a delegate callback) inside
    /// this watch, under a lease of its own, so tasks it starts are waited for.
    func runAppCode<Result>(_ body: () throws -> Result) rethrows -> Result {
        let id = state.withLock { state in
            state.nextTask += 1
            return state.nextTask
        }
        return try Self.$lease.withValue(WorkLease(owner: id, host: self)) {
            try ActionButtonRuntime.$host.withValue(self) { try body() }
        }
    }

    /// A sensor reading the engine logged: kept for `latestReading`, and handed to every
    /// observer (the simulated frameworks' delegates), inside the watch.
    /// Whether any app code listens for sensor readings.
    var hasReadingObservers: Bool {
        state.withLock { state in state.readingObservers.contains { $0.observer != nil } }
    }

    func publish(_ reading: SensorReading) {
        let observers = state.withLock { state -> [any SensorReadingObserver] in
            state.latestReading = reading
            if state.readingObservers.isEmpty { return [] }
            state.readingObservers.removeAll { $0.observer == nil }
            return state.readingObservers.compactMap(\.observer)
        }
        for observer in observers { runAppCode { observer.sensorsDidUpdate(reading) } }
    }

    /// Virtual time: suspends until all app work is finished or asleep on this clock. Returns
    /// early if the calling task is cancelled (a driver that gives up on a stalled intent).
    func quiescence() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    if Self.isQuiescent(state) || Task.isCancelled { return true }
                    state.quiescenceWaiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.quiescenceWaiter = nil }
                return state.quiescenceWaiter
            }
            waiter?.resume()
        }
    }

    /// Virtual time: suspends until all app work is finished or asleep on this clock, and
    /// returns nil; or, once `limit` of real time has passed without that (a stall), returns
    /// what was still busy at that moment. Returns nil at once if the calling task is cancelled.
    ///
    /// One watchdog per host checks the deadline a few times a second, rather than a timer per
    /// wait: a cancelled `Task.sleep` keeps its memory until its deadline, and a fast replay
    /// waits thousands of times a second.
    func quiescence(within limit: Duration) async -> String? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let (ready, startWatchdog) = state.withLock { state -> (Bool, Bool) in
                    if Self.isQuiescent(state) || Task.isCancelled { return (true, false) }
                    state.quiescenceWaiter = continuation
                    state.quiescenceDeadline = RealClock.monotonicNow().nanoseconds &+ limit.nanoseconds
                    state.stalled = nil
                    defer { state.watchdogRunning = true }
                    return (false, !state.watchdogRunning)
                }
                if ready { continuation.resume() }
                if startWatchdog { runWatchdog() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer {
                    state.quiescenceWaiter = nil
                    state.quiescenceDeadline = nil
                }
                return state.quiescenceWaiter
            }
            waiter?.resume()
        }
        // Past the limit is a stall, even if the work settled before this task ran again.
        return state.withLock { state in
            defer { state.stalled = nil }
            return state.stalled
        }
    }

    /// Wakes a waiter whose deadline has passed, checking five times a second; stops when no
    /// one is waiting (the next wait starts it again). On a dispatch timer rather than a Swift
    /// task: the watchdog must fire even when every thread of Swift's executor is busy.
    private func runWatchdog() {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { [weak self] in
            guard let self else { return }
            let (waiter, goOn) = self.state.withLock { state -> (CheckedContinuation<Void, Never>?, Bool) in
                guard let waiter = state.quiescenceWaiter, let deadline = state.quiescenceDeadline else {
                    state.watchdogRunning = false
                    return (nil, false)
                }
                guard RealClock.monotonicNow().nanoseconds >= deadline else { return (nil, true) }
                state.quiescenceWaiter = nil
                state.quiescenceDeadline = nil
                state.stalled = Self.busyDescription(state)
                state.watchdogRunning = false
                return (waiter, false)
            }
            waiter?.resume()
            if goOn { self.runWatchdog() }
        }
    }

    /// Whether all app work is finished or asleep right now.
    var isQuiescent: Bool { state.withLock { Self.isQuiescent($0) } }

    /// What keeps the watch from being quiescent, in words (for stall reports).
    var busyDescription: String { state.withLock { Self.busyDescription($0) } }

    private static func busyDescription(_ state: borrowing State) -> String {
        var parts: [String] = []
        for task in state.activeTasks.sorted() where !state.sleepers.contains(where: { $0.task == task }) {
            parts.append("\(state.labels[task] ?? "task #\(task)") is still running")
        }
        for owner in state.leases.keys.sorted() where !state.activeTasks.contains(owner) {
            let starter = state.labels[owner].map { "by \($0)" } ?? "by app code (a launch, observer or delegate)"
            parts.append("a task started with Task { } \(starter) has not finished")
        }
        return parts.isEmpty ? "nothing" : parts.joined(separator: "; ")
    }

    /// Whether no launched intent task is running.
    var isIdle: Bool { state.withLock { $0.activeTasks.isEmpty } }

    /// The earliest time a sleeping intent wants to wake.
    public var nextSleeperDeadline: Timestamp? {
        state.withLock { state in
            var earliest: Timestamp?
            for sleeper in state.sleepers where earliest.map({ sleeper.deadline < $0 }) ?? true { earliest = sleeper.deadline }
            return earliest
        }
    }

    /// Virtual time: moves the clock. Time never goes back.
    func setTime(_ time: Timestamp) { state.withLock { $0.now = max($0.now, time) } }

    /// Virtual time, in a quiet stretch: when no app work runs, nothing was reported and no
    /// intent sleeps until `time` or before, moves the clock to `time` and returns true; else
    /// changes nothing. One lock for what a replay asks at every sensor tick (otherwise five).
    func moveQuietly(to time: Timestamp) -> Bool {
        state.withLock { state in
            guard Self.isQuiescent(state), state.reports.isEmpty,
                  !state.sleepers.contains(where: { $0.deadline <= time }) else { return false }
            state.now = max(state.now, time)
            return true
        }
    }

    /// No app work running and nothing reported: nothing for the engine to settle.
    var isSettled: Bool { state.withLock { Self.isQuiescent($0) && $0.reports.isEmpty } }

    /// A live run: wakes every sleeper whose time has come, earliest first. The loop calls
    /// it in each wake-up, having armed its timer for `nextSleeperDeadline`.
    public func wakeDueSleepers() {
        let now = currentTime
        let due = state.withLock { state -> [Sleeper] in
            guard state.sleepers.contains(where: { $0.deadline <= now }) else { return [] }
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due.sorted { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Virtual time: wakes the single earliest sleeper due by now, if any (one at a time,
    /// so that two intents waking together still report in a fixed order).
    func wakeNextSleeper() -> Bool {
        let continuation: CheckedContinuation<Void, any Error>? = state.withLock { state in
            guard !state.sleepers.isEmpty, let index = state.sleepers.indices.filter({ state.sleepers[$0].deadline <= state.now })
                .min(by: { (state.sleepers[$0].deadline, state.sleepers[$0].sequence) < (state.sleepers[$1].deadline, state.sleepers[$1].sequence) })
            else { return nil }
            return state.sleepers.remove(at: index).continuation
        }
        continuation?.resume()
        return continuation != nil
    }

    /// Settings now name another app (between sessions): its session starts afresh.
    func reconfigure(app: AppDefinition, sessionKind: SessionLifecycle.Kind) {
        self.app.withLock { $0 = app }
        state.withLock { $0.lifecycle = SessionLifecycle(kind: sessionKind) }
    }

    /// Ends the run: sleeping intents are cancelled (they never see a later time).
    func shutDown() {
        let (sleepers, waiters) = state.withLock { state in
            state.shutDown = true
            defer {
                state.sleepers.removeAll()
                state.settledWaiters.removeAll()
            }
            return (state.sleepers, state.settledWaiters)
        }
        for sleeper in sleepers { sleeper.continuation.resume(throwing: CancellationError()) }
        for waiter in waiters { waiter.resume() }
    }

    /// Ends the app's session from outside an intent (a scenario's `end` step, a command).
    func endSessionFromOutside() -> SessionLifecycle.Rejection? {
        do throws(SessionLifecycle.Rejection) {
            try session(.end, workoutStyle: nil, activity: nil)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Leases

    /// Taken by every piece of app code the host runs, and copied into every task it starts.
    final class WorkLease: Sendable {
        let owner: Int
        let host: SimulationHost

        init(owner: Int, host: SimulationHost) {
            self.owner = owner
            self.host = host
            host.state.withLock { $0.leases[owner, default: 0] += 1 }
        }

        deinit { host.leaseEnded(owner) }
    }

    private func leaseEnded(_ owner: Int) {
        let (waiter, settled) = state.withLock { state in
            if let count = state.leases[owner], count > 1 {
                state.leases[owner] = count - 1
            } else {
                state.leases[owner] = nil
                if !state.activeTasks.contains(owner) { state.labels[owner] = nil }
            }
            return (Self.takeWaiterIfQuiescent(&state), Self.takeSettledWaiters(&state))
        }
        waiter?.resume()
        for waiter in settled { waiter.resume() }
    }

    /// Virtual time: waits until no task started by finished app code is still running. (In
    /// real time the order of concurrent work is the machine's anyway, and a task the app
    /// keeps running must not hold up the wearer's presses.)
    private func waitForStartedWork() async {
        guard case .virtual = clock else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.shutDown || Self.startedWorkFinished(state) { return true }
                state.settledWaiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private static func startedWorkFinished(_ state: State) -> Bool {
        state.leases.keys.allSatisfy { state.activeTasks.contains($0) }
    }

    private static func takeSettledWaiters(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        guard !state.settledWaiters.isEmpty, startedWorkFinished(state) else { return [] }
        defer { state.settledWaiters.removeAll() }
        return state.settledWaiters
    }

    // MARK: Report order

    /// Who is reporting: the launched intent task the code belongs to, and whether it is that
    /// task itself or a task it started.
    private struct Origin {
        var task: Int?
        var identity: Int?
    }

    private static func origin() -> Origin {
        let task = currentTask
        return Origin(task: task, identity: task == nil ? nil : currentIdentity())
    }

    private static func currentIdentity() -> Int? {
        withUnsafeCurrentTask { $0?.hashValue }
    }

    /// Queues a report. In virtual time, a report from a task that a running intent started
    /// waits until that intent suspends on the engine's clock or finishes: at one instant an
    /// intent's own reports come first, then those of the tasks it started, whichever thread
    /// ran first. (Apple's start intent returns while the task it scheduled donates; without
    /// this the log would show the two in either order.)
    private static func enqueue(_ entry: (Timestamp, Report), from origin: Origin, clock: SimulationClock,
                                into state: inout State) {
        if case .virtual = clock, let task = origin.task, state.activeTasks.contains(task),
           state.identities[task] != origin.identity, !state.sleepers.contains(where: { $0.task == task }) {
            state.held[task, default: []].append(entry)
        } else {
            state.reports.append(entry)
        }
    }

    private static func release(heldBy task: Int, in state: inout State) {
        guard let held = state.held.removeValue(forKey: task) else { return }
        state.reports.append(contentsOf: held)
    }

    // MARK: Quiescence

    /// Every launched task is asleep on this clock (or there are none running), and every
    /// task started by app code that has since finished has finished too.
    private static func isQuiescent(_ state: State) -> Bool {
        state.activeTasks.allSatisfy { task in state.sleepers.contains { $0.task == task } }
            && startedWorkFinished(state)
    }

    private static func time(_ state: State, _ clock: SimulationClock) -> Timestamp {
        switch clock {
        case .virtual: state.now
        case .real(let real): real.now
        }
    }

    private static func takeWaiterIfQuiescent(_ state: inout State) -> CheckedContinuation<Void, Never>? {
        guard isQuiescent(state), let waiter = state.quiescenceWaiter else { return nil }
        state.quiescenceWaiter = nil
        state.quiescenceDeadline = nil
        return waiter
    }
}
