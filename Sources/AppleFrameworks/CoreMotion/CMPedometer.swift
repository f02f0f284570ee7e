import AppIntents
import Foundation

/// What a pedometer hands its handler (Apple's page: "CMPedometerHandler"): a plain block,
/// not `@Sendable`, called on a background queue.
public typealias CMPedometerHandler = (CMPedometerData?, (any Error)?) -> Void
/// What a pedometer hands its event handler (Apple's page: "CMPedometerEventHandler").
public typealias CMPedometerEventHandler = (CMPedometerEvent?, (any Error)?) -> Void

/// Steps, distance and pace (Apple's page: "CMPedometer"), counted from the simulated
/// sensors' cadence and distance during walking and running workouts (T1). The simulated
/// watch is flat, so floors stay nil; outside a workout the wearer stands still. History
/// begins when app code on the watch first uses a pedometer (or the activity manager). Dates
/// are the watch's (`SimulatedDate`): a date later than the watch's now (such as the real
/// `Date()` an app passes) counts from now.
/// Handlers run on a background queue of the pedometer's own, as on a watch.
public final class CMPedometer: MotionLogListener, @unchecked Sendable {
    // @unchecked: every mutable property is behind `values`' lock.
    private struct Values {
        var updates: (handler: CMPedometerHandler, from: Date)?
        var events: CMPedometerEventHandler?
        var moving: Bool?
        var log: MotionLog?
    }

    private let values = LockedState(Values())
    private let queue: OperationQueue = {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "CMPedometer"
        return queue
    }()

    public init() {}

    public class func isStepCountingAvailable() -> Bool { true }
    public class func isDistanceAvailable() -> Bool { true }
    /// No barometric floor counting: the simulated watch is flat.
    public class func isFloorCountingAvailable() -> Bool { false }
    public class func isPaceAvailable() -> Bool { true }
    public class func isCadenceAvailable() -> Bool { true }
    public class func isPedometerEventTrackingAvailable() -> Bool { true }
    public class func authorizationStatus() -> CMAuthorizationStatus { .authorized }

    /// What was counted between two dates, once.
    public func queryPedometerData(from start: Date, to end: Date, withHandler handler: @escaping CMPedometerHandler) {
        guard let log = attach() else {
            HandlerQueue.deliver(on: queue) { handler(nil, ActionButtonRuntimeError.noSystem(operation: "CMPedometer queries")) }
            return
        }
        let data = CMPedometerData(log: log, from: MotionLog.clamped(start), to: MotionLog.clamped(end))
        HandlerQueue.deliver(on: queue) { handler(data, nil) }
    }

    /// Counts from `start` on, handing the running totals to `handler` with each reading.
    public func startUpdates(from start: Date, withHandler handler: @escaping CMPedometerHandler) {
        values.withLock { $0.updates = (handler, MotionLog.clamped(start)) }
        if attach() == nil {
            HandlerQueue.deliver(on: queue) { handler(nil, ActionButtonRuntimeError.noSystem(operation: "CMPedometer updates")) }
        }
    }

    public func stopUpdates() { values.withLock { $0.updates = nil } }

    /// Tells `handler` when the wearer stops and starts moving again.
    public func startEventUpdates(handler: @escaping CMPedometerEventHandler) {
        values.withLock { $0.events = handler }
        if attach() == nil {
            HandlerQueue.deliver(on: queue) { handler(nil, ActionButtonRuntimeError.noSystem(operation: "CMPedometer event updates")) }
        }
    }

    public func stopEventUpdates() { values.withLock { $0.events = nil } }

    private func attach() -> MotionLog? {
        if let log = values.withLock({ $0.log }) { return log }
        guard let log = MotionLog.current else { return nil }
        values.withLock { $0.log = log }
        log.listen(self)
        return log
    }

    func motionLog(_ log: MotionLog, didRecord entry: MotionLog.Entry) {
        let moving = entry.activity == .walking || entry.activity == .running
        let (updates, events, changed) = values.withLock { values in
            defer { values.moving = moving }
            return (values.updates, values.events, values.moving.map { $0 != moving } ?? false)
        }
        if let updates {
            let data = CMPedometerData(log: log, from: updates.from, to: entry.date)
            HandlerQueue.deliver(on: queue) { updates.handler(data, nil) }
        }
        if let events, changed {
            let event = CMPedometerEvent(date: entry.date, type: moving ? .resume : .pause)
            HandlerQueue.deliver(on: queue) { events(event, nil) }
        }
    }
}

/// Steps and distance over a stretch of time (Apple's page: "CMPedometerData").
public final class CMPedometerData: @unchecked Sendable {
    // @unchecked: immutable.
    public let startDate: Date
    public let endDate: Date
    public let numberOfSteps: NSNumber
    /// Metres.
    public let distance: NSNumber?
    /// Nil: the simulated watch is flat.
    public let floorsAscended: NSNumber?
    public let floorsDescended: NSNumber?
    /// Seconds per metre, at the end of the stretch.
    public let currentPace: NSNumber?
    /// Steps per second, at the end of the stretch.
    public let currentCadence: NSNumber?
    /// Seconds per metre over the stretch's moving time.
    public let averageActivePace: NSNumber?

    init(log: MotionLog, from start: Date, to end: Date) {
        let totals = log.totals(from: start, to: end)
        startDate = start
        endDate = end
        numberOfSteps = NSNumber(value: Int(totals.steps.rounded(.down)))
        distance = NSNumber(value: totals.distance)
        floorsAscended = nil
        floorsDescended = nil
        let last = totals.last
        currentPace = last?.speed.flatMap { $0 > 0 ? NSNumber(value: 1 / $0) : nil }
        currentCadence = last?.cadence.map { NSNumber(value: $0 / 60) }
        if let first = totals.first, let last, totals.distance > 0 {
            averageActivePace = NSNumber(value: last.date.timeIntervalSince(first.date) / totals.distance)
        } else {
            averageActivePace = nil
        }
    }
}

/// The wearer stopped or started moving (Apple's page: "CMPedometerEvent").
public final class CMPedometerEvent: @unchecked Sendable {
    // @unchecked: immutable.
    public let date: Date
    public let type: CMPedometerEventType

    init(date: Date, type: CMPedometerEventType) {
        self.date = date
        self.type = type
    }
}

/// Whether the wearer stopped or went on (Apple's page: "CMPedometerEventType").
public enum CMPedometerEventType: Int, Hashable, Sendable {
    case pause = 0
    case resume
}
