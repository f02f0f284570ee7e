import ActionButtonCore
@testable import Exports
import Foundation
import Scenarios
import Simulation
import Telemetry
import Testing
import TestSupport

/// What `actionsim plot` and the web page's charts (one drawing: `PlotModel`, `SVGPlot`)
/// tell a runner or a diver, read off the model and the SVG.
@Suite("Plots a runner and a diver read")
struct PlotReadabilityTests {
    /// A scenario's sessions as the store would hold them (folded from its events).
    static func sessions(_ text: String) async throws -> (sessions: [RecordedSession], sensors: SensorSettings) {
        let scenario = try Fixture.scenario(text)
        let events = EventRecorder()
        _ = try await ScenarioRunner.run(scenario, sinks: [events])
        var assembler = SessionAssembler(run: .init(source: "test", name: scenario.name, app: scenario.app.model.name,
                                                    seed: scenario.seed, clock: "virtual", wallClockAtZero: 0, sensors: scenario.sensors))
        for event in events.events { assembler.apply(event) }
        return (assembler.sessions, scenario.sensors)
    }

    static func svg(_ model: PlotModel) throws -> String {
        let sink = ByteArraySink()
        try SVGPlot.write(model, to: sink)
        return String(decoding: sink.bytes, as: UTF8.self)
    }

    /// A workout with every kind of press: a lap press, one while the lap intent still
    /// performs (ignored: busy), chords that pause and resume, a hold and a lone side press.
    static let workout = """
        name: press kinds
        app:
          app: Runner
          workout-kinds: {running: {title: Running, activity: running}}
          intents:
            - {name: StartIntent, role: start-workout, perform: {takes: 1s}}
            - {name: PauseIntent, role: pause-workout}
            - {name: ResumeIntent, role: resume-workout}
            - {name: LapIntent, role: action, perform: {takes: 30s, marks: lap}}
          donations:
            - {when: session-started, donate: LapIntent}
        settings: {action: workout, first-press: running}
        seed: 1
        steps:
          - {at: 0s, gesture: press}
          - {at: 5m, gesture: press}
          - {at: 5m 20s, gesture: press}
          - {at: 10m, gesture: both}
          - {at: 12m, gesture: both}
          - {at: 16m, gesture: hold}
          - {at: 17m, gesture: side}
          - {at: 20m, end: session}
        """

