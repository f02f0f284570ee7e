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

    @Test("S2: times compared in one message get the digits that tell them apart, cut as the timeline's are")
    func digitsThatTellApart() {
        #expect(TimeFormat.digits(toTellApart: [3_640_000_000, 3_640_001_000]) == 6)
        #expect(TimeFormat.digits(toTellApart: [3_640_000_000, 3_641_000_000, 3_640_000_000]) == 3)
        #expect(TimeFormat.digits(toTellApart: [1, 2]) == 9)
        #expect(TimeFormat.digits(toTellApart: []) == 3)
        #expect(TimeFormat.digits(toTellApart: [1_200_000_000], writingExactly: [7_499_999_900]) == 7)
        #expect(TimeFormat.clock(3_640_001_000, digits: 6) == "0:00:03.640001")
        #expect(TimeFormat.clock(3_640_001_999, digits: 6) == "0:00:03.640001")
        #expect(TimeFormat.clock(-1, digits: 9) == "-0:00:00.000000001")
        #expect(TimeFormat.clock(.min, digits: 9) == "-2562047:47:16.854775808")
    }

    @Test("T1: summaries and plots round to the second, one formatter for both styles")
    func wholeSeconds() {
        #expect(TimeFormat.wholeSeconds(.milliseconds(303_400)) == "0:05:03")
        #expect(TimeFormat.wholeSeconds(.milliseconds(303_600), shortUnderAnHour: true) == "5:04")
        #expect(TimeFormat.wholeSeconds(.seconds(36_000), shortUnderAnHour: true) == "10:00:00")
        #expect(TimeFormat.wholeSeconds(.seconds(-1), shortUnderAnHour: true) == "-0:01")
        #expect(TimeFormat.wholeSeconds(.seconds(Int64.max)) == "2555555555555555:33:20")  // capped, never a trap
    }
}
