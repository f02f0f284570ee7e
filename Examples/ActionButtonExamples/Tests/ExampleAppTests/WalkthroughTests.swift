import ActionButtonHarness
import Testing
@testable import WorkoutApp

// The test the README's walk-through ends with, word for word, so the README cannot drift.
@Test("A6: after the first press, each press marks a lap")
func lapsAfterStart() async throws {
    let watch = try ActionButtonHarness(app: myWorkoutApp,
                                        settings: .workout(app: "MyWorkoutApp", firstPress: "running"))
    try await watch.press()                       // launches the app, performs MyStartWorkoutIntent
    watch.expectNextAction(MarkLapIntent.self)     // donated by the task perform() scheduled
    try await watch.advance(by: .seconds(60))      // virtual time: returns at once
    try await watch.press()
    watch.expectPerformed(MarkLapIntent.self, role: .nextAction)
    #expect(watch.markers.map(\.kind) == ["lap"])
}
