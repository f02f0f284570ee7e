import ActionButtonCore
import Exports
import Foundation
import SessionStore
import Simulation
import Telemetry
import Testing

@Suite("Exports and plots")
struct ExportTests {
    static func stored(_ scenario: String) async throws -> RecordedSession {
        let database = try SessionDatabase(path: Fixture.temporaryDirectory() + "/store.sqlite")
        let recorder = SessionStoreTests.recorder(database)
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
}

