import ActionButtonCore
import Foundation
import LiveLoop
import Testing
import YAMLDocuments

/// Issue 24: a live session whose Action button runs a control (watchOS 26), set up from
/// `actionsim run --action control --control INTENT`.
@Suite("A live session's control, from the command line's options")
struct ControlSetupTests {
    static func lantern() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lantern-\(UUID().uuidString).yaml").path
        try """
            app: Lantern
            intents:
              - {name: ToggleFlashlightIntent, role: action, control: toggle}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("--action control --control INTENT picks the app's control; without --control, or naming none, it is refused")
    func controlOptions() throws {
        let path = try Self.lantern()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let setup = try SessionSetup.fromOptions(appFiles: [path], action: "control", app: nil, firstPress: nil,
                                                 control: "ToggleFlashlightIntent", seed: 0)
        #expect(setup.settings == .control(app: "Lantern", intent: "ToggleFlashlightIntent"))
        let missing = #expect(throws: DocumentError.self) {
            _ = try SessionSetup.fromOptions(appFiles: [path], action: "control", app: nil, firstPress: nil, seed: 0)
        }
        #expect(missing?.message.contains("action: control needs control: INTENT") == true)
        let unknown = #expect(throws: DocumentError.self) {
            _ = try SessionSetup.fromOptions(appFiles: [path], action: "control", app: nil, firstPress: nil, control: "BeamIntent", seed: 0)
        }
        #expect(unknown?.message.contains("Lantern offers no control that runs BeamIntent") == true)
    }
}
