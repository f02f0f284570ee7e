import SimulationEvents
import ActionButtonCore
import AppIntents
import Dispatch
import Synchronization

/// The simulated watch as running intents see it (`ActionButtonHost`). Intents run on the
/// replay's own serial executor in virtual time (`SerialTaskExecutor`), on the live loop's
/// thread in a live run (`LoopTaskExecutor`), and on Swift's concurrent executor in a
/// `--realtime` replay; everything they do arrives here, is stamped with the
/// engine's time, and waits in a queue until the engine's driver drains it. The app's
/// session (`RunningApp`) answers at once, because intents need its answer.
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
///
/// This type is the facade; each concern has a type of its own: `SleeperSchedule` (virtual
/// time, who wakes when), `WorkLedger` and `WorkLease` (running work), `ReportQueue` (report
/// order), `QuiescenceWait` (the driver's wait and its watchdog), `HostState` (those four
/// under one lock, and the rules that read them together), `RunningApp` (the app and its
/// session), `ReadingFanOut` (sensor readings to app code), `WatchObjects` (dependency
/// scopes and the watch's own objects).
public final class SimulationHost: ActionButtonHost, Sendable {
    /// What an intent (or the app's own code) did, for the engine to apply in order.
    public enum Report: Sendable {
        case returned(invocation: Int, actionButtonIntent: (any AppIntent)?)
        case threw(invocation: Int, message: String)
        case donated(any AppIntent, donor: IntentReference)
        /// The app deleted the donation that set this next action.
        case donationDeleted(IntentReference)
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
        /// A `LongRunningIntent` asked for more time (`performBackgroundTask`).
        case runtimeExtended(invocation: Int)
        /// An intent running in the background continues in the foreground.
        case appBroughtForward
        /// App code to run at a time (`schedule(at:_:)`).
        case timer(AppDefinition.Timer)
    }

    /// Which launched intent task the current code runs in (inherited by every task it starts).
    @TaskLocal private static var currentTask: Int?
    /// The lease of the app code running now; see the type's documentation.
    @TaskLocal private static var lease: WorkLease?

    public let clock: SimulationClock

    // The locks: `core`, `app`, `readings`, `objects` and `reportSignal` each have one, and
    // each protects only what its comment says. None is taken while another is held, except
    // that `app`'s takes `core`'s to queue a session change's report, so that reports keep
    // the order of the changes (never the reverse: nothing under `core` asks for `app`).
    /// Virtual time and the sleepers, the running work and its leases, the reports, the
    /// driver's wait for quiescence, and whether the run has ended: one lock, because
    /// quiescence and report order read them together (`HostState`).
    private let core = Mutex(HostState())
    /// The configured app and its session lifecycle.
    private let app: RunningApp
    /// The latest sensor reading and who observes readings.
    private let readings = ReadingFanOut()
    /// Each app's `@Dependency` scope and the watch's own objects.
    private let objects = WatchObjects()
    /// Whom to tell that a report was queued.
    private let reportSignal = Mutex<(@Sendable () -> Void)?>(nil)

    /// Where intents run: in virtual time, beside the replay that drives them (see
    /// `SerialTaskExecutor`); in a live run, on the live loop's thread (`LoopTaskExecutor`);
    /// otherwise (a `--realtime` replay) on Swift's global executor.
    let taskExecutor: (any TaskExecutor)?
    /// Set in a live run: intents sleep on the loop's timer, not on `Task.sleep`, whose
    /// timer is libdispatch's (see `LoopTaskExecutor`); the loop wakes them (`wakeDueSleepers`).
    private let loopExecutor: LoopTaskExecutor?

    init(app: AppDefinition, sessionKind: SessionLifecycle.Kind, clock: SimulationClock, loopExecutor: LoopTaskExecutor? = nil) {
        self.app = RunningApp(app, sessionKind: sessionKind)
        self.clock = clock
        self.loopExecutor = loopExecutor
        if case .virtual = clock { taskExecutor = SerialTaskExecutor() } else { taskExecutor = loopExecutor }
        ActionButtonRuntime.watchStarted(self)
    }

    /// Called (from any thread) whenever a report is queued: live drivers wake on it.
    public func onReport(_ signal: (@Sendable () -> Void)?) { reportSignal.withLock { $0 = signal } }

    // MARK: ActionButtonHost

    public var now: Duration { .nanoseconds(currentTime.nanoseconds) }

