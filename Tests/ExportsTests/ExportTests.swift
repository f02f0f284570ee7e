import ActionButtonCore
import Exports
import Foundation
import SessionStore
import SimulationEvents
import Telemetry
import Testing
import TestSupport

@Suite("Exports and plots")
struct ExportTests {
    static func stored(_ scenario: String) async throws -> RecordedSession {
        let database = try SessionDatabase(path: Fixture.temporaryDirectory() + "/store.sqlite")
        let recorder = Fixture.recorder(database, sensors: try Fixture.scenario(scenario).sensors)
        _ = try await Fixture.run(scenario, sinks: [recorder])
        recorder.close()
        return try database.session(id: 1)
    }

    @Test("T1: the FIT file carries a valid header and file CRC (Garmin's CRC-16)")
    func fitContainer() async throws {
        let bytes = try Exporter.export(try await Self.stored(Fixture.workout()), as: .fit)
        #expect(Array(bytes[8..<12]) == Array(".FIT".utf8))
        let dataSize = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        #expect(bytes.count == 14 + dataSize + 2)
        // A CRC over data followed by its own CRC is zero.
        #expect(fitCRC(Array(bytes[0..<14])) == 0)
        #expect(fitCRC(bytes) == 0)
    }

    /// The FIT CRC, written here again from its published definition (bit by bit, not the
    /// nibble table the encoder uses), so the two must agree to pass.
    func fitCRC(_ bytes: [UInt8]) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
        }
        return crc
    }

    @Test("An export in a format the session's kind has not is a clear error")
    func unsupported() async throws {
        let dive = try await Self.stored(Fixture.dive())
        #expect(throws: ExportError.unsupported(.fit, .dive, id: 1)) { try Exporter.export(dive, as: .fit) }
        #expect(ExportError.unsupported(.fit, .dive, id: 1).description.contains("export one of: csv, uddf, subsurface"))
        let swim = try await Self.stored(Fixture.workout(style: "swimming"))
        #expect(throws: ExportError.noRoute(.gpx, .swimming, id: 1)) { try Exporter.export(swim, as: .gpx) }
        #expect(throws: ExportError.unsupported(.uddf, .workout, id: 1)) { try Exporter.export(swim, as: .uddf) }
    }

    @Test("T1: TCX and GPX times are the samples' wall-clock times in UTC")
    func times() async throws {
        let session = try await Self.stored(Fixture.workout())
        let tcx = String(decoding: try Exporter.export(session, as: .tcx), as: UTF8.self)
        let first = session.wallClock(session.samples[0].time)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let expected = formatter.string(from: Date(timeIntervalSince1970: Double(first / 1_000_000) / 1000))
        #expect(tcx.contains("<Time>\(expected)</Time>"))
        let gpx = String(decoding: try Exporter.export(session, as: .gpx), as: UTF8.self)
        #expect(gpx.contains("<time>\(expected)</time>"))
        #expect(gpx.components(separatedBy: "<trkseg>").count - 1 == 2)   // split at the pause
    }

    @Test("GPX draws the route the app's CoreLocation saw: from route-start along route-bearing, as far as the recorded distance (they drew a loop of their own)")
    func routeIsTheAppsRoute() async throws {
        let sensors = "sensors: {workout: {route-start: [-33.86, 151.21], route-bearing: 180}}"
        let session = try await Self.stored(Fixture.workout(sensors: sensors))
        #expect(session.header.routeBearing == 180)
        let gpx = String(decoding: try Exporter.export(session, as: .gpx), as: UTF8.self)
        let points = gpx.components(separatedBy: "<trkpt ").dropFirst().map { point -> (latitude: Double, longitude: Double) in
            func attribute(_ name: String) -> Double {
                Double(point.components(separatedBy: name + "=\"")[1].prefix { $0 != "\"" }) ?? .nan
            }
            return (attribute("lat"), attribute("lon"))
        }
        try #require(points.count > 100, "\(points.count) track points")
        // Due south: along the meridian of the start, each point at or south of the last.
        #expect(abs(points[0].latitude + 33.86) < 1e-6 && abs(points[0].longitude - 151.21) < 1e-6, "\(points[0])")
        #expect(points.allSatisfy { abs($0.longitude - 151.21) < 1e-6 }, "a point off the start's meridian")
        #expect(zip(points, points.dropFirst()).allSatisfy { $1.latitude <= $0.latitude }, "a point north of the one before")
        // The last point is as far from the start as the workout went (a loop came back).
        let distance = try #require(session.samples.last?.sample.distance)
        let metresSouth = (points[points.count - 1].latitude - points[0].latitude) * -.pi / 180 * RouteStart.earthRadius
        #expect(distance > 1000 && abs(metresSouth - distance) < 1, "\(metresSouth) m south, \(distance) m recorded")
    }

    @Test("CSV: the header a spreadsheet shows, and each row's readings with SampleField's decimals, for a workout and a dive")
    func csvColumns() async throws {
        for (scenario, header) in [
            (Fixture.workout(), "time,elapsed_s,timer_s,heart_rate_bpm,active_energy_kcal,distance_m,speed_m_s,cadence_per_min,strokes"),
            (Fixture.dive(), "time,elapsed_s,depth_m,pressure_kpa,water_temperature_c,submerged"),
        ] {
            let session = try await Self.stored(scenario)
            let lines = String(decoding: try Exporter.export(session, as: .csv), as: UTF8.self).components(separatedBy: "\r\n")
            #expect(lines.first == header)
            #expect(lines.count == session.samples.count + 2, "a row per sample and the final line break")
            let fields = SampleField.recorded(in: session.kind)
            let skipped = session.kind == .workout ? 3 : 2
            for (line, timed) in zip(lines.dropFirst(), session.samples).prefix(50) {
                let cells = line.split(separator: ",", omittingEmptySubsequences: false).dropFirst(skipped).map(String.init)
                #expect(cells == fields.map { field in
                    if field == .submerged { return timed.sample.submerged.map { $0 ? "1" : "0" } ?? "" }
                    return field.number(in: timed.sample).map { String(format: "%.\(field.exportDecimals)f", $0) } ?? ""
                }, "\(line)")
            }
        }
    }

    @Test("Plots: a workout shows heart rate, pace, laps and the pause; a dive an inverted depth axis and its warnings")
    func plots() async throws {
        let workout = try SVGPlot.render(try await Self.stored(Fixture.workout()))
        #expect(workout.hasPrefix("<?xml") && workout.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(workout.contains("heart rate (bpm)") && workout.contains("pace (min/km, faster up)"))
        #expect(workout.contains(">lap 1<") && workout.contains(">lap 2<") && workout.contains(">paused<"))
        let rushed = "sensors: {dive: {profile: [{at: 0s, depth: 0}, {at: 3m, depth: 20}, {at: 6m, depth: 20}, {at: 7m, depth: 0}]}}"
        let dive = try SVGPlot.render(try await Self.stored(Fixture.dive(sensors: rushed)))
        #expect(dive.contains("depth (m)") && dive.contains("water temperature (°C)"))
        #expect(dive.contains(">ascent rate "))
        #expect(dive.contains(">waypoint 1<"))
        // Depth grows downwards: the 0 m label sits above the deepest one.
        let zero = try #require(dive.range(of: ">0</text>")), deep = try #require(dive.range(of: ">25</text>"))
        #expect(zero.lowerBound < deep.lowerBound)
    }

    /// A long session made in memory: a sample a second, a lap marker every `lapEvery`
    /// samples, a press and an intent at each, a 10-second pause every `pauseEvery` samples.
    static func synthetic(samples count: Int, lapEvery: Int, pauseEvery: Int) -> RecordedSession {
        var session = RecordedSession(
            id: 1, kind: .workout, workoutStyle: "running", activity: .running, app: "Runner", runName: "synthetic",
            source: "replay", seed: 1, clock: "virtual", startWallClock: 1_700_000_000_000_000_000, startTime: .zero,
            endTime: nil, status: .ended, sampleInterval: .seconds(1), poolLength: 25, routeStart: (46.5, 6.6))
        var t = Timestamp.zero
        var elapsed = Duration.zero
        for index in 0..<count {
            if index % pauseEvery == pauseEvery - 1 {
                session.events.append(.init(time: t, kind: .paused, label: "paused"))
                t = t.advanced(by: .seconds(10))
                session.events.append(.init(time: t, kind: .resumed, label: "resumed"))
            }
            var sample = SensorSample(session: .workout, elapsed: elapsed)
            sample.heartRate = 120 + Double(index % 40)
            sample.distance = Double(index) * 3
            sample.speed = 3 + Double(index % 7) / 10
            sample.activeEnergy = Double(index) / 10
            session.samples.append(.init(time: t, sample: sample))
            if index % lapEvery == lapEvery - 1 {
                session.events.append(.init(time: t, kind: .press, label: "press"))
                session.events.append(.init(time: t, kind: .intent, label: "MarkLapIntent"))
                session.events.append(.init(time: t, kind: .marker, label: "lap"))
            }
            t = t.advanced(by: .seconds(1))
            elapsed += .seconds(1)
        }
        session.endTime = t
        return session
    }

    @Test("Plots: a session of 200,000 samples, 40,000 laps and 10,000 pauses is drawn under 1 MB, marks too close to tell apart grouped")
    func plotSizeIsThePicture() throws {
        let session = Self.synthetic(samples: 200_000, lapEvery: 5, pauseEvery: 20)
        let svg = try SVGPlot.render(session)
        #expect(svg.utf8.count < 1_000_000, "\(svg.utf8.count) bytes")
        // Grouped: lap lines and presses stand for many, and say how many.
        #expect(svg.contains("<title>lap 1–"), "no grouped laps")
        #expect(svg.contains(">×"), "no counted strip marks")
        #expect(svg.contains(" pauses, "), "no grouped pauses")
        // The lines still span the whole session (its last column is drawn).
        let model = try PlotModel(session)
        let last = try #require(model.series[0].runs.last?.last)
        #expect(last.time == session.samples.last!.time)
        #expect(model.series.allSatisfy { $0.runs.map(\.count).reduce(0, +) <= 4 * model.frame.columns })
    }

    /// Records what it is handed, chunk by chunk.
    final class ChunkSink: ByteSink {
        var chunks: [Int] = []
        var bytes: [UInt8] = []
        func write(_ chunk: UnsafeRawBufferPointer) {
            chunks.append(chunk.count)
            bytes.append(contentsOf: chunk)
        }
    }

    @Test("Exports stream: every format reaches its sink in chunks of at most 64 kB, the same bytes as written whole")
    func exportsStream() throws {
        let session = Self.synthetic(samples: 20_000, lapEvery: 300, pauseEvery: 5000)
        for format in ExportFormat.formats(for: .workout) {
            let sink = ChunkSink()
            let written = try Exporter.export(session, as: format, to: sink)
            #expect(sink.chunks.count > 1 && sink.chunks.allSatisfy { $0 <= 65_536 }, "\(format): \(sink.chunks.prefix(4))")
            #expect(written == sink.bytes.count)
            #expect(sink.bytes == (try Exporter.export(session, as: format)))
        }
    }

    @Test("12.18: a lap's timer time leaves out the time paused within it; its elapsed time does not")
    func lapTimerTime() throws {
        // Laps every 300 samples; a 10-second pause after every 200th.
        let session = Self.synthetic(samples: 1000, lapEvery: 300, pauseEvery: 200)
        let cursor = try LapCursor(session)
        var laps: [SessionLap] = []
        while let lap = try cursor.next() { laps.append(lap) }
        #expect(laps.count == 4)
        // Lap 1 (to sample 299, at 309 s) holds the pause before sample 199; lap 2 (to 599) those before 399 and 599.
        #expect(laps[0].elapsed == .seconds(309) && laps[0].timer == .seconds(299))
        #expect(laps[1].paused == .seconds(20) && laps[1].timer == laps[1].elapsed - .seconds(20))
        let summary = try SessionSummary(session)
        #expect(summary.firstLaps.map(\.timer) == laps.map(\.timer))
        #expect(summary.activeDuration == summary.duration - .seconds(10 * 5))
    }
}
