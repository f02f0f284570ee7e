import ActionButtonCore
import Testing

@Suite("Time format")
struct TimeFormatTests {
    @Test("T4: timeline times stay readable for 10-hour sessions and sub-second events")
    func clock() {
        #expect(TimeFormat.clock(36_000_000_000_000) == "10:00:00.000")
        #expect(TimeFormat.clock(1_290_000_000) == "0:00:01.290")
        #expect(TimeFormat.duration(.milliseconds(250)) == "250ms")
        #expect(TimeFormat.duration(.seconds(3_725)) == "1h2m5s")
    }
}
