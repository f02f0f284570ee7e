import ActionButtonCore
import LiveLoop
import Testing

/// Where a kernel stamp lands on a live run's time line: each rule of the live loop's
/// mapping, without a live run.
@Suite("Kernel stamps on the run's time line (P4, S3)")
struct KernelTimelineTests {
    let timeline = KernelTimeline(origin: Timestamp(nanoseconds: 5_000_000_000))

    func ms(_ value: Int64) -> Timestamp { Timestamp(nanoseconds: value * 1_000_000) }
    func kernel(_ milliseconds: Int64) -> Int64 { 5_000_000_000 + milliseconds * 1_000_000 }

    @Test("A stamp keeps its time on the run's line, however old: a loop stopped for a minute reads a minute-old edge")
    func keepsItsTime() {
        let placed = timeline.place(kernel(1_000), now: ms(61_000), floor: ms(500))
        #expect(placed == .init(time: ms(1_000), stamped: ms(1_000)))
        #expect(!placed.isLate)
    }

    @Test("A stamp before what the session already passed is logged at that time, and said to be late")
    func neverBeforeTheFloor() {
        let placed = timeline.place(kernel(900), now: ms(1_200), floor: ms(1_000))
        #expect(placed.time == ms(1_000))
        #expect(placed.stamped == ms(900))
        #expect(placed.isLate)
    }

    @Test("A stamp a little after the clock's read is brought back to the present, not logged in the future")
    func neverAfterThePresent() {
        let placed = timeline.place(kernel(1_300), now: ms(1_200), floor: ms(1_000))
        #expect(placed.time == ms(1_200))
        #expect(!placed.isLate)
    }

    @Test("A stamp on another clock (CLOCK_REALTIME from GPIO uAPI v1) is given the present and no stamp")
    func anotherClock() {
        let realtime: Int64 = 1_795_000_000 * 1_000_000_000
        #expect(timeline.place(realtime, now: ms(1_200), floor: ms(1_000)) == .init(time: ms(1_200), stamped: nil))
        #expect(!timeline.isOnThisClock(realtime, now: ms(1_200)))
        // Before the run's start by more than the tolerance: another clock too.
        #expect(!timeline.isOnThisClock(kernel(-1_001), now: ms(1_200)))
        #expect(timeline.isOnThisClock(kernel(-999), now: ms(1_200)))
        #expect(timeline.isOnThisClock(kernel(2_200), now: ms(1_200)))
        #expect(!timeline.isOnThisClock(kernel(2_201), now: ms(1_200)))
    }

    @Test("The present after a last read is the newest edge stamped after the clock was read, within a second")
    func presentAfterTheLastRead() {
        #expect(timeline.present(ms(1_000), after: [kernel(990), kernel(1_004), kernel(1_002)]) == ms(1_004))
        #expect(timeline.present(ms(1_000), after: [kernel(990)]) == ms(1_000))
        #expect(timeline.present(ms(1_000), after: [kernel(2_500)]) == ms(1_000))
        #expect(timeline.present(ms(1_000), after: [Int64]()) == ms(1_000))
    }
}
