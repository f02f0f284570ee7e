import Foundation
import Scenarios
import SessionStore

/// Exports and plots as a user runs them — the `actionsim` executable, from a session in the
/// store to standard output redirected to a file — against `sqlite3 -csv` writing the same
/// session's rows the same way, in the
/// same run: each repetition runs the command and the baseline back to back, and the ratio
/// is taken per pair, of bytes written per second. Each is timed from its start to its exit
/// (start-up and opening the store included, on both sides), with its peak resident memory.
struct ExportThroughput {
    var actionsim: String
    var sqlite3: String
    var directory: String
    var repetitions: Int

    /// The rows the baseline writes: every sample of the session, in time order.
    static let baselineQuery = "SELECT * FROM samples WHERE session_id = 1 ORDER BY t"

    /// What was measured for one export format or the plot.
    struct Figures {
        var name: String
        var bytes: Int
        var times: Measurement
        var baselineBytes: Int
        var baselineTimes: Measurement
        /// Per pair: the command's bytes per second over the baseline's (for the plot, the
        /// baseline's time over the plot's: its output is as big as the picture, not the session).
        var ratios: Measurement
        /// The same, of CPU time (user + system) instead of time to exit.
        var cpuRatios: Measurement
        var cpuTimes: Measurement
        var baselineCPUTimes: Measurement
        var peakRSS: Int
    }

    /// Records `scenario` (its sensors at their rate) into a store of its own at `path`, as
    /// `actionsim replay` records it. Not timed. Answers the samples stored.
    static func record(_ scenario: Scenario, into path: String) async throws -> Int {
        ReplayThroughput.remove(path)
        let database = try SessionDatabase(path: path)
        let recorder = SessionRecorder(database: database, run: .init(
            source: "bench", name: scenario.name, app: scenario.app.model.name, seed: scenario.seed, clock: "virtual",
            wallClockAtZero: 1_764_000_000_000_000_000, sensors: scenario.sensors))
        _ = try await ScenarioRunner.run(scenario, sinks: [recorder], keepEvents: false)
        if let error = recorder.close() { throw error }
        return recorder.samplesCommitted
    }

    /// `export` in each workout format, then `plot`, of session 1 of `database`.
    func measure(database: String, pairs: Int) throws -> [Figures] {
        let baseline = directory + "/baseline.csv"
        var figures: [Figures] = []
        for name in ["fit", "tcx", "gpx", "csv", "plot"] {
            let output = directory + "/session." + (name == "plot" ? "svg" : name)
            // Written as sqlite3's is: to standard output, redirected to a file. With `-o FILE`
            // actionsim also syncs the file and its directory before and after its rename
            // (a file whole after a power cut, about 10 ms each here), which sqlite3's
            // redirected output never does: not the same work.
            let arguments = name == "plot" ? ["plot", "1", "-o", "-", "--db", database]
                : ["export", "1", "--format", name, "-o", "-", "--db", database]
            var times: [Double] = [], baselineTimes: [Double] = [], ratios: [Double] = []
            var cpu: [Double] = [], baselineCPU: [Double] = [], cpuRatios: [Double] = []
            var peak = 0, bytes = 0, baselineBytes = 0
            for _ in 0..<pairs {
                // Each run starts with nothing of the last one's output waiting to be written
                // to disk (untimed): the kernel wrote sqlite3's 4 MB back while the export
                // that followed it was being timed, and the export's 1 MB during sqlite3's.
                sync()
                let run = try ChildProcess.run(actionsim, arguments, stdout: output)
                bytes = ChildProcess.size(of: output)
                sync()
                let base = try ChildProcess.run(sqlite3, ["-csv", database, Self.baselineQuery], stdout: baseline)
                baselineBytes = ChildProcess.size(of: baseline)
                times.append(run.seconds)
                baselineTimes.append(base.seconds)
                peak = max(peak, run.peakRSS)
                ratios.append(name == "plot" ? base.seconds / run.seconds
                              : (Double(bytes) / run.seconds) / (Double(baselineBytes) / base.seconds))
                cpu.append(run.cpuSeconds)
                baselineCPU.append(base.cpuSeconds)
                // CPU times come in 10 ms ticks: at least one on either side.
                let (ours, theirs) = (max(run.cpuSeconds, 0.01), max(base.cpuSeconds, 0.01))
                cpuRatios.append(name == "plot" ? theirs / ours : (Double(bytes) / ours) / (Double(baselineBytes) / theirs))
            }
            figures.append(Figures(name: name, bytes: bytes, times: Measurement(seconds: times), baselineBytes: baselineBytes,
                                   baselineTimes: Measurement(seconds: baselineTimes), ratios: Measurement(seconds: ratios),
                                   cpuRatios: Measurement(seconds: cpuRatios), cpuTimes: Measurement(seconds: cpu),
                                   baselineCPUTimes: Measurement(seconds: baselineCPU), peakRSS: peak))
        }
        return figures
    }

    /// The lowest ratio of the pairs stands for p99 (the worst one in a hundred).
    static func worst(_ ratios: Measurement) -> Double {
        let sorted = ratios.seconds.sorted()
        return sorted[max(0, Int((Double(sorted.count) * 0.01).rounded(.down)))]
    }

