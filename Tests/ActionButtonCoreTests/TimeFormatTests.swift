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

    @Test("Any time can be written, the extremes too (a damaged store held Int64.min; the fuzzer found it)")
    func extremes() {
        #expect(TimeFormat.clock(.min) == "-2562047:47:16.854")
        #expect(TimeFormat.clock(.max) == "2562047:47:16.854")
        #expect(Timestamp(nanoseconds: .min).description == "-2562047:47:16.854")
        #expect(TimeFormat.duration(.nanoseconds(Int64.min)) == "-2562047h47m16s")
        #expect(TimeFormat.duration(.nanoseconds(-1_500_000)) == "-1.5ms")
    }
}
