import AppIntents
import Dispatch

/// The main dispatch queue as app code uses it: an intent's `perform()` that hands its work to
/// `DispatchQueue.main.async { manager.startWorkout() }` and returns. On a watch that block
/// runs within milliseconds, long before the start deadline; on virtual time the engine would
/// reach the deadline first unless it waits for the block. So, after app code has run, the
/// engine counts the watch quiescent only once the main queue has run what was queued on it
/// by then (a block queued behind it runs after everything before it).
///
/// Only where the process serves the main queue (the command line's main thread does, see
/// `MainDispatchQueue.serveForever`): it says so with `serve()`. Elsewhere (a test process
/// whose main thread serves nothing) the engine does not wait, as before.
public enum AppMainQueue {
    /// This process's main thread runs the main queue from now on: the engine waits for it,
    /// and code it runs reaches the process's one watch (`ActionButtonRuntime.current`).
    public static func serve() { ActionButtonRuntime.serveMainQueue() }

    static var isServed: Bool { ActionButtonRuntime.mainQueueServed }

    /// Suspends until the main queue has run every block queued on it before this call.
    static func flush() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { continuation.resume() }
        }
    }
}
