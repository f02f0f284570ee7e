// `make bench`: the figures behind the speed targets. Each is the median (and p99) of
// several runs in this one process, printed beside its target and a ratio against a
// baseline measured in the same run:
//   1. engine throughput: gestures per second through the recognizer and the Action-button
//      system, no I/O — against the Python baseline's press logic;
//   2. a 10-hour workout with a press every minute, replayed on virtual time, no I/O;
//   3. replay throughput with the JSON Lines log and the SQLite store on, for a 10-hour
//      workout and a 2-hour dive at 1 Hz with a press a minute — against a raw SQLite bulk
//      insert of the same rows through the C API (`replay/sqlite ratio`);
//   4. the same two replays by the Python baseline a user would otherwise write;
//   5. exports (fit, tcx, gpx, csv) and the plot of the 10-hour workout and of a
//      1,000,000-sample workout, by the `actionsim` executable, against `sqlite3 -csv` of the
//      same rows (bytes written per second), with peak RSS;
//   6. a 1,000,000-step scenario (import-evemu's scenario and steps file) replayed by the
//      `actionsim` executable: time and peak RSS.
//
// BENCH_REPETITIONS=N changes the number of runs (default 7); BENCH_ONLY=engine,spine,
// workout,dive,python,exports,million picks sections; ACTIONSIM_BIN names the actionsim
// executable sections 5 and 6 run (default: make release's, else the one beside this); BENCH_SPLIT=1 also times the replays with only the
// log and only the store on; BENCH_PAIRS=1 prints every pair's times (replay/bare insert, ms).
import Foundation
import Scenarios

let environment = ProcessInfo.processInfo.environment
let repetitions = max(1, Int(environment["BENCH_REPETITIONS"] ?? "") ?? 7)

// Without BENCH_ONLY, each part runs in a process of its own (this program again), as
// benchmark harnesses fork per benchmark: in one process the dive, measured after the
// workout and its Python baseline, ran a third slower than in a fresh one (sensors only,
// 7.2 ms against 5.0), a leftover of their heap and page cache, not of the dive.
if environment["BENCH_ONLY"] == nil {
    print("actionsim-bench: \(repetitions) runs of each, figures are median (p99); each part in a fresh process")
    print("")
    var ratios: [Double] = []
    for part in ["engine", "spine", "workout,python", "dive,python", "exports", "million"] {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.environment = environment.merging(["BENCH_ONLY": part, "BENCH_PART": "1"]) { $1 }
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        print(output, terminator: "")
        guard child.terminationStatus == 0 else {
            FileHandle.standardError.write(Data("actionsim-bench: the \(part) part failed (exit \(child.terminationStatus))\n".utf8))
            exit(1)
        }
        for line in output.split(separator: "\n") where line.hasPrefix("  replay/sqlite ratio: ") {
            if let ratio = Double(line.dropFirst("  replay/sqlite ratio: ".count).prefix { $0 != " " }) { ratios.append(ratio) }
        }
    }
    printLowestRatio(ratios)
    exit(0)
}
let sections = Set(environment["BENCH_ONLY", default: ""].split(separator: ",").map(String.init))
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("actionsim-bench-\(getpid())").path
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }
let python = PythonBaseline(directory: directory, repetitions: repetitions)

if environment["BENCH_PART"] == nil {
    print("actionsim-bench: \(repetitions) runs of each, figures are median (p99)")
    print("")
}

// 1. Engine throughput.
if sections.contains("engine") {
    let presses = 1_000_000
    let engine = try EngineThroughput(presses: presses, repetitions: repetitions).run()
    let pythonPresses = 200_000
    let baseline = try Measurement(seconds: python.engine(presses: pythonPresses).seconds)
    let rate = Double(presses) / engine.median
    print("engine: \(presses) presses as edges through recognizer + Action-button system, no I/O")
    print("  actionsim:          \(engine.rate(of: presses, unit: " gestures/s"))")
    print("  Python baseline:    \(baseline.rate(of: pythonPresses, unit: " gestures/s"))")
    print(String(format: "  engine throughput: %.0f gestures/s  target >= 1000000  %@", rate, verdict(rate >= 1_000_000)))
    print(String(format: "  actionsim/python ratio: %.1f  (gestures per second, median runs)",
                 rate / (Double(pythonPresses) / baseline.median)))
    print("")
}

// 2. The spine's target: a 10-hour workout with a press every minute, virtual time, no I/O.
if sections.contains("spine") {
    let scenario = try BenchScenarios.parse(BenchScenarios.workout, file: "ten-hour-workout.yaml")
    var performed = 0
    let replay = try await Measurement.of(repetitions) { _ in
        let outcome = try await ScenarioRunner.run(scenario)
        performed = outcome.events.filter { if case .performing = $0.kind { true } else { false } }.count
    }
    precondition(performed == 600, "every press must perform an intent (performed \(performed))")
    print("10-hour workout, a press every minute (600 intents, 36,000 samples), virtual time, no log or store")
    print("  replay time: \(replay.times)  target < 1000 ms  \(verdict(replay.p99 < 1))")
    print("")
}

