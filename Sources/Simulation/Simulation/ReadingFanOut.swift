import AppIntents
import Synchronization

/// The sensors' readings as app code sees them on this watch: the latest one, and the
/// observers (the simulated frameworks' delegates) each reading is handed to. Held weakly:
/// an observer listens until it is deallocated. Its own lock: nothing else changes with it.
final class ReadingFanOut: Sendable {
    private struct Weak {
        weak var observer: (any SensorReadingObserver)?
    }

    private struct State {
        var latest: SensorReading?
        var observers: [Weak] = []
    }

    private let state = Mutex(State())

    /// The latest reading published, or nil before the first.
    var latest: SensorReading? { state.withLock { $0.latest } }

    /// Whether any app code listens for readings.
    var hasObservers: Bool { state.withLock { state in state.observers.contains { $0.observer != nil } } }

    /// Adds `observer`, unless it listens already.
    func add(_ observer: any SensorReadingObserver) {
        state.withLock { state in
            state.observers.removeAll { $0.observer == nil }
            guard !state.observers.contains(where: { $0.observer === observer }) else { return }
            state.observers.append(Weak(observer: observer))
        }
    }

    /// Keeps `reading` as the latest, and returns the observers to hand it to (the caller
    /// does, outside this lock: observers are app code).
    func publish(_ reading: SensorReading) -> [any SensorReadingObserver] {
        state.withLock { state in
            state.latest = reading
            if state.observers.isEmpty { return [] }
            state.observers.removeAll { $0.observer == nil }
            return state.observers.compactMap(\.observer)
        }
    }
}
