import AppSourceScan
import Foundation
import Testing

/// Issue 24: a watch app's controls (watchOS 26), which the Action button can run. Their
/// SwiftUI views are left out on Linux; the intents their actions name are what runs.
@Suite("Finding an app's controls in its sources")
struct ControlScanTests {
    static let intents = """
        import AppIntents

        struct ToggleFlashlightIntent: SetValueIntent {
            static var title: LocalizedStringResource = "Flashlight"
            @Parameter(title: "On") var value: Bool
            init() { value = false }
            func perform() async throws -> some IntentResult { .result() }
        }

        struct OpenCompassIntent: AppIntent {
            static var title: LocalizedStringResource = "Compass"
            func perform() async throws -> some IntentResult { .result() }
        }
        """

    static let widget = """
        import SwiftUI
        import WidgetKit

        struct FlashlightControl: ControlWidget {
            var body: some ControlWidgetConfiguration {
                StaticControlConfiguration(kind: "flashlight") {
                    ControlWidgetToggle("Flashlight", isOn: FlashlightState.isOn, action: ToggleFlashlightIntent()) { isOn in
                        Label(isOn ? "On" : "Off", systemImage: "flashlight.on.fill")
                    }
                }
            }
        }

        struct CompassControl: ControlWidget {
            var body: some ControlWidgetConfiguration {
                StaticControlConfiguration(kind: "compass") {
                    ControlWidgetButton(action: OpenCompassIntent()) { Label("Compass", systemImage: "location.north") }
                }
            }
        }

        struct LostControl: ControlWidget {
            var body: some ControlWidgetConfiguration {
                StaticControlConfiguration(kind: "lost") { ControlWidgetButton(action: NoSuchIntent()) { Text("?") } }
            }
        }
        """

    static func scan(_ files: [(String, String)], conditions: CompilationConditions = CompilationConditions(),
                     leaveOut: Bool = true) -> AppScan {
        AppScan(appName: "Lantern", files: files.map { (path: $0.0, text: $0.1) }, conditions: conditions, leaveOutUnbuildable: leaveOut)
    }

    @Test("init-package finds the intents a left-out widget's controls name; an app with only controls is offered (A1)")
    func controlsInALeftOutFile() {
        let scan = Self.scan([("App/Intents.swift", Self.intents), ("App/Controls.swift", Self.widget)])
        #expect(scan.errors.isEmpty)
        #expect(scan.leftOut.map(\.path) == ["App/Controls.swift"])
        #expect(scan.controls.map(\.intent) == ["ToggleFlashlightIntent", "OpenCompassIntent"])
        #expect(scan.controls.map(\.kind) == [.toggle, .button])
        #expect(scan.controls.first?.position.description == "App/Controls.swift:7:13")
        #expect(scan.warnings.map(\.description).contains { $0.contains("this control runs NoSuchIntent, which is no intent type of the app's files") })
    }

    @Test("The build's scan gets the left-out controls as the target's defines, and registers them")
    func buildScanReadsDefines() {
        let found = Self.scan([("App/Intents.swift", Self.intents), ("App/Controls.swift", Self.widget)]).controls
        let defines = Set(found.map(ControlDefine.name(for:)) + ["DEBUG"])
        #expect(defines.contains("ACTIONSIM_CONTROL_TOGGLE_ToggleFlashlightIntent"))
        let build = Self.scan([("App/Intents.swift", Self.intents)], conditions: CompilationConditions(defined: defines), leaveOut: false)
        #expect(build.errors.isEmpty)
        #expect(build.controls.map(\.intent).sorted() == ["OpenCompassIntent", "ToggleFlashlightIntent"])
        let registration = RegistrationSource.text(for: build, module: "Lantern")
        #expect(registration.contains("AppDefinition.controlsApp(\"Lantern\", controls: [.button(OpenCompassIntent()), .toggle(ToggleFlashlightIntent())])"))
        // Without the defines, the app offers the Action button nothing: A1's error says what it looked for.
        let bare = Self.scan([("App/Intents.swift", Self.intents)], leaveOut: false)
        #expect(bare.errors.map(\.description).contains { $0.contains("no ControlWidgetButton or ControlWidgetToggle names one of its intents") })
    }

    @Test("A workout app's controls are offered beside its start intent")
    func workoutAppWithControls() {
        let scan = Self.scan([("App/Style.swift", AppScanTests.workoutStyle), ("App/Start.swift", AppScanTests.start),
                              ("App/Intents.swift", Self.intents), ("App/Controls.swift", Self.widget)])
        #expect(scan.errors.isEmpty)
        let registration = RegistrationSource.text(for: scan, module: "Trail")
        #expect(registration.contains(".offering(controls: [.toggle(ToggleFlashlightIntent()), .button(OpenCompassIntent())])"))
    }
}
