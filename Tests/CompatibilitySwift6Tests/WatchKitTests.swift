// Issue 24: WatchKit's Water Lock, extended runtime sessions and WKApplication, in Swift 6.
import ActionButtonHarness
import Testing
import WatchKit

extension TrailAppSwift6Tests {
    @Test("Water Lock is logged and stays on; an extended runtime session tells its delegate it started and ended")
    func waterLockAndExtendedSession() async throws {
        let watch = try trailWatch(seed: 12)
        try await watch.runInApp("lock before any workout") { WKInterfaceDevice.current().enableWaterLock() }
        #expect(watch.appLog.contains("WatchKit: Water Lock not enabled: it needs an active workout session"))
        #expect(WKInterfaceDevice.current().waterResistanceRating == .wr50)
        try await watch.press()
        try await watch.runInApp("get ready for the water") {
            Task { @MainActor in WaterReadiness.shared.prepare() }
        }
        let locked = Answer<Bool>()
        try await watch.runInApp("is it locked") { locked.set(WKInterfaceDevice.current().isWaterLockEnabled) }
        #expect(locked.value == true)
        #expect(watch.appLog.contains("WatchKit: Water Lock on (touches ignored until the Digital Crown turns)"))
        try await watch.advance(by: .seconds(5))
        try await watch.runInApp("done") { Task { @MainActor in WaterReadiness.shared.finish() } }
        #expect(await WaterReadiness.shared.events == ["started", "ended 0"])
        #expect(watch.appLog.contains("WatchKit: an extended runtime session started"))
        let state = Answer<WKApplicationState>()
        try await watch.runInApp("ask the app's state") { state.set(WKApplication.shared().applicationState) }
        #expect(state.value == .active)
        await TrailSession.shared.end()
    }
}
