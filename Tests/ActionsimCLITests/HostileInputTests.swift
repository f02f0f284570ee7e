import Foundation
import Testing
import TestSupport

/// Input written to do harm or to mislead, given to the built `actionsim` as a user would
/// (docs/bad-input.md names each test in its table).
@Suite("Hostile input")
struct HostileInputTests {
    /// Any control character a terminal would act on: C0 but line feed and tab, DEL, C1, and
    /// the bidi controls that reorder what is shown.
    static func controls(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            (scalar.properties.generalCategory == .control && scalar != "\n" && scalar != "\t")
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
    }

    @Test("Bad input: escape sequences in a scenario's name and a manifest's names, titles and messages are printed escaped by replay, test, sessions, show and in errors")
    func terminalEscapes() async throws {
        let directory = CLI.temporaryDirectory()
        try """
        app: "Evil\\e]0;PWNED\\aApp"
        workout-kinds:
          running: {title: "Run\\e[2J", subtitle: "x\\x9b31m", activity: running}
        intents:
          - {name: StartIntent, role: start-workout, title: "Start\\e[8m hidden \\u202Eevil", perform: {takes: 100ms, result-donates: LapIntent}}
          - {name: LapIntent, role: action, title: "Lap\\rFAKE", perform: {marks: "lap\\e[2J", throws: "failed\\e]0;x\\a"}}
        """.write(toFile: directory + "/app.yaml", atomically: true, encoding: .utf8)
        let scenario = directory + "/s.yaml"
        try """
        name: "run\\e]0;PWNED\\a\\e[2J"
        app: app.yaml
        settings: {action: workout, first-press: running}
        steps:
          - {at: 0s, gesture: press}
          - {at: 5s, gesture: press}
          - {at: 10s, end: session}
        expect:
          - {at: 5s, intent: "Lap\\rFAKE"}
          - {at: 5s, error: intent-failed, message: "nope\\e[2J"}
        """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let data = directory + "/data"

        let replay = try await CLI.run(["replay", scenario, "--no-log", "--data-dir", data])
        #expect(replay.status == 1)
        #expect(replay.stdout.hasPrefix("run\\x1b]0;PWNED\\x07\\x1b[2J · Workout · Evil\\x1b]0;PWNED\\x07App"), "\(replay.stdout)")
        #expect(replay.stdout.contains("LapIntent threw: failed\\x1b]0;x\\x07"))
        #expect(replay.stdout.contains("✓ Lap\\x0dFAKE performed"))
        #expect(replay.stdout.contains("containing \"nope\\x1b[2J\""))
        let test = try await CLI.run(["test", scenario])
        #expect(test.stdout.contains("FAIL  \(scenario)  run\\x1b]0;PWNED\\x07\\x1b[2J"), "\(test.stdout)")
        let sessions = try await CLI.run(["sessions", "--data-dir", data])
        #expect(sessions.stdout.contains("Evil\\x1b]0;PWNED\\x07App"), "\(sessions.stdout)")
        let show = try await CLI.run(["show", "last", "--data-dir", data])
        #expect(show.stdout.contains("scenario:              run\\x1b]0;PWNED\\x07\\x1b[2J (replay"), "\(show.stdout)")
        let check = try await CLI.run(["check", scenario, directory + "/app.yaml"])
        #expect(check.status == 0)

        // An error message that quotes what the file says.
        let bad = directory + "/bad.yaml"
        try "app: app.yaml\nsettings: {action: workout}\n\"\\e[2J\\e]0;x\\a\": 1\nsteps: []\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let refused = try await CLI.run(["replay", bad, "--no-log", "--no-store"])
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("error: \(bad):3:1: unknown key \"\\x1b[2J\\x1b]0;x\\x07\" in the scenario"), "\(refused.stderr)")

