import Foundation
import Testing
import TestSupport

/// The "Bad input" tables of docs/bad-input.md, row by row: each kind of bad input, given to the built
/// `actionsim` as a user would, and exactly what the user sees. Nothing crashes; bad input
/// exits 2 with `file[:line:column]: what is wrong`.
@Suite("Bad input catalogue (docs/bad-input.md)")
struct BadInputCatalogueTests {
    struct Row: CustomTestStringConvertible, Sendable {
        /// The row of the table in docs/bad-input.md.
        var kind: String
        /// Writes the bad file(s) into a fresh directory; returns the path given to `actionsim`.
        var make: @Sendable (String) throws -> String
        /// What standard error says after `error: <path>`.
        var says: String

        var testDescription: String { kind }
    }

    static let manifest = CLI.packageRoot + "/scenarios/apps/trailrunner.yaml"
    static let header = "app: \(manifest)\nsettings: {action: workout, first-press: running}\n"

    static func file(_ name: String, _ text: String) -> @Sendable (String) throws -> String {
        { directory in
            let path = directory + "/" + name
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    static func bytes(_ name: String, _ bytes: [UInt8]) -> @Sendable (String) throws -> String {
        { directory in
            let path = directory + "/" + name
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    static let rows: [Row] = [
        Row(kind: "malformed YAML (an unclosed [)", make: file("run.yaml", header + "steps: [ {at: 0s, gesture: press}\n"),
            says: ":4:1: invalid YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 3)"),
        Row(kind: "a value of the wrong type", make: file("run.yaml", header + "seed: seven\nsteps: []\n"),
            says: ":3:7: expected seed as a whole number, found \"seven\""),
        Row(kind: "a mapping where a list belongs", make: file("run.yaml", header + "steps: {at: 0s, gesture: press}\n"),
            says: ":3:8: expected steps as a list, found a mapping"),
        Row(kind: "an unknown key", make: file("run.yaml", header + "stpes: []\n"),
            says: ":3:1: unknown key \"stpes\" in the scenario; expected one of name, rule, rules, description, app, apps, settings, seed, recognizer, until, sensors, steps, steps-file, expect (did you mean \"steps\"?)"),
        Row(kind: "a key given twice", make: file("run.yaml", header + "seed: 1\nseed: 2\nsteps: []\n"),
            says: ":3:1: duplicate key \"seed\" in a mapping"),
        Row(kind: "a file over 32 MB", make: { directory in
                let path = directory + "/run.yaml"
                try Data(repeating: UInt8(ascii: "#"), count: (32 << 20) + 1).write(to: URL(fileURLWithPath: path))
                return path
            }, says: ": is 33554433 bytes; files over 32 MB are refused"),
        Row(kind: "binary garbage (not UTF-8)", make: bytes("run.yaml", [0xFF, 0xFE, 0x00, 0x9C, 0xC3, 0x28, 0x80, 0x81]),
            says: ": is not UTF-8 text; expected a YAML file"),
        Row(kind: "control characters", make: file("run.yaml", "steps: [\u{01}\u{02}]\n"),
            says: ": invalid text at byte 8: control characters are not allowed"),
        Row(kind: "NUL bytes", make: bytes("run.yaml", Array("steps: []\n".utf8) + [0] + Array("\n".utf8)),
            says: ": contains NUL bytes; expected a YAML text file"),
        Row(kind: "an empty file", make: file("run.yaml", ""), says: ": the file is empty; expected a YAML mapping"),
        Row(kind: "a file of comments only", make: file("run.yaml", "# nothing\n\n"), says: ": the file is empty; expected a YAML mapping"),
        Row(kind: "a directory instead of a file", make: { directory in
                try FileManager.default.createDirectory(atPath: directory + "/run.yaml", withIntermediateDirectories: true)
                return directory + "/run.yaml"
            }, says: ": is a directory; expected a YAML file"),
        Row(kind: "a FIFO instead of a file", make: { directory in
                let path = directory + "/run.yaml"
                guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
                return path
            }, says: ": is not a regular file; expected a YAML file"),
        Row(kind: "a device instead of a file", make: { _ in "/dev/zero" }, says: ": is not a regular file; expected a YAML file"),
        Row(kind: "a file that does not exist", make: { directory in directory + "/nowhere.yaml" }, says: ": no such file"),
        Row(kind: "YAML nested 100,000 levels deep", make: file("run.yaml", "steps: " + String(repeating: "[", count: 100_000)),
            says: ":1:9: invalid YAML: nested more than 1000 levels deep (while parsing at line 1)"),
        Row(kind: "anchors and aliases (a billion laughs)", make: file("run.yaml", header + "steps:\n- &a0 {at: 0s, gesture: press}\n"
                + (1...8).map { "- &a\($0) [" + Array(repeating: "*a\($0 - 1)", count: 10).joined(separator: ", ") + "]\n" }.joined()),
            says: ":5:3: expected a step as a mapping (key: value lines), found a list"),
        Row(kind: "a manifest that is not UTF-8", make: { directory in
                try Data([0x61, 0x70, 0x70, 0x3A, 0x20, 0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: directory + "/app.yaml"))
                let path = directory + "/run.yaml"
                try "app: app.yaml\nsettings: {action: workout}\nsteps: []\n".write(toFile: path, atomically: true, encoding: .utf8)
                return path
            }, says: ":1:6: app manifest app.yaml: is not UTF-8 text; expected a YAML file"),
        Row(kind: "a manifest path that is a directory", make: file("run.yaml", "app: /tmp\nsettings: {action: workout}\nsteps: []\n"),
            says: ":1:6: app manifest /tmp: is a directory; expected a YAML file"),
        // Issue 12 item 17: workout kinds used to get sensors by guessing from their names
        // (`rowing` recorded nothing); a manifest now names each kind's HealthKit activity.
        Row(kind: "a workout kind without an activity", make: file("run.yaml", rower("{title: Rowing}")),
            says: ":3:24: workout kind \"row\" has no activity; say which HealthKit activity type its sensors record, e.g. activity: running (HKWorkoutActivityType's case names: walking, running, cycling, swimming, hiking, other, ...)"),
        Row(kind: "a workout kind whose activity has no sensor model", make: file("run.yaml", rower("{title: Rowing, activity: rowing}")),
            says: ":3:50: workout kind \"row\": actionsim has no sensor model for rowing: its distance and pace would be made up. Name an activity that has one: walking, hiking, running, cycling or swimming, or other (heart rate and energy only)"),
        Row(kind: "a workout kind whose activity is not HealthKit's", make: file("run.yaml", rower("{title: Rowing, activity: runing}")),
            says: ":3:50: workout kind \"row\": \"runing\" is not a HealthKit workout activity type; expected a name such as walking, running, cycling, swimming, hiking, yoga or other (HKWorkoutActivityType's case names) (did you mean \"running\"?)"),
    ]

    /// A scenario with an inline manifest of one workout kind, `row`, written as given.
    static func rower(_ kind: String) -> String {
        "app:\n  app: Rower\n  workout-kinds: {row: \(kind)}\n  intents: [{name: StartRowIntent, role: start-workout}]\n"
            + "settings: {action: workout}\nsteps: []\n"
    }

    @Test("Bad input: actionsim replay says file:line:column and what is wrong, exits 2, never crashes", arguments: rows)
    func replay(_ row: Row) async throws {
        let directory = CLI.temporaryDirectory()
        let path = try row.make(directory)
        let result = try await CLI.run(["replay", path, "--no-log", "--no-store"])
        #expect(result.status == 2, "\(row.kind): exit \(result.status)")
        #expect(result.stderr == "error: \(path)\(row.says)\n", "\(row.kind)")
        #expect(result.stdout.isEmpty)
    }

    /// Parsing dominates: the YAML tree of a 31 MB file takes about 30 times its size. Run by
    /// make test-long (a minute and a half in a debug build); docs/bad-input.md gives the figures.
    @Test("Bad input: a scenario of a million steps is replayed, not refused or crashed on",
          .enabled(if: ProcessInfo.processInfo.environment["ACTIONSIM_LONG_TESTS"] == "1", "minutes in a debug build; make test-long"))
    func millionSteps() async throws {
        let directory = CLI.temporaryDirectory()
        let path = directory + "/million.yaml"
        var text = Self.header + "steps:\n"
        for second in 1...1_000_000 { text += "- {at: \(second), gesture: press}\n" }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        // Six million timeline lines: only the last ones are kept.
        let result = try await CLI.run(["-c", "set -o pipefail; \"$0\" replay \"$1\" --no-log --no-store --color never | tail -n 3",
                                        CLI.binary, path], executable: "/bin/bash")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("replayed 277:46:40.") && result.stdout.contains("· 5999997 events"), "\(result.stdout)")
    }

    /// `count` key events of KEY_F13 (usb-keyboard.yaml's Action), pressed and released every
    /// 2 ms: mashing, as `evemu-record` writes it.
    static func mashing(_ count: Int) -> String {
        var text = "# EVEMU 1.3\nN: mashed keyboard\n"
        text.reserveCapacity(count * 30)
        for index in 0..<count {
            let micros = 1_000_000 + index * 1_000
            text += "E: \(micros / 1_000_000).\(String(micros % 1_000_000).leftPadded(6)) 0001 00b7 000\(1 - index % 2)\n"
        }
        return text
    }

    @Test("Bad input: an evemu recording too long for a scenario (20,001 key events) is imported with a steps file that check and replay read (12.3)")
    func longRecording() async throws {
        let directory = CLI.temporaryDirectory()
        try Self.mashing(20_001).write(toFile: directory + "/mash.evemu", atomically: true, encoding: .utf8)
        let imported = try await CLI.run(["import-evemu", directory + "/mash.evemu", "--device", "devices/usb-keyboard.yaml",
                                          "-o", directory + "/mash.yaml"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("wrote 20001 steps to \(directory)/mash.steps.jsonl, named by \(directory)/mash.yaml"),
                "\(imported.stderr)")
        let scenario = try String(contentsOfFile: directory + "/mash.yaml", encoding: .utf8)
        #expect(scenario.contains("steps-file: \"mash.steps.jsonl\"") && scenario.utf8.count < 2048, "\(scenario)")
        let check = try await CLI.run(["check", directory + "/mash.yaml"])
        #expect(check.stdout.contains("(20001 steps, 0 expectations)"), "\(check.stdout)\(check.stderr)")
        let replay = try await CLI.run(["replay", directory + "/mash.yaml", "--no-log", "--no-store", "--color", "never"])
        #expect(replay.status == 0, "\(replay.stderr)")
        // On the recording's own time line (its first key event is at 1 s): its last edge at 21 s.
        #expect(replay.stdout.contains("replayed 0:00:21.000 of virtual time"), "\(replay.stdout.suffix(300))")
        // Standard output holds one file: a recording that needs two is said, not written half.
        let toStandardOutput = try await CLI.run(["import-evemu", directory + "/mash.evemu", "--device", "devices/usb-keyboard.yaml"])
        #expect(toStandardOutput.status == 2)
        #expect(toStandardOutput.stderr.contains("has 20001 key events: more than a scenario holds in itself (10000); give -o FILE.yaml"),
                "\(toStandardOutput.stderr)")
        #expect(toStandardOutput.stdout.isEmpty)
    }

    /// The recording of the report: a million key events, 17 minutes of mashing. Its scenario
    /// used to be 48 MB, which check and replay refused. Run by make test-long.
    @Test("Bad input: an evemu recording of a million key events imports to a scenario that check and replay read (12.3)",
          .enabled(if: ProcessInfo.processInfo.environment["ACTIONSIM_LONG_TESTS"] == "1", "minutes in a debug build; make test-long"))
    func millionStepsImported() async throws {
        let directory = CLI.temporaryDirectory()
        try Self.mashing(1_000_000).write(toFile: directory + "/mash.evemu", atomically: true, encoding: .utf8)
        let imported = try await CLI.run(["import-evemu", directory + "/mash.evemu", "--device", "devices/usb-keyboard.yaml",
                                          "-o", directory + "/mash.yaml"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let check = try await CLI.run(["check", directory + "/mash.yaml"])
        #expect(check.status == 0 && check.stdout.contains("(1000000 steps, 0 expectations)"), "\(check.stdout)\(check.stderr)")
        let result = try await CLI.run(["-c", "set -o pipefail; \"$0\" replay \"$1\" --no-log --no-store --color never | tail -n 3",
                                        CLI.binary, directory + "/mash.yaml"], executable: "/bin/bash")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("replayed 0:16:40.999 of virtual time"), "\(result.stdout)")
    }

    /// A row of the table about devices and recordings: the arguments given to `actionsim`
    /// (with the fresh directory), the exit status, and the lines standard error must hold
    /// (each line's start: what follows can name this machine's devices).
    struct DeviceRow: CustomTestStringConvertible, Sendable {
        var kind: String
        var arguments: @Sendable (String) throws -> [String]
        var exit: Int32
        var says: @Sendable (String) -> [String]

        var testDescription: String { kind }
    }

    static let deviceRows: [DeviceRow] = [
        DeviceRow(kind: "a profile naming a missing evdev device", arguments: { directory in
                let profile = try file("missing.yaml", "kind: evdev\nmatch: {path: /dev/input/by-id/usb-No_Such_Keyboard-event-kbd}\nbuttons: {action: KEY_F13}\n")(directory)
                return ["run", "--no-log", "--no-store", "--device", profile]
            }, exit: 3, says: { directory in [
                "error: no input device matches the profile \(directory)/missing.yaml:",
                "Run `actionsim devices --device \(directory)/missing.yaml` to see every device and why it does or does not match, or pass --input PATH.",
            ] }),
        DeviceRow(kind: "a profile naming a GPIO chip this machine lacks", arguments: { _ in
                ["run", "--no-log", "--no-store", "--device", "devices/raspberry-pi-gpio.yaml"]
            }, exit: 3, says: { _ in ["error: none of the profile's GPIO chips exists (pinctrl-bcm2711, pinctrl-bcm2835, pinctrl-rp1)"] }),
        // Issue 25: a chip path that is something else was opened (libgpiod 1.6 then said
        // "Inappropriate ioctl for device"); opening a device can act on it.
        DeviceRow(kind: "a profile whose GPIO chip is /dev/null", arguments: { directory in
                ["run", "--no-log", "--no-store", "--device",
                 try file("null.yaml", "kind: gpio\nchip: /dev/null\nbuttons: {action: 17, side: 27}\n")(directory)]
            }, exit: 3, says: { _ in ["error: /dev/null is not a GPIO chip: it is a character device of the mem subsystem (1:3); "
                                      + "a GPIO chip is /dev/gpiochipN, a chip's label or its number (`actionsim devices` lists them)"] }),
        DeviceRow(kind: "a profile whose GPIO chip is a regular file", arguments: { directory in
                let chip = try file("gpiochip9", "not a chip")(directory)
                return ["run", "--no-log", "--no-store", "--device",
                        try file("file.yaml", "kind: gpio\nchip: \(chip)\nbuttons: {action: 17, side: 27}\n")(directory)]
            }, exit: 3, says: { directory in ["error: \(directory)/gpiochip9 is not a GPIO chip: it is a regular file; "
                                              + "a GPIO chip is /dev/gpiochipN, a chip's label or its number (`actionsim devices` lists them)"] }),
        DeviceRow(kind: "--input naming a device that does not exist", arguments: { _ in
                ["run", "--no-log", "--no-store", "--device", "devices/usb-keyboard.yaml", "--input", "/dev/input/event99"]
            }, exit: 3, says: { _ in ["error: cannot open /dev/input/event99: no such device"] }),
        DeviceRow(kind: "--input naming a file that is not an input device", arguments: { _ in
                ["run", "--no-log", "--no-store", "--device", "devices/usb-keyboard.yaml", "--input", "/dev/null"]
            }, exit: 3, says: { _ in ["error: /dev/null is not an evdev input device; expected /dev/input/eventN or a link to one (e.g. /dev/input/by-id/*-event-kbd)"] }),
        DeviceRow(kind: "a profile with a key name that does not exist", arguments: { directory in
                ["run", "--no-log", "--no-store", "--device", try file("bad.yaml", "kind: evdev\nbuttons: {action: KEY_PROGG1}\n")(directory)]
            }, exit: 2, says: { directory in ["error: \(directory)/bad.yaml:2:19: buttons.action: unknown key \"KEY_PROGG1\"; expected a Linux key name such as KEY_PROG1, KEY_F13 or BTN_0 (see linux/input-event-codes.h or `actionsim devices`) (did you mean \"KEY_PROG1\"?)"] }),
        DeviceRow(kind: "a profile of binary garbage", arguments: { directory in
                let path = directory + "/garbage.yaml"
                try Data([0xFF, 0xFE, 0x00, 0x9C, 0xC3, 0x28]).write(to: URL(fileURLWithPath: path))
                return ["run", "--no-log", "--no-store", "--device", path]
            }, exit: 2, says: { directory in ["error: \(directory)/garbage.yaml: is not UTF-8 text; expected a YAML file"] }),
        DeviceRow(kind: "an evemu recording with a malformed event line", arguments: { directory in
                ["import-evemu", try file("r.evemu", "N: x\nE: 0.1 0001 00b7\n")(directory), "--device", "devices/usb-keyboard.yaml"]
            }, exit: 2, says: { directory in ["error: \(directory)/r.evemu:2:1: an event line has 3 fields, not 4; expected an evemu event line such as \"E: 1.250000 0001 0094 0001\""] }),
        DeviceRow(kind: "an evemu recording with a time past 292 years", arguments: { _ in
                ["import-evemu", "Tests/Fixtures/fuzz/evemu/time-past-int64.evemu", "--device", "devices/usb-keyboard.yaml"]
            }, exit: 2, says: { _ in ["error: Tests/Fixtures/fuzz/evemu/time-past-int64.evemu:3:1: \"9223372037.000000\" is not a time in seconds.microseconds from 0 to 9223372036.854775; expected an evemu event line such as \"E: 1.250000 0001 0094 0001\""] }),
        DeviceRow(kind: "two evemu recordings in one file (time goes back)", arguments: { _ in
                ["import-evemu", "Tests/Fixtures/fuzz/evemu/two-recordings-appended.evemu", "--device", "devices/usb-keyboard.yaml"]
            }, exit: 2, says: { _ in ["error: Tests/Fixtures/fuzz/evemu/two-recordings-appended.evemu:12:1: the time 0.000000 is before the previous event's, 2.400000 on line 11; an evemu recording's times only go forward: is a second recording appended to this one?"] }),
        DeviceRow(kind: "an evemu recording spanning more than 1000 hours", arguments: { _ in
                ["import-evemu", "Tests/Fixtures/fuzz/evemu/over-1000-hours.evemu", "--device", "devices/usb-keyboard.yaml"]
            }, exit: 2, says: { _ in ["error: Tests/Fixtures/fuzz/evemu/over-1000-hours.evemu:7:1: the time 20001000 is more than 1000 hours into the recording; a scenario holds up to 1000 hours: split the recording"] }),
        DeviceRow(kind: "an evemu recording given a GPIO profile", arguments: { directory in
                ["import-evemu", try file("r.evemu", "N: x\n")(directory), "--device", "devices/raspberry-pi-gpio.yaml"]
            }, exit: 2, says: { _ in ["error: devices/raspberry-pi-gpio.yaml is a GPIO profile; evemu recordings come from evdev devices, so give an evdev profile"] }),
    ]

    @Test("Bad input: a missing device, a bad profile or a bad recording is said plainly, with exit 3 or 2, never a crash",
          arguments: deviceRows)
    func devices(_ row: DeviceRow) async throws {
        let directory = CLI.temporaryDirectory()
        let result = try await CLI.run(try row.arguments(directory))
        #expect(result.status == row.exit, "\(row.kind): exit \(result.status): \(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        for line in row.says(directory) { #expect(lines.contains { $0.hasPrefix(line) }, "\(row.kind): \(result.stderr)") }
        // Nothing on standard output: not even the timeline's column header.
        #expect(result.stdout.isEmpty, "\(row.kind): \(result.stdout)")
    }

    @Test("Bad input: an evemu device name holding NUL and control characters (found by fuzz-evemu) is imported, escaped in a comment")
    func evemuNameWithControlCharacters() async throws {
        let directory = CLI.temporaryDirectory()
        let output = directory + "/imported.yaml"
        let result = try await CLI.run(["import-evemu", "Tests/Fixtures/fuzz/evemu/nul-in-device-name.evemu", "--device", "devices/usb-keyboard.yaml", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains("(device \"Generic U\\x0f\\x00 Gamepad\")"))
        let check = try await CLI.run(["check", output])
        #expect(check.status == 0, "\(check.stderr)")
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
