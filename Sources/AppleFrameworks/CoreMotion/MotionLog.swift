import AppIntents
import Foundation

/// What one watch's motion coprocessor has counted: steps, distance and the kind of motion,
/// reading by reading, from the first time app code on that watch used the pedometer or the
/// activity manager (a watch keeps days of it; a simulated one has nothing from before).
/// `CMPedometer` and `CMMotionActivityManager` read and follow it.
final class MotionLog: SensorReadingObserver, @unchecked Sendable {
    // @unchecked: every mutable property is behind `entries`' lock.

    /// The counts after one reading.
    struct Entry {
        var date: Date
        var steps: Double
        var distance: Double
        var cadence: Double?
        var speed: Double?
        var activity: CMMotionActivity.Kind
    }

    private struct Contents {
        var entries: [Entry] = []
        var previous: SensorReading?
        var listeners: [Weak] = []
    }

    private struct Weak {
        weak var listener: (any MotionLogListener)?
    }

    private let contents = LockedState(Contents())

    /// The log of the watch the calling code runs on, or nil outside a simulated watch.
    static var current: MotionLog? {
        guard let host = ActionButtonRuntime.current else { return nil }
        var made = false
        let log = host.watchObject(MotionLog.self) {
            made = true
            return MotionLog()
        }
        if made { host.addReadingObserver(log) }
        return log
    }

    /// A date an app passes, on the watch's time line (`SimulatedDate.fromApp`: the real
    /// `Date()` is the watch's now), and no later than now: there is no motion history ahead.
    static func clamped(_ date: Date) -> Date {
        guard let host = ActionButtonRuntime.current else { return date }
        return Swift.min(SimulatedDate.fromApp(date), SimulatedDate.now(on: host))
    }

    func listen(_ listener: any MotionLogListener) {
        contents.withLock { contents in
            contents.listeners.removeAll { $0.listener == nil || $0.listener === listener }
            contents.listeners.append(Weak(listener: listener))
        }
    }

    var entries: [Entry] { contents.withLock { $0.entries } }

    /// Steps and distance between two dates: the difference of the counts at either end.
    func totals(from start: Date, to end: Date) -> (steps: Double, distance: Double, first: Entry?, last: Entry?) {
        let entries = self.entries
        let before = entries.last { $0.date <= start }
        let inside = entries.filter { $0.date > start && $0.date <= end }
        guard let last = inside.last else { return (0, 0, nil, nil) }
        return (last.steps - (before?.steps ?? 0), last.distance - (before?.distance ?? 0), inside.first, last)
    }

    func sensorsDidUpdate(_ reading: SensorReading) {
        let date = SimulatedDate.at(reading.time)
        let (entry, listeners) = contents.withLock { contents -> (Entry, [any MotionLogListener]) in
            let last = contents.entries.last
            var entry = Entry(date: date, steps: last?.steps ?? 0, distance: last?.distance ?? 0,
                              cadence: nil, speed: reading.speed, activity: Self.activity(of: reading))
            if entry.activity == .walking || entry.activity == .running {
                entry.cadence = reading.cadence
                let seconds = contents.previous.map { date.timeIntervalSince(SimulatedDate.at($0.time)) } ?? 0
                entry.steps += (reading.cadence ?? 0) / 60 * Swift.max(0, seconds)
                if let distance = reading.distance {
                    entry.distance += Swift.max(0, distance - (contents.previous?.distance ?? 0))
                }
            }
            contents.previous = reading
            contents.entries.append(entry)
            contents.listeners.removeAll { $0.listener == nil }
            return (entry, contents.listeners.compactMap(\.listener))
        }
        for listener in listeners { listener.motionLog(self, didRecord: entry) }
    }

    /// The kind of motion a reading shows. The sensors say how fast and at what cadence, not
    /// on what: a "stride" (metres per cadence beat) longer than 2.5 m is a pedal turn, not a
    /// step; 140 steps a minute and more is running; under water, or without speed, the
    /// wearer is not walking.
    static func activity(of reading: SensorReading) -> CMMotionActivity.Kind {
        if reading.session == .dive || reading.submerged == true { return .unknown }
        guard let speed = reading.speed, speed > 0.2 else { return .stationary }
        if let cadence = reading.cadence, cadence > 0 {
            let stride = speed * 60 / cadence
            if stride > 2.5 { return .cycling }
            return cadence >= 140 ? .running : .walking
        }
        return speed > 8 ? .automotive : .unknown
    }
}

/// Told of each new entry of a `MotionLog`, inside the simulated watch.
protocol MotionLogListener: AnyObject, Sendable {
    func motionLog(_ log: MotionLog, didRecord entry: MotionLog.Entry)
}