    /// The engine's current time.
    public var currentTime: Timestamp {
        switch clock {
        case .virtual: core.withLock { $0.schedule.now }
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
            let sequence = core.withLock { $0.schedule.nextSequence() }
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    core.withLock { state in
                        if state.shutDown || Task.isCancelled {
                            continuation.resume(throwing: CancellationError())
                        } else if target <= real.now {
                            continuation.resume()
                        } else {
                            state.schedule.add(.init(deadline: target, sequence: sequence, task: task, continuation: continuation))
                        }
                    }
                }
            } onCancel: {
                let sleeper = core.withLock { $0.schedule.remove(sequence: sequence) }
                sleeper?.continuation.resume(throwing: CancellationError())
            }
        case .virtual:
            let untracked = core.withLock { state in leaseOwner.map { !state.work.isRunning($0) } ?? false }
            if untracked {
                report(.warning(ActionButtonRuntimeError.untrackedSleep.description))
                throw ActionButtonRuntimeError.untrackedSleep
            }
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let waiter = core.withLock { $0.sleep(until: target, task: task, continuation) }
                waiter?.resume()
            }
        }
    }

    public func donate(_ intent: any AppIntent, donor: IntentReference) {
        report(.donated(intent, donor: donor))
    }

    public func donationDeleted(_ intent: IntentReference) { report(.donationDeleted(intent)) }

    public func suggestedWorkoutsDidChange() { report(.suggestedWorkoutsChanged) }

    public var sessionState: SessionLifecycle.State { app.sessionState }

    public func session(_ command: SessionLifecycle.Command, workoutStyle: String?,
                        activity: WorkoutActivityType?) throws(SessionLifecycle.Rejection) {
        let origin = ReportOrigin(task: Self.currentTask)
        let outcome = app.apply(command) { outcome in
            let report: Report = switch outcome {
            case .success(let change): .session(change, workoutStyle: workoutStyle, activity: activity)
            case .failure(let rejection): .sessionRefused(command, rejection)
            }
            core.withLock { $0.queue(report, from: origin, clock: clock) }
        }
        signalReport()
        switch outcome {
        case .success(let change):
            // The app's own reaction to its session (e.g. donating when collection begins).
            if let observer = app.definition.sessionObserver {
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

    public func extendRuntime(invocation: Int) { report(.runtimeExtended(invocation: invocation)) }

    public func bringAppForward() { report(.appBroughtForward) }

    public func schedule(at time: Duration, _ body: @escaping @Sendable () -> Void) {
        report(.timer(AppDefinition.Timer(at: time, run: body)))
    }

    public func watchObject<Object: AnyObject & Sendable>(_ type: Object.Type, make: () -> Object) -> Object {
        objects.object(type, make: make)
    }

    public var latestReading: SensorReading? { readings.latest }

    public func addReadingObserver(_ observer: any SensorReadingObserver) { readings.add(observer) }

    public func nextReading() async -> SensorReading? {
        let owner = Self.lease?.owner
        let id = core.withLock { $0.nextReadingWait() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<SensorReading?, Never>) in
                let (ready, waiter, settled) = core.withLock { state -> (Bool, CheckedContinuation<Void, Never>?, [CheckedContinuation<Void, Never>]) in
                    if state.shutDown || Task.isCancelled { return (true, nil, []) }
                    state.addReadingWaiter(id: id, owner: owner, continuation)
                    return (false, state.takeWaiterIfQuiescent(), state.work.takeSettledWaiters())
                }
                if ready { continuation.resume(returning: nil) }
                waiter?.resume()
                for waiter in settled { waiter.resume() }
            }
        } onCancel: {
            let cancelled = core.withLock { $0.removeReadingWaiter(id: id) }
            cancelled?.resume(returning: nil)
        }
    }

    public var dependencies: AppDependencyManager? { objects.dependencies(ofApp: app.definition.name) }

    // MARK: For the engine and its drivers

    func report(_ report: Report) {
        let origin = ReportOrigin(task: Self.currentTask)
        core.withLock { $0.queue(report, from: origin, clock: clock) }
        signalReport()
    }

    private func signalReport() { reportSignal.withLock { $0 }?() }

    /// Takes every queued report, oldest first.
    func takeReports() -> [(Timestamp, Report)] { core.withLock { $0.reports.take() } }

    /// Runs `body` as an intent task: counted for quiescence, with this host installed.
    /// In virtual time, work that earlier app code left running (say, the tasks the app's
    /// launch started) finishes first: the system launches an app before it performs an intent.
    func launch(_ label: String, _ body: @escaping @Sendable () async -> Void) {
        let id = core.withLock { $0.work.launch(label) }
        Task(executorPreference: taskExecutor) { [self] in
            let identity = ReportOrigin.currentIdentity()
            core.withLock { $0.work.began(id, identity: identity) }
            await waitForStartedWork()
            await Self.$currentTask.withValue(id) {
                await Self.$lease.withValue(WorkLease(owner: id, host: self)) {
                    await ActionButtonRuntime.$host.withValue(self) { await body() }
                }
            }
            let waiter = core.withLock { state in
                state.work.finished(id)
                state.reports.release(heldBy: id)
                state.mainQueueMayHoldAppWork = true
                return state.takeWaiterIfQuiescent()
            }
            waiter?.resume()
            signalReport()
        }
    }

    /// Runs synchronous app code (a launch, a session observer, a delegate callback) inside
    /// this watch, under a lease of its own, so tasks it starts are waited for.
    ///
    /// `queuesMainWork`: whether blocks it queues on the main queue are waited for (see
    /// `takeMainQueueWork`); not for sensor readings' observers, which run at every reading and
    /// hand the main queue what updates a screen.
    func runAppCode<Result>(queuesMainWork: Bool = true, _ body: () throws -> Result) rethrows -> Result {
        let id = core.withLock { state in
            if queuesMainWork { state.mainQueueMayHoldAppWork = true }
            return state.work.newOwner()
        }
        return try Self.$lease.withValue(WorkLease(owner: id, host: self)) {
            try ActionButtonRuntime.$host.withValue(self) { try body() }
        }
    }

    /// Whether any app code listens for sensor readings.
    var hasReadingObservers: Bool { readings.hasObservers }

    /// A sensor reading the engine logged: kept for `latestReading`, and handed to every
    /// observer (the simulated frameworks' delegates), inside the watch.
    func publish(_ reading: SensorReading) {
        for observer in readings.publish(reading) { runAppCode(queuesMainWork: false) { observer.sensorsDidUpdate(reading) } }
        // Those waiting for it are busy again from this moment, before the driver can ask
        // whether the watch is quiescent: it waits until they have handled the reading.
        let waiters = core.withLock { $0.takeReadingWaiters() }
        for waiter in waiters { waiter.resume(returning: reading) }
    }

    // The main dispatch queue as app code uses it: an intent's `perform()` that hands its work
    // to `DispatchQueue.main.async { manager.startWorkout() }` and returns. On a watch that
    // block runs within milliseconds, long before the start deadline; on virtual time the
    // engine would reach the deadline first unless it waits for the block. So, after app code
    // has run, the engine counts the watch quiescent only once the main queue has run what was
    // queued on it by then. Only where the process serves the main queue for the app (the
    // command line's main thread does: `ActionButtonRuntime.serveMainQueue()`); elsewhere (a
    // test process whose main thread serves nothing) the engine does not wait, as before.

    /// Whether app code has run since the main queue was last flushed (it may have queued a
    /// block there); clears it. Always false where the process does not serve the main queue.
    func takeMainQueueWork() -> Bool {
        guard ActionButtonRuntime.mainQueueServed else { return false }
        return core.withLock { state in
            defer { state.mainQueueMayHoldAppWork = false }
            return state.mainQueueMayHoldAppWork
        }
    }

    /// Suspends until the main queue has run every block queued on it before this call (a
    /// block queued behind them runs after them).
    func flushMainQueue() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { continuation.resume() }
        }
    }

    /// Virtual time: suspends until all app work is finished or asleep on this clock. Returns
    /// early if the calling task is cancelled (a driver that gives up on a stalled intent).
    func quiescence() async {
        _ = await quiescence(within: nil)
    }

    /// Virtual time: suspends until all app work is finished or asleep on this clock, and
    /// returns nil; or, once the process has made no progress for `limit` (a stall, measured
    /// by `StallClock`), returns what was still busy at that moment. Returns nil at once if the calling task is cancelled.
    ///
    /// One watchdog per host checks the deadline a few times a second, rather than a timer per
    /// wait: a cancelled `Task.sleep` keeps its memory until its deadline, and a fast replay
    /// waits thousands of times a second.
    func quiescence(within limit: Duration?) async -> String? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let (ready, startWatchdog) = core.withLock { state -> (Bool, Bool) in
                    if state.isQuiescent || Task.isCancelled { return (true, false) }
                    let start = limit == nil ? nil : RealClock.progressNow()
                    return (false, state.quiescence.wait(continuation, limit: limit?.nanoseconds, now: start ?? .init(wall: 0, cpu: 0)))
                }
                if ready { continuation.resume() }
                if startWatchdog { runWatchdog() }
            }
        } onCancel: {
            core.withLock { $0.quiescence.takeWaiter() }?.resume()
        }
        // Past the limit is a stall, even if the work settled before this task ran again.
        return core.withLock { $0.quiescence.takeStall() }
    }

    /// Wakes a waiter whose deadline has passed, checking five times a second; stops when no
    /// one is waiting (the next wait starts it again). On a dispatch timer rather than a Swift
    /// task: the watchdog must fire even when every thread of Swift's executor is busy.
    private func runWatchdog() {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { [weak self] in
            guard let self else { return }
            let check = core.withLock { state in
                let check = state.quiescence.check(at: RealClock.progressNow())
                if case .stalled = check {
                    let busy = state.busyDescription
                    state.quiescence.record(stall: busy)
                }
                return check
            }
            switch check {
            case .stop: break
            case .goOn: runWatchdog()
            case .stalled(let waiter): waiter.resume()
            }
        }
    }

    /// Whether all app work is finished or asleep right now.
    var isQuiescent: Bool { core.withLock { $0.isQuiescent } }

    /// What keeps the watch from being quiescent, in words (for stall reports).
    var busyDescription: String { core.withLock { $0.busyDescription } }

    /// Whether no launched intent task is running.
    var isIdle: Bool { core.withLock { $0.work.isIdle } }

    /// The earliest time a sleeping intent wants to wake.
    public var nextSleeperDeadline: Timestamp? { core.withLock { $0.schedule.earliestDeadline } }

    /// Virtual time: moves the clock. Time never goes back.
    func setTime(_ time: Timestamp) { core.withLock { $0.schedule.advance(to: time) } }

    /// Virtual time, in a quiet stretch: when no app work runs, nothing was reported and no
    /// intent sleeps until `time` or before, moves the clock to `time` and returns true; else
    /// changes nothing. One lock for what a replay asks at every sensor tick (otherwise five).
    func moveQuietly(to time: Timestamp) -> Bool { core.withLock { $0.moveQuietly(to: time) } }

    /// No app work running and nothing reported: nothing for the engine to settle.
    var isSettled: Bool { core.withLock { $0.isSettled } }

    /// A live run: wakes every sleeper whose time has come, earliest first. The loop calls
    /// it in each wake-up, having armed its timer for `nextSleeperDeadline`.
    public func wakeDueSleepers() {
        let now = currentTime
        let due = core.withLock { $0.schedule.takeAllDue(by: now) }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Virtual time: wakes the single earliest sleeper due by now, if any (one at a time,
    /// so that two intents waking together still report in a fixed order).
    func wakeNextSleeper() -> Bool {
        guard let sleeper = core.withLock({ $0.schedule.takeNextDue() }) else { return false }
        sleeper.continuation.resume()
        return true
    }

    /// Settings now name another app (between sessions): its session starts afresh.
    func reconfigure(app: AppDefinition, sessionKind: SessionLifecycle.Kind) {
        self.app.replace(with: app, sessionKind: sessionKind)
    }

    /// Ends the run: sleeping intents are cancelled (they never see a later time).
    func shutDown() {
        let (sleepers, waiters, readers) = core.withLock { state in
            state.shutDown = true
            return (state.schedule.takeAll(), state.work.takeAllSettledWaiters(), state.takeReadingWaiters())
        }
        for sleeper in sleepers { sleeper.continuation.resume(throwing: CancellationError()) }
        for waiter in waiters { waiter.resume() }
        for reader in readers { reader.resume(returning: nil) }
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

    // MARK: Leases (see `WorkLease`)

    func leaseTaken(by owner: Int) { core.withLock { $0.work.leaseTaken(by: owner) } }

    func leaseEnded(by owner: Int) {
        let (waiter, settled) = core.withLock { state in
            state.work.leaseEnded(by: owner)
            return (state.takeWaiterIfQuiescent(), state.work.takeSettledWaiters())
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
            let waiting = core.withLock { state in !state.shutDown && state.work.waitForStartedWork(continuation) }
            if !waiting { continuation.resume() }
        }
    }
}
