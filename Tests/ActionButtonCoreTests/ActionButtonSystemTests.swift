import ActionButtonCore
import Testing

let start = IntentReference(name: "StartRunIntent", title: "Start Workout")
let markLap = IntentReference(name: "MarkLapIntent", title: "Mark Lap")
let markSegment = IntentReference(name: "MarkSegmentIntent", title: "Mark Segment")
let pauseIntent = IntentReference(name: "PauseRunIntent", title: "Pause Workout")
let resumeIntent = IntentReference(name: "ResumeRunIntent", title: "Resume Workout")
let startDive = IntentReference(name: "StartDiveIntent", title: "Start Dive")
let collect = IntentReference(name: "CollectSubmergedDataIntent", title: "Collect Submerged Data")

func workoutApp(pause: Bool = true, resume: Bool = true, authorized: Bool = true, opensApp: Bool = true) -> InstalledApp {
    InstalledApp(name: "Runner", workout: .init(
        startIntent: start,
        suggestedWorkouts: [WorkoutOption(id: "running", title: "Running", subtitle: "outside run"),
                            WorkoutOption(id: "walking", title: "Walking", subtitle: "outside walk")],
        pauseIntent: pause ? pauseIntent : nil, resumeIntent: resume ? resumeIntent : nil, startOpensApp: opensApp),
        healthAuthorizationRequested: authorized)
}

let diveApp = InstalledApp(name: "Diver", dive: .init(startIntent: startDive))

func system(_ app: InstalledApp = workoutApp(), settings: ActionButtonSettings? = nil) throws -> ActionButtonSystem {
    var registry = AppRegistry()
    try registry.install(app)
    let chosen = settings ?? (app.workout != nil ? .workout(app: app.name, firstPress: "running") : .dive(app: app.name))
    return try ActionButtonSystem(registry: registry, settings: chosen)
}

func seconds(_ s: Double) -> Timestamp { Timestamp(nanoseconds: Int64(s * 1e9)) }
func press(at t: Timestamp) -> ActionButtonSystem.Input { .gesture(Gesture(.press, at: t)) }
func both(at t: Timestamp) -> ActionButtonSystem.Input { .gesture(Gesture(.both, at: t)) }

extension [SystemEvent] {
    var dispatched: [Invocation] { compactMap { if case .intentDispatched(let i) = $0 { i } else { nil } } }
    var ignored: [IgnoreReason] { compactMap { if case .gestureIgnored(_, let r) = $0 { r } else { nil } } }
    var errors: [ShownError] { compactMap { if case .errorShown(let e) = $0 { e } else { nil } } }
}

/// Drives a system through a first press to a running session whose start met its deadline.
func startedSession(_ app: InstalledApp = workoutApp()) throws -> ActionButtonSystem {
    var s = try system(app)
    let first = s.handle(press(at: seconds(0)), at: seconds(0)).dispatched[0]
    _ = s.handle(.session(.started(.workout)), at: seconds(1))
    _ = s.handle(.intentReturned(invocation: first.id, actionButtonIntent: nil), at: seconds(1))
    return s
}

