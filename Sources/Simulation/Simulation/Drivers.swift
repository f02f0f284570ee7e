import SimulationEvents
import ActionButtonCore
import Synchronization

/// An input scheduled at a time on the run's time line.
public struct TimedInput: Sendable {
    public var time: Timestamp
    public var input: SimulationEngine.Input

    public init(at time: Timestamp, _ input: SimulationEngine.Input) {
        self.time = time
        self.input = input
    }
}

extension SimulationEngine {
    /// Replays `inputs` (sorted by time) on virtual time, as fast as the machine goes.
    ///
    /// Built on the same steps the test harness takes (`advanceVirtual`, `applyVirtual`,
    /// `finishInstant`), so a replay and a harness run are the same run. At each instant the
    /// order is fixed: sleeping intents due then wake (one at a time), then the inputs at that
    /// instant, then windows, deadlines and sensor ticks; after each step all app work must be
    /// finished or asleep before anything else happens. That is what makes two runs identical.
    ///
    /// The run stops at `end` if given (inputs after it are not applied). Otherwise it goes on
    /// past the last input while something other than sampling is pending (an intent asleep,
    /// a chord window, the start deadline), and at least to `minimumEnd` (sensors keep
    /// sampling until then). With a `stallLimit`, app work stuck on anything but the engine's
    /// clock for that long (real time) ends the run with `Stall` instead of hanging it.
    ///
    /// Cancelling the task stops the run where it is (SIGTERM, Ctrl-C): the caller then
    /// finishes the engine and closes its log and store as after a complete run.
    public func runVirtual(_ inputs: [TimedInput], until end: Timestamp? = nil,
                           atLeastUntil minimumEnd: Timestamp = .zero, stallLimit: Duration? = nil) async throws(Stall) {
        try await runVirtual(inputs.makeIterator(), until: end, atLeastUntil: minimumEnd, stallLimit: stallLimit)
    }

    /// The same, reading the inputs as they are played (a steps file a line at a time): the
    /// run holds one input at a time, whatever their number.
    public func runVirtual<Inputs: IteratorProtocol<TimedInput>>(_ inputs: Inputs, until end: Timestamp? = nil,
                                                                 atLeastUntil minimumEnd: Timestamp = .zero,
                                                                 stallLimit: Duration? = nil) async throws(Stall) {
        precondition(isVirtual, "runVirtual needs an engine on the virtual clock")
        // On the thread its intents run on: handing over to them and back costs no wake-up.
        var inputs = inputs
        try await withTaskExecutorPreference(host.taskExecutor) { () async throws(Stall) in
            try await replayVirtual(&inputs, until: end, atLeastUntil: minimumEnd, stallLimit: stallLimit)
        }
    }

    private func replayVirtual<Inputs: IteratorProtocol<TimedInput>>(_ inputs: inout Inputs, until end: Timestamp?,
                                                                     atLeastUntil minimumEnd: Timestamp,
                                                                     stallLimit: Duration?) async throws(Stall) {
        try await settle(stallLimit: stallLimit)
        var next = inputs.next()
        while let first = next {
            if Task.isCancelled { return }
            let time = first.time
            if let end, time > end { break }
            try await advanceVirtual(to: time, stallLimit: stallLimit)
            while let input = next, input.time <= time {
                try await applyVirtual(input.input, stallLimit: stallLimit)
                next = inputs.next()
            }
            try await finishInstant(stallLimit: stallLimit)
        }
        if Task.isCancelled { return }
        if end == nil { try await runUntilIdle(stallLimit: stallLimit) }
        let stop = end ?? minimumEnd
        if stop > now {
            try await advanceVirtual(to: stop, stallLimit: stallLimit)
            try await finishInstant(stallLimit: stallLimit)
        }
    }

    /// Replays `inputs` in real time: each input is applied when its time comes, intents
    /// sleep for real, and dispatch latency is what the machine gives. It ends as a virtual
    /// run does: at `end` if given, else once nothing is pending after `minimumEnd`, or as
    /// soon as the task is cancelled (SIGTERM, Ctrl-C).
    public func runRealTime(_ inputs: [TimedInput], until end: Timestamp? = nil,
                            atLeastUntil minimumEnd: Timestamp = .zero) async {
        await runRealTime(inputs.makeIterator(), until: end, atLeastUntil: minimumEnd)
    }

    /// The same, reading the inputs as they are played.
    public func runRealTime<Inputs: IteratorProtocol<TimedInput>>(_ inputs: Inputs, until end: Timestamp? = nil,
                                                                  atLeastUntil minimumEnd: Timestamp = .zero) async {
        var inputs = inputs
        let signal = WakeSignal()
        host.onReport { signal.fire() }
        defer { host.onReport(nil) }
        var pending = inputs.next()
        while !Task.isCancelled {
            signal.reset()
            drainReports()
            let now = host.currentTime
            while let input = pending, input.time <= now {
                apply(input.input, at: host.currentTime)
                pending = inputs.next()
            }
            advance(to: host.currentTime)
            drainReports()
            let nextInput = pending?.time
            let pending = [recognizer.nextWakeup, system.nextDeadline].compactMap { $0 }.min()
            let busy = host.hasRunningIntents
            let floor = end ?? minimumEnd
            if let end, host.currentTime >= end { break }
            if nextInput == nil, pending == nil, !busy, host.currentTime >= floor { break }
            let sampling = earliest(instruments.compactMap(\.nextWakeup).min(), nextAppTimer)
            let wake = [nextInput, pending, sampling, host.currentTime < floor ? floor : nil].compactMap { $0 }.min()
            await signal.wait(until: wake, clock: host)
        }
    }

    /// Waits until every running intent is finished or asleep, applying what they report.
    public func settle() async {
        repeat { await host.quiescence() } while drainReports() > 0
    }

    var isVirtual: Bool {
        if case .virtual = host.clock { return true }
        return false
    }
}

extension SimulationHost {
    /// Whether any launched intent task has not finished (live drivers wait for it before
    /// ending a run whose input has ended).
    public var hasRunningIntents: Bool { !isIdle }
}

/// Wakes a real-time driver when an intent reports, or when a time comes, whichever first.
/// A report that arrives between `reset()` and `wait` is not lost: `wait` returns at once.
final class WakeSignal: Sendable {
    private struct State {
        var fired = false
        var abandoned = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// Forgets earlier signals; call before draining reports.
    func reset() { state.withLock { $0.fired = false } }

    func fire() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.fired = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    func wait(until deadline: Timestamp?, clock host: SimulationHost) async {
        state.withLock { $0.abandoned = false }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.waitForFire() }
            if let deadline {
                group.addTask {
                    let remaining = deadline - host.currentTime
                    if remaining > .zero { try? await Task.sleep(for: remaining) }
                }
            }
            await group.next()
            group.cancelAll()
        }
    }

    private func waitForFire() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    if state.fired || state.abandoned { return true }
                    state.waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.abandoned = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
