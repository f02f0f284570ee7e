import ActionButtonCore
import Testing

/// What the harness's next-action checks rest on: the system keeps one next action, the
/// latest donated, whatever path donated it (A6), and a session's end clears it (A11).
@Suite("Next action replacement")
struct NextActionReplacementTests {
    let lap = IntentReference(name: "MarkLapIntent", title: "Mark Lap")
    let segment = IntentReference(name: "MarkSegmentIntent", title: "Mark Segment")
    let start = IntentReference(name: "MyStartWorkoutIntent", title: "Start Workout")

    func system() throws -> ActionButtonSystem {
        var registry = AppRegistry()
        try registry.install(InstalledApp(name: "MyWorkoutApp", workout: .init(
            startIntent: start, suggestedWorkouts: [WorkoutOption(id: "running", title: "Running")])))
        return try ActionButtonSystem(registry: registry, settings: .workout(app: "MyWorkoutApp", firstPress: nil))
    }

    @Test("A6: a donation replaces the result's next action, and a later result replaces the donation")
    func latestWins() throws {
        var system = try system()
        let t0 = Timestamp.zero
        _ = system.handle(.gesture(Gesture(.press, at: t0)), at: t0)
        _ = system.handle(.session(.started(.workout)), at: t0)
        _ = system.handle(.intentReturned(invocation: 1, actionButtonIntent: lap), at: t0)
        #expect(system.nextAction == lap)
        let events = system.handle(.donated(segment), at: t0)
        #expect(system.nextAction == segment)
        #expect(events == [.nextActionChanged(from: lap, to: segment, cause: .donation)])
        // A press now runs the segment, not the lap.
        let press = system.handle(.gesture(Gesture(.press, at: Timestamp.zero.advanced(by: .seconds(60)))), at: Timestamp.zero.advanced(by: .seconds(60)))
        guard case .intentDispatched(let invocation)? = press.first else {
            Issue.record("expected a dispatch, got \(press)")
            return
        }
        #expect(invocation.intent == segment)
        #expect(invocation.role == .nextAction)
    }

    @Test("A6 (ours): deleting the donation in the slot empties it; deleting one a later donation replaced does not")
    func deletedDonation() throws {
        var system = try system()
        _ = system.handle(.gesture(Gesture(.press, at: .zero)), at: .zero)
        _ = system.handle(.session(.started(.workout)), at: .zero)
        _ = system.handle(.donated(lap), at: .zero)
        _ = system.handle(.donated(segment), at: .zero)
        #expect(system.handle(.donationDeleted(lap), at: .zero).isEmpty)
        #expect(system.nextAction == segment)
        let events = system.handle(.donationDeleted(segment), at: .zero)
        #expect(system.nextAction == nil)
        #expect(events == [.nextActionChanged(from: segment, to: nil, cause: .donationDeleted)])
    }

    @Test("A11: ending the session clears the next action; the next press is a first press")
    func endClears() throws {
        var system = try system()
        _ = system.handle(.gesture(Gesture(.press, at: .zero)), at: .zero)
        _ = system.handle(.session(.started(.workout)), at: .zero)
        _ = system.handle(.intentReturned(invocation: 1, actionButtonIntent: lap), at: .zero)
        _ = system.handle(.session(.ended), at: Timestamp.zero.advanced(by: .seconds(10)))
        #expect(system.nextAction == nil)
        let press = system.handle(.gesture(Gesture(.press, at: Timestamp.zero.advanced(by: .seconds(20)))), at: Timestamp.zero.advanced(by: .seconds(20)))
        #expect(press.contains { if case .intentDispatched(let invocation) = $0 { invocation.intent == start } else { false } })
    }
}
