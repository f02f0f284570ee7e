import ActionButtonCore
import ActionIntents
import Synchronization

/// The simulated watch as running intents see it (`ActionButtonHost`). Intents run on
/// Swift's concurrent executor; everything they do arrives here, is stamped with the
/// engine's time, and waits in a queue until the engine's driver drains it. The session
/// lifecycle lives here too, under the same lock, because intents need its answer at once.
///
/// In virtual time the host also knows when every running intent is either finished or
/// asleep on the engine's clock ("quiescent"): only then may the driver move time on.
/// That, and waking sleepers one at a time, is what makes replay repeatable.
public final class SimulationHost: ActionButtonHost, Sendable {
    /// What an intent (or the app's own code) did, for the engine to apply in order.
    public enum Report: Sendable {
        case returned(invocation: Int, actionButtonIntent: (any AppIntent)?)
        case threw(invocation: Int, message: String)
        case donated(any AppIntent, donor: IntentReference)
        case session(SessionLifecycle.Change, workoutStyle: String?)
        case sessionRefused(SessionLifecycle.Command, SessionLifecycle.Rejection)
        case marker(SessionMarker)
        case suggestedWorkoutsChanged
        case authorizationRequested
        case log(String)
    }

    private struct Sleeper {
        var deadline: Timestamp
        var sequence: Int
        /// The launched intent task this sleep belongs to (nil for work the host never launched).
        var task: Int?
        var continuation: CheckedContinuation<Void, any Error>
    }

    /// Which launched intent task the current code runs in.
    @TaskLocal private static var currentTask: Int?

    private struct State {
        var now = Timestamp.zero
        var sleepers: [Sleeper] = []
        var sequence = 0
        var activeTasks: Set<Int> = []
        var nextTask = 0
        var quiescenceWaiter: CheckedContinuation<Void, Never>?
        var reports: [(Timestamp, Report)] = []
        var lifecycle: SessionLifecycle
        var shutDown = false
    }

    public let clock: SimulationClock
    /// The configured app, whose session observer runs when its session changes.
    private let app: Mutex<AppDefinition>
    private let state: Mutex<State>
    private let reportSignal: Mutex<(@Sendable () -> Void)?>

    init(app: AppDefinition, sessionKind: SessionLifecycle.Kind, clock: SimulationClock) {
        self.app = Mutex(app)
        self.clock = clock
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
        switch clock {
        case .real(let real):
            let remaining = target - real.now
            if remaining > .zero { try await Task.sleep(for: remaining) }
        case .virtual:
            let task = Self.currentTask
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

    public func session(_ command: SessionLifecycle.Command, workoutStyle: String?) throws(SessionLifecycle.Rejection) {
        let result: Result<SessionLifecycle.Change, SessionLifecycle.Rejection> = state.withLock { state in
            do throws(SessionLifecycle.Rejection) {
                let change = try state.lifecycle.apply(command)
                state.reports.append((Self.time(state, clock), .session(change, workoutStyle: workoutStyle)))
                return .success(change)
            } catch {
                state.reports.append((Self.time(state, clock), .sessionRefused(command, error)))
                return .failure(error)
            }
        }
        signalReport()
        switch result {
        case .success(let change):
            // The app's own reaction to its session (e.g. donating when collection begins).
            if let observer = app.withLock({ $0.sessionObserver }) {
                ActionButtonRuntime.$host.withValue(self) { observer(change) }
            }
        case .failure(let rejection):
            throw rejection
        }
    }

    public func mark(_ marker: SessionMarker) { report(.marker(marker)) }
    public func requestHealthAuthorization() { report(.authorizationRequested) }
    public func log(_ message: String) { report(.log(message)) }

    // MARK: For the engine and its drivers

    func report(_ report: Report) {
        state.withLock { state in state.reports.append((Self.time(state, clock), report)) }
        signalReport()
    }

    private func signalReport() { reportSignal.withLock { $0 }?() }

    /// Takes every queued report, oldest first.
    func takeReports() -> [(Timestamp, Report)] {
        state.withLock { state in
            defer { state.reports.removeAll(keepingCapacity: true) }
            return state.reports
        }
    }

    /// Runs `body` as an intent task: counted for quiescence, with this host installed.
    func launch(_ body: @escaping @Sendable () async -> Void) {
        let id = state.withLock { state in
            state.nextTask += 1
            state.activeTasks.insert(state.nextTask)
            return state.nextTask
        }
        Task {
            await Self.$currentTask.withValue(id) {
                await ActionButtonRuntime.$host.withValue(self) { await body() }
            }
            let waiter = state.withLock { state in
                state.activeTasks.remove(id)
                return Self.takeWaiterIfQuiescent(&state)
            }
            waiter?.resume()
        }
    }

    /// Virtual time: suspends until every intent task is finished or asleep on this clock.
    func quiescence() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if Self.isQuiescent(state) { return true }
                state.quiescenceWaiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Whether no launched intent task is running.
    var isIdle: Bool { state.withLock { $0.activeTasks.isEmpty } }

    /// The earliest time a sleeping intent wants to wake.
    var nextSleeperDeadline: Timestamp? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    /// Virtual time: moves the clock. Time never goes back.
    func setTime(_ time: Timestamp) { state.withLock { $0.now = max($0.now, time) } }

    /// Virtual time: wakes the single earliest sleeper due by now, if any (one at a time,
    /// so that two intents waking together still report in a fixed order).
    func wakeNextSleeper() -> Bool {
        let continuation: CheckedContinuation<Void, any Error>? = state.withLock { state in
            guard let index = state.sleepers.indices.filter({ state.sleepers[$0].deadline <= state.now })
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
        let sleepers = state.withLock { state in
            state.shutDown = true
            defer { state.sleepers.removeAll() }
            return state.sleepers
        }
        for sleeper in sleepers { sleeper.continuation.resume(throwing: CancellationError()) }
    }

    /// Ends the app's session from outside an intent (a scenario's `end` step, a command).
    func endSessionFromOutside() -> SessionLifecycle.Rejection? {
        do throws(SessionLifecycle.Rejection) {
            try session(.end, workoutStyle: nil)
            return nil
        } catch {
            return error
        }
    }

    /// Every launched task is asleep on this clock (or there are none running).
    private static func isQuiescent(_ state: State) -> Bool {
        state.activeTasks.allSatisfy { task in state.sleepers.contains { $0.task == task } }
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
        return waiter
    }
}
