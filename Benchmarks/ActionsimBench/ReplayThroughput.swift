import Foundation
import Scenarios
import SessionLog
import SessionStore
import SimulationEvents
import Telemetry

/// Replay throughput with everything a `replay` writes switched on — the JSON Lines
/// session log and the SQLite session store — against a raw SQLite bulk insert of the
/// same rows in the same run. The ratio is of throughputs: samples stored per second by
/// the whole replay over rows (samples and events) per second of the bare insert; 1.0
/// would mean the replay, its sensors, its log and its store together cost no more than
/// inserting its rows alone.
///
/// Each repetition runs the replay and the bare insert back to back and the ratio is
/// taken per pair, so that a burst of load from elsewhere on the machine falls on both
/// sides of one ratio rather than on one side of the medians.
struct ReplayThroughput {
    var label: String
    var scenario: Scenario
    var directory: String
    var repetitions: Int
    /// Also time the replay with only the log and with only the store.
    var split = false

    struct Figures {
        var ratio: Double
        var storedPerSecond: Double
    }

    func run() async throws -> Figures {
        // What was written before (the build's few hundred MB, the Python baseline's database
        // and log) is written back now, not by the kernel's flusher threads during these runs.
        sync()
        // The rows: what one replay records.
        let events = try await ScenarioRunner.run(scenario).events
        let samples = events.compactMap { event -> RecordedSession.TimedSample? in
            if case .sample(let sample) = event.kind { .init(time: event.time, sample: sample) } else { nil }
        }
        let raw = RawSQLiteInsert(samples: samples, events: events.compactMap(RecordedSession.Event.from))
        let presses = events.filter { if case .gesture = $0.kind { true } else { false } }.count

        var sensorsOnly: [Double] = [], full: [Double] = [], bare: [Double] = [], ratios: [Double] = []
        var logOnly: [Double] = [], storeOnly: [Double] = []
        for index in 0..<repetitions {
            sensorsOnly.append(try await Self.time { _ = try await ScenarioRunner.run(scenario, keepEvents: false) })
            let replay = try await replayWith(log: true, store: true, index: index, samples: samples.count)
            // Opening and closing the database are not timed, on either side.
            let path = "\(directory)/\(label)-raw-\(index).sqlite"
            let db = try RawSQLiteInsert.create(at: path)
            let insert = try await Self.time { try raw.insert(into: db) }
            sqlite3Close(db)
            Self.remove(path)
            full.append(replay)
            bare.append(insert)
            // Samples stored per second by the replay over rows per second of the bare insert.
            ratios.append((Double(samples.count) / replay) / (Double(raw.rows) / insert))
            if split {
                logOnly.append(try await replayWith(log: true, store: false, index: index, samples: samples.count))
                storeOnly.append(try await replayWith(log: false, store: true, index: index, samples: samples.count))
            }
        }
        let (sensorsOnlyRun, fullRun, bareRun, ratio) = (Measurement(seconds: sensorsOnly), Measurement(seconds: full),
                                                         Measurement(seconds: bare), Measurement(seconds: ratios))
        print("\(label): \(samples.count) samples, \(presses) presses, \(raw.rows) rows (samples and events), \(repetitions) runs, median (p99)")
        print("  replay, sensors only:           \(pad(sensorsOnlyRun.times))  \(sensorsOnlyRun.rate(of: samples.count, unit: " samples/s"))")
        if split {
            print("  replay, sensors + log:          \(pad(Measurement(seconds: logOnly).times))")
            print("  replay, sensors + store:        \(pad(Measurement(seconds: storeOnly).times))")
        }
        print("  replay, sensors + log + store:  \(pad(fullRun.times))  \(fullRun.rate(of: samples.count, unit: " samples/s stored"))")
        print("  raw SQLite bulk insert (C API): \(pad(bareRun.times))  \(bareRun.rate(of: raw.rows, unit: " rows/s"))")
        if ProcessInfo.processInfo.environment["BENCH_PAIRS"] != nil { print("    pairs: " + zip(full, bare).map { String(format: "%.1f/%.1f", $0 * 1e3, $1 * 1e3) }.joined(separator: " ")) }
        // The lowest ratio of all pairs stands for p99: the worst one in a hundred.
        let worst = ratios.sorted()[max(0, Int((Double(ratios.count) * 0.01).rounded(.down)))]
        print(String(format: "  replay/sqlite ratio: %.2f median of pairs (%.2f p99)  target >= 0.5  %@",
                     ratio.median, worst, verdict(ratio.median >= 0.5)))
        return Figures(ratio: ratio.median, storedPerSecond: Double(samples.count) / fullRun.median)
    }

    /// One replay as `actionsim replay` runs it, with the log and/or the store on, timed
    /// from the start of the run until the log is closed (and synced) and the store has
    /// committed its last row; opening the database and the log file is not timed. Checks
    /// that every sample was stored and every event logged.
    private func replayWith(log logging: Bool, store storing: Bool, index: Int, samples: Int) async throws -> Double {
        let database = storing ? try SessionDatabase(path: "\(directory)/\(label)-store-\(index).sqlite") : nil
        let log = logging ? try SessionLogFile(directory: "\(directory)/\(label)-logs-\(index)", header: .init(
            source: "bench", name: scenario.name, app: scenario.app.model.name, settings: scenario.settings.description,
            seed: scenario.seed, clock: "virtual")) : nil
        log?.syncsToDisk = false  // as `actionsim replay` writes it
        let recorder = database.map { SessionRecorder(database: $0, run: .init(
            source: "bench", name: scenario.name, app: scenario.app.model.name, seed: scenario.seed, clock: "virtual",
            wallClockAtZero: 0, sensors: scenario.sensors)) }
        let sinks: [any SimulationEventSink] = (log.map { [$0] } ?? []) + (recorder.map { [$0] } ?? [])
        var outcome: ScenarioOutcome?
        let seconds = try await Self.time {
            // As `actionsim replay` runs it: the sinks take the events, the run keeps none.
            let run = try await ScenarioRunner.run(scenario, sinks: sinks, keepEvents: false)
            log?.beginClose(at: run.endTime)
            if let error = recorder?.close() { throw error }
            if let error = log?.close(at: run.endTime) { throw error }
            outcome = run
        }
        if let recorder { precondition(recorder.samplesCommitted == samples, "the store must keep every sample") }
        if let log { precondition(log.eventsWritten == outcome?.eventCount, "the log must hold every event") }
        Self.remove(database?.path, log?.path)
        return seconds
    }

    private static func time(_ body: () async throws -> Void) async rethrows -> Double {
        try await Measurement.of(1) { _ in try await body() }.seconds[0]
    }

    /// Deletes a run's files before the next run, so that the write-back of one run's pages
    /// does not slow the next one down.
    static func remove(_ paths: String?...) {
        for path in paths.compactMap({ $0 }) {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }

    private func pad(_ text: String) -> String { text.padding(toLength: 36, withPad: " ", startingAt: 0) }
}
