import ActionButtonCore
import Testing

// Issue 24: since watchOS 26 Settings > Action Button can pick a control instead of a
// workout or a dive app: a press runs a ControlWidgetButton's intent, or a
// ControlWidgetToggle's SetValueIntent with the value the toggle flips to.
@Suite("A control on the Action button (watchOS 26)")
struct ControlTests {
    let flashlight = IntentReference(name: "ToggleFlashlightIntent", title: "Flashlight")
    let compass = IntentReference(name: "OpenCompassIntent", title: "Compass")

    var lantern: InstalledApp {
        InstalledApp(name: "Lantern", controls: [.init(intent: flashlight, kind: .toggle),
                                                 .init(intent: compass, kind: .button, opensApp: true)])
    }

    func controlSystem(_ intent: IntentReference) throws -> ActionButtonSystem {
        try system(lantern, settings: .control(app: "Lantern", intent: intent.name))
    }

    @Test("Settings offer an app's controls; a control the app does not offer is refused, naming those it does")
    func settings() throws {
        var registry = AppRegistry()
        try registry.install(lantern)
        try registry.install(workoutApp())
        #expect(registry.controlApps.map(\.name) == ["Lantern"])
        #expect(throws: AppRegistry.ConfigurationError.notAControl("MarkLapIntent", app: "Lantern",
                                                                   controls: ["ToggleFlashlightIntent", "OpenCompassIntent"])) {
            try registry.validate(.control(app: "Lantern", intent: "MarkLapIntent"))
        }
        #expect(throws: AppRegistry.ConfigurationError.notAControl("OpenCompassIntent", app: "Runner", controls: [])) {
            try registry.validate(.control(app: "Runner", intent: "OpenCompassIntent"))
        }
    }

    @Test("A toggle's press runs its SetValueIntent with the flipped value; the toggle flips when it returns")
    func toggleFlips() throws {
        var s = try controlSystem(flashlight)
        let first = s.handle(press(at: seconds(0)), at: seconds(0)).dispatched
        #expect(first.map(\.role) == [.control(value: true)])
        #expect(s.appPresence == .background)
        #expect(!s.controlIsOn)
        let returned = s.handle(.intentReturned(invocation: first[0].id, actionButtonIntent: nil), at: seconds(1))
        #expect(returned.contains(.controlToggled(flashlight, isOn: true)))
        #expect(s.controlIsOn)
        let second = s.handle(press(at: seconds(5)), at: seconds(5)).dispatched
        #expect(second.map(\.role) == [.control(value: false)])
        // It threw: the toggle shows what it showed.
        _ = s.handle(.intentThrew(invocation: second[0].id, message: "no torch"), at: seconds(6))
        #expect(s.controlIsOn)
        #expect(s.handle(press(at: seconds(7)), at: seconds(7)).dispatched.map(\.role) == [.control(value: false)])
    }

    @Test("A button's press runs its intent each time, opening the app first when its modes say so; no session is needed")
    func buttonRuns() throws {
        var s = try controlSystem(compass)
        let events = s.handle(press(at: seconds(0)), at: seconds(0))
        #expect(events.first == .appLaunched(app: "Lantern"))
        #expect(events.dispatched.map(\.role) == [.control(value: nil)])
        #expect(s.startPending == false)
        // A10: one intent at a time.
        #expect(s.handle(press(at: seconds(0.5)), at: seconds(0.5)).ignored == [.busy(compass)])
        _ = s.handle(.intentReturned(invocation: events.dispatched[0].id, actionButtonIntent: nil), at: seconds(1))
        #expect(s.handle(press(at: seconds(2)), at: seconds(2)).dispatched.map(\.intent) == [compass])
        // A simultaneous press runs no control.
        _ = s.handle(.intentReturned(invocation: 2, actionButtonIntent: nil), at: seconds(3))
        #expect(s.handle(both(at: seconds(4)), at: seconds(4)).ignored == [.controlPressOnly])
    }

    @Test("A control whose intent's modes are .foreground(.deferred) brings the app forward as perform() ends")
    func deferredForeground() throws {
        let later = IntentReference(name: "ShowRouteIntent", title: "Route")
        var s = try system(InstalledApp(name: "Lantern", controls: [.init(intent: later, kind: .button, opensAppWhenDone: true)]),
                           settings: .control(app: "Lantern", intent: later.name))
        let press = s.handle(press(at: seconds(0)), at: seconds(0))
        #expect(!press.contains(.appLaunched(app: "Lantern")))
        #expect(s.appPresence == .background)
        let done = s.handle(.intentReturned(invocation: press.dispatched[0].id, actionButtonIntent: nil), at: seconds(1))
        #expect(done.contains(.appLaunched(app: "Lantern")))
        #expect(s.appPresence == .foreground)
    }

    @Test("A control's intent has the 30-second intent budget")
    func controlBudget() throws {
        var s = try controlSystem(compass)
        _ = s.handle(press(at: seconds(0)), at: seconds(0))
        #expect(s.advance(to: seconds(30)).errors.map(\.code) == [.intentTimeLimit])
    }
}
