import Foundation

/// Runs an app's handler on the queue the app named, as CoreMotion does (and CoreLocation,
/// whose delegate is called on the main queue). Inside a simulated watch the hand-over is
/// app work the engine waits for (a task started from observer code holds that code's
/// lease), so virtual time does not move on before the handler has run.
///
/// CoreMotion's handler types are plain Objective-C blocks, not `@Sendable`: a `@MainActor`
/// model that passes `.main` may touch its own state in them. Running them on the queue it
/// passed is what makes that safe, here as on a watch.
package enum HandlerQueue {
    package static func deliver(on queue: OperationQueue, _ body: @escaping () -> Void) {
        let handler = UncheckedHandler(body)
        guard ActionButtonRuntime.current != nil else {
            queue.addOperation { handler.body() }
            return
        }
        // Queued now, so that handlers run in the order they were delivered (a task would
        // queue them in whatever order the tasks start); the task only holds the lease
        // until the handler has run.
        let ran = HandlerRun()
        queue.addOperation {
            handler.body()
            ran.finish()
        }
        Task { await ran.wait() }
    }
}

/// Whether a queued handler has run, for a task to wait on.
private final class HandlerRun: Sendable {
    private let state = LockedState<(finished: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let finished = state.withLock { state -> Bool in
                if !state.finished { state.waiter = continuation }
                return state.finished
            }
            if finished { continuation.resume() }
        }
    }
}

/// A handler crossing to the queue it is meant to run on. @unchecked: it is only ever called
/// there, which is the promise CoreMotion makes for its own blocks.
package struct UncheckedHandler: @unchecked Sendable {
    package let body: () -> Void
    package init(_ body: @escaping () -> Void) { self.body = body }
}
