// `make bench`: the figures behind the speed targets, each the median (and p99) of several
// runs in this one process, each beside its target:
//   1. engine throughput: gestures per second through the recognizer and the Action-button
//      system, no I/O;
//   2. a 10-hour workout with a press every minute, replayed on virtual time (target < 1 s);
//   3. how fast the session store keeps up: a 10-hour 1 Hz workout replayed with the sensors
//      and the store on, against the same rows bulk-inserted through SQLite's C API.
import ActionButtonCore
import Foundation
import GRDBSQLite
import Scenarios
import SessionStore
import Simulation
import Telemetry
import YAMLDocuments

let scenarioText = """
name: ten-hour run
app:
  app: BenchRunner
  workout-kinds: {running: Running}
  intents:
    - {name: StartRunIntent, role: start-workout, perform: {takes: 1s}}
settings: {action: workout, first-press: running}
seed: 7
steps:
  - {at: 0s, gesture: press}
  - {at: 10h, end: session}
"""

let repetitions = Int(ProcessInfo.processInfo.environment["BENCH_REPETITIONS"] ?? "") ?? 7
let scenario = try ScenarioParser.parse(YAMLDocument(text: scenarioText, file: "ten-hour-run.yaml"))
let sensors = scenario.sensors
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("actionsim-bench-\(getpid())").path
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }

func seconds(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    return (ContinuousClock.now - start).secondsValue
}

func summary(_ times: [Double]) -> (median: Double, p99: Double) {
    let sorted = times.sorted()
    let p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
    return (sorted[sorted.count / 2], p99)
}

func ms(_ t: Double) -> String { String(format: "%.1f ms", t * 1000) }

// 1. Engine throughput: edges through the recognizer, gestures through the system, each
// dispatched next action reported back at once so the system is never busy.
do {
    let gesturesPerRun = 1_000_000
    var registry = AppRegistry()
    let lap = IntentReference(name: "MarkLapIntent", title: "Mark Lap")
    try registry.install(InstalledApp(name: "Bench", workout: .init(
        startIntent: IntentReference(name: "StartIntent", title: "Start"),
        suggestedWorkouts: [WorkoutOption(id: "running", title: "Running")])))
    var times: [Double] = []
    var handled = 0
    for _ in 0..<repetitions {
        var recognizer = PressRecognizer()
        var system = try ActionButtonSystem(registry: registry, settings: .workout(app: "Bench", firstPress: nil))
        _ = system.handle(.session(.started(.workout)), at: .zero)
        _ = system.handle(.donated(lap), at: .zero)
        var outputs: [PressRecognizer.Output] = []
        var events: [SystemEvent] = []
        outputs.reserveCapacity(4)
        events.reserveCapacity(8)
        handled = 0
        times.append(await seconds {
            var t: Int64 = 1_000_000_000
            for _ in 0..<gesturesPerRun {
                outputs.removeAll(keepingCapacity: true)
                recognizer.handle(Edge(.action, .down, at: Timestamp(nanoseconds: t)), into: &outputs)
                recognizer.handle(Edge(.action, .up, at: Timestamp(nanoseconds: t + 60_000_000)), into: &outputs)
                for case .gesture(let gesture) in outputs {
                    events.removeAll(keepingCapacity: true)
                    system.handle(.gesture(gesture), at: gesture.time, into: &events)
                    for case .intentDispatched(let invocation) in events {
                        system.handle(.intentReturned(invocation: invocation.id, actionButtonIntent: nil),
                                      at: gesture.time, into: &events)
                        handled += 1
                    }
                }
                t += 500_000_000
            }
        })
    }
    let engine = summary(times)
    precondition(handled == gesturesPerRun, "every press must run the next action")
    print("engine: \(gesturesPerRun) presses through recognizer + system, \(repetitions) runs, median (p99)")
    print(String(format: "engine throughput: %.0f gestures/s (p99 run %.0f/s)  target >= 1000000",
                 Double(gesturesPerRun) / engine.median, Double(gesturesPerRun) / engine.p99))
    print("")
}

// 2. The spine's target: a 10-hour workout with a press every minute, virtual time.
do {
    var steps = ""
    for minute in 0..<600 { steps += "  - {at: \(minute)m, gesture: press}\n" }
    let text = """
    app: {app: LapRunner, workout-kinds: {running: Running}, intents: [
      {name: StartRunIntent, role: start-workout, perform: {takes: 1s}},
      {name: MarkLapIntent, role: action, perform: {takes: 80ms, marks: lap}}],
      donations: [{when: session-started, donate: MarkLapIntent}]}
    settings: {action: workout, first-press: running}
    steps:
    \(steps)  - {at: 10h, end: session}
    """
    let presses = try ScenarioParser.parse(YAMLDocument(text: text, file: "ten-hours-of-presses.yaml"))
    var times: [Double] = []
    var performed = 0
    for _ in 0..<repetitions {
        times.append(try await seconds {
            let outcome = try await ScenarioRunner.run(presses)
            performed = outcome.events.filter { if case .performing = $0.kind { true } else { false } }.count
        })
    }
    let replay = summary(times)
    precondition(performed == 600, "every press must perform an intent")
    print("10-hour workout, a press every minute (600 intents, 36,000 samples), virtual time, \(repetitions) runs")
    print("replay time: \(ms(replay.median)) median (\(ms(replay.p99)) p99)  target < 1000 ms")
    print("")
}

