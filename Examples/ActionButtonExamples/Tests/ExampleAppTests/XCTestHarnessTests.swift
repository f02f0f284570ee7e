import ActionButtonHarness
import XCTest
@testable import WorkoutApp

/// The harness from XCTest: `expect…` reports through XCTFail here, `check…` returns the
/// failure for XCTAssert.
final class WorkoutAppXCTests: XCTestCase {
    func testFirstPressThenLap() async throws {
        let watch = try ActionButtonHarness(app: myWorkoutApp, settings: .workout(app: "MyWorkoutApp", firstPress: "running"))
        try await watch.press()
        XCTAssertNil(watch.checkNextAction(MarkLapIntent.self))
        try await watch.advance(by: .seconds(60))
        try await watch.press()
        watch.expectPerformed(MarkLapIntent.self, role: .nextAction, count: 1)
        XCTAssertEqual(watch.markers.map(\.kind), ["lap"])
    }
}