        for (command, run) in [("replay", replay), ("test", test), ("sessions", sessions), ("show", show), ("check", check), ("replay bad.yaml", refused)] {
            #expect(Self.controls(in: run.stdout).isEmpty, "\(command) printed control characters: \(Self.controls(in: run.stdout))")
            #expect(Self.controls(in: run.stderr).isEmpty, "\(command) printed control characters on standard error: \(Self.controls(in: run.stderr))")
        }
    }

    @Test("Bad input: a scenario, --app or --device naming a file that is not one of ours (/etc/passwd, a shadow-like file, a key file, another YAML file) never has its content echoed")
    func foreignFiles() async throws {
        let directory = CLI.temporaryDirectory()
        let secret = "$y$j9T$Zm9vYmFyc2VjcmV0$hunter2hunter2hunter2"
        // Its lines end in ":", so YAML reads each as a key of a mapping.
        try "root:\(secret):19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n".write(toFile: directory + "/shadow", atomically: true, encoding: .utf8)
        try "root:\(secret):19000:0:99999:7:::\nroot:\(secret):19000:0:99999:7:::\n".write(toFile: directory + "/shadow-twice", atomically: true, encoding: .utf8)
        try "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----\n"
            .write(toFile: directory + "/id_ed25519", atomically: true, encoding: .utf8)
        try "password: \(secret)\nuser: root\n".write(toFile: directory + "/credentials.yaml", atomically: true, encoding: .utf8)
        // Relative to the scenario, up and down to /etc/passwd, as in the report.
        let up = String(repeating: "../", count: directory.split(separator: "/").count + 2)
        let passwd = directory + "/passwd.yaml"
        try "app: \(up)etc/passwd\nsettings: {action: workout}\nsteps: []\n".write(toFile: passwd, atomically: true, encoding: .utf8)
        var runs: [(String, [String], String)] = [
            ("passwd", ["replay", passwd, "--no-log", "--no-store"],
             "\(directory)/\(up)etc/passwd:1:1: expected the manifest as a mapping (key: value lines), found plain text (not shown: this may not be a YAML file of ours)"),
            ("shadow twice", ["check", directory + "/shadow-twice"], "\(directory)/shadow-twice:1:1: duplicate key in a mapping"),
        ]
        let key = "\(directory)/id_ed25519:1:1: expected the %@ as a mapping (key: value lines), found plain text (not shown: this may not be a YAML file of ours)"
        let shadow = "\(directory)/shadow:1:1: none of the top-level keys is one of the %@'s ("
        let credentials = "\(directory)/credentials.yaml:1:1: none of the top-level keys is one of the %@'s ("
        for (file, says) in [("id_ed25519", key), ("shadow", shadow), ("credentials.yaml", credentials)] {
            let path = directory + "/" + file
            runs += [
                (file, ["replay", path, "--no-log", "--no-store"], says.replacingOccurrences(of: "%@", with: "scenario")),
                (file, ["run", "--app", path, "--no-log", "--no-store"], says.replacingOccurrences(of: "%@", with: "manifest")),
                (file, ["run", "--device", path, "--no-log", "--no-store"], says.replacingOccurrences(of: "%@", with: "device profile")),
            ]
        }
        runs += [
            ("id_ed25519", ["check", directory + "/id_ed25519"], key.replacingOccurrences(of: "%@", with: "file")),
            ("shadow", ["check", directory + "/shadow"], "\(directory)/shadow:1:1: is neither a scenario (it has no steps:) nor an app manifest (it has no intents:)"),
            ("credentials", ["check", directory + "/credentials.yaml"], "\(directory)/credentials.yaml:1:1: is neither a scenario"),
            ("credentials", ["run", "--app", directory + "/credentials.yaml", "--no-log", "--no-store"],
             "\(directory)/credentials.yaml:1:1: none of the top-level keys is one of the manifest's (app, description, health-authorization, workout-kinds, suggested-workouts, intents, donations); is this the right file?"),
        ]
        for (file, arguments, says) in runs {
            let run = try await CLI.run(arguments)
            #expect(run.status == 2, "\(arguments): exit \(run.status)")
            #expect(run.stderr.hasPrefix("error: " + says), "\(arguments): \(run.stderr)")
            for content in ["root:x:0:0", "daemon", secret, "hunter2", "OPENSSH", "b3BlbnNzaC", "password"] {
                #expect(!run.stderr.contains(content) && !run.stdout.contains(content), "\(file): \(arguments) echoed \(content): \(run.stderr)")
            }
        }
    }
}
