import Foundation
import Testing
import TestSupport

/// The tests' own watchdog for a child that should end (`ChildProcess.Watchdog`): it goes by
/// the child's progress, never the wall clock, so that a busy CI runner, which only slows a
/// child down, fails no test, while a child that hangs or spins is still stopped.
@Suite("The tests' watchdog measures progress, not time")
struct WatchdogTests {
    @Test("A child asleep with nothing written is stopped once the watchdog's asleep time has passed")
    func asleep() async throws {
        let child = try ChildProcess("/bin/sleep", ["1000"])
        let result = await child.wait(watchdog: .ending(within: 1))
        #expect(result.timedOut && result.reason == .uncaughtSignal && result.status == SIGKILL)
    }

    @Test("A child that spins is stopped once it has used the watchdog's CPU time")
    func spinning() async throws {
        let child = try ChildProcess("/usr/bin/yes", [], stdout: .discard)
        let result = await child.wait(watchdog: ChildProcess.Watchdog(asleep: 600, cpu: 1))
        #expect(result.timedOut && result.status == SIGKILL)
    }

    @Test("A child that writes now and then, asleep in between for longer in all than the asleep time, ends by itself")
    func writing() async throws {
        // Fifteen lines 0.2 s apart: 3 s in all, never 1 s without a line.
        let child = try ChildProcess("/bin/sh", ["-c", "for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do echo $i; sleep 0.2; done"])
        let result = await child.wait(watchdog: .ending(within: 1))
        #expect(!result.timedOut && result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 15)
    }
}
