import Foundation
import WatchKit

/// Before a swim or a dive: Water Lock, and an extended runtime session whose delegate is the
/// main-actor model (its callbacks hop to it).
@MainActor
final class WaterReadiness: NSObject, WKExtendedRuntimeSessionDelegate {
    static let shared = WaterReadiness()

    private var session: WKExtendedRuntimeSession?
    private(set) var events: [String] = []

    func prepare() {
        WKInterfaceDevice.current().enableWaterLock()
        let session = WKExtendedRuntimeSession()
        session.delegate = self
        self.session = session
        session.start()
    }

    func finish() {
        session?.invalidate()
        session = nil
    }

    nonisolated func extendedRuntimeSessionDidStart(_ extendedRuntimeSession: WKExtendedRuntimeSession) {
        Task { @MainActor in WaterReadiness.shared.events.append("started") }
    }

    nonisolated func extendedRuntimeSessionWillExpire(_ extendedRuntimeSession: WKExtendedRuntimeSession) {}

    nonisolated func extendedRuntimeSession(_ extendedRuntimeSession: WKExtendedRuntimeSession,
                                            didInvalidateWith reason: WKExtendedRuntimeSessionInvalidationReason, error: (any Error)?) {
        let raw = reason.rawValue
        Task { @MainActor in WaterReadiness.shared.events.append("ended \(raw)") }
    }
}