// 3. Replay with sensors only (what the store adds to).
var sensorTimes: [Double] = []
var samples: [(Timestamp, SensorSample)] = []
for _ in 0..<repetitions {
    sensorTimes.append(try await seconds {
        let outcome = try await ScenarioRunner.run(scenario)
        samples = outcome.events.compactMap { event in
            if case .sample(let sample) = event.kind { (event.time, sample) } else { nil }
        }
    })
}

// 4. Replay with sensors and the session store.
var storeTimes: [Double] = []
var stored = 0
for index in 0..<repetitions {
    let path = "\(directory)/store-\(index).sqlite"
    storeTimes.append(try await seconds {
        let database = try SessionDatabase(path: path)
        let recorder = SessionRecorder(database: database, run: .init(
            source: "bench", name: scenario.name, app: scenario.app.model.name, seed: scenario.seed, clock: "virtual",
            wallClockAtZero: 0, sensors: sensors))
        _ = try await ScenarioRunner.run(scenario, sinks: [recorder])
        if let error = recorder.close() { throw error }
        stored = recorder.samplesCommitted
    })
}

// 5. The same rows, bulk-inserted through the C API: one transaction, one prepared statement.
struct SQLiteFailure: Error { let message: String }
func check(_ code: Int32, _ db: OpaquePointer?, _ what: String) throws {
    guard code == SQLITE_OK || code == SQLITE_DONE || code == SQLITE_ROW else {
        throw SQLiteFailure(message: "\(what): \(String(cString: sqlite3_errmsg(db)))")
    }
}
var rawTimes: [Double] = []
for index in 0..<repetitions {
    let path = "\(directory)/raw-\(index).sqlite"
    var db: OpaquePointer?
    try check(sqlite3_open(path, &db), db, "open")
    try check(sqlite3_exec(db, """
        PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
        CREATE TABLE samples (session_id INTEGER NOT NULL, t INTEGER NOT NULL, elapsed INTEGER NOT NULL,
            heart_rate REAL, active_energy REAL, distance REAL, speed REAL, cadence REAL, strokes REAL,
            depth REAL, pressure REAL, water_temperature REAL, submerged INTEGER,
            PRIMARY KEY (session_id, t)) WITHOUT ROWID;
        """, nil, nil, nil), db, "create")
    rawTimes.append(try await seconds {
        try check(sqlite3_exec(db, "BEGIN", nil, nil, nil), db, "begin")
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(db, "INSERT INTO samples VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", -1, &statement, nil), db, "prepare")
        func bind(_ value: Double?, _ index: Int32) {
            if let value { sqlite3_bind_double(statement, index, value) } else { sqlite3_bind_null(statement, index) }
        }
        for (time, s) in samples {
            sqlite3_bind_int64(statement, 1, 1)
            sqlite3_bind_int64(statement, 2, time.nanoseconds)
            sqlite3_bind_int64(statement, 3, s.elapsed.nanoseconds)
            bind(s.heartRate, 4); bind(s.activeEnergy, 5); bind(s.distance, 6); bind(s.speed, 7); bind(s.cadence, 8)
            bind(s.strokes, 9); bind(s.depth, 10); bind(s.pressure, 11); bind(s.waterTemperature, 12)
            sqlite3_bind_null(statement, 13)
            try check(sqlite3_step(statement), db, "insert")
            sqlite3_reset(statement)
        }
        sqlite3_finalize(statement)
        try check(sqlite3_exec(db, "COMMIT", nil, nil, nil), db, "commit")
    })
    sqlite3_close(db)
}

let sensorsOnly = summary(sensorTimes), store = summary(storeTimes), raw = summary(rawTimes)
let count = Double(samples.count)
func rate(_ t: Double) -> String { String(format: "%.0f", count / t) }
print("10-hour workout at 1 Hz: \(samples.count) samples (\(stored) stored), \(repetitions) runs each, median (p99)")
print("replay, sensors only:            \(ms(sensorsOnly.median)) (\(ms(sensorsOnly.p99)))  \(rate(sensorsOnly.median)) samples/s")
print("replay, sensors + session store: \(ms(store.median)) (\(ms(store.p99)))  \(rate(store.median)) samples/s stored")
print("raw SQLite bulk insert (C API):  \(ms(raw.median)) (\(ms(raw.p99)))  \(rate(raw.median)) samples/s")
// The ratio is of throughputs: samples stored per second by the whole replay, over rows per
// second of the bare insert (1.0 would mean the replay costs nothing beyond the insert).
print(String(format: "replay/sqlite ratio: %.2f  target >= 0.5", raw.median / store.median))
