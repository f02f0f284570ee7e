import Foundation
import Testing

/// What a user hits in everyday use, run against the built `actionsim` (the README's "Bad
/// input" table names each test).
@Suite("Everyday use")
struct EverydayUseTests {
    @Test("Bad input, S3: import-evemu keeps the recording's own times: a press 2 s into the recording is at 2 s in the scenario and its replay")
    func importKeepsTheRecordingsTimes() async throws {
        let directory = CLI.temporaryDirectory()
        // evemu-record counts from its first event (here a scan code at 0.000001 s).
        try """
        # EVEMU 1.3
        N: keyboard
        E: 0.000001 0004 0004 458856
        E: 2.000000 0001 00b7 0001
        E: 2.000000 0000 0000 0000
        E: 2.080000 0001 00b7 0000
        E: 2.080000 0000 0000 0000
        E: 300.500000 0001 00b7 0001
        E: 300.590000 0001 00b7 0000
        """.write(toFile: directory + "/presses.evemu", atomically: true, encoding: .utf8)
        let scenario = directory + "/presses.yaml"
        let imported = try await CLI.run(["import-evemu", directory + "/presses.evemu", "--device", "devices/usb-keyboard.yaml", "-o", scenario])
        #expect(imported.status == 0, "\(imported.stderr)")
        let text = try String(contentsOfFile: scenario, encoding: .utf8)
        for step in ["{at: 2s, button: action, edge: down}", "{at: 2.08s, button: action, edge: up}", "{at: 5m 0.5s, button: action, edge: down}"] {
            #expect(text.contains(step), "\(text)")
        }
        let replay = try await CLI.run(["replay", scenario, "--json", "--no-log", "--no-store"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("{\"t\":2,\"event\":\"edge\",\"button\":\"action\",\"edge\":\"down\"}"), "\(replay.stdout)")
        #expect(replay.stdout.contains("{\"t\":300.59,\"event\":\"gesture\",\"gesture\":\"press\",\"edge_t\":300.59}"))
    }
}
