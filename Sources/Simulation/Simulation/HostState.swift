import ActionButtonCore
import AppIntents

/// What the host keeps under its one lock (`SimulationHost.core`), and the rules that read
/// more than one part of it. The parts change together: an intent that falls asleep may make
/// the watch quiescent (the driver's waiter wakes) and releases the reports its tasks held,
/// in one step; a replay's quiet stretch asks the work, the reports and the sleepers at once.
struct HostState {
    /// Virtual time and the sleepers: who wakes when.
    var schedule = SleeperSchedule()
    /// The launched tasks and the leases of app code.
    var work = WorkLedger()
    /// The reports waiting for the engine.
    var reports = ReportQueue()
    /// The driver's wait for quiescence.
    var quiescence = QuiescenceWait()
    /// App code has run since the main queue was last flushed (see `SimulationHost.takeMainQueueWork`).
    var mainQueueMayHoldAppWork = false
    /// The run ended: no one sleeps or waits any more.
    var shutDown = false
    /// App code waiting for the sensors' next reading (CoreLocation's live updates), by the
    /// number the wait was given. Kept in step with the ledger's count of such waits (below).
    private var readingWaiters: [(id: Int, owner: Int?, continuation: CheckedContinuation<SensorReading?, Never>)] = []
    private var lastReadingWait = 0

    mutating func nextReadingWait() -> Int {
        lastReadingWait += 1
        return lastReadingWait
    }

    /// A task of `owner` (app code's lease, if any) waits for the next reading from now on.
    mutating func addReadingWaiter(id: Int, owner: Int?, _ continuation: CheckedContinuation<SensorReading?, Never>) {
        readingWaiters.append((id, owner, continuation))
        if let owner { work.readingWaitBegan(by: owner) }
    }

    /// The wait `id` ended without a reading (its task was cancelled); nil if it had ended.
    mutating func removeReadingWaiter(id: Int) -> CheckedContinuation<SensorReading?, Never>? {
        guard let index = readingWaiters.firstIndex(where: { $0.id == id }) else { return nil }
        let waiter = readingWaiters.remove(at: index)
        if let owner = waiter.owner { work.readingWaitEnded(by: owner) }
        return waiter.continuation
    }

    /// Every wait, ended: a reading came, or the run ended. Their tasks are busy again.
    mutating func takeReadingWaiters() -> [CheckedContinuation<SensorReading?, Never>] {
        defer { readingWaiters.removeAll() }
        for waiter in readingWaiters { if let owner = waiter.owner { work.readingWaitEnded(by: owner) } }
        return readingWaiters.map(\.continuation)
    }

    /// Every launched task is asleep on the engine's clock (or none runs), and every task
    /// started by app code that has since finished has finished too.
    var isQuiescent: Bool {
        work.allRunning { schedule.isAsleep($0) || work.isWaitingForReading($0) } && work.startedWorkFinished
    }

    /// No app work running and nothing reported: nothing for the engine to settle.
    var isSettled: Bool { isQuiescent && reports.isEmpty }

    /// What keeps the watch from being quiescent, in words (for stall reports).
    var busyDescription: String { work.busyDescription { schedule.isAsleep($0) } }

    /// The driver's waiter, to be resumed, if the watch is quiescent now.
    mutating func takeWaiterIfQuiescent() -> CheckedContinuation<Void, Never>? {
        isQuiescent ? quiescence.takeWaiter() : nil
    }

    /// The engine's time on `clock`: the virtual time here, or the real clock's.
    func time(on clock: SimulationClock) -> Timestamp {
        switch clock {
        case .virtual: schedule.now
        case .real(let real): real.now
        }
    }

    /// Queues a report made by `origin` now. In virtual time, a report from a task that a
    /// running intent started waits until that intent suspends on the engine's clock or
    /// finishes: at one instant an intent's own reports come first, then those of the tasks it
    /// started, whichever thread ran first. (Apple's start intent returns while the task it
    /// scheduled donates; without this the log would show the two in either order.)
    mutating func queue(_ report: SimulationHost.Report, from origin: ReportOrigin, clock: SimulationClock) {
        let entry = (time(on: clock), report)
        if case .virtual = clock, let task = origin.task, work.isRunning(task),
           work.identity(of: task) != origin.identity, !schedule.isAsleep(task) {
            reports.hold(entry, for: task)
        } else {
            reports.append(entry)
        }
    }

    /// Virtual time: the launched task `task` (or work the host never launched) sleeps until
    /// `deadline`. Resumes `continuation` at once if the run has ended or the time has come;
    /// otherwise the task is suspended, so what the tasks it started said so far goes out, and
    /// the watch may now be quiescent: returns the driver's waiter then, to be resumed.
    mutating func sleep(until deadline: Timestamp, task: Int?,
                        _ continuation: CheckedContinuation<Void, any Error>) -> CheckedContinuation<Void, Never>? {
        if shutDown {
            continuation.resume(throwing: CancellationError())
            return nil
        }
        if deadline <= schedule.now {
            continuation.resume()
            return nil
        }
        let sequence = schedule.nextSequence()
        schedule.add(.init(deadline: deadline, sequence: sequence, task: task, continuation: continuation))
        if let task { reports.release(heldBy: task) }
        return takeWaiterIfQuiescent()
    }

    /// Virtual time, in a quiet stretch: when no app work runs, nothing was reported and no
    /// intent sleeps until `time` or before, moves the clock to `time` and returns true; else
    /// changes nothing.
    mutating func moveQuietly(to time: Timestamp) -> Bool {
        guard isQuiescent, reports.isEmpty, !schedule.hasSleeper(dueBy: time) else { return false }
        schedule.advance(to: time)
        return true
    }
}
