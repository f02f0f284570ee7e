import ActionButtonCore
import Foundation
import GRDB
import Scenarios
@testable import SessionStore
import Telemetry
import Testing
import TestSupport

@Suite("Session store")
struct SessionStoreTests {
    @Test("T4: every sample, marker and state change of a run is stored and loads back as it was")
    func roundTrip() async throws {
        let directory = Fixture.temporaryDirectory()
        let database = try SessionDatabase(path: directory + "/store.sqlite")
        let recorder = Fixture.recorder(database)
        let outcome = try await Fixture.run(Fixture.workout(), sinks: [recorder])
        #expect(recorder.close() == nil)

        let listings = try database.sessions()
        #expect(listings.count == 1)
        let session = try database.session(id: try #require(listings.first?.id))
        let recorded = Fixture.samples(outcome)
        #expect(session.status == .ended)
        #expect(session.activity == .running && session.workoutStyle == "running" && session.app == "Runner")
        #expect(session.samples.map(\.time) == recorded.map(\.time))
        #expect(session.samples.map(\.sample) == recorded.map(\.sample))
        #expect(session.events.filter { $0.kind == .marker }.map(\.label) == ["lap", "lap"])
        #expect(session.events.map(\.kind).contains(.paused) && session.events.map(\.kind).contains(.resumed))
        // The first press came before the session started; it is kept with the session.
        #expect(session.events.first?.kind == .press && session.events.first!.time < session.startTime)
        #expect(session.wallClock(session.startTime) == 1_700_000_000_000_000_000 + session.startTime.nanoseconds)
    }

    @Test("Issue 28: a warning is stored with its code and numbers; readers count it by code, also in a store from before codes")
    func warningCodes() async throws {
        let path = Fixture.temporaryDirectory() + "/store.sqlite"
        let rushed = """
            sensors:
              dive:
                rated-depth: 30
                profile: [{at: 0s, depth: 0}, {at: 3m, depth: 35}, {at: 10m, depth: 35}, {at: 11m, depth: 15}, {at: 15m, depth: 0}]
            """
        do {
            let database = try SessionDatabase(path: path)
            let recorder = Fixture.recorder(database)
            let outcome = try await Fixture.run(Fixture.dive(sensors: rushed), sinks: [recorder])
            #expect(recorder.close() == nil)
            let logged = outcome.events.compactMap { if case .warning(let warning) = $0.kind { warning } else { nil } }
            let id = try #require(try database.sessions().first?.id)
            let stored = try database.session(id: id).events.compactMap(\.warning)
            // The numbers come back as they were logged, not as the sentence rounds them.
            #expect(stored == logged && stored.count == 2)
            let summary = try database.read(id: id) { try SessionSummary($0) }
            #expect(summary.ascentRateWarnings == 1 && summary.ratedDepthWarnings == 1)
        }
        // A store written before codes: no detail column, warnings as sentences only.
        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                ALTER TABLE events DROP COLUMN detail;
                DELETE FROM grdb_migrations WHERE identifier = 'v4-warning-detail';
                """)
        }
        let old = try SessionDatabase(path: path)
        let id = try #require(try old.sessions().first?.id)
        let summary = try old.read(id: id) { try SessionSummary($0) }
        #expect(summary.ascentRateWarnings == 1 && summary.ratedDepthWarnings == 1)
        #expect(try old.session(id: id).events.compactMap(\.warningCode) == [.ratedDepth, .ascentRate])
    }

    @Test("A workout's route bearing is stored and read back; a store from before it was kept reads as heading east, and is migrated on open")
    func routeBearing() async throws {
        let path = Fixture.temporaryDirectory() + "/store.sqlite"
        do {
            let database = try SessionDatabase(path: path)
            let scenario = Fixture.workout(sensors: "sensors: {workout: {route-bearing: 225}}")
            let recorder = Fixture.recorder(database, sensors: try Fixture.scenario(scenario).sensors)
            _ = try await Fixture.run(scenario, sinks: [recorder])
            #expect(recorder.close() == nil)
            #expect(try database.session(id: 1).header.routeBearing == 225)
        }
        // A store written before v5: no route_bearing column.
        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                ALTER TABLE sessions DROP COLUMN route_bearing;
                DELETE FROM grdb_migrations WHERE identifier = 'v5-route-bearing';
                """)
        }
        let old = try SessionDatabase(path: path)
        #expect(try old.session(id: 1).header.routeBearing == 90)
        let scenario = Fixture.workout(sensors: "sensors: {workout: {route-bearing: 10}}")
        let recorder = Fixture.recorder(old, sensors: try Fixture.scenario(scenario).sensors)
        _ = try await Fixture.run(scenario, sinks: [recorder])
        #expect(recorder.close() == nil)
        #expect(try old.session(id: 2).header.routeBearing == 10)
    }

    @Test("A store read as unchanging (SQLite's immutable URI) is found at a path with %, ?, #, spaces and non-ASCII letters in it")
    func immutableURIPaths() async throws {
        let directory = Fixture.temporaryDirectory() + "/a b%20c?d#e é"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/store.sqlite"
        do {
            let database = try SessionDatabase(path: path)
            let recorder = Fixture.recorder(database)
            _ = try await Fixture.run(Fixture.workout(), sinks: [recorder])
            #expect(recorder.close() == nil)
        }
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: SessionDatabase.immutableURI(path), configuration: configuration)
        #expect(try await queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sessions") } == 1)
    }

    @Test("Samples read with a few fields carry those readings as a full read has them, the others nil; bounds hold")
    func sampleFields() async throws {
        let database = try SessionDatabase(path: Fixture.temporaryDirectory() + "/store.sqlite")
        let recorder = Fixture.recorder(database)
        _ = try await Fixture.run(Fixture.workout(), sinks: [recorder])
        #expect(recorder.close() == nil)
        func read(_ rows: some SessionRows, after: Timestamp? = nil, through: Timestamp? = nil,
                  _ fields: SampleFields) throws -> [RecordedSession.TimedSample] {
            let cursor = try rows.samples(after: after, through: through, fields: fields)
            var samples: [RecordedSession.TimedSample] = []
            while let timed = try cursor.next() { samples.append(timed) }
            return samples
        }
        try database.read(id: 1) { rows in
            let all = try read(rows, .all)
            #expect(all.count > 100 && all.allSatisfy { $0.sample.heartRate != nil && $0.sample.distance != nil })
            let few = try read(rows, [.heartRate, .speed])
            #expect(few.map(\.time) == all.map(\.time))
            #expect(few.map(\.sample.elapsed) == all.map(\.sample.elapsed))
            #expect(few.map(\.sample.heartRate) == all.map(\.sample.heartRate))
            #expect(few.map(\.sample.speed) == all.map(\.sample.speed))
            #expect(few.allSatisfy { $0.sample.distance == nil && $0.sample.activeEnergy == nil && $0.sample.cadence == nil })
            let submerged = try read(rows, [.submerged])
            #expect(submerged.map(\.sample.submerged) == all.map(\.sample.submerged))
            #expect(submerged.allSatisfy { $0.sample.heartRate == nil })
            // after < t <= through, with either bound alone too.
            let (a, b) = (all[10].time, all[20].time)
            #expect(try read(rows, after: a, through: b, [.distance]).map(\.sample.distance) == all[11...20].map(\.sample.distance))
            #expect(try read(rows, after: a, [.heartRate]).map(\.time) == all[11...].map(\.time))
            #expect(try read(rows, through: b, [.heartRate]).map(\.time) == all[...20].map(\.time))
            #expect(try read(rows, after: Timestamp(nanoseconds: .max), .all).isEmpty)
        }
    }

    @Test("T4: a run that dies mid-session leaves it interrupted, with every committed sample kept")
    func crashRecovery() async throws {
        let path = Fixture.temporaryDirectory() + "/store.sqlite"
        var committed = 0
        do {
            let database = try SessionDatabase(path: path)
            let recorder = Fixture.recorder(database)
            // A session that never ends (the scenario has no end step), and a crash: the
            // recorder is dropped without close().
            let text = Fixture.workout().replacingOccurrences(of: "  - {at: 20m, end: session}", with: "")
                + "\nuntil: 30m\n"
            #expect(!text.contains("end: session"))
            _ = try await Fixture.run(text, sinks: [recorder])
            recorder.commit()
            committed = recorder.samplesCommitted
        }
        #expect(committed > 1000)
        // The same process id is alive, so an ordinary open leaves it alone...
        #expect(try SessionDatabase(path: path).recovered.isEmpty)
        // ...but once its process is gone, the next open recovers it.
        let reopened = try SessionDatabase(path: path, isAlive: { _ in false })
        #expect(reopened.recovered.map(\.samplesKept) == [committed])
        let session = try reopened.session(id: try #require(reopened.recovered.first?.id))
        #expect(session.status == .interrupted)
        #expect(session.samples.count == committed)
        #expect(session.endTime == session.samples.last?.time)
        #expect(session.events.last?.kind == .interrupted)
        #expect(try SessionDatabase(path: path, isAlive: { _ in false }).recovered.isEmpty)
    }

    @Test("A corrupted database is reported as such, not crashed on")
    func corrupted() throws {
        let path = Fixture.temporaryDirectory() + "/store.sqlite"
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try SessionDatabase(path: path)
        } throws: { error in
            guard case .corrupted(let where_, _) = error as? StoreError else { return false }
            return where_ == path && (error as! StoreError).description.contains("move it aside")
        }
    }

    @Test("An unknown session is a clear error that lists the known ones")
    func unknownSession() async throws {
        let database = try SessionDatabase(path: Fixture.temporaryDirectory() + "/store.sqlite")
        let recorder = Fixture.recorder(database)
        _ = try await Fixture.run(Fixture.dive(), sinks: [recorder])
        recorder.close()
        #expect(throws: StoreError.noSuchSession(42, known: [1])) { _ = try database.session(id: 42) }
        #expect(StoreError.noSuchSession(42, known: [1]).description.contains("known sessions: 1"))
    }
}
