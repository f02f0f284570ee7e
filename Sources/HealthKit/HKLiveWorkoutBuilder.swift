import AppIntents
import Foundation
import Synchronization

/// Where a live builder's data comes from. On the simulated watch it is always the
/// simulated sensors; the object exists so that Apple's code can assign one.
public final class HKLiveWorkoutDataSource: Sendable {
    public let workoutConfiguration: HKWorkoutConfiguration?

    public init(healthStore: HKHealthStore, workoutConfiguration: HKWorkoutConfiguration?) {
        self.workoutConfiguration = workoutConfiguration
    }
}

/// Told when the builder collects new data or events. Called inside the simulated watch,
/// on the engine's time line (an actor implements these `nonisolated`).
public protocol HKLiveWorkoutBuilderDelegate: AnyObject, Sendable {
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>)
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder)
}

/// What happened during a workout: a lap, a segment, a marker (T1).
public final class HKWorkoutEvent: Sendable {
    public let type: HKWorkoutEventType
    public let dateInterval: DateInterval
    public let metadata: [String: any Sendable]?

    public init(type: HKWorkoutEventType, dateInterval: DateInterval, metadata: [String: any Sendable]?) {
        self.type = type
        self.dateInterval = dateInterval
        self.metadata = metadata
    }

    /// The marker the session log records for this event.
    var sessionMarker: SessionMarker {
        let label = metadata.flatMap { metadata in
            metadata.isEmpty ? nil : metadata.keys.sorted().map { "\($0)=\(metadata[$0].map { "\($0)" } ?? "")" }.joined(separator: " ")
        }
        return SessionMarker(type.rawValue, label: label)
    }
}

public enum HKWorkoutEventType: String, Hashable, Sendable, CaseIterable {
    case pause, resume, lap, marker, motionPaused, motionResumed, segment, pauseOrResumeRequest
}

/// The latest values of one quantity while a builder collects.
public struct HKStatistics: Sendable {
    public let quantityType: HKQuantityType
    let latest: HKQuantity?
    let total: HKQuantity?

    /// The last value of a discrete quantity (heart rate, speed, depth).
    public func mostRecentQuantity() -> HKQuantity? { latest }
    /// The running total of a cumulative quantity (energy, distance, strokes).
    public func sumQuantity() -> HKQuantity? { total }
}

/// Collects a live workout's data from the simulated sensors, and the events (laps,
/// segments, markers) the app adds. Events reach the session log as markers (T1).
public final class HKLiveWorkoutBuilder: SensorReadingObserver, Sendable {
    private struct Weak {
        weak var delegate: (any HKLiveWorkoutBuilderDelegate)?
        weak var session: HKWorkoutSession?
    }

    private struct Values {
        var links = Weak()
        var dataSource: HKLiveWorkoutDataSource?
        var collecting = false
        var startDate: Date?
        var events: [HKWorkoutEvent] = []
        var reading: SensorReading?
    }

    public let workoutConfiguration: HKWorkoutConfiguration
    private let values = Mutex(Values())

    init(session: HKWorkoutSession) {
        self.workoutConfiguration = session.workoutConfiguration
        values.withLock { $0.links.session = session }
    }

    public var dataSource: HKLiveWorkoutDataSource? {
        get { values.withLock { $0.dataSource } }
        set { values.withLock { $0.dataSource = newValue } }
    }

    public var delegate: (any HKLiveWorkoutBuilderDelegate)? {
        get { values.withLock { $0.links.delegate } }
        set { values.withLock { $0.links.delegate = newValue } }
    }

    public var workoutSession: HKWorkoutSession? { values.withLock { $0.links.session } }
    public var startDate: Date? { values.withLock { $0.startDate } }
    public var workoutEvents: [HKWorkoutEvent] { values.withLock { $0.events } }

