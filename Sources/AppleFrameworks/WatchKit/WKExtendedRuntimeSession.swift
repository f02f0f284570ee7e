import AppIntents
import Foundation

/// Told when an extended runtime session starts, is about to expire, and ends (Apple's
/// page: "WKExtendedRuntimeSessionDelegate"). Implement what you need; the others do nothing.
public protocol WKExtendedRuntimeSessionDelegate: AnyObject {
    func extendedRuntimeSessionDidStart(_ extendedRuntimeSession: WKExtendedRuntimeSession)
    func extendedRuntimeSessionWillExpire(_ extendedRuntimeSession: WKExtendedRuntimeSession)
    func extendedRuntimeSession(_ extendedRuntimeSession: WKExtendedRuntimeSession,
                                didInvalidateWith reason: WKExtendedRuntimeSessionInvalidationReason, error: (any Error)?)
}

extension WKExtendedRuntimeSessionDelegate {
    public func extendedRuntimeSessionDidStart(_ extendedRuntimeSession: WKExtendedRuntimeSession) {}
    public func extendedRuntimeSessionWillExpire(_ extendedRuntimeSession: WKExtendedRuntimeSession) {}
    public func extendedRuntimeSession(_ extendedRuntimeSession: WKExtendedRuntimeSession,
                                       didInvalidateWith reason: WKExtendedRuntimeSessionInvalidationReason, error: (any Error)?) {}
}

/// Keeps the app running after the wearer lowers the wrist, for self care, mindfulness,
/// physical therapy or a smart alarm (Apple's page: "WKExtendedRuntimeSession"). The
/// simulated app never stops running, so the session only changes state and tells its
/// delegate at once; its expiration date is an hour after it starts (the longest Apple
/// grants), and it does not expire on its own: `invalidate()` ends it.
public final class WKExtendedRuntimeSession: @unchecked Sendable {
    // @unchecked: every mutable property is behind `values`' lock.
    private struct Values {
        weak var delegate: (any WKExtendedRuntimeSessionDelegate)?
        var state: WKExtendedRuntimeSessionState = .notStarted
        var expirationDate: Date?
    }

    private let values = LockedState(Values())

    public init() {}

    public var delegate: (any WKExtendedRuntimeSessionDelegate)? {
        get { values.withLock { $0.delegate } }
        set { values.withLock { $0.delegate = newValue } }
    }

    public var state: WKExtendedRuntimeSessionState { values.withLock { $0.state } }
    public var expirationDate: Date? { values.withLock { $0.expirationDate } }

    /// Starts the session now.
    public func start() {
        let now = SimulatedDate.now
        guard values.withLock({ state -> Bool in
            guard state.state == .notStarted || state.state == .scheduled else { return false }
            state.state = .running
            state.expirationDate = now.addingTimeInterval(3600)
            return true
        }) else {
            invalidate(reason: .sessionInProgress, error: nil)
            return
        }
        ActionButtonRuntime.current?.log("WatchKit: an extended runtime session started")
        delegate?.extendedRuntimeSessionDidStart(self)
    }

    /// Schedules the session (a smart alarm's). The simulated watch has no scheduler: it is
    /// `scheduled` until `start()` or `invalidate()`.
    public func start(at date: Date) {
        values.withLock { state in
            if state.state == .notStarted { state.state = .scheduled }
        }
        ActionButtonRuntime.current?.log("WatchKit: an extended runtime session was scheduled")
    }

    /// Ends the session.
    public func invalidate() { invalidate(reason: .none, error: nil) }

    private func invalidate(reason: WKExtendedRuntimeSessionInvalidationReason, error: (any Error)?) {
        let wasRunning = values.withLock { state -> Bool in
            defer { state.state = .invalid }
            return state.state != .invalid
        }
        guard wasRunning else { return }
        ActionButtonRuntime.current?.log("WatchKit: the extended runtime session ended")
        delegate?.extendedRuntimeSession(self, didInvalidateWith: reason, error: error)
    }

    /// A smart alarm taps the wrist, and goes on tapping while the session runs: every 3
    /// seconds, or after the interval `repeatHandler` returns each time (which may change the
    /// next pattern through its pointer). Each tap is a haptic on the simulated watch's
    /// timeline, on its clock; `invalidate()` stops them.
    public func notifyUser(hapticType type: WKHapticType, repeatHandler: ((UnsafeMutablePointer<WKHapticType>) -> TimeInterval)? = nil) {
        WKInterfaceDevice.current().play(type)
        guard let host = ActionButtonRuntime.current else { return }
        RepeatingHaptic(session: self, type: type, handler: repeatHandler, host: host).scheduleNext()
    }
}

