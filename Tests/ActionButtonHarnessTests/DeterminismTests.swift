import ActionButtonCore
import ActionButtonHarness
import AppIntents
import Simulation
import Testing

/// Virtual time moves only when all app work is finished or asleep, and reports made at one
/// instant come in a fixed order; so one scenario gives one log, run after run (S2).
@Suite("Determinism of app work the harness did not launch")
struct DeterminismTests {
    /// One run of an app: first press, then a press a minute later; the whole log.
    func run(_ app: AppDefinition) async throws -> (log: [String], nextAction: String?, performed: [String]) {
        let watch = try ActionButtonHarness(app: app, settings: settings())
        try await watch.press()
        let nextAction = watch.nextAction?.name
        try await watch.advance(by: .seconds(60))
        try await watch.press()
        return (watch.jsonLines, nextAction, watch.performedNames)
    }

    @Test("S2/A6: a task the start intent schedules donates after perform() returns, the same way in 50 runs")
    func racingDonationsAreOrdered() async throws {
        let first = try await run(workoutApp(RacingDonationsIntent.self))
        // perform() returned MarkB; the task it scheduled then donated MarkA, which replaced it.
        #expect(first.nextAction == "MarkAIntent")
        #expect(first.performed == ["RacingDonationsIntent", "MarkAIntent"])
        for _ in 1..<50 {
            let again = try await run(workoutApp(RacingDonationsIntent.self))
            #expect(again.log == first.log)
        }
    }

    @Test("A6: at one instant an intent's own result comes before what the tasks it scheduled donate, whichever ran first")
    func resultBeforeScheduledDonation() async throws {
        let run = try await run(workoutApp(LateReturnIntent.self))
        #expect(run.nextAction == "MarkAIntent")
        #expect(run.performed == ["LateReturnIntent", "MarkAIntent"])
    }

    @Test("A6: the harness waits for a scheduled task that works on real time, and its donation lands at the press")
    func slowScheduledTaskIsWaitedFor() async throws {
        let watch = try ActionButtonHarness(app: workoutApp(SlowScheduledTaskIntent.self), settings: settings())
        // The task works on real time: on a machine loaded by a whole parallel test run it
        // once took over the default 30 s to be scheduled.
        watch.stallLimit = .seconds(300)
        try await watch.press()
        // No time passed on the engine's clock: the task held it still until it finished.
        #expect(watch.now == .zero)
        watch.expectNextAction(MarkAIntent.self)
        let donation = watch.events.first { if case .donation = $0.kind { true } else { false } }
        #expect(donation?.time == .zero)
    }

    @Test("A3: the app's launch finishes (with the tasks it started) before the start intent performs, in 50 runs")
    func launchWorkComesFirst() async throws {
        for _ in 0..<50 {
            let app = workoutApp(LoggingStartIntent.self, didFinishLaunching: {
                Task { ActionButtonRuntime.host?.log("launch task runs") }
            })
            let watch = try ActionButtonHarness(app: app, settings: settings())
            try await watch.press()
            #expect(watch.appLog == ["launch task runs", "perform runs"])
        }
    }

    @Test("A task scheduled by an intent that sleeps on the simulated clock fails at once, with a warning in the log")
    func untrackedSleepIsRefused() async throws {
        let watch = try ActionButtonHarness(app: workoutApp(SleepingScheduledTaskIntent.self), settings: settings())
        try await watch.press()
        #expect(watch.warnings.contains { $0.contains("sleeps on the simulated clock") })
        #expect(watch.appLog.contains { $0.hasPrefix("scheduled task: a task started with Task { }") })
        watch.expectSession(.running)
    }

    @Test("An intent waiting on real time stalls virtual time: the step fails and names the intent")
    func realTimeWaitIsReported() async throws {
        let watch = try ActionButtonHarness(app: workoutApp(RealTimeStartIntent.self), settings: settings())
        watch.stallLimit = .milliseconds(200)
        do {
            try await watch.press()
            Issue.record("press() returned although the intent was still waiting on real time")
        } catch let stall as SimulationEngine.Stall {
            #expect(stall.busy.contains("RealTimeStartIntent"))
            #expect(stall.description.contains("ActionButtonClock"))
        }
    }

    @Test("A slow machine is not a stall: an intent that computes for longer than the stall limit of real time finishes (issue 29)")
    func computingIsNotAStall() async throws {
        let watch = try ActionButtonHarness(app: workoutApp(ComputingStartIntent.self), settings: settings())
        watch.stallLimit = .milliseconds(200)
        try await watch.press()
        try await watch.advance(by: .seconds(1))
        #expect(watch.performedNames == ["ComputingStartIntent"])
        watch.expectSession(.running)
    }

    @Test("Each simulated watch has its own @Dependency objects, even when eight run at once")
    func dependenciesArePerWatch() async throws {
        try await withThrowingTaskGroup(of: [String].self) { group in
            for index in 0..<8 {
                group.addTask {
                    let app = workoutApp(TaggedStartIntent.self, didFinishLaunching: {
                        AppDependencyManager.shared.add { WatchTag("watch \(index)") }
                    })
                    let watch = try ActionButtonHarness(app: app, settings: settings())
                    try await watch.press()
                    #expect(watch.appLog == ["perform sees watch \(index)", "scheduled task sees watch \(index)"])
                    return watch.appLog
                }
            }
            var seen = 0
            for try await _ in group { seen += 1 }
            #expect(seen == 8)
        }
    }
}
