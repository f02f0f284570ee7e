import Simulation
import Testing

/// The stall watchdog counts time without progress, not wall time (issue 29): on a busy
/// machine app work may wait long for a CPU, and that must not fail a replay or a test.
@Suite("The stall watchdog's clock")
struct StallClockTests {
    private static let second: Int64 = 1_000_000_000

    /// Readings every 200 ms (as the watchdog checks), `cpuShare` of one CPU used in each.
    private func run(_ clock: inout StallClock, seconds: Int64, cpuShare: Double, from start: StallClock.Progress)
        -> (stalledAfter: Int64?, last: StallClock.Progress) {
        var now = start
        let step = Self.second / 5
        for index in 1...(seconds * 5) {
            now = StallClock.Progress(wall: now.wall + step, cpu: now.cpu + Int64(Double(step) * cpuShare))
            if clock.advance(to: now) { return (index * step, now) }
        }
        return (nil, now)
    }

    @Test("An idle process stalls after the limit")
    func idleStalls() {
        let start = StallClock.Progress(wall: 5 * Self.second, cpu: Self.second)
        var clock = StallClock(limit: 30 * Self.second, now: start)
        #expect(run(&clock, seconds: 60, cpuShare: 0.01, from: start).stalledAfter == 30 * Self.second)
    }

    @Test("A process that keeps using CPU (starved work, tests beside it) does not stall within the limit")
    func busyDoesNotStall() {
        let start = StallClock.Progress(wall: 0, cpu: 0)
        var clock = StallClock(limit: 30 * Self.second, now: start)
        #expect(run(&clock, seconds: 120, cpuShare: 0.3, from: start).stalledAfter == nil)
    }

    @Test("Progress starts the count again: idle stretches shorter than the limit never add up")
    func progressResets() {
        var now = StallClock.Progress(wall: 0, cpu: 0)
        var clock = StallClock(limit: 30 * Self.second, now: now)
        for _ in 0..<4 {
            let idle = run(&clock, seconds: 20, cpuShare: 0, from: now)
            #expect(idle.stalledAfter == nil)
            let busy = run(&clock, seconds: 1, cpuShare: 0.5, from: idle.last)
            #expect(busy.stalledAfter == nil)
            now = busy.last
        }
        #expect(clock.idle == 0)
    }

    @Test("A process starved of CPU by others is not idle: no stall while the machine has no CPU to spare, until the wall cap")
    func starvedIsNotIdle() {
        // Two CPUs: a quiet process on a machine with both CPUs idle stalls at the limit ...
        var now = StallClock.Progress(wall: 0, cpu: 0, machineIdle: 0)
        var quiet = StallClock(limit: 2 * Self.second, now: now)
        var stalledAfter: Int64?
        for index in 1...100 where stalledAfter == nil {
            now = StallClock.Progress(wall: now.wall + Self.second / 5, cpu: now.cpu, machineIdle: now.machineIdle! + 2 * Self.second / 5)
            if quiet.advance(to: now) { stalledAfter = Int64(index) * Self.second / 5 }
        }
        #expect(stalledAfter == 2 * Self.second)
        // ... one that gets 1% of a CPU while the machine has none spare (the tests' child
        // processes take both) is waiting for a CPU: only the wall cap (a minute) ends it.
        now = StallClock.Progress(wall: 0, cpu: 0, machineIdle: 0)
        var starved = StallClock(limit: 2 * Self.second, now: now)
        stalledAfter = nil
        for index in 1...400 where stalledAfter == nil {
            now = StallClock.Progress(wall: now.wall + Self.second / 5, cpu: now.cpu + Self.second / 500,
                                      machineIdle: now.machineIdle! + Self.second / 100)
            if starved.advance(to: now) { stalledAfter = Int64(index) * Self.second / 5 }
        }
        #expect(stalledAfter == 60 * Self.second)
    }

    @Test("Work that spins forever is a stall at ten times the limit of wall time, and never before a minute")
    func spinningIsCapped() {
        let start = StallClock.Progress(wall: 0, cpu: 0)
        var clock = StallClock(limit: 30 * Self.second, now: start)
        #expect(run(&clock, seconds: 400, cpuShare: 1, from: start).stalledAfter == 300 * Self.second)
        // A test's 200 ms limit: a loaded machine's slow work has a minute, not 2 s (a
        // make test-loaded run failed so, the intent computing on one CPU of three takers).
        var short = StallClock(limit: Self.second / 5, now: start)
        #expect(run(&short, seconds: 100, cpuShare: 1, from: start).stalledAfter == 60 * Self.second)
    }
}
