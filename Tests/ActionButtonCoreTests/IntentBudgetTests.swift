import ActionButtonCore
import Testing

// Issue 24: an intent has 30 seconds in the background (Apple's "LongRunningIntent" page);
// a LongRunningIntent that asks for more (performBackgroundTask) may run past them, while a
// start intent's session must still start within the start deadline (A5).
@Suite("Intent time budget and LongRunningIntent (A5, A6)")
struct IntentBudgetTests {
    /// A session with MarkLapIntent as its next action, and a press that runs it at 10 s.
    private func runningNextAction() throws -> (ActionButtonSystem, Invocation) {
        var s = try startedSession()
        _ = s.handle(.donated(markLap), at: seconds(2))
        let next = s.handle(press(at: seconds(10)), at: seconds(10)).dispatched[0]
        return (s, next)
    }

    @Test("A6: a next action still performing 30 s after its press is given up: an error, and the button is free again")
    func nextActionPastBudget() throws {
        var (s, next) = try runningNextAction()
        #expect(s.nextDeadline == seconds(40))
        #expect(s.advance(to: seconds(40).advanced(byNanoseconds: -1)).isEmpty)
        let events = s.advance(to: seconds(40))
        #expect(events.errors.map(\.code) == [.intentTimeLimit])
        #expect(events.errors.first?.message.contains("MarkLapIntent did not finish within 30 seconds") == true)
        #expect(s.inFlight.isEmpty)
        // What perform() returns afterwards is not applied.
        #expect(s.handle(.intentReturned(invocation: next.id, actionButtonIntent: markSegment), at: seconds(45)).isEmpty)
        #expect(s.nextAction == markLap)
        #expect(s.handle(press(at: seconds(50)), at: seconds(50)).dispatched.map(\.intent) == [markLap])
    }

    @Test("A6: a next action that returns at exactly 30 s is in time")
    func nextActionAtBudget() throws {
        var (s, next) = try runningNextAction()
        let events = s.handle(.intentReturned(invocation: next.id, actionButtonIntent: nil), at: seconds(40))
        #expect(events.errors.isEmpty)
        #expect(s.nextDeadline == nil)
    }

    @Test("A6: a long-running task extends the budget: the intent may return after 30 s")
    func extendedNextAction() throws {
        var (s, next) = try runningNextAction()
        _ = s.handle(.runtimeExtended(invocation: next.id), at: seconds(11))
        #expect(s.nextDeadline == nil)
        #expect(s.advance(to: seconds(100)).isEmpty)
        let events = s.handle(.intentReturned(invocation: next.id, actionButtonIntent: markSegment), at: seconds(100))
        #expect(events.errors.isEmpty)
        #expect(s.nextAction == markSegment)
    }

    @Test("A5: a long-running start intent that starts its session in time meets the deadline before it returns")
    func extendedStartMet() throws {
        var s = try system()
        let first = s.handle(press(at: seconds(0)), at: seconds(0)).dispatched[0]
        _ = s.handle(.runtimeExtended(invocation: first.id), at: seconds(1))
        let events = s.handle(.session(.started(.workout)), at: seconds(5))
        #expect(events.contains(.startResolved(first, .met(after: .seconds(5)))))
        #expect(s.advance(to: seconds(60)).errors.isEmpty)
        #expect(s.handle(.intentReturned(invocation: first.id, actionButtonIntent: markLap), at: seconds(90)).errors.isEmpty)
        #expect(s.nextAction == markLap)
    }

    @Test("A5: the start deadline still applies to a long-running start intent's session")
    func extendedStartMissed() throws {
        var s = try system()
        let first = s.handle(press(at: seconds(0)), at: seconds(0)).dispatched[0]
        _ = s.handle(.runtimeExtended(invocation: first.id), at: seconds(1))
        let events = s.advance(to: seconds(30))
        #expect(events.contains(.startResolved(first, .missed(returned: false, sessionStarted: false))))
        #expect(events.errors.map(\.code) == [.startDeadline])
    }

    @Test("A5: without the extension a start intent must also return within 30 s, and is never given up on")
    func plainStartStillNeedsReturn() throws {
        var s = try system()
        let first = s.handle(press(at: seconds(0)), at: seconds(0)).dispatched[0]
        _ = s.handle(.session(.started(.workout)), at: seconds(5))
        let events = s.advance(to: seconds(30))
        #expect(events.contains(.startResolved(first, .missed(returned: false, sessionStarted: true))))
        #expect(!events.errors.map(\.code).contains(.intentTimeLimit))
        #expect(s.inFlight.map(\.id) == [first.id])
    }
}
