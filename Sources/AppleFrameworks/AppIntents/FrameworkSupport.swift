import Foundation

// What the framework stand-ins (HealthKit, CoreMotion, WatchKit, os) share. `package`: the
// modules of this package use it; an app's own code never sees it.

/// State behind a lock, for the stand-ins' reference types. Apple's delegates are plain
/// objects (not `Sendable`), held weakly; the lock is what makes the holder safe to share.
package final class LockedState<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// An app's closure carried across a `Sendable` boundary it does not itself cross twice:
/// Apple declares these closures neither `@Sendable` nor escaping (a foreground
/// continuation, a cancellation handler), and the stand-in runs each once, where Apple does.
package struct UncheckedHandOff<Body>: @unchecked Sendable {
    package let body: Body
    package init(_ body: Body) { self.body = body }
}

/// Dates the stand-ins hand back: a fixed day plus the engine's time, so that two runs of a
/// scenario see the same dates (and outside a simulated watch, the real date).
package enum SimulatedDate {
    /// 2025-01-01T00:00:00Z, when every simulation begins.
    package static let origin = Date(timeIntervalSince1970: 1_735_689_600)

    package static func at(_ time: Duration) -> Date {
        let (seconds, attoseconds) = time.components
        return origin.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }

    package static func now(on host: any ActionButtonHost) -> Date { at(host.now) }

    package static var now: Date { ActionButtonRuntime.current.map(now(on:)) ?? Date() }

    /// How far after the watch's now a date must lie to be taken for this machine's clock.
    /// The watch's dates start at `origin` and a replay spans weeks at most; this machine's
    /// clock is years on.
    static let machineClockMargin: TimeInterval = 180 * 86_400

    /// A date an app hands a stand-in, on the watch's clock. On a watch `Date()` is the
    /// watch's now; here it is this machine's, while the simulated watch lives in 2025. A date
    /// far after the watch's now can only have come from this machine's clock (`Date()`,
    /// `.now`, or an offset from them), so it is moved by the distance between the two nows,
    /// that distance's fraction of a second dropped: `Date()` is the watch's now exactly and
    /// `Date().addingTimeInterval(-60)` a minute before it, whatever this machine took
    /// between the app's reading and this one, so a replay stays the same. Any other date,
    /// and every date outside a simulated watch, is as given.
    package static func fromApp(_ date: Date) -> Date {
        guard let host = ActionButtonRuntime.current else { return date }
        let watchNow = now(on: host)
        guard date.timeIntervalSince(watchNow) > machineClockMargin else { return date }
        // Seconds after this machine's now (negative: before), rounded to whole seconds.
        let offset = date.timeIntervalSince(Date()).rounded()
        return watchNow.addingTimeInterval(offset)
    }

    package static func fromApp(_ date: Date?) -> Date? { date.map { fromApp($0) } }
}
