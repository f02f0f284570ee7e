import Foundation
import Testing
import TestSupport

@Suite("Telemetry commands", .serialized)
struct TelemetryCommandTests {
    @Test("T1, T2: replay stores the demo's workout and dive; sessions lists them; show summarises them")
    func replayAndShow() async throws {
        let data = CLI.temporaryDirectory()
        let replay = try await CLI.run(["replay", "scenarios/demo.yaml", "--no-log", "--data-dir", data])
        #expect(replay.status == 0)
        #expect(replay.stderr.contains("session store: \(data)/actionsim.sqlite (sessions 1, 2"))
        let list = try await CLI.run(["sessions", "--data-dir", data])
        #expect(list.stdout.contains("workout running") && list.stdout.contains("TrailRunner") && list.stdout.contains("DeepLog"))
        let workout = try await CLI.run(["show", "last-workout", "--data-dir", data])
        #expect(workout.status == 0)
        for field in ["distance:", "heart rate:", "active energy:", "laps:", "4 lap, 1 segment", "1 pause"] {
            #expect(workout.stdout.contains(field), "show lacks \(field): \(workout.stdout)")
        }
        // 12.18: a lap's time is its timer time, the 3-minute pause inside the fifth left out.
        let lines = workout.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("laps:                  6 (timer time, pauses left out)"), "\(workout.stdout)")
        #expect(lines.contains("  lap 4:               0:05:00"), "\(workout.stdout)")
        #expect(lines.contains("  lap 5:               0:07:00 (elapsed 0:10:00, 0:03:00 paused)"), "\(workout.stdout)")
        let dive = try await CLI.run(["show", "2", "--data-dir", data])
        for field in ["max depth:", "dive time:", "min temperature:", "ascent-rate warnings:  1"] {
            #expect(dive.stdout.contains(field), "show lacks \(field): \(dive.stdout)")
        }
    }

    @Test("Bad input: an unknown session or a format the session cannot hold exits 2 and says why")
    func badExports() async throws {
        let data = CLI.temporaryDirectory()
        try await CLI.run(["replay", "scenarios/demo.yaml", "--no-log", "--data-dir", data])
        let unknown = try await CLI.run(["export", "7", "-o", data + "/x.fit", "--data-dir", data])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no session 7 in the store; known sessions: 1, 2"))
        let wrong = try await CLI.run(["export", "2", "--format", "fit", "-o", data + "/x.fit", "--data-dir", data])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("session 2 is a dive; fit holds workout sessions only"))
        #expect(!FileManager.default.fileExists(atPath: data + "/x.fit"))
        let ok = try await CLI.run(["export", "1", "-o", data + "/run.fit", "--data-dir", data])
        #expect(ok.status == 0 && FileManager.default.fileExists(atPath: data + "/run.fit"))
    }

    @Test("A corrupted database is reported with what to do, exit 2, not a crash; replay goes on without it")
    func corruptedDatabase() async throws {
        let data = CLI.temporaryDirectory()
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: data + "/actionsim.sqlite"))
        let list = try await CLI.run(["sessions", "--data-dir", data])
        #expect(list.status == 2)
        #expect(list.stderr.contains("is damaged or not a database") && list.stderr.contains("move it aside"))
        let replay = try await CLI.run(["replay", "scenarios/demo.yaml", "--no-log", "--data-dir", data])
        #expect(replay.status == 0)
        #expect(replay.stderr.contains("replaying without the session store"))
    }

    @Test("T4: a real-time run killed mid-session is found on the next start, interrupted, its samples kept")
    func killedRun() async throws {
        let data = CLI.temporaryDirectory()
        let scenario = data + "/long.yaml"
        try """
        name: killed run
        app:
          app: Runner
          workout-kinds: {running: {title: Running, activity: running}}
          intents:
            - {name: StartIntent, role: start-workout, perform: {takes: 100ms}}
        settings: {action: workout, first-press: running}
        sensors: {rate: 20 Hz}
        steps:
          - {at: 0s, gesture: press}
          - {at: 10m, end: session}
        """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let process = try ChildProcess(CLI.binary, ["replay", scenario, "--realtime", "--no-log", "--data-dir", data],
                                       stdout: .discard, stderr: .collect)
        defer { if process.isRunning { process.signal(SIGKILL) } }
        // 20 samples committed (a second's worth), read as another process would, however
        // slow the start; then the kill.
        let store = data + "/actionsim.sqlite"
        try await waitUntil("the real-time replay to commit 20 samples to \(store) (stderr: \(process.stderr))") {
            try FaultTests.storedSamples(store).count >= 20
        }
        process.signal(SIGKILL)
        await process.wait()
        let list = try await CLI.run(["sessions", "--data-dir", data])
        #expect(list.stderr.contains("session 1 was not ended when its run stopped; marked interrupted"))
        #expect(list.stdout.contains("interrupted"))
        let show = try await CLI.run(["show", "1", "--data-dir", data])
        let samples = show.stdout.split(separator: "\n").first { $0.hasPrefix("samples:") }.map(String.init) ?? ""
        let count = Int(samples.split(separator: " ").dropFirst().first ?? "") ?? 0
        // Every sample committed before the kill is kept.
        #expect(count >= 20, "\(show.stdout)")
    }
}
