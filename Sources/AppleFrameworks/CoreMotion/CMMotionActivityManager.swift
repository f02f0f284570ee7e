import AppIntents
import Foundation

/// What an activity manager hands its update handler (Apple's page: "CMMotionActivityHandler"):
/// a plain block, not `@Sendable`, run on the queue given.
public typealias CMMotionActivityHandler = (CMMotionActivity?) -> Void
/// What an activity query hands back (Apple's page: "CMMotionActivityQueryHandler").
public typealias CMMotionActivityQueryHandler = ([CMMotionActivity]?, (any Error)?) -> Void

/// Whether the wearer walks, runs, cycles or stands still (Apple's page:
/// "CMMotionActivityManager"), judged from the simulated sensors' speed and cadence (T1):
/// a stride longer than 2.5 m is a pedal turn, 140 steps a minute and more is running, under water
/// is unknown. Updates come when the activity changes, on the queue given.
public final class CMMotionActivityManager: MotionLogListener, @unchecked Sendable {
    // @unchecked: every mutable property is behind `values`' lock.
    private struct Values {
        var updates: (handler: CMMotionActivityHandler, queue: OperationQueue)?
        var last: CMMotionActivity.Kind?
        var log: MotionLog?
    }

    private let values = LockedState(Values())

    public init() {}

    public class func isActivityAvailable() -> Bool { true }
    public class func authorizationStatus() -> CMAuthorizationStatus { .authorized }

    public func startActivityUpdates(to queue: OperationQueue, withHandler handler: @escaping CMMotionActivityHandler) {
        values.withLock {
            $0.updates = (handler, queue)
            $0.last = nil
        }
        guard let log = attach() else { return }
        // As on a watch, the current activity comes first.
        if let entry = log.entries.last { motionLog(log, didRecord: entry) }
    }

    public func stopActivityUpdates() { values.withLock { $0.updates = nil } }

    /// The activities between two dates, each change once.
    public func queryActivityStarting(from start: Date, to end: Date, to queue: OperationQueue,
                                      withHandler handler: @escaping CMMotionActivityQueryHandler) {
        guard let log = attach() else {
            HandlerQueue.deliver(on: queue) { handler(nil, ActionButtonRuntimeError.noSystem(operation: "CMMotionActivityManager queries")) }
            return
        }
        var activities: [CMMotionActivity] = []
        let (start, end) = (MotionLog.clamped(start), MotionLog.clamped(end))
        for entry in log.entries where entry.date >= start && entry.date <= end && activities.last?.kind != entry.activity {
            activities.append(CMMotionActivity(kind: entry.activity, startDate: entry.date))
        }
        HandlerQueue.deliver(on: queue) { handler(activities, nil) }
    }

    private func attach() -> MotionLog? {
        if let log = values.withLock({ $0.log }) { return log }
        guard let log = MotionLog.current else { return nil }
        values.withLock { $0.log = log }
        log.listen(self)
        return log
    }

    func motionLog(_ log: MotionLog, didRecord entry: MotionLog.Entry) {
        let updates = values.withLock { values -> (handler: CMMotionActivityHandler, queue: OperationQueue)? in
            guard values.last != entry.activity else { return nil }
            values.last = entry.activity
            return values.updates
        }
        guard let updates else { return }
        let activity = CMMotionActivity(kind: entry.activity, startDate: entry.date)
        HandlerQueue.deliver(on: updates.queue) { updates.handler(activity) }
    }
}

/// One judgement of what the wearer is doing (Apple's page: "CMMotionActivity").
public final class CMMotionActivity: CMLogItem, @unchecked Sendable {
    /// The one activity the simulated watch picks (a watch may set several flags at once).
    enum Kind: Hashable, Sendable { case stationary, walking, running, automotive, cycling, unknown }

    let kind: Kind
    public let startDate: Date
    public let confidence: CMMotionActivityConfidence

    public var stationary: Bool { kind == .stationary }
    public var walking: Bool { kind == .walking }
    public var running: Bool { kind == .running }
    public var automotive: Bool { kind == .automotive }
    public var cycling: Bool { kind == .cycling }
    public var unknown: Bool { kind == .unknown }

    init(kind: Kind, startDate: Date) {
        self.kind = kind
        self.startDate = startDate
        self.confidence = kind == .unknown ? .low : .high
        super.init(timestamp: startDate.timeIntervalSince(SimulatedDate.origin))
    }
}

/// How sure the judgement is (Apple's page: "CMMotionActivityConfidence").
public enum CMMotionActivityConfidence: Int, Hashable, Sendable {
    case low = 0, medium, high
}
