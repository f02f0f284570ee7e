import ActionButtonCore
import Simulation
import Synchronization

/// The present that a live run's engine and intents read. Between wake-ups it is the
/// monotonic clock. In a wake-up the loop holds it at each instant it settles, earliest
/// first, as a replay steps virtual time: an intent whose sleep ran out wakes at its own
/// deadline, and what it reports is stamped then, not when the loop got round to it. So a
/// recording replays to the same session (S3), however late the loop woke.
final class LoopPresent: Sendable {
    /// The held instant on the run's time line, if any.
    private let held = Mutex<Timestamp?>(nil)
    let origin: Timestamp
    private let read: @Sendable () -> Timestamp

    /// - Parameter read: absolute `CLOCK_MONOTONIC` time (the live loop's) or a test's clock.
    init(origin: Timestamp, read: @escaping @Sendable () -> Timestamp = { RealClock.monotonicNow() }) {
        self.origin = origin
        self.read = read
    }

    /// The clock the engine runs on: the held instant, or the real present.
    var clock: RealClock {
        RealClock(origin: origin) { [self] in
            held.withLock { $0 }.map { Timestamp(nanoseconds: origin.nanoseconds &+ $0.nanoseconds) } ?? read()
        }
    }

    /// The real present on the run's time line, whatever is held.
    var realNow: Timestamp { Timestamp(nanoseconds: read().nanoseconds &- origin.nanoseconds) }

    /// Holds the present at `time`, or where it is held already if that is later (the present
    /// never goes back).
    func hold(_ time: Timestamp) {
        held.withLock { $0 = max($0 ?? time, time) }
    }

    /// The instant held now, if any.
    var heldInstant: Timestamp? { held.withLock { $0 } }

    /// The present reads the clock again (the loop goes back to waiting).
    func release() { held.withLock { $0 = nil } }
}
