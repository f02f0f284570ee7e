import ActionButtonCore
import Exports
import Foundation
import GRDB
import SessionStore
import Telemetry
import Testing
import TestSupport

/// The store sums a workout's samples up in spans as it records them, and a plot of a long
/// workout reads the spans (issue 16): the picture must be the one its samples draw.
@Suite("Spans of samples")
struct SampleSpanTests {
    /// A 4-hour workout at 10 Hz (144,000 samples: over four spans a pixel column), with
    /// laps and a pause; recorded into a new store.
    static func longWorkout() async throws -> (database: SessionDatabase, path: String) {
        let path = Fixture.temporaryDirectory() + "/store.sqlite"
        let database = try SessionDatabase(path: path)
        var sensors = SensorSettings()
        sensors.interval = .milliseconds(100)
        let recorder = Fixture.recorder(database, sensors: sensors)
        _ = try await Fixture.run(Fixture.workout(end: "4h", sensors: "sensors: {rate: 10 Hz}"), sinks: [recorder])
        #expect(recorder.close() == nil)
        return (database, path)
    }

    static func plot(_ rows: some SessionRows) throws -> String {
        let sink = ByteArraySink()
        try SVGPlot.render(rows, to: sink)
        return String(decoding: sink.bytes, as: UTF8.self)
    }

    @Test("A long workout's plot from its spans is the plot its samples draw, and reads the spans")
    func plotFromSpans() async throws {
        let (database, path) = try await Self.longWorkout()
        let (spanCount, sampleCount, fromStore) = try database.read(id: 1) { rows in
            var spans = 0, samples = 0
            let cursor = try #require(try rows.sampleSpans())
            while let span = try cursor.next() {
                spans += 1
                samples += span.count
            }
            let stored = try rows.sampleCount()
            #expect(samples == stored)
            return (spans, samples, try Self.plot(rows))
        }
        #expect(sampleCount > 134_000 && spanCount == (sampleCount + SampleSpan.capacity - 1) / SampleSpan.capacity)
        // The same session in memory has no spans: its plot adds every sample.
        let everySample = try SVGPlot.render(try database.session(id: 1))
        #expect(fromStore == everySample)
        #expect(fromStore.contains(">paused<") && fromStore.contains(">lap 2<"))

        // A span's highest heart rate changed in the file shows in the plot: it reads the spans.
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: """
                UPDATE sample_spans SET hr_high = 230
                WHERE session_id = 1 AND first_t = (SELECT first_t FROM sample_spans ORDER BY first_t LIMIT 1 OFFSET 2000)
                """)
        }
        let changed = try SessionDatabase(readingFrom: path).read(id: 1) { try Self.plot($0) }
        #expect(changed != everySample && changed.contains(">240</text>") && !everySample.contains(">240</text>"))
    }

    @Test("A session recorded before the store kept spans is plotted from its samples")
    func withoutSpans() async throws {
        let (database, path) = try await Self.longWorkout()
        let before = try database.read(id: 1) { try Self.plot($0) }
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in try db.execute(sql: "DELETE FROM sample_spans") }
        let store = try SessionDatabase(readingFrom: path)
        let spans = try store.read(id: 1) { rows in try rows.sampleSpans() == nil }
        #expect(spans)
        #expect(try store.read(id: 1) { try Self.plot($0) } == before)
    }

    @Test("A damaged span is reported as damage to the session, with what is wrong")
    func damagedSpan() async throws {
        let (_, path) = try await Self.longWorkout()
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: "UPDATE sample_spans SET speed_low = 'fast' WHERE first_t = (SELECT max(first_t) FROM sample_spans)")
        }
        let error = #expect(throws: StoreError.self) { try SessionDatabase(readingFrom: path).read(id: 1) { try Self.plot($0) } }
        #expect(String(describing: error).contains("lowest speed holds the text \"fast\" where a number belongs"))
    }
}
