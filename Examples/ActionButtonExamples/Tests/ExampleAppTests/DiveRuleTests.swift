import ActionButtonCore
import ActionButtonHarness
import AppIntents
import Simulation
import Testing
@testable import DiveApp

/// Apple's dive example, pressed on a simulated watch.
@Suite("MyDiveApp on the Action button")
struct DiveRuleTests {
    func diveSample(depth: Double, temperature: Double, at elapsed: Duration) -> SensorSample {
        var sample = SensorSample(session: .dive, elapsed: elapsed)
        sample.depth = depth
        sample.submerged = depth > 0
        // T2: pressure = surface pressure + seawater density × g × depth.
        sample.pressure = 101.325 + 1025 * 9.80665 * depth / 1000
        sample.waterTemperature = temperature
        return sample
    }

    @Test("A3/A6: a first press starts the dive; its result donates Collect Submerged Data")
    func startDonatesByResult() async throws {
        let watch = try ActionButtonHarness(app: myDiveApp, settings: .dive(app: "MyDiveApp"))
        try await watch.press()
        watch.expectPerformed(MyStartDiveSessionIntent.self, role: .start(workoutStyle: nil))
        watch.expectSession(.running)
        watch.expectNextAction(MyCollectSubmergedDataIntent.self)
        #expect(watch.startOutcomes == [.met(after: .zero)])
    }

    @Test("A6/T2: each press records the latest depth, pressure and temperature the sensors delivered")
    func collectsLiveData() async throws {
        let watch = try ActionButtonHarness(app: myDiveApp, settings: .dive(app: "MyDiveApp"))
        try await watch.press()
        try await watch.advance(by: .seconds(60))
        try await watch.deliver(diveSample(depth: 12, temperature: 18.3, at: .seconds(60)))
        try await watch.advance(by: .seconds(1))
        try await watch.press()
        try await watch.advance(by: .seconds(60))
        try await watch.deliver(diveSample(depth: 0, temperature: 19, at: .seconds(121)))
        try await watch.press()
        #expect(watch.markers.map(\.description) == [
            "marker depth_m=12.0 pressure_kPa=221.9 submerged=true temperature_C=18.3",
            // Back at the surface: no depth or pressure, and the last water temperature.
            "marker submerged=false temperature_C=18.3",
        ])
        #expect(watch.appLog.contains("*** Submerged Event ***"))
    }

    @Test("A8: in a dive, Action and side together run the next action too")
    func bothRunsNextAction() async throws {
        let watch = try ActionButtonHarness(app: myDiveApp, settings: .dive(app: "MyDiveApp"))
        try await watch.press()
        try await watch.advance(by: .seconds(30))
        try await watch.pressBoth()
        watch.expectPerformed(MyCollectSubmergedDataIntent.self, role: .nextAction, count: 1)
        watch.expectSession(.running)
    }

    @Test("A8: a dive has no pause: the session refuses it, and the dive goes on")
    func diveCannotPause() async throws {
        let watch = try ActionButtonHarness(app: myDiveApp, settings: .dive(app: "MyDiveApp"))
        try await watch.press()
        try await watch.runInApp("the app tries to pause the dive") {
            Task { await AppDependencyManager.shared.resolve(DiveManager.self)?.session?.pause() }
        }
        #expect(watch.events.contains { if case .sessionRefused(.pause, .diveCannotPause) = $0.kind { true } else { false } })
        watch.expectSession(.running)
    }

    @Test("A11: ending the dive clears its next action")
    func endDive() async throws {
        let watch = try ActionButtonHarness(app: myDiveApp, settings: .dive(app: "MyDiveApp"))
        try await watch.press()
        try await watch.endSession()
        watch.expectNoNextAction()
        try await watch.press()
        watch.expectPerformed(MyStartDiveSessionIntent.self, count: 2)
    }
}
