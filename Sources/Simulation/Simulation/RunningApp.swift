import ActionButtonCore
import AppIntents
import Synchronization

/// The app this watch runs and its session: the app's definition (whose session observer
/// runs when the session changes) and the session's lifecycle (start, pause, resume, end).
/// Settings that name another app (between sessions) replace both at once.
final class RunningApp: Sendable {
    private struct State {
        var definition: AppDefinition
        var lifecycle: SessionLifecycle
    }

    private let state: Mutex<State>

    init(_ definition: AppDefinition, sessionKind: SessionLifecycle.Kind) {
        state = Mutex(State(definition: definition, lifecycle: SessionLifecycle(kind: sessionKind)))
    }

    var definition: AppDefinition { state.withLock { $0.definition } }

    /// The app's session right now.
    var sessionState: SessionLifecycle.State { state.withLock { $0.lifecycle.state } }

    /// Applies `command` to the session and hands the outcome to `record` under this lock,
    /// so that outcomes are recorded in the order they happened, whichever thread asked.
    func apply(_ command: SessionLifecycle.Command,
               record: (Result<SessionLifecycle.Change, SessionLifecycle.Rejection>) -> Void)
        -> Result<SessionLifecycle.Change, SessionLifecycle.Rejection> {
        state.withLock { state in
            let outcome: Result<SessionLifecycle.Change, SessionLifecycle.Rejection>
            do throws(SessionLifecycle.Rejection) {
                outcome = .success(try state.lifecycle.apply(command))
            } catch {
                outcome = .failure(error)
            }
            record(outcome)
            return outcome
        }
    }

    /// Another app (between sessions): its session starts afresh.
    func replace(with definition: AppDefinition, sessionKind: SessionLifecycle.Kind) {
        state.withLock { $0 = State(definition: definition, lifecycle: SessionLifecycle(kind: sessionKind)) }
    }
}
