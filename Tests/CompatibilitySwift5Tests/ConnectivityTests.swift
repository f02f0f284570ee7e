// Issue 24: WatchConnectivity as a workout manager uses it to keep its iPhone app up to date
// (as ClimbReflect's does), with no iPhone app beside the simulated watch.
import ActionButtonHarness
import AppIntents
import Testing
import WatchConnectivity

/// Written as apps write it: the manager is the session's delegate and activates it at once.
final class PhoneSync: NSObject, WCSessionDelegate {
    var activated: WCSessionActivationState?
    var sendError: WCError.Code?
    var notActivatedError: WCError.Code?

    func start() {
        guard WCSession.isSupported() else { return }
        let session = WCSession.default
        do {
            try session.updateApplicationContext(["early": true])
        } catch let error as WCError {
            notActivatedError = error.code
        } catch {}
        session.delegate = self
        session.activate()
    }

    func send(heartRate: Double) {
        let session = WCSession.default
        if session.isReachable {
            session.sendMessage(["heartRate": heartRate], replyHandler: nil)
        }
        session.sendMessage(["heartRate": heartRate, "elapsed": 30], replyHandler: { _ in }) { error in
            self.sendError = (error as? WCError)?.code
        }
        try? session.updateApplicationContext(["state": "running", "heartRate": heartRate])
        session.transferUserInfo(["lap": 1])
    }

    /// The rest apps call: data messages, files, what waits for the phone, the phone's state.
    func rest() -> String {
        let session = WCSession.default
        var failed = false
        session.sendMessageData(Data([1, 2]), replyHandler: nil) { _ in failed = true }
        let file = session.transferFile(URL(fileURLWithPath: "/tmp/ride.fit"), metadata: ["kind": "fit"])
        return "\(failed) \(file.file.fileURL.lastPathComponent) \(session.outstandingFileTransfers.count) "
            + "\(session.outstandingUserInfoTransfers.count) \(session.applicationContext.count) \(session.receivedApplicationContext.count) "
            + "\(session.isCompanionAppInstalled) \(session.iOSDeviceNeedsUnlockAfterRebootForReachability)"
    }

    func sessionReachabilityDidChange(_ session: WCSession) {}
    func session(_ session: WCSession, didReceiveMessage message: [String: Any]) {}

    func session(_ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState, error: Error?) {
        activated = activationState
    }
}

@Suite("Swift 5: WatchConnectivity")
struct ConnectivitySwift5Tests {
    @Test("The session activates; the phone is never reachable; context and user info wait for it; each is logged")
    func phoneSync() async throws {
        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("Sync5", start: StartLogbookIntent.self),
                                            settings: .workout(app: "Sync5", firstPress: "run"))
        final class Box: @unchecked Sendable { let sync = PhoneSync() }
        let box = Box()
        try await watch.runInApp("sync") {
            box.sync.start()
            box.sync.send(heartRate: 128)
        }
        #expect(box.sync.notActivatedError == .sessionNotActivated)
        #expect(box.sync.activated == .activated)
        #expect(box.sync.sendError == .notReachable)
        let codes: [WCError.Code] = [.genericError, .sessionNotSupported, .sessionMissingDelegate, .sessionNotActivated,
                                     .deviceNotPaired, .watchAppNotInstalled, .notReachable, .invalidParameter, .payloadTooLarge,
                                     .payloadUnsupportedTypes, .messageReplyFailed, .messageReplyTimedOut, .fileAccessDenied,
                                     .deliveryFailed, .insufficientSpace, .sessionInactive, .transferTimedOut,
                                     .companionAppNotInstalled, .watchOnlyApp]
        #expect(codes.map(\.rawValue) == Array(7001...7019) && WCError.errorDomain == "WCErrorDomain")
        #expect(watch.appLog.contains("WatchConnectivity: session activated (no iPhone app: never reachable)"), "\(watch.appLog)")
        #expect(watch.appLog.contains("WatchConnectivity: message (2 keys) not sent: the iPhone app is not reachable"))
        #expect(watch.appLog.contains("WatchConnectivity: application context updated (2 keys), for the iPhone"))
        #expect(watch.appLog.contains("WatchConnectivity: user info queued for the iPhone (1 key)"))
        final class Said: @unchecked Sendable { var text = "" }
        let said = Said()
        try await watch.runInApp("the rest") { said.text = box.sync.rest() }
        #expect(said.text == "true ride.fit 1 1 2 0 false false", "\(said.text)")
        #expect(watch.appLog.contains("WatchConnectivity: file ride.fit queued for the iPhone"))
    }
}
