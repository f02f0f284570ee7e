import AppIntents
@_exported import Foundation

// Apple's WatchConnectivity on the watch side, as a workout manager uses it to keep the
// iPhone app up to date. The simulated watch has no paired iPhone app: the session activates,
// the counterpart is never reachable, an immediate message fails with Apple's `notReachable`,
// and what would wait for the phone (application context, user-info and file transfers) is
// kept and logged (`WatchConnectivity: application context updated (2 keys), for the iPhone`).

/// An error from WatchConnectivity (Apple's page: "WCError").
public struct WCError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// Apple's error codes (Apple's page: "WCError.Code").
    public enum Code: Int, Hashable, Sendable {
        case genericError = 7001
        case sessionNotSupported = 7002
        case sessionMissingDelegate = 7003
        case sessionNotActivated = 7004
        case deviceNotPaired = 7005
        case watchAppNotInstalled = 7006
        case notReachable = 7007
        case invalidParameter = 7008
        case payloadTooLarge = 7009
        case payloadUnsupportedTypes = 7010
        case messageReplyFailed = 7011
        case messageReplyTimedOut = 7012
        case fileAccessDenied = 7013
        case deliveryFailed = 7014
        case insufficientSpace = 7015
        case sessionInactive = 7016
        case transferTimedOut = 7017
        case companionAppNotInstalled = 7018
        case watchOnlyApp = 7019
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, userInfo: [String: Any] = [:]) { self.init(code, message: "WatchConnectivity error \(code)") }

    init(_ code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
    public var errorDescription: String? { message }
    public static var errorDomain: String { "WCErrorDomain" }
    public var errorCode: Int { code.rawValue }

    public static var genericError: Code { .genericError }
    public static var notReachable: Code { .notReachable }
    public static var sessionNotActivated: Code { .sessionNotActivated }
    public static var companionAppNotInstalled: Code { .companionAppNotInstalled }
}

/// Whether a session is active (Apple's page: "WCSessionActivationState").
public enum WCSessionActivationState: Int, Hashable, Sendable {
    case notActivated = 0, inactive = 1, activated = 2
}

/// A queued user-info transfer (Apple's page: "WCSessionUserInfoTransfer").
public final class WCSessionUserInfoTransfer: @unchecked Sendable {
    // @unchecked: the dictionary is the app's, kept as it was handed over.
    public let userInfo: [String: Any]
    public let isCurrentComplicationInfo = false
    public private(set) var isTransferring = true

    init(userInfo: [String: Any]) { self.userInfo = userInfo }

    public func cancel() { isTransferring = false }
}

/// A queued file transfer (Apple's page: "WCSessionFileTransfer").
public final class WCSessionFileTransfer: @unchecked Sendable {
    public let file: WCSessionFile
    public let progress = Progress(totalUnitCount: 1)
    public private(set) var isTransferring = true

    init(file: WCSessionFile) { self.file = file }

    public func cancel() { isTransferring = false }
}

/// A file being sent or received (Apple's page: "WCSessionFile").
public final class WCSessionFile: @unchecked Sendable {
    public let fileURL: URL
    public let metadata: [String: Any]?
    init(fileURL: URL, metadata: [String: Any]?) { (self.fileURL, self.metadata) = (fileURL, metadata) }
}

/// Hears of the session (Apple's page: "WCSessionDelegate"). Activation is required, the rest
/// optional; here only activation is ever called (nothing comes from the phone).
public protocol WCSessionDelegate: AnyObject {
    func session(_ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState, error: (any Error)?)
    func sessionReachabilityDidChange(_ session: WCSession)
    func sessionCompanionAppInstalledDidChange(_ session: WCSession)
    func session(_ session: WCSession, didReceiveMessage message: [String: Any])
    func session(_ session: WCSession, didReceiveMessage message: [String: Any], replyHandler: @escaping ([String: Any]) -> Void)
    func session(_ session: WCSession, didReceiveMessageData messageData: Data)
    func session(_ session: WCSession, didReceiveMessageData messageData: Data, replyHandler: @escaping (Data) -> Void)
    func session(_ session: WCSession, didReceiveApplicationContext applicationContext: [String: Any])
    func session(_ session: WCSession, didFinish userInfoTransfer: WCSessionUserInfoTransfer, error: (any Error)?)
    func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any])
    func session(_ session: WCSession, didFinish fileTransfer: WCSessionFileTransfer, error: (any Error)?)
    func session(_ session: WCSession, didReceive file: WCSessionFile)
}

extension WCSessionDelegate {
    public func sessionReachabilityDidChange(_ session: WCSession) {}
    public func sessionCompanionAppInstalledDidChange(_ session: WCSession) {}
    public func session(_ session: WCSession, didReceiveMessage message: [String: Any]) {}
    public func session(_ session: WCSession, didReceiveMessage message: [String: Any], replyHandler: @escaping ([String: Any]) -> Void) {}
    public func session(_ session: WCSession, didReceiveMessageData messageData: Data) {}
    public func session(_ session: WCSession, didReceiveMessageData messageData: Data, replyHandler: @escaping (Data) -> Void) {}
    public func session(_ session: WCSession, didReceiveApplicationContext applicationContext: [String: Any]) {}
    public func session(_ session: WCSession, didFinish userInfoTransfer: WCSessionUserInfoTransfer, error: (any Error)?) {}
    public func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any]) {}
    public func session(_ session: WCSession, didFinish fileTransfer: WCSessionFileTransfer, error: (any Error)?) {}
    public func session(_ session: WCSession, didReceive file: WCSessionFile) {}
}

