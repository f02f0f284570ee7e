import SystemCalls

/// Runs the jobs of a virtual replay — the engine's and those of the intents it launches —
/// one at a time on one thread of its own (a `WorkerThread`).
///
/// A press in virtual time hands control from the engine to the intent and back several
/// times (launch, sleep on the engine's clock, wake, return). On Swift's global executor
/// each hand-over may wake another thread, about 30 µs a press on a 2-core machine: most of
/// what 600 presses added to a 10-hour replay. Here it is a queue operation. The order of
/// app work is still the engine's to decide (it waits for quiescence at every step).
final class SerialTaskExecutor: TaskExecutor, Sendable {
    private let worker = WorkerThread(name: "actionsim virtual time")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        worker.async { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
