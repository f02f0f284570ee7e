// A Swift 5 watch app's file for the WatchKit details the audit of 2026-11-29 found
// missing or misdeclared: a smart alarm that changes its haptic as it repeats, the session's
// error codes, battery monitoring, layout direction per kind of content, and WKApplication's
// snapshot refresh, notifications, remote-notification state and autorotation.
import WatchKit

class SmartAlarm: NSObject, WKExtendedRuntimeSessionDelegate {
    var session: WKExtendedRuntimeSession?
    var repeats = 0
    var lines: [String] = []

    /// Starts the alarm's session and taps the wrist: a notification, then stronger taps, each
    /// 10 seconds after the last, the last pattern after three.
    func ring() {
        let session = WKExtendedRuntimeSession()
        session.delegate = self
        session.start()
        session.notifyUser(hapticType: .notification) { pattern in
            self.repeats += 1
            pattern.pointee = self.repeats < 3 ? .directionUp : .failure
            return 10
        }
        self.session = session
    }

    /// Taps once more, every 3 seconds by default.
    func nudge() {
        session?.notifyUser(hapticType: .click)
    }

    func stop() {
        session?.invalidate()
    }

    func extendedRuntimeSession(_ extendedRuntimeSession: WKExtendedRuntimeSession,
                                didInvalidateWith reason: WKExtendedRuntimeSessionInvalidationReason, error: Error?) {
        guard let error = error as NSError?, error.domain == WKExtendedRuntimeSessionErrorDomain else {
            lines.append("ended \(reason.rawValue)")
            return
        }
        switch WKExtendedRuntimeSessionErrorCode(rawValue: error.code) {
        case .notApprovedToStartSession?, .notApprovedToSchedule?: lines.append("not approved")
        case .mustBeActiveToStartOrSchedule?, .mustBeActiveToPrompt?: lines.append("not active")
        case .scheduledTooFarInAdvance?: lines.append("too far")
        case .unknown?, .notYetStarted?, .exceededMaxSessionCount?, .invalidationInProgress?, .unsupportedSessionType?, nil: lines.append("other")
        }
    }

    func extendedRuntimeSessionDidStart(_ extendedRuntimeSession: WKExtendedRuntimeSession) {}
    func extendedRuntimeSessionWillExpire(_ extendedRuntimeSession: WKExtendedRuntimeSession) {}
}

class DeviceDetails {
    var lines: [String] = []
    var observers: [NSObjectProtocol] = []

    func describe() {
        let device = WKInterfaceDevice.current()
        let before = (device.isBatteryMonitoringEnabled, device.batteryLevel, device.batteryState)
        device.isBatteryMonitoringEnabled = true
        lines.append("battery \(before.0) \(before.1) \(before.2 == .unknown) -> \(device.isBatteryMonitoringEnabled) "
            + "\(device.batteryLevel) \(device.batteryState == .full)")
        device.isBatteryMonitoringEnabled = false
        let directions = [WKInterfaceSemanticContentAttribute.unspecified, .playback, .spatial, .forceLeftToRight, .forceRightToLeft]
            .map { WKInterfaceDevice.interfaceLayoutDirection(for: $0) == .rightToLeft }
        lines.append("rtl \(directions)")

        let app = WKApplication.shared()
        app.isAutorotating = true
        lines.append("autorotating \(app.isAutorotating) \(app.isAutorotated) remote \(app.isRegisteredForRemoteNotifications)")
        app.isAutorotating = false
        app.scheduleSnapshotRefresh(withPreferredDate: Date().addingTimeInterval(600), userInfo: nil) { error in
            self.lines.append("snapshot \(error == nil)")
        }
        let center = NotificationCenter.default
        for name in [WKApplication.didFinishLaunchingNotification, WKApplication.didBecomeActiveNotification,
                     WKApplication.willResignActiveNotification, WKApplication.willEnterForegroundNotification,
                     WKApplication.didEnterBackgroundNotification] {
            observers.append(center.addObserver(forName: name, object: nil, queue: .main) { note in
                self.lines.append("app \(note.name.rawValue)")
            })
        }
    }
}
