import SimulationEvents
import ActionButtonCore

/// Virtual time driven one step at a time, by code that decides as it goes what happens next
/// (the test harness), rather than by a list of inputs known up front (`runVirtual`). The
/// steps keep `runVirtual`'s order: at an instant, sleeping intents due then wake one at a
/// time (`advanceVirtual`), then the inputs (`applyVirtual`), then windows, deadlines and
/// sensor ticks (`finishInstant`); after each, all app work must be finished or asleep
/// before anything else happens.
extension SimulationEngine {
    /// App work that neither finished nor slept on the engine's clock while the process made
    /// no progress for the stall limit (`StallClock`): an intent waiting on real time (say
    /// `Task.sleep` on the continuous clock instead of `ActionButtonClock`), or a task that
    /// never ends.
    public struct Stall: Error, Hashable, Sendable, CustomStringConvertible {
        public var limit: Duration
        public var time: Timestamp
        /// What was still busy, in words.
        public var busy: String

        public var description: String {
            "virtual time is stuck at \(time): after \(limit) of real time without progress, \(busy). Virtual time moves only when all "
                + "app work is finished or asleep on the engine's clock: sleep with ActionButtonClock (not Task.sleep on the "
                + "continuous clock), and let every Task the app starts finish"
        }
    }

    /// Moves virtual time to `time`: everything due before it happens, in order; then, at
    /// `time` itself, intents asleep until then wake. Windows, deadlines and sensor ticks due
    /// at `time` wait for `finishInstant`, so that inputs at `time` come before them, as in
    /// `runVirtual`.
    public func advanceVirtual(to time: Timestamp, stallLimit: Duration? = nil) async throws(Stall) {
        precondition(isVirtual, "advanceVirtual(to:) needs an engine on the virtual clock")
        try await settle(stallLimit: stallLimit)
        while let due = dueTime(includingSensors: true), due < time, !Task.isCancelled {
            let instant = max(due, now)
            if host.moveQuietly(to: instant) {
                // Nothing asleep until then and nothing running (a sensor tick in a quiet
                // stretch, most of a long replay): what `wakeSleepers` then `finishInstant`
                // do in that case, without their calls, and without an `await` (each costs
                // an executor check) unless the tick reported something.
                advance(to: instant)
                if host.isSettled {
                    if countQuietStep() { await Task.yield() }
                } else {
                    try await settle(stallLimit: stallLimit)
                }
                continue
            }
            try await wakeSleepers(at: instant, stallLimit: stallLimit)
            try await finishInstant(stallLimit: stallLimit)
        }
        // A cancelled run (SIGTERM, Ctrl-C) stops where it is: moving the clock on to `time`
        // would make every sensor tick up to there at the next step, all at once.
        guard !Task.isCancelled else { return }
        try await wakeSleepers(at: max(time, now), stallLimit: stallLimit)
    }

    /// Applies one input at the current time, then waits until app work settles.
    public func applyVirtual(_ input: Input, stallLimit: Duration? = nil) async throws(Stall) {
        precondition(isVirtual, "applyVirtual(_:) needs an engine on the virtual clock")
        apply(input, at: now)
        try await settle(stallLimit: stallLimit)
    }

    /// Settles what is due at the current time: chord windows and hold times, the start
    /// deadline, sensor ticks.
    public func finishInstant(stallLimit: Duration? = nil) async throws(Stall) {
        advance(to: now)
        try await settle(stallLimit: stallLimit)
    }

    /// Goes on while something other than sampling is pending (an intent asleep, a window,
    /// the start deadline), as `runVirtual` does after its last input.
    public func runUntilIdle(stallLimit: Duration? = nil) async throws(Stall) {
        while dueTime(includingSensors: false) != nil, let due = dueTime(includingSensors: true), !Task.isCancelled {
            try await wakeSleepers(at: max(due, now), stallLimit: stallLimit)
            try await finishInstant(stallLimit: stallLimit)
        }
    }

    /// Waits until all app work is finished or asleep, applying what it reports.
    public func settle(stallLimit: Duration?) async throws(Stall) {
        while true {
            // Most instants (a sensor tick, a press whose intent already returned) find no app
            // work running: settle without suspending, except now and then, so that a long
            // replay does not keep one of Swift's few executor threads from everyone else.
            while host.isQuiescent {
                guard drainReports() == 0 else { continue }
                // Blocks app code queued on the main queue (`DispatchQueue.main.async`) run
                // before the watch counts as quiescent, as they would on a watch long before
                // the engine's next instant; what they start is settled in turn.
                if host.takeMainQueueWork() {
                    await host.flushMainQueue()
                    continue
                }
                if countQuietStep() { await Task.yield() }
                return
            }
            if let stallLimit {
                repeat {
                    let busy = await host.quiescence(within: stallLimit)
                    // A cancelled run (SIGTERM) stops waiting; that is not a stall.
                    if Task.isCancelled { return }
                    if let busy { throw Stall(limit: stallLimit, time: now, busy: busy) }
                } while drainReports() > 0
            } else {
                await settle()
                if Task.isCancelled { return }
            }
        }
    }

    /// Counts a step settled without suspending; true every 512th, when the caller should
    /// yield so that a long replay does not keep one of Swift's few executor threads.
    /// Synchronous: awaiting a helper would cost the executor check the quiet path avoids.
    private func countQuietStep() -> Bool {
        quietSteps &+= 1
        return quietSteps % 512 == 0
    }

    private func wakeSleepers(at time: Timestamp, stallLimit: Duration?) async throws(Stall) {
        host.setTime(time)
        while host.wakeNextSleeper() { try await settle(stallLimit: stallLimit) }
    }

    private func dueTime(includingSensors: Bool) -> Timestamp? {
        earliest(recognizer.nextWakeup, system.nextDeadline, host.nextSleeperDeadline,
                 includingSensors ? earliest(nextInstrumentWakeup, nextAppTimer) : nil)
    }
}
