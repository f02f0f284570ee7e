import Foundation
import Testing
import TestSupport

/// What a user hits in everyday use, run against the built `actionsim` (docs/bad-input.md
/// names each test in its table).
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

    @Test("Bad input, S2: a failed check prints its times with as many digits as tell them apart (a 1 µs miss read \"expected at 0:00:03.640, but it happened only at 0:00:03.640\")")
    func failureTimesTellApart() async throws {
        let directory = CLI.temporaryDirectory()
        let scenario = directory + "/late.yaml"
        try """
        app: \(CLI.packageRoot)/scenarios/apps/trailrunner.yaml
        settings: {action: workout, first-press: running}
        steps:
          - {at: 0s, gesture: press}
          - {at: 3.640001s, gesture: press}
          - {at: 7.5s, gesture: press}
        expect:
          - {at: 3.64s, within: 0s, intent: MarkLapIntent}
          - {at: 7.5s, within: 0s, intent: MarkLapIntent}
          - {at: 7.4999999s, next-action: MarkSegmentIntent}
        """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let run = try await CLI.run(["test", scenario])
        #expect(run.status == 1)
        #expect(run.stdout.contains("late.yaml:8:5: expected MarkLapIntent to be performed at 0:00:03.640000, but it happened only at 0:00:03.640001, 0:00:07.500000"),
                "\(run.stdout)")
        // A time the scenario names reads as it is written.
        #expect(run.stdout.contains("late.yaml:10:5: expected next action MarkSegmentIntent at 0:00:07.4999999, but it was MarkLapIntent (since 0:00:01.2000000)"),
                "\(run.stdout)")
        let replay = try await CLI.run(["replay", scenario, "--no-log", "--no-store"])
        #expect(replay.stdout.contains("✓ MarkLapIntent performed at 0:00:07.500: at 0:00:07.500"), "\(replay.stdout)")
    }

    @Test("Bad input: a step (or a check) after until is refused at its line, not silently dropped")
    func stepAfterUntil() async throws {
        let directory = CLI.temporaryDirectory()
        let header = "app: \(CLI.packageRoot)/scenarios/apps/trailrunner.yaml\nsettings: {action: workout}\nuntil: 1s\nsteps:\n  - {at: 0s, gesture: press}\n"
        let step = directory + "/step.yaml"
        try (header + "  - {at: 10s, gesture: press}\n").write(toFile: step, atomically: true, encoding: .utf8)
        let check = directory + "/check.yaml"
        try (header + "expect:\n  - {at: 1s, state: none}\n  - {after: 2s, intent: MarkLapIntent, never: true}\n")
            .write(toFile: check, atomically: true, encoding: .utf8)
        for command in ["check", "replay", "test"] {
            let refused = try await CLI.run([command, step] + (command == "replay" ? ["--no-log", "--no-store"] : []))
            #expect(refused.status == 2, "\(command): \(refused.stdout)\(refused.stderr)")
            #expect((refused.stderr + refused.stdout).contains(
                "step.yaml:6:5: this step is at 10s, after until (1s, line 3), where the replay stops; move until to 10s or later, or remove the step"),
                "\(command): \(refused.stdout)\(refused.stderr)")
        }
        let refused = try await CLI.run(["replay", check, "--no-log", "--no-store"])
        #expect(refused.status == 2)
        #expect(refused.stderr == "error: \(check):8:5: this check looks from 2s, after until (1s, line 3), where the replay stops; move until later, or check an earlier time\n")
    }

    @Test("Bad input: rate 100 Hz for 1000 hours (a 200-byte file, ~100 GB of samples) is refused before running, with the figures; rate's message names bounds it accepts")
    func sampleVolume() async throws {
        let directory = CLI.temporaryDirectory()
        let header = "app: \(CLI.packageRoot)/scenarios/apps/trailrunner.yaml\nsettings: {action: workout}\n"
        let big = directory + "/big.yaml"
        try (header + "sensors: {rate: 100 Hz}\nuntil: 1000h\nsteps:\n  - {at: 0s, gesture: press}\n").write(toFile: big, atomically: true, encoding: .utf8)
        #expect(try FileManager.default.attributesOfItem(atPath: big)[.size] as? Int ?? 0 < 200)
        let data = directory + "/data"
        // check first, and stop at the first that does not refuse: a replay that ran would take days.
        for command in [["check", big], ["replay", big, "--no-log", "--data-dir", data], ["test", big]] {
            let refused = try await CLI.run(command)
            try #require(refused.status == 2, "\(command): \(refused.stderr)")
            #expect((refused.stderr + refused.stdout).contains(
                "big.yaml:3:17: rate 100 Hz over up to 1000:00:00.000 (until) is up to 360,000,000 samples, about 108 GB in the session store and log; "
                + "a scenario takes at most 3,600,000 (1000 hours at 1 Hz): lower the rate or shorten the scenario"), "\(command): \(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: data + "/actionsim.sqlite"), "replay opened the store before refusing")

        // The bounds the message names are accepted; what it said before (1/3600) was not.
        for (rate, accepted) in [("0.000278", true), ("100", true), ("1/3600", false), ("100.5 Hz", false)] {
            let file = directory + "/rate.yaml"
            try (header + "sensors: {rate: \"\(rate)\"}\nsteps: []\n").write(toFile: file, atomically: true, encoding: .utf8)
            let run = try await CLI.run(["check", file])
            #expect((run.status == 0) == accepted, "rate \(rate): \(run.stderr)")
            if !accepted {
                #expect(run.stderr.contains("rate must be samples per second from 0.000278 (one an hour; slower than 1 Hz reads better as interval: 1h) to 100"),
                        "\(run.stderr)")
            }
        }
    }
}
