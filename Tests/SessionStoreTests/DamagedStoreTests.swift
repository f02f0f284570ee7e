import Exports
import Foundation
import GRDB
import SessionStore
import Telemetry
import Testing
import TestSupport

/// The session database is outside input: a damaged, truncated or hand-edited file gets an
/// error that says what is wrong, never a crash. The files under
/// `Tests/Fixtures/fuzz/session-database/` are what the fuzzer (`make fuzz`) found.
@Suite("Damaged session stores")
struct DamagedStoreTests {
    static let findings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz/session-database").path

    /// A copy of a fixture: opening a store may write to it (migration, WAL, recovery).
    static func copy(_ name: String) throws -> String {
        let path = Fixture.temporaryDirectory() + "/actionsim.sqlite"
        try FileManager.default.copyItem(atPath: findings + "/" + name, toPath: path)
        return path
    }

    @Test("Fuzz finding: a store whose sessions table lost a column is refused as damaged at open")
    func renamedColumn() throws {
        let path = try Self.copy("renamed-column.sqlite")
        let error = #expect(throws: StoreError.self) { _ = try SessionDatabase(path: path, isAlive: { _ in false }) }
        #expect(error == .corrupted(path: path, "its sessions table has no column sample_interval"))
        #expect(error?.description.contains("move it aside") == true)
    }

    @Test("Fuzz finding: a store whose schema table has an entry with no type is refused as damaged at open, before GRDB reads it")
    func damagedSchemaTable() throws {
        let path = try Self.copy("null-schema-type.sqlite")
        let error = #expect(throws: StoreError.self) { _ = try SessionDatabase(path: path, isAlive: { _ in false }) }
        #expect(error == .corrupted(path: path, "an entry of its schema table is damaged"))
    }

    @Test("Every fuzz finding opens, lists, loads, summarises, exports and plots, or is refused with a StoreError",
          arguments: (try? FileManager.default.contentsOfDirectory(atPath: findings).sorted()) ?? [])
    func finding(_ name: String) throws {
        let path = try Self.copy(name)
        do {
            let database = try SessionDatabase(path: path, isAlive: { _ in false })
            for listing in try database.sessions() {
                // As `show`, `export` and `plot` read it: a row at a time from the store's cursors.
                _ = try? database.read(id: listing.id) { rows in
                    _ = try? SessionSummary(rows)
                    for format in ExportFormat.formats(for: rows.header.kind) { _ = try? Exporter.export(rows, as: format, to: CountingSink()) }
                    _ = try? SVGPlot.render(rows, to: CountingSink())
                }
            }
        } catch {
            // Refused (the store throws only StoreError): the message must name the file.
            #expect(error.description.contains(path), "\(name): \(error)")
        }
    }

    @Test("A sample no sensor could read (a heart rate of 1e300) marks its session damaged; the others still load")
    func implausibleSample() async throws {
        let path = Fixture.temporaryDirectory() + "/store.sqlite"
        let database = try SessionDatabase(path: path)
        let recorder = Fixture.recorder(database)
        _ = try await Fixture.run(Fixture.workout(end: "20m"), sinks: [recorder])
        _ = try await Fixture.run(Fixture.workout(end: "20m"), sinks: [recorder])
        #expect(recorder.close() == nil)
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: "UPDATE samples SET heart_rate = 1e300 WHERE session_id = 1 AND t = (SELECT MIN(t) FROM samples)")
        }
        let error = #expect(throws: StoreError.self) { _ = try database.session(id: 1) }
        #expect(error?.description.contains("session 1 in \(path) is damaged (the sample at") == true)
        #expect(error?.description.contains("has a heart rate of 1e+300") == true, "\(error?.description ?? "")")
        #expect(try database.session(id: 2).samples.count > 100)
    }
}