    /// Prints the figures: ratios against the 0.5 target, the plot's time and size against
    /// theirs, and peak RSS against `rssTarget` when given.
    static func report(_ figures: [Figures], rssTarget: Int?) -> [Bool] {
        var met: [Bool] = []
        for f in figures {
            let rssMet = rssTarget.map { f.peakRSS < $0 } ?? true
            let rss = "peak RSS \(mib(f.peakRSS))" + (rssTarget.map { " (target < \($0 / 1_000_000) MB: \(verdict(f.peakRSS < $0)))" } ?? "")
            if f.name == "plot" {
                let fast = f.times.median < 0.2, small = f.bytes < 1_000_000
                print("  plot:        \(pad(f.bytes, "bytes"))  \(f.times.times)  target < 200 ms: \(verdict(fast)); < 1 MB: \(verdict(small))")
                print(String(format: "               sqlite3 -csv of the rows %@; plot/sqlite ratio (its time over the plot's): %.2f median (%.2f p99)",
                             f.baselineTimes.times, f.ratios.median, worst(f.ratios)))
                print(String(format: "               CPU: plot %@, sqlite3 %@; ratio %.2f median;  %@", f.cpuTimes.times,
                             f.baselineCPUTimes.times, f.cpuRatios.median, rss))
                met += [fast, small, rssMet]
            } else {
                let speed = megabytesPerSecond(f.bytes, f.times.median)
                let base = megabytesPerSecond(f.baselineBytes, f.baselineTimes.median)
                print("  export \(f.name.padding(toLength: 4, withPad: " ", startingAt: 0)): \(pad(f.bytes, "bytes"))  \(f.times.times)  \(speed)")
                print(String(format: "               sqlite3 -csv %@ (%@, %@); export/sqlite ratio: %.2f median (%.2f p99)  target >= 0.5  %@",
                             f.baselineTimes.times, pad(f.baselineBytes, "bytes"), base, f.ratios.median, worst(f.ratios),
                             verdict(f.ratios.median >= 0.5)))
                print(String(format: "               CPU: export %@, sqlite3 %@; ratio %.2f median;  %@", f.cpuTimes.times,
                             f.baselineCPUTimes.times, f.cpuRatios.median, rss))
                met += [f.ratios.median >= 0.5, rssMet]
            }
        }
        return met
    }

    static func pad(_ count: Int, _ unit: String) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: "en_US")
        return (formatter.string(from: NSNumber(value: count)) ?? "\(count)") + " " + unit
    }
}

/// A million steps — 17 minutes of mashing at 1,000 key events a second, the recording of
/// issue 12 — imported from evemu-record's text with `actionsim import-evemu` (a scenario
/// and its steps file), checked and replayed with `actionsim replay` (timeline, session log
/// and store on, as a user runs it), each timed with its peak resident memory.
struct MillionStepReplay {
    var actionsim: String
    var directory: String
    var repetitions: Int
    static let events = 1_000_000

    func run() throws -> Bool {
        let evemu = directory + "/mash.evemu"
        var text = "# EVEMU 1.3\nN: mashed keyboard\n"
        text.reserveCapacity(Self.events * 30)
        for index in 0..<Self.events {
            let micros = 1_000_000 + index * 1_000
            text += "E: \(micros / 1_000_000).\(String(format: "%06d", micros % 1_000_000)) 0001 00b7 000\(1 - index % 2)\n"
        }
        try text.write(toFile: evemu, atomically: false, encoding: .utf8)
        let scenario = directory + "/mash.yaml"
        let profile = FileManager.default.currentDirectoryPath + "/devices/usb-keyboard.yaml"
        let imported = try ChildProcess.run(actionsim, ["import-evemu", evemu, "--device", profile, "-o", scenario])
        let stepsFile = directory + "/mash.steps.jsonl"
        let checked = try ChildProcess.run(actionsim, ["check", scenario])
        var times: [Double] = [], cpu: [Double] = []
        var peak = 0
        for index in 0..<repetitions {
            let data = directory + "/replay-\(index)"
            let run = try ChildProcess.run(actionsim, ["replay", scenario, "--log-dir", data, "--data-dir", data, "--color", "never"])
            try? FileManager.default.removeItem(atPath: data)
            times.append(run.seconds)
            cpu.append(run.cpuSeconds)
            peak = max(peak, run.peakRSS)
        }
        let replay = Measurement(seconds: times)
        print("1,000,000-step scenario (17 minutes of mashing, import-evemu's scenario and steps file, \(ExportThroughput.pad(ChildProcess.size(of: stepsFile), "bytes"))), \(repetitions) runs")
        print("  import-evemu:  \(ms(imported.seconds)) (CPU \(ms(imported.cpuSeconds)))  peak RSS \(mib(imported.peakRSS))")
        print("  check:         \(ms(checked.seconds)) (CPU \(ms(checked.cpuSeconds)))  peak RSS \(mib(checked.peakRSS))")
        print("  replay (timeline, log and store): \(replay.times)  \(replay.rate(of: Self.events, unit: " steps/s"))  CPU \(Measurement(seconds: cpu).times)")
        print("  replay peak RSS: \(mib(peak))  target < 100 MB  \(verdict(peak < 100_000_000))")
        return peak < 100_000_000
    }
}