    @Test("P3/A12: each kind of press (press, chord, hold, side, ignored) and each intent has its own mark, named in the legend")
    func pressKindsAndIntents() async throws {
        let (sessions, _) = try await Self.sessions(Self.workout)
        let model = try PlotModel(try #require(sessions.first))
        let symbols = Set(model.strip.filter { $0.row == 0 }.map(\.symbol))
        #expect(symbols == [.press, .chord, .hold, .side, .ignored], "\(symbols)")
        let intents = model.strip.filter { $0.symbol == .intent && $0.count == 1 }
        let colorsByIntent = Dictionary(grouping: intents, by: { $0.tooltip.components(separatedBy: " at ")[0] }).mapValues { Set($0.map(\.color)) }
        #expect(colorsByIntent.keys.sorted() == ["LapIntent", "PauseIntent", "ResumeIntent", "StartIntent"])
        #expect(colorsByIntent.values.allSatisfy { $0.count == 1 }, "one colour per intent")
        #expect(Set(colorsByIntent.values.map { $0.first! }).count == 4, "and a different one for each")
        let legend = model.secondLegend.map(\.label)
        #expect(legend == ["press", "chord (Action + side)", "hold (the Siren)", "side button", "ignored press",
                           "StartIntent", "LapIntent", "PauseIntent", "ResumeIntent"])
        let svg = try Self.svg(model)
        // Times on the session's clock: it started a second after the first press.
        #expect(svg.contains("<title>chord (Action + side) at 9:59</title>") && svg.contains("<title>hold (the Siren) at 15:59</title>"))
        #expect(svg.contains("<title>press, ignored: busy at 5:19</title>"), "the press while the lap intent performed")
    }

    @Test("Ticks a runner reads: heart rate every 20 bpm, pace every 30 s where it fits; the time axis on round minutes")
    func ticks() async throws {
        let (sessions, _) = try await Self.sessions(Fixture.workout(end: "40m"))
        let model = try PlotModel(try #require(sessions.first))
        let hr = model.panels[0].ticks.map(\.value)
        #expect(!hr.isEmpty && hr.allSatisfy { $0.truncatingRemainder(dividingBy: 20) == 0 }, "\(hr)")
        let pace = model.panels[1].ticks
        #expect(pace.count >= 3 && pace.allSatisfy { ($0.value * 2).truncatingRemainder(dividingBy: 1) == 0 }, "\(pace.map(\.label))")
        #expect(pace.allSatisfy { $0.label.range(of: #"^\d+:(00|30)$"#, options: .regularExpression) != nil }, "\(pace.map(\.label))")
        // A narrow range: a step that gives at most eight ticks, on a round half-minute.
        let steady = PlotModel.ticks(low: 4.5, high: 6.5, step: 0.5, format: { String($0) })
        #expect(steady.map(\.value) == [4.5, 5, 5.5, 6, 6.5])
        #expect(model.timeTicks.allSatisfy { $0.value.truncatingRemainder(dividingBy: 60) == 0 })
    }

    @Test("T1: the session's end is marked; each lap says its timer time, the pause left out; zones only with a maximum heart rate")
    func endLapsAndZones() async throws {
        let (sessions, sensors) = try await Self.sessions(Fixture.workout())
        let session = try #require(sessions.first)
        let plain = try PlotModel(session)
        let end = try #require(plain.sessionEnd)
        #expect(end.time == session.endTime && end.label == "end")
        #expect(try Self.svg(plain).contains(">end \(TimeFormat.wholeSeconds(session.endTime! - session.startTime, shortUnderAnHour: true))<"))
        // Laps: split at 5m and 15m (the fixture's lap presses); the pause (10m to 12m) is in the second.
        let laps = plain.laps
        #expect(laps.count == 3, "\(laps.map(\.label))")
        let second = laps[1]
        let pausedAt = try #require(session.events.first { $0.kind == .paused }?.time)
        let resumedAt = try #require(session.events.first { $0.kind == .resumed }?.time)
        let paused = resumedAt - pausedAt
        #expect(paused > .seconds(100))
        #expect(abs((second.elapsed - second.timer - paused).secondsValue) < 1e-9, "timer = elapsed − the pause")
        #expect(abs((laps[0].timer - laps[0].elapsed).secondsValue) < 1e-9, "no pause in the first lap")
        #expect(laps.allSatisfy { $0.label == TimeFormat.wholeSeconds($0.timer, shortUnderAnHour: true) })
        #expect(plain.bands.isEmpty, "no zones without the athlete's maximum")
        let zoned = try PlotModel(session, context: .init(sensors: sensors))
        #expect(!zoned.bands.isEmpty && zoned.bands.allSatisfy { $0.label.hasPrefix("Z") })
        let max = sensors.profile.maxHeartRate
        #expect(zoned.bands.allSatisfy { band in
            let zone = Double(Int(band.label.dropFirst())!)
            return band.low >= max * (0.4 + 0.1 * zone) - 1e-9 && band.high <= max * (0.5 + 0.1 * zone) + 1e-9
        })
        #expect(try Self.svg(zoned).contains("HR zones 1–5 (% of max \(Int(max.rounded())) bpm)"))
        // A session still running has no end; one whose run stopped is marked interrupted.
        var open = session
        open.status = .active
        open.endTime = nil
        #expect(try PlotModel(open).sessionEnd == nil)
        open.status = .interrupted
        #expect(try PlotModel(open).sessionEnd?.label == "interrupted")
    }

    @Test("T2: a dive's ascent rate with the limit band, its peak warned, the safety stop, dive time on the x axis")
    func dive() async throws {
        let rushed = "sensors: {dive: {profile: [{at: 0s, depth: 0}, {at: 30s, depth: 0}, {at: 3m, depth: 20}, {at: 6m, depth: 20}, {at: 7m, depth: 5}, {at: 11m, depth: 5}, {at: 12m, depth: 0}]}}"
        let (sessions, sensors) = try await Self.sessions(Fixture.dive(sensors: rushed))
        let session = try #require(sessions.first)
        let model = try PlotModel(session, context: .init(sensors: sensors))
        let ascent = try #require(model.panels.firstIndex { $0.label == "ascent (m/min)" })
        #expect(model.series.contains { $0.panel == ascent && !$0.runs.isEmpty })
        let band = try #require(model.bands.first { $0.panel == ascent })
        #expect(band.low == sensors.dive.ascentRateLimit && band.high == model.panels[ascent].high)
        // 15 m in a minute: the peak is about 15 m/min, past the 10 m/min limit, and said so.
        let peak = try #require(model.callouts.first)
        #expect(peak.warned && peak.value > 13 && peak.value < 17 && peak.label.hasSuffix("too fast"), "\(peak.label)")
        // Four minutes at 5 m.
        let stop = try #require(model.spans.first)
        #expect(stop.label.range(of: #"^safety stop 4:[0-2]\d at 5 m$"#, options: .regularExpression) != nil, "\(stop.label)")
        // Dive time: the axis counts from the first submerged sample.
        let submerged = try #require(session.samples.first { $0.sample.submerged == true }?.time)
        #expect(model.timeOrigin == submerged && model.timeAxisLabel.hasPrefix("dive time"))
        #expect(model.timeTicks.contains { $0.value == 0 && $0.label == "0:00" })
        let svg = try Self.svg(model)
        #expect(svg.contains(">limit 10 m/min<") && svg.contains("dive time (since the first submerged sample)"))
        // A gentle ascent is not warned.
        let gentle = "sensors: {dive: {profile: [{at: 0s, depth: 0}, {at: 3m, depth: 12}, {at: 6m, depth: 12}, {at: 8m, depth: 5}, {at: 11m, depth: 5}, {at: 12m, depth: 0}]}}"
        let (calm, _) = try await Self.sessions(Fixture.dive(sensors: gentle))
        let calmModel = try PlotModel(try #require(calm.first))
        #expect(calmModel.callouts.allSatisfy { !$0.warned && !$0.label.contains("too fast") })
    }
}
