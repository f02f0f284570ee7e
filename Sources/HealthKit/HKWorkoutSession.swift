import ActionButtonCore
import AppIntents
import Foundation
import Synchronization

/// The states of a workout session.
public enum HKWorkoutSessionState: Int, Hashable, Sendable, CustomStringConvertible {
    case notStarted = 1
    case running
    case ended
    case paused
    case prepared
    case stopped

    public var description: String {
        switch self {
        case .notStarted: "not started"
        case .running: "running"
        case .ended: "ended"
        case .paused: "paused"
        case .prepared: "prepared"
        case .stopped: "stopped"
        }
    }
}

/// Told of a session's state changes and failures, as HealthKit's delegate is. Called at
/// once, in the code that changed the state (an actor implements these `nonisolated`).
public protocol HKWorkoutSessionDelegate: AnyObject, Sendable {
    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                        from fromState: HKWorkoutSessionState, date: Date)
    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error)
    /// Optional, as in HealthKit.
    func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent)
}

extension HKWorkoutSessionDelegate {
    public func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent) {}
}

/// A HealthKit error the simulated frameworks report.
public struct HKError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable {
        case errorInvalidArgument
        case errorAnotherWorkoutSessionStarted
        case errorWorkoutActive
        case errorNoData
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
    public var localizedDescription: String { message }
}

/// A workout (or dive) session: what the system's start deadline waits for (A5). Starting
/// it starts the app's session on the simulated watch; pausing, resuming and ending it do
/// the same there (A7, A11).
///
/// The session belongs to the watch on which `startActivity` was called, and every later
/// call acts on that watch, from whatever code it comes.
public final class HKWorkoutSession: Sendable {
    private struct Weak {
        weak var delegate: (any HKWorkoutSessionDelegate)?
    }

    private struct Values {
        var state: HKWorkoutSessionState = .notStarted
        var host: (any ActionButtonHost)?
        var delegate = Weak()
        var startDate: Date?
        var endDate: Date?
        var builder: HKLiveWorkoutBuilder?
    }

    public let workoutConfiguration: HKWorkoutConfiguration
    private let values = Mutex(Values())

    public init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration) throws {
        self.workoutConfiguration = configuration
    }

    public var state: HKWorkoutSessionState { values.withLock { $0.state } }
    public var startDate: Date? { values.withLock { $0.startDate } }
    public var endDate: Date? { values.withLock { $0.endDate } }

    public var delegate: (any HKWorkoutSessionDelegate)? {
        get { values.withLock { $0.delegate.delegate } }
        set { values.withLock { $0.delegate = Weak(delegate: newValue) } }
    }

    /// The builder that collects this session's data; the same one on every call.
    public func associatedWorkoutBuilder() -> HKLiveWorkoutBuilder {
        values.withLock { values in
            if let builder = values.builder { return builder }
            let builder = HKLiveWorkoutBuilder(session: self)
            values.builder = builder
            return builder
        }
    }

    /// Starts the session on the current simulated watch (A3, A5). `date` is ignored: the
    /// engine's clock stamps the start.
    public func startActivity(with date: Date?) {
        change(.start, to: .running, host: ActionButtonRuntime.host)
    }

    public func pause() { change(.pause, to: .paused, host: host) }
    public func resume() { change(.resume, to: .running, host: host) }
    public func end() { change(.end, to: .ended, host: host) }

    /// The watch the session runs on (nil before it starts).
    var host: (any ActionButtonHost)? { values.withLock { $0.host } }

    private func change(_ command: SessionLifecycle.Command, to target: HKWorkoutSessionState, host: (any ActionButtonHost)?) {
        guard let host else {
            fail(ActionButtonRuntimeError.noSystem(operation: "HKWorkoutSession.\(command.rawValue)"))
            return
        }
        if command == .start, state != .notStarted {
            fail(HKError(.errorInvalidArgument, "this session was already started; create a new HKWorkoutSession for a new workout"))
            return
        }
        // HealthKit's session reports its activity type; the log shows it beside the start.
        let activity = command == .start ? workoutConfiguration.activityType.rawValue : nil
        do {
            try host.session(command, workoutStyle: activity)
        } catch {
            fail(HKError(.errorInvalidArgument, "cannot \(command.rawValue) the workout session: \(error)"))
            return
        }
        let date = SimulatedDate.now(on: host)
        let from = values.withLock { values -> HKWorkoutSessionState in
            let from = values.state
            values.state = target
            if command == .start {
                values.host = host
                values.startDate = date
            }
            if command == .end { values.endDate = date }
            return from
        }
        delegate?.workoutSession(self, didChangeTo: target, from: from, date: date)
        if command == .end { values.withLock { $0.builder }?.sessionEnded() }
    }

    private func fail(_ error: any Error) {
        delegate?.workoutSession(self, didFailWithError: error)
    }
}

/// Dates the simulated frameworks hand back: a fixed day plus the engine's time, so that
/// two runs of a scenario see the same dates.
enum SimulatedDate {
    /// 2025-01-01T00:00:00Z, when every simulation begins.
    static let origin = Date(timeIntervalSince1970: 1_735_689_600)

    static func now(on host: any ActionButtonHost) -> Date {
        let (seconds, attoseconds) = host.now.components
        return origin.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }
}