/// The taps after a smart alarm's first one.
private final class RepeatingHaptic: @unchecked Sendable {
    // @unchecked: the app's handler is a plain closure, as Apple declares it; the simulated
    // watch calls it only as app code, one piece at a time, as it runs the app's timers.
    private weak var session: WKExtendedRuntimeSession?
    private var type: WKHapticType
    private let handler: ((UnsafeMutablePointer<WKHapticType>) -> TimeInterval)?
    private let host: any ActionButtonHost

    init(session: WKExtendedRuntimeSession, type: WKHapticType, handler: ((UnsafeMutablePointer<WKHapticType>) -> TimeInterval)?,
         host: any ActionButtonHost) {
        self.session = session
        self.type = type
        self.handler = handler
        self.host = host
    }

    /// Asks the handler when (and what) to tap next. Apple asks for more than 0 and at most
    /// 60 seconds; outside that, the 3-second default.
    func scheduleNext() {
        guard session?.state == .running else { return }
        var next = type
        let asked = handler?(&next) ?? Self.defaultInterval
        let interval = asked > 0 && asked <= 60 ? asked : Self.defaultInterval
        type = next
        host.schedule(at: host.now + .milliseconds(Int64((interval * 1000).rounded()))) { [self] in
            guard session?.state == .running else { return }
            WKInterfaceDevice.current().play(type)
            scheduleNext()
        }
    }

    private static let defaultInterval: TimeInterval = 3
}

extension WKExtendedRuntimeSession {
    /// Whether the wearer made this app the one a smart-alarm or other session type starts
    /// on its own (watchOS 9). The simulated wearer was never asked: `.inactive`, logged.
    public class func requestAutoLaunchAuthorizationStatus(
        completion: @escaping @Sendable (WKExtendedRuntimeSessionAutoLaunchAuthorizationStatus, (any Error)?) -> Void) {
        completion(autoLaunchStatus(), nil)
    }

    public class func requestAutoLaunchAuthorizationStatus() async throws -> WKExtendedRuntimeSessionAutoLaunchAuthorizationStatus {
        autoLaunchStatus()
    }

    private static func autoLaunchStatus() -> WKExtendedRuntimeSessionAutoLaunchAuthorizationStatus {
        ActionButtonRuntime.current?.log("WatchKit: auto-launch authorization asked; the simulated wearer has not made this app the auto-launch app")
        return .inactive
    }
}

/// Apple's page: "WKExtendedRuntimeSessionAutoLaunchAuthorizationStatus".
public enum WKExtendedRuntimeSessionAutoLaunchAuthorizationStatus: Int, Hashable, Sendable {
    case unknown = 0, inactive, active
}

/// Where a session is in its life (Apple's page: "WKExtendedRuntimeSessionState").
public enum WKExtendedRuntimeSessionState: Int, Hashable, Sendable {
    case notStarted = 0, scheduled, running, invalid
}

/// The domain of the errors a session's delegate gets (Apple's page: "WKExtendedRuntimeSessionErrorDomain").
public let WKExtendedRuntimeSessionErrorDomain = "WKExtendedRuntimeSessionErrorDomain"

/// The codes of those errors (Apple's page: "WKExtendedRuntimeSessionErrorCode"). The
/// simulated watch grants every session, so it reports none of them itself.
public enum WKExtendedRuntimeSessionErrorCode: Int, Hashable, Sendable {
    case unknown = 1, scheduledTooFarInAdvance, mustBeActiveToStartOrSchedule, notYetStarted, exceededMaxSessionCount, invalidationInProgress
    case notApprovedToStartSession, notApprovedToSchedule, mustBeActiveToPrompt, unsupportedSessionType
}

/// Why a session ended (Apple's page: "WKExtendedRuntimeSessionInvalidationReason").
public enum WKExtendedRuntimeSessionInvalidationReason: Int, Hashable, Sendable {
    case none = 0, sessionInProgress, expired, resignedFrontmost, suppressedBySystem, error = -1
}