/// The watch app's link to its iPhone app (Apple's page: "WCSession"): one per simulated
/// watch. There is no iPhone app here: see the file's comment.
public final class WCSession: @unchecked Sendable {
    // @unchecked: `delegate` is the app's to set, as on a watch; the rest is behind the lock.
    public weak var delegate: (any WCSessionDelegate)?
    private struct State {
        var activation = WCSessionActivationState.notActivated
        var applicationContext: [String: Any] = [:]
        var userInfoTransfers: [WCSessionUserInfoTransfer] = []
        var fileTransfers: [WCSessionFileTransfer] = []
    }
    private let state = LockedState(State())

    init() {}

    private static let processWide = WCSession()

    public class func isSupported() -> Bool { true }

    public class var `default`: WCSession {
        ActionButtonRuntime.current?.watchObject(WCSession.self) { WCSession() } ?? processWide
    }

    public var activationState: WCSessionActivationState { state.withLock { $0.activation } }
    /// The iPhone app is never reachable here.
    public var isReachable: Bool { false }
    /// No iPhone app is installed beside the simulated watch.
    public var isCompanionAppInstalled: Bool { false }
    public var iOSDeviceNeedsUnlockAfterRebootForReachability: Bool { false }
    public var hasContentPending: Bool { false }
    public var applicationContext: [String: Any] { state.withLock { $0.applicationContext } }
    public var receivedApplicationContext: [String: Any] { [:] }
    public var outstandingUserInfoTransfers: [WCSessionUserInfoTransfer] {
        state.withLock { $0.userInfoTransfers.filter(\.isTransferring) }
    }
    public var outstandingFileTransfers: [WCSessionFileTransfer] { state.withLock { $0.fileTransfers.filter(\.isTransferring) } }

    /// Activates at once and tells the delegate.
    public func activate() {
        state.withLock { $0.activation = .activated }
        ActionButtonRuntime.current?.log("WatchConnectivity: session activated (no iPhone app: never reachable)")
        delegate?.session(self, activationDidCompleteWith: .activated, error: nil)
    }

    /// An immediate message needs a reachable iPhone app: the error handler hears
    /// `notReachable` (nil handler: the message is dropped, as on a watch), and it is logged.
    public func sendMessage(_ message: [String: Any], replyHandler: (([String: Any]) -> Void)?,
                            errorHandler: ((any Error) -> Void)? = nil) {
        failImmediate("message (\(Self.keys(message.count)))", errorHandler)
    }

    public func sendMessageData(_ data: Data, replyHandler: ((Data) -> Void)?, errorHandler: ((any Error) -> Void)? = nil) {
        failImmediate("message data (\(data.count) bytes)", errorHandler)
    }

    private static func keys(_ count: Int) -> String { count == 1 ? "1 key" : "\(count) keys" }

    private func failImmediate(_ what: String, _ errorHandler: ((any Error) -> Void)?) {
        ActionButtonRuntime.current?.log("WatchConnectivity: \(what) not sent: the iPhone app is not reachable")
        errorHandler?(WCError(.notReachable, message: "the counterpart app is not reachable (no iPhone app beside the simulated watch)"))
    }

    /// Kept as the latest context for the phone, and logged; throws `sessionNotActivated`
    /// before `activate()`, as on a watch.
    public func updateApplicationContext(_ applicationContext: [String: Any]) throws {
        try state.withLock { state in
            guard state.activation == .activated else {
                throw WCError(.sessionNotActivated, message: "updateApplicationContext before the session is activated")
            }
            state.applicationContext = applicationContext
        }
        ActionButtonRuntime.current?.log("WatchConnectivity: application context updated (\(Self.keys(applicationContext.count))), for the iPhone")
    }

    /// Queued for the phone, which never takes it here; logged.
    @discardableResult
    public func transferUserInfo(_ userInfo: [String: Any] = [:]) -> WCSessionUserInfoTransfer {
        let transfer = WCSessionUserInfoTransfer(userInfo: userInfo)
        state.withLock { $0.userInfoTransfers.append(transfer) }
        ActionButtonRuntime.current?.log("WatchConnectivity: user info queued for the iPhone (\(Self.keys(userInfo.count)))")
        return transfer
    }

    @discardableResult
    public func transferFile(_ file: URL, metadata: [String: Any]?) -> WCSessionFileTransfer {
        let transfer = WCSessionFileTransfer(file: WCSessionFile(fileURL: file, metadata: metadata))
        state.withLock { $0.fileTransfers.append(transfer) }
        ActionButtonRuntime.current?.log("WatchConnectivity: file \(file.lastPathComponent) queued for the iPhone")
        return transfer
    }
}
