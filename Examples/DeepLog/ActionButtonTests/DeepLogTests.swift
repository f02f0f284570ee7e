import ActionButtonHarness
import Testing
@testable import DeepLog

/// DeepLog, built from its watch target's folder as it is, on simulated Apple Watch Ultras
/// whose sensors follow a dive: 30 s at the surface, then down.
@Suite("DeepLog and the Action button")
struct DeepLogTests {
    static let dive = ActionButtonSettings.dive(app: "DeepLog")

    @Test("A3, A6: the first press starts the dive; the start result makes Mark Entry the next action")
    func firstPress() async throws {
        let watch = try await ActionButtonHarness.launch(settings: Self.dive)
        try await watch.press()
        try await watch.advance(by: .seconds(1))
        #expect(watch.performedNames == ["StartDiveLogIntent"])
        watch.expectSession(.running)
        watch.expectNextAction(MarkEntryIntent.self)
        #expect(watch.errors.isEmpty, "the watch showed \(watch.errors)")
    }

    @Test("A6, A8: under water a task donates Mark Depth; a press and Action + side both run it")
    func nextActionUnderWater() async throws {
        let watch = try await ActionButtonHarness.launch(settings: Self.dive)
        try await watch.press()
        try await watch.advance(by: .seconds(10))
        try await watch.press()
        #expect(watch.performed.last?.name == "MarkEntryIntent")

        try await watch.advance(to: .seconds(90))
        watch.expectNextAction(MarkDepthIntent.self)
        let donation = watch.events.first { event in
            if case .donation(let intent, _) = event.kind { intent.name == "MarkDepthIntent" } else { false }
        }
        #expect(donation != nil, "DiveManager donated nothing when CoreMotion reported the watch submerged")

        try await watch.press()
        try await watch.advance(by: .seconds(10))
        try await watch.pressBoth()
        try await watch.advance(by: .seconds(1))
        #expect(Array(watch.performedNames.suffix(2)) == ["MarkDepthIntent", "MarkDepthIntent"])
        #expect(watch.performed.last?.role == .nextAction)
        #expect(watch.markers.count == 3)
    }
}
