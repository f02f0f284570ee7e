import AppIntents
import Foundation

/// Runs an app's handler on the queue the app named, as CoreMotion does. Inside a simulated
/// watch the hand-over is app work the engine waits for (a task started from observer code
/// holds that code's lease), so virtual time does not move on before the handler has run.
///
/// CoreMotion's handler types are plain Objective-C blocks, not `@Sendable`: a `@MainActor`
/// model that passes `.main` may touch its own state in them. Running them on the queue it
/// passed is what makes that safe, here as on a watch.
enum HandlerQueue {
    static func deliver(on queue: OperationQueue, _ body: @escaping () -> Void) {
        let handler = UncheckedHandler(body)
        guard ActionButtonRuntime.host != nil else {
            queue.addOperation { handler.body() }
            return
        }
        Task {
            await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
                queue.addOperation {
                    handler.body()
                    finished.resume()
                }
            }
        }
    }
}

/// A handler crossing to the queue it is meant to run on. @unchecked: it is only ever called
/// there, which is the promise CoreMotion makes for its own blocks.
struct UncheckedHandler: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}