// 3 and 4. Replay throughput with the log and the store, against raw SQLite and Python.
var ratios: [Double] = []
// The dive is a fifth of the workout's length, and a pair of its runs (about 30 ms) is
// swayed more by whatever else the machine does: it gets three times the pairs.
for (section, label, text, kind, hours, pairs) in [
    ("workout", "10-hour workout", BenchScenarios.workout, "workout", BenchScenarios.workoutHours, repetitions),
    ("dive", "2-hour dive", BenchScenarios.dive, "dive", BenchScenarios.diveHours, 3 * repetitions),
] where sections.contains(section) {
    let scenario = try BenchScenarios.parse(text, file: "\(section).yaml")
    let figures = try await ReplayThroughput(label: label, scenario: scenario, directory: directory,
                                             repetitions: pairs, split: environment["BENCH_SPLIT"] != nil).run()
    ratios.append(figures.ratio)
    if sections.contains("python") {
        let baseline = try python.replay(kind: kind, hours: hours)
        let measured = Measurement(seconds: baseline.seconds)
        let pythonRate = Double(baseline.samples ?? 0) / measured.median
        print("  Python baseline (evdev-style loop, json, sqlite3): \(measured.times)  \(measured.rate(of: baseline.samples ?? 0, unit: " samples/s stored"))")
        print(String(format: "  actionsim/python ratio: %.1f  (samples stored per second, median runs)",
                     figures.storedPerSecond / pythonRate))
    }
    print("")
}
if environment["BENCH_PART"] == nil { printLowestRatio(ratios) }

/// The `actionsim` executable sections 5 and 6 run: ACTIONSIM_BIN, else the static one of
/// `make release` (what a board gets, and what the live figures measure), else the one
/// built beside this program.
func actionsimExecutable() -> String {
    if let given = environment["ACTIONSIM_BIN"] { return given }
    let fileManager = FileManager.default
    let release = fileManager.currentDirectoryPath + "/.build-static/release/actionsim"
    if fileManager.isExecutableFile(atPath: release) { return release }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("actionsim").path
}

// 5. Exports and plots, against sqlite3 -csv of the same rows.
if sections.contains("exports") {
    let actionsim = actionsimExecutable()
    let sqlite3 = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/bin/sqlite3"].first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let sqlite3 else {
        print("exports: no sqlite3 executable (apt-get install sqlite3): the baseline cannot be measured")
        exit(1)
    }
    let bench = ExportThroughput(actionsim: actionsim, sqlite3: sqlite3, directory: directory, repetitions: repetitions)
    print("exports and plot, by \(actionsim) (each a process: start-up and opening the store included), against sqlite3 -csv")
    print("of the same session's samples, run back to back in pairs; ratios are of bytes written per second")
    let tenHours = directory + "/ten-hours.sqlite"
    let samples = try await ExportThroughput.record(try BenchScenarios.parse(BenchScenarios.workout, file: "workout.yaml"), into: tenHours)
    print("10-hour workout: \(samples) samples, 600 laps, \(repetitions) pairs, median (p99)")
    var met = ExportThroughput.report(try bench.measure(database: tenHours, pairs: repetitions), rssTarget: nil)
    let million = directory + "/million.sqlite"
    let manySamples = try await ExportThroughput.record(
        try BenchScenarios.parse(BenchScenarios.workout(hours: 28, rate: "10 Hz"), file: "million.yaml"), into: million)
    let millionPairs = max(1, repetitions / 3)
    print("28-hour workout at 10 Hz: \(manySamples) samples, 1680 laps, \(millionPairs) pairs, median (p99)")
    met += ExportThroughput.report(try bench.measure(database: million, pairs: millionPairs), rssTarget: 40_000_000)
    print("exports and plot: \(met.filter { $0 }.count) of \(met.count) targets met")
    print("")
}

// 6. A million-step scenario, streamed.
if sections.contains("million") {
    let bench = MillionStepReplay(actionsim: actionsimExecutable(), directory: directory, repetitions: max(1, repetitions / 3))
    _ = try bench.run()
    print("")
}

/// The last line: the lower of the replays' ratios, against the target.
func printLowestRatio(_ ratios: [Double]) {
    guard let worst = ratios.min() else { return }
    print(String(format: "replay/sqlite ratio: %.2f  target >= 0.5  %@  (the lower of the replays above)", worst, verdict(worst >= 0.5)))
}

