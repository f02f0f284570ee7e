import ActionButtonCore
import ActionButtonHarness
import AppIntents
import Testing
@testable import DiveApp
@testable import WorkoutApp

/// Apple's workout example, pressed on a simulated watch: one test (at least) per rule.
@Suite("MyWorkoutApp on the Action button")
struct WorkoutRuleTests {
    @Test("A1: both apps are offered as soon as they are installed, each only for the action it implements")
    func offeredByIntent() throws {
        var registry = AppRegistry()
        try registry.install(myWorkoutApp.installedApp)
        try registry.install(myDiveApp.installedApp)
        #expect(registry.workoutApps.map(\.name) == ["MyWorkoutApp"])
        #expect(registry.diveApps.map(\.name) == ["MyDiveApp"])
        #expect(throws: AppRegistry.ConfigurationError.notADiveApp("MyWorkoutApp")) {
            try ActionButtonHarness(apps: [myWorkoutApp, myDiveApp], settings: .dive(app: "MyWorkoutApp"))
        }
        #expect(throws: AppRegistry.ConfigurationError.notAWorkoutApp("MyDiveApp")) {
            try ActionButtonHarness(apps: [myWorkoutApp, myDiveApp], settings: workoutSettings(app: "MyDiveApp"))
        }
        // Offered without ever being launched.
        let watch = try ActionButtonHarness(apps: [myWorkoutApp, myDiveApp], settings: workoutSettings("running"))
        #expect(watch.appPresence == .notRunning)
    }

    @Test("A2: the workout kinds are listed under First Press with the enum's titles and subtitles")
    func firstPressChoices() throws {
        let watch = try ActionButtonHarness(app: myWorkoutApp, settings: workoutSettings())
        #expect(watch.engine.system.app.workout?.suggestedWorkouts == [
            WorkoutOption(id: "walking", title: "Walking", subtitle: "outside walk"),
            WorkoutOption(id: "running", title: "Running", subtitle: "outside run"),
            WorkoutOption(id: "swimming", title: "Swimming", subtitle: "lap swim"),
            WorkoutOption(id: "cycling", title: "Cycling", subtitle: "outside cycling"),
        ])
        #expect(throws: AppRegistry.ConfigurationError.firstPressNotSuggested(
            "rowing", app: "MyWorkoutApp", suggested: ["walking", "running", "swimming", "cycling"])) {
            try ActionButtonHarness(app: myWorkoutApp, settings: workoutSettings("rowing"))
        }
    }

    @Test("A2: after invalidateSuggestedWorkouts() the system rereads the list; a First Press that is gone is reported")
    func invalidatedSuggestions() async throws {
        ChangingSuggestionsIntent.suggest([.walking, .swimming])
        let app = variantApp("ChangingApp", start: ChangingSuggestionsIntent.self)
        let watch = try ActionButtonHarness(app: app, settings: workoutSettings("swimming", app: "ChangingApp"))
        try await watch.runInApp("the app drops swimming") {
            ChangingSuggestionsIntent.suggest([.cycling, .running])
            ChangingSuggestionsIntent.invalidateSuggestedWorkouts()
        }
        watch.expectError(.firstPressUnavailable)
        #expect(watch.engine.system.app.workout?.suggestedWorkouts.map(\.id) == ["cycling", "running"])
        // The next first press starts the first suggestion, as Settings would now show it.
        try await watch.press()
        watch.expectPerformed(ChangingSuggestionsIntent.self, role: .start(workoutStyle: "cycling"))
    }

    @Test("A3: a first press launches the app, then performs the start intent with the First Press workout")
    func firstPress() async throws {
        let watch = try ActionButtonHarness(app: myWorkoutApp, settings: workoutSettings("swimming"))
        try await watch.press()
        #expect(watch.appPresence == .foreground)
        #expect(watch.performed.map(\.description) == ["MyStartWorkoutIntent(workoutStyle: swimming) as start(swimming) at 0:00:00.000"])
        let launch = watch.events.firstIndex { if case .system(.appLaunched) = $0.kind { true } else { false } }
        let perform = watch.events.firstIndex { if case .performing = $0.kind { true } else { false } }
        #expect(launch != nil && perform != nil && launch! < perform!)
        watch.expectSession(.running)
        // Apple's startWorkout(type:) configured the session for a pool swim.
        #expect(watch.appLog.contains("*** Should be starting a workout of type swimming ***"))
    }

    @Test("A4: an app that never asked for health data is only launched; once it has asked, the start intent runs")
    func neverAuthorized() async throws {
        var app = myWorkoutApp
        app.healthAuthorization = .never
        let watch = try ActionButtonHarness(app: app, settings: workoutSettings("running"))
        try await watch.press()
        #expect(watch.performedNames.isEmpty)
        #expect(watch.appPresence == .foreground)
        #expect(watch.events.contains { if case .system(.performSkipped) = $0.kind { true } else { false } })

        // The wearer opens the app, which asks (Apple's requestAuthorization()).
        try await watch.runInApp("the app asks for authorization") {
            Task { await currentWorkoutManager()?.requestAuthorization() }
        }
        try await watch.advance(by: .seconds(10))
        try await watch.press()
        watch.expectPerformed(MyStartWorkoutIntent.self, count: 1)
        watch.expectSession(.running)
    }

    @Test("A5: Apple's start intent starts the session and returns within 30 seconds")
    func deadlineMet() async throws {
        let watch = try ActionButtonHarness(app: myWorkoutApp, settings: workoutSettings("running"))
        try await watch.press()
        #expect(watch.startOutcomes == [.met(after: .zero)])
        try await watch.advance(by: .seconds(60))
        watch.expectNoErrors()
    }

    @Test("A5: a start that takes 31 simulated seconds shows an error; the app stays in the foreground; no test waits 31 s")
    func deadlineMissed() async throws {
        let started = ContinuousClock.now
        let watch = try ActionButtonHarness(app: variantApp("SlowApp", start: SlowStartIntent.self),
                                            settings: workoutSettings(app: "SlowApp"))
        try await watch.press()
        try await watch.advance(by: .seconds(29))
        watch.expectNoErrors()
        try await watch.advance(by: .seconds(2))
        watch.expectError(.startDeadline)
        #expect(watch.appPresence == .foreground)
        // Functional, not a speed target: waiting 31 real seconds would mean time was not virtual.
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test("A5: a start that returns without a session shows an error; at wrist-down the app goes to the background")
    func noSession() async throws {
        let watch = try ActionButtonHarness(app: variantApp("ForgetfulApp", start: ForgetfulStartIntent.self),
                                            settings: workoutSettings(app: "ForgetfulApp"))
        try await watch.press()
        try await watch.advance(by: .seconds(30))
        #expect(watch.startOutcomes == [.missed(returned: true, sessionStarted: false)])
        watch.expectError(.startDeadline)
        #expect(watch.appPresence == .foreground)
        try await watch.wristDown()
        #expect(watch.appPresence == .background)
    }

    @Test("A5: a start intent that throws shows an error at once")
    func startThrows() async throws {
        let watch = try ActionButtonHarness(app: variantApp("ThrowingApp", start: ThrowingStartIntent.self),
                                            settings: workoutSettings(app: "ThrowingApp"))
        try await watch.press()
        watch.expectError(.startFailed)
        #expect(watch.errors.first?.message == "ThrowingApp could not start: ThrowingStartIntent threw: the workout configuration is invalid")
    }

    @Test("A5: with a session the app stays in the foreground at wrist-down")
    func wristDownWithSession() async throws {
        let watch = try ActionButtonHarness(app: myWorkoutApp, settings: workoutSettings("running"))
        try await watch.press()
        try await watch.wristDown()
        #expect(watch.appPresence == .foreground)
    }

    @Test("A6: the task Apple's start intent schedules donates Mark Lap; every later press marks a lap")
    func nextActionIsDonated() async throws {
        let watch = try ActionButtonHarness(app: myWorkoutApp, settings: workoutSettings("running"))
        try await watch.press()
        watch.expectNextAction(MarkLapIntent.self)
        for minute in 1...3 {
            try await watch.advance(to: .seconds(60 * minute))
            try await watch.press()
        }
        watch.expectPerformed(MarkLapIntent.self, role: .nextAction, count: 3)
        #expect(watch.markers.map(\.kind) == ["lap", "lap", "lap"])
        watch.expectNoErrors()
    }

    @Test("A6: a new donation replaces the next action; the next press runs the new one")
    func donationReplaces() async throws {
        let watch = try ActionButtonHarness(app: variantApp("SegmentApp", start: MyStartWorkoutIntent.self),
                                            settings: workoutSettings(app: "SegmentApp"))
        try await watch.press()
        watch.expectNextAction(MarkLapIntent.self)
        try await watch.runInApp("the app donates Mark Segment") {
            Task { try await MyStartWorkoutIntent().donate(result: .result(actionButtonIntent: MarkSegmentIntent())) }
        }
        watch.expectNextAction(MarkSegmentIntent.self)
        try await watch.advance(by: .seconds(30))
        try await watch.press()
        #expect(watch.performedNames == ["MyStartWorkoutIntent", "MarkSegmentIntent"])
    }

    @Test("A7: Action and side together pause the running workout, then resume it")
    func pauseAndResume() async throws {
        let watch = try ActionButtonHarness(app: myWorkoutApp, settings: workoutSettings("walking"))
        try await watch.press()
        try await watch.advance(by: .seconds(60))
        try await watch.pressBoth()
        watch.expectPerformed(MyPauseWorkoutIntent.self, role: .pause)
        watch.expectSession(.paused)
        try await watch.advance(by: .seconds(60))
        try await watch.pressBoth()
        watch.expectPerformed(MyResumeWorkoutIntent.self, role: .resume)
        watch.expectSession(.running)
        // The press recognizer turns the two buttons into one `both` gesture (P3).
        try await watch.advance(by: .seconds(60))
        try await watch.button(.action, .down)
        try await watch.advance(by: .milliseconds(40))
        try await watch.button(.side, .down)
        try await watch.advance(by: .milliseconds(100))
        try await watch.button(.side, .up)
        try await watch.button(.action, .up)
        watch.expectPerformed(MyPauseWorkoutIntent.self, role: .pause, count: 2)
        watch.expectSession(.paused)
    }

    @Test("A7: without a pause intent, Action and side together are ignored")
    func noPauseIntent() async throws {
        let app = variantApp("NoPauseApp", start: MyStartWorkoutIntent.self, pause: nil, resume: nil)
        let watch = try ActionButtonHarness(app: app, settings: workoutSettings(app: "NoPauseApp"))
        try await watch.press()
        try await watch.pressBoth()
        watch.expectLastIgnored("no-pause-intent")
        watch.expectSession(.running)
    }

    @Test("A10: a press while the start intent performs is ignored as busy; with no next action, as no-next-action")
    func busyAndNoNextAction() async throws {
        let slow = try ActionButtonHarness(app: variantApp("DelayedApp", start: DelayedStartIntent.self),
                                           settings: workoutSettings(app: "DelayedApp"))
        try await slow.press()
        try await slow.advance(by: .seconds(1))
        try await slow.press()
        slow.expectLastIgnored("busy")
        try await slow.advance(by: .seconds(2))
        slow.expectNextAction(MarkLapIntent.self)

        let silent = try ActionButtonHarness(app: variantApp("SilentApp", start: SilentStartIntent.self),
                                             settings: workoutSettings(app: "SilentApp"))
        try await silent.press()
        try await silent.advance(by: .seconds(5))
        try await silent.press()
        silent.expectLastIgnored("no-next-action")
        #expect(silent.performedNames == ["SilentStartIntent"])
    }

    @Test("A11: ending the session clears the next action; the next press is a first press again")
    func endClearsNextAction() async throws {
        let watch = try ActionButtonHarness(app: myWorkoutApp, settings: workoutSettings("running"))
        try await watch.press()
        try await watch.advance(by: .seconds(60))
        try await watch.endSession()
        watch.expectSession(.none)
        watch.expectNoNextAction()
        try await watch.advance(by: .seconds(60))
        try await watch.press()
        watch.expectPerformed(MyStartWorkoutIntent.self, role: .start(workoutStyle: "running"), count: 2)
        watch.expectNextAction(MarkLapIntent.self)
    }

    @Test("A11: the app's own logic can end the session (HKWorkoutSession.end())")
    func appEndsSession() async throws {
        let watch = try ActionButtonHarness(app: myWorkoutApp, settings: workoutSettings("running"))
        try await watch.press()
        try await watch.runInApp("the app ends the workout") {
            Task { await currentWorkoutManager()?.session?.end() }
        }
        watch.expectSession(.none)
        watch.expectNoNextAction()
    }

    @Test("A12: the side button alone, a hold (the Siren) and other keys run no intent")
    func ignoredInputs() async throws {
        let watch = try ActionButtonHarness(app: myWorkoutApp, settings: workoutSettings("running"))
        try await watch.press()
        try await watch.pressSide()
        try await watch.hold()
        try await watch.press(key: "KEY_VOLUMEUP")
        #expect(watch.ignored == ["side-button", "siren", "other-key"])
        #expect(watch.performedNames == ["MyStartWorkoutIntent"])
        watch.expectNextAction(MarkLapIntent.self)
    }

    @Test("S2: Apple's example gives the same log in 50 runs")
    func repeatable() async throws {
        func run() async throws -> [String] {
            let watch = try ActionButtonHarness(app: myWorkoutApp, settings: workoutSettings("cycling"))
            try await watch.press()
            try await watch.advance(by: .seconds(60))
            try await watch.press()
            try await watch.pressBoth()
            try await watch.pressBoth()
            return watch.jsonLines
        }
        let first = try await run()
        for _ in 1..<50 { #expect(try await run() == first) }
    }
}