    /// Time in the workout, excluding pauses, as of the latest reading.
    public var elapsedTime: TimeInterval {
        guard let elapsed = values.withLock({ $0.reading?.elapsed }) else { return 0 }
        let (seconds, attoseconds) = elapsed.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Starts collecting from the simulated sensors. The session must have started.
    public func beginCollection(at start: Date) async throws {
        guard let host = workoutSession?.host else {
            throw HKError(.errorInvalidArgument, "beginCollection needs a started workout session; call startActivity(with:) first")
        }
        values.withLock { values in
            values.collecting = true
            values.startDate = SimulatedDate.now(on: host)
        }
        host.addReadingObserver(self)
        host.log("HealthKit: the workout builder began collecting data")
    }

    /// Stops collecting.
    public func endCollection(at end: Date) async throws {
        values.withLock { $0.collecting = false }
        workoutSession?.host?.log("HealthKit: the workout builder ended collection")
    }

    /// Adds laps, segments or markers to the workout; each is logged as a session marker.
    public func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent]) async throws {
        guard let session = workoutSession, let host = session.host,
              session.state == .running || session.state == .paused else {
            throw HKError(.errorWorkoutActive, "workout events need a running or paused workout session")
        }
        values.withLock { $0.events += workoutEvents }
        for event in workoutEvents { host.mark(event.sessionMarker) }
        delegate?.workoutBuilderDidCollectEvent(self)
    }

    /// The latest value (or running total) of a quantity, while collecting.
    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
        guard let reading = values.withLock({ $0.collecting ? $0.reading : nil }) else { return nil }
        func latest(_ value: Double?, _ unit: HKUnit) -> HKStatistics? {
            value.map { HKStatistics(quantityType: quantityType, latest: HKQuantity(unit: unit, doubleValue: $0), total: nil) }
        }
        func total(_ value: Double?, _ unit: HKUnit) -> HKStatistics? {
            value.map { HKStatistics(quantityType: quantityType, latest: nil, total: HKQuantity(unit: unit, doubleValue: $0)) }
        }
        switch HKQuantityTypeIdentifier(rawValue: quantityType.identifier) {
        case .heartRate: return latest(reading.heartRate, HKUnit.count().unitDivided(by: .minute()))
        case .runningSpeed: return latest(reading.speed, HKUnit.meter().unitDivided(by: .second()))
        case .underwaterDepth: return latest(reading.depth, .meter())
        case .waterTemperature: return latest(reading.waterTemperature, .degreeCelsius())
        case .activeEnergyBurned: return total(reading.activeEnergy, .kilocalorie())
        case .swimmingStrokeCount: return total(reading.strokes, .count())
        case distanceType: return total(reading.distance, .meter())
        default: return nil
        }
    }

    public func sensorsDidUpdate(_ reading: SensorReading) {
        let delegate = values.withLock { values -> (any HKLiveWorkoutBuilderDelegate)? in
            guard values.collecting else { return nil }
            values.reading = reading
            return values.links.delegate
        }
        guard let delegate, workoutSession?.state == .running else { return }
        let types = collectedTypes(in: reading)
        if !types.isEmpty { delegate.workoutBuilder(self, didCollectDataOf: types) }
    }

    func sessionEnded() { values.withLock { $0.collecting = false } }

    /// The distance type of this workout's activity, as HealthKit splits them.
    private var distanceType: HKQuantityTypeIdentifier {
        switch workoutConfiguration.activityType {
        case .cycling: .distanceCycling
        case .swimming: .distanceSwimming
        default: .distanceWalkingRunning
        }
    }

    private func collectedTypes(in reading: SensorReading) -> Set<HKSampleType> {
        let present: [(Double?, HKQuantityTypeIdentifier)] = [
            (reading.heartRate, .heartRate), (reading.activeEnergy, .activeEnergyBurned), (reading.distance, distanceType),
            (reading.strokes, .swimmingStrokeCount), (reading.speed, .runningSpeed), (reading.depth, .underwaterDepth),
            (reading.waterTemperature, .waterTemperature),
        ]
        return Set(present.compactMap { $0.0 == nil ? nil : HKQuantityType($0.1) })
    }
}