@Suite("Action-button system (A1–A12)")
struct ActionButtonSystemTests {
    @Test("A1: only apps with a start-workout intent are offered as workout apps, only start-dive apps as dive apps")
    func settingsOfferByIntent() throws {
        var registry = AppRegistry()
        try registry.install(workoutApp())
        try registry.install(diveApp)
        #expect(registry.workoutApps.map(\.name) == ["Runner"])
        #expect(registry.diveApps.map(\.name) == ["Diver"])
        #expect(throws: AppRegistry.ConfigurationError.notAWorkoutApp("Diver")) {
            try registry.validate(.workout(app: "Diver", firstPress: nil))
        }
        #expect(throws: AppRegistry.ConfigurationError.notADiveApp("Runner")) {
            try registry.validate(.dive(app: "Runner"))
        }
    }

    @Test("A1: an installed app is offered and works before it was ever launched")
    func offeredWithoutLaunch() throws {
        var s = try system()
        #expect(s.appPresence == .notRunning)
        let events = s.handle(press(at: seconds(0)), at: seconds(0))
        #expect(events.first == .appLaunched(app: "Runner"))
        #expect(events.dispatched.count == 1)
    }

    @Test("A2: First Press must be one of the suggested workouts")
    func firstPressMustBeSuggested() throws {
        var registry = AppRegistry()
        try registry.install(workoutApp())
        #expect(throws: AppRegistry.ConfigurationError.firstPressNotSuggested("swimming", app: "Runner", suggested: ["running", "walking"])) {
            try registry.validate(.workout(app: "Runner", firstPress: "swimming"))
        }
    }

    @Test("A2: when invalidated suggestions drop the First Press, it is reported and the next first press uses the first suggestion")
    func invalidatedFirstPress() throws {
        var s = try system()
        let events = s.handle(.suggestedWorkoutsChanged([WorkoutOption(id: "walking", title: "Walking")]), at: seconds(1))
        #expect(events.errors.map(\.code) == [.firstPressUnavailable])
        #expect(s.firstPressStyle == "walking")
        let dispatched = s.handle(press(at: seconds(2)), at: seconds(2)).dispatched
        #expect(dispatched.first?.role == .start(workoutStyle: "walking"))
    }

    @Test("A2: re-read suggestions that still hold First Press keep it silently")
    func invalidatedKeepsFirstPress() throws {
        var s = try system()
        let events = s.handle(.suggestedWorkoutsChanged([WorkoutOption(id: "walking", title: "Walking"),
                                                         WorkoutOption(id: "running", title: "Running")]), at: seconds(1))
        #expect(events.errors.isEmpty)
        #expect(s.firstPressStyle == "running")
    }

    @Test("A3: the first press launches the app, then performs the start intent with the First Press style")
    func firstPressLaunchesThenPerforms() throws {
        var s = try system()
        let events = s.handle(press(at: seconds(3)), at: seconds(3))
        guard events.count == 2, case .appLaunched = events[0], case .intentDispatched(let invocation) = events[1] else {
            Issue.record("expected launch then dispatch, got \(events)")
            return
        }
        #expect(invocation.intent == start)
        #expect(invocation.role == .start(workoutStyle: "running"))
        #expect(s.appPresence == .foreground)
    }

    @Test("A4: an app that never requested health authorization is only launched; perform() is not called")
    func noAuthorizationMeansLaunchOnly() throws {
        var s = try system(workoutApp(authorized: false))
        let events = s.handle(press(at: seconds(0)), at: seconds(0))
        #expect(events == [.appLaunched(app: "Runner"), .performSkipped(app: "Runner", intent: start)])
        #expect(s.appPresence == .foreground)
        _ = s.handle(.healthAuthorizationRequested, at: seconds(5))
        #expect(s.handle(press(at: seconds(6)), at: seconds(6)).dispatched.count == 1)
    }

    @Test("A5: perform() returning and a session started within 30 s meets the deadline")
    func deadlineMet() throws {
        var s = try system()
        let first = s.handle(press(at: seconds(0)), at: seconds(0)).dispatched[0]
        _ = s.handle(.session(.started(.workout)), at: seconds(2))
        let events = s.handle(.intentReturned(invocation: first.id, actionButtonIntent: nil), at: seconds(2.5))
        #expect(events.contains(.startResolved(first, .met(after: .milliseconds(2500)))))
        #expect(s.nextDeadline == nil)
    }

    @Test("A5: returning exactly at 30 s is still in time")
    func deadlineBoundary() throws {
        var s = try system()
        let first = s.handle(press(at: seconds(0)), at: seconds(0)).dispatched[0]
        _ = s.handle(.session(.started(.workout)), at: seconds(10))
        let events = s.handle(.intentReturned(invocation: first.id, actionButtonIntent: nil), at: seconds(30))
        #expect(events.contains(.startResolved(first, .met(after: .seconds(30)))))
    }

    @Test("A5: no return within 30 s shows the start-deadline error and keeps the app in the foreground")
    func deadlineMissedNoReturn() throws {
        var s = try system()
        _ = s.handle(press(at: seconds(0)), at: seconds(0))
        #expect(s.nextDeadline == seconds(30))
        #expect(s.advance(to: seconds(29.999)).isEmpty)
        let events = s.advance(to: seconds(30))
        #expect(events.errors.map(\.code) == [.startDeadline])
        #expect(events.errors.first?.message.contains("did not return") == true)
        #expect(s.appPresence == .foreground)
    }

    @Test("A5: returning without starting a session fails at the deadline, not before")
    func deadlineMissedNoSession() throws {
        var s = try system()
        let first = s.handle(press(at: seconds(0)), at: seconds(0)).dispatched[0]
        #expect(s.handle(.intentReturned(invocation: first.id, actionButtonIntent: nil), at: seconds(1)).errors.isEmpty)
        let events = s.advance(to: seconds(30))
        #expect(events.contains(.startResolved(first, .missed(returned: true, sessionStarted: false))))
        #expect(events.errors.first?.message.contains("did not start a session") == true)
    }

    @Test("A5: a start intent that throws shows an error at once")
    func startThrows() throws {
        var s = try system()
        let first = s.handle(press(at: seconds(0)), at: seconds(0)).dispatched[0]
        let events = s.handle(.intentThrew(invocation: first.id, message: "no HealthKit"), at: seconds(1))
        #expect(events.errors.map(\.code) == [.startFailed])
        #expect(events.contains(.startResolved(first, .threw("no HealthKit"))))
        #expect(s.nextDeadline == nil)
    }

    @Test("A5: with no session the app goes to the background at the next wrist-down; with a session it stays")
    func wristDown() throws {
        var failed = try system()
        _ = failed.handle(press(at: seconds(0)), at: seconds(0))
        _ = failed.advance(to: seconds(30))
        let events = failed.handle(.wristDown, at: seconds(40))
        #expect(events.contains(.appMovedToBackground(app: "Runner")))
        #expect(failed.appPresence == .background)

        var running = try startedSession()
        #expect(running.handle(.wristDown, at: seconds(40)) == [.wristDown(appStaysForeground: true)])
        #expect(running.appPresence == .foreground)
    }

    @Test("A6: each further press runs the most recently donated intent; a new donation replaces the old")
    func nextActionFollowsLatestDonation() throws {
        var s = try startedSession()
        _ = s.handle(.donated(markLap), at: seconds(2))
        let lap = s.handle(press(at: seconds(60)), at: seconds(60)).dispatched
        #expect(lap.map(\.intent) == [markLap])
        #expect(lap.first?.role == .nextAction)
        _ = s.handle(.intentReturned(invocation: lap[0].id, actionButtonIntent: nil), at: seconds(60.1))
        _ = s.handle(.donated(markSegment), at: seconds(61))
        #expect(s.nextAction == markSegment)
        #expect(s.handle(press(at: seconds(120)), at: seconds(120)).dispatched.map(\.intent) == [markSegment])
    }

    @Test("A6: a result's actionButtonIntent becomes the next action, whichever path donated it")
    func resultDonation() throws {
        var s = try system()
        let first = s.handle(press(at: seconds(0)), at: seconds(0)).dispatched[0]
        _ = s.handle(.session(.started(.workout)), at: seconds(1))
        let events = s.handle(.intentReturned(invocation: first.id, actionButtonIntent: markLap), at: seconds(1))
        #expect(events.contains(.nextActionChanged(from: nil, to: markLap, cause: .result(of: start))))
        _ = s.handle(.donated(markSegment), at: seconds(5))
        #expect(s.nextAction == markSegment)
    }

    @Test("A7: Action + side pauses a running workout and resumes a paused one")
    func pauseAndResume() throws {
        var s = try startedSession()
        let pause = s.handle(both(at: seconds(10)), at: seconds(10)).dispatched
        #expect(pause.map(\.role) == [.pause])
        _ = s.handle(.session(.paused), at: seconds(10.1))
        _ = s.handle(.intentReturned(invocation: pause[0].id, actionButtonIntent: nil), at: seconds(10.1))
        #expect(s.session == .paused)
        let resume = s.handle(both(at: seconds(20)), at: seconds(20)).dispatched
        #expect(resume.map(\.role) == [.resume])
        #expect(resume.first?.intent == resumeIntent)
    }

    @Test("A7: without a pause-workout intent the simultaneous press is ignored")
    func noPauseIntent() throws {
        var s = try startedSession(workoutApp(pause: false))
        let events = s.handle(both(at: seconds(10)), at: seconds(10))
        #expect(events.dispatched.isEmpty)
        #expect(events.ignored == [.pauseNotImplemented])
    }

    @Test("A7: without a resume-workout intent a paused workout ignores the simultaneous press")
    func noResumeIntent() throws {
        var s = try startedSession(workoutApp(resume: false))
        _ = s.handle(.session(.paused), at: seconds(5))
        #expect(s.handle(both(at: seconds(10)), at: seconds(10)).ignored == [.resumeNotImplemented])
    }

    @Test("A8: in a dive, the simultaneous press runs the next action too")
    func diveBothRunsNextAction() throws {
        var s = try system(diveApp)
        let first = s.handle(press(at: seconds(0)), at: seconds(0)).dispatched[0]
        #expect(first.role == .start(workoutStyle: nil))
        _ = s.handle(.session(.started(.dive)), at: seconds(0.5))
        _ = s.handle(.intentReturned(invocation: first.id, actionButtonIntent: collect), at: seconds(0.5))
        let next = s.handle(both(at: seconds(30)), at: seconds(30)).dispatched
        #expect(next.map(\.intent) == [collect])
        #expect(next.first?.role == .nextAction)
    }

    @Test("A8: a dive session cannot be paused or resumed")
    func diveCannotPause() throws {
        var lifecycle = SessionLifecycle(kind: .dive)
        #expect(try lifecycle.apply(.start) == .started(.dive))
        #expect(throws: SessionLifecycle.Rejection.diveCannotPause) { try lifecycle.apply(.pause) }
        #expect(throws: SessionLifecycle.Rejection.diveCannotPause) { try lifecycle.apply(.resume) }
        #expect(lifecycle.state == .running)
    }

    @Test("A9: an app declaring Action-button intents in an extension is a configuration error at install")
    func intentsInExtension() {
        var registry = AppRegistry()
        var app = workoutApp()
        app.intentsInExtension = ["StartRunIntent"]
        #expect(throws: AppRegistry.ConfigurationError.intentsInExtension(app: "Runner", intents: ["StartRunIntent"])) {
            try registry.install(app)
        }
        #expect(registry.apps.isEmpty)
    }

    @Test("A9: a start intent with openAppWhenRun false is warned about, and the app is still launched first")
    func startIntentNotOpeningApp() throws {
        var registry = AppRegistry()
        let warnings = try registry.install(workoutApp(opensApp: false))
        #expect(warnings.map(\.intent) == ["StartRunIntent"])
        var s = try ActionButtonSystem(registry: registry, settings: .workout(app: "Runner", firstPress: nil))
        let events = s.handle(press(at: seconds(0)), at: seconds(0))
        #expect(events.first == .appLaunched(app: "Runner"))
        #expect(events.contains(.startIntentDoesNotOpenApp(start)))
        #expect(events.dispatched.count == 1)
    }

    @Test("A10: a press while the start intent is still performing is ignored as busy")
    func busyDuringStart() throws {
        var s = try system()
        _ = s.handle(press(at: seconds(0)), at: seconds(0))
        let events = s.handle(press(at: seconds(0.5)), at: seconds(0.5))
        #expect(events.ignored == [.busy(start)])
        #expect(events.dispatched.isEmpty)
    }

    @Test("A10: a press during a session with no donated next action is logged as no-next-action")
    func noNextAction() throws {
        var s = try startedSession()
        #expect(s.handle(press(at: seconds(10)), at: seconds(10)).ignored == [.noNextAction])
    }

    @Test("A11: ending the session clears the next action, and the next press is a first press again")
    func endClearsNextAction() throws {
        var s = try startedSession()
        _ = s.handle(.donated(markLap), at: seconds(2))
        let events = s.handle(.session(.ended), at: seconds(100))
        #expect(events.contains(.nextActionChanged(from: markLap, to: nil, cause: .sessionEnded)))
        #expect(s.nextAction == nil)
        let again = s.handle(press(at: seconds(200)), at: seconds(200))
        #expect(again.first == .appLaunched(app: "Runner"))
        #expect(again.dispatched.first?.role == .start(workoutStyle: "running"))
    }

    @Test("A12: the side button alone, a hold (the Siren) and other keys run no intent and are logged")
    func sideHoldAndOtherKeys() throws {
        var s = try startedSession()
        _ = s.handle(.donated(markLap), at: seconds(2))
        #expect(s.handle(.gesture(Gesture(.side, at: seconds(3))), at: seconds(3)).ignored == [.sideButton])
        #expect(s.handle(.gesture(Gesture(.hold, at: seconds(6))), at: seconds(6)).ignored == [.siren])
        #expect(s.handle(.otherKey("KEY_VOLUMEUP"), at: seconds(7)) == [.keyIgnored("KEY_VOLUMEUP")])
        #expect(s.inFlight.isEmpty)
    }
}
