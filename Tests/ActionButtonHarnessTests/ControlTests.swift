import ActionButtonCore
import ActionButtonHarness
import AppIntents
import Synchronization
import Testing

// Issue 24: a Swift app's controls (watchOS 26) on the Action button. The control's SwiftUI
// view (ControlWidgetButton, ControlWidgetToggle) does not run here; its intent does.

/// What the lantern app's intents did, for the test to read.
let lanternLight = Mutex<[Bool]>([])

/// A ControlWidgetToggle's action: Apple's SetValueIntent with a Bool value.
struct ToggleLanternIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Lantern"
    @Parameter(title: "On") var value: Bool
    init() { value = false }

    func perform() async throws -> some IntentResult {
        lanternLight.withLock { $0.append(value) }
        return .result()
    }
}

/// A ControlWidgetButton's action that opens the app.
struct OpenMapIntent: AppIntent {
    static let title: LocalizedStringResource = "Map"
    static let supportedModes: IntentModes = .foreground
    nonisolated(unsafe) static var mode: IntentModes.Current?
    func perform() async throws -> some IntentResult {
        Self.mode = systemContext.currentMode
        return .result()
    }
}

/// A ControlWidgetButton's action that starts in the background and asks to come forward.
struct ShowBeamIntent: AppIntent {
    static let title: LocalizedStringResource = "Beam"
    static let supportedModes: IntentModes = [.background, .foreground(.dynamic)]
    nonisolated(unsafe) static var modes: [IntentModes.Current] = []
    func perform() async throws -> some IntentResult {
        Self.modes.append(systemContext.currentMode)
        if systemContext.currentMode.canContinueInForeground {
            try await continueInForeground("Show the beam?")
        }
        return .result()
    }
}

@Suite("Controls on the Action button (watchOS 26)", .serialized)
struct ControlHarnessTests {
    let app = AppDefinition.controlsApp("Lantern", controls: [.toggle(ToggleLanternIntent()), .button(OpenMapIntent())])

    @Test("A toggle's press runs its SetValueIntent with the value it flips to; the log says where the toggle is")
    func toggle() async throws {
        lanternLight.withLock { $0.removeAll() }
        let watch = try ActionButtonHarness(app: app, settings: .control(app: "Lantern", intent: "ToggleLanternIntent"))
        for _ in 0..<3 {
            try await watch.press()
            try await watch.advance(by: .seconds(1))
        }
        #expect(lanternLight.withLock { $0 } == [true, false, true])
        #expect(watch.performed.map(\.parameters) == [["value": "true"], ["value": "false"], ["value": "true"]])
        #expect(watch.timeline.contains { $0.contains("control ToggleLanternIntent is now off") })
        #expect(watch.session == .none)
    }

    @Test("A button's press runs its intent; with .foreground modes the app comes forward first and systemContext says so")
    func button() async throws {
        let watch = try ActionButtonHarness(app: app, settings: .control(app: "Lantern", intent: "OpenMapIntent"))
        try await watch.press()
        try await watch.advance(by: .seconds(1))
        watch.expectPerformed(OpenMapIntent.self, role: .control(value: nil), count: 1)
        #expect(watch.appPresence == .foreground)
        #expect(OpenMapIntent.mode == .foreground)
    }

    @Test("A control's intent with .foreground(.dynamic) runs in the background and comes forward when it asks")
    func dynamicForeground() async throws {
        ShowBeamIntent.modes = []
        let app = AppDefinition.controlsApp("Beam", controls: [.button(ShowBeamIntent())])
        let watch = try ActionButtonHarness(app: app, settings: .control(app: "Beam", intent: "ShowBeamIntent"))
        try await watch.press()
        try await watch.advance(by: .seconds(1))
        #expect(ShowBeamIntent.modes == [.background])
        #expect(watch.appLog.contains("ShowBeamIntent continues in the foreground, asking “Show the beam?”: the wearer agrees"))
        #expect(watch.appPresence == .foreground)
    }

    @Test("Settings naming a control the app does not offer are refused")
    func unknownControl() {
        #expect(throws: AppRegistry.ConfigurationError.notAControl("MarkLapIntent", app: "Lantern",
                                                                   controls: ["ToggleLanternIntent", "OpenMapIntent"])) {
            _ = try ActionButtonHarness(app: app, settings: .control(app: "Lantern", intent: "MarkLapIntent"))
        }
    }
}
