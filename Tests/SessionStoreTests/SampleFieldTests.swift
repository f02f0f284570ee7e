import Foundation
import GRDB
@testable import LabStore
@testable import SessionStore
import SessionLog
import SimulationEvents
import Telemetry
import Testing
import TestSupport

/// Issue 28, item 2: one owner of the sample fields. The stores' migrations keep their own
/// `CREATE TABLE` text (one that has run never changes), so these hold them to `SampleField`.
@Suite("The sample fields: one table, and the schemas made by the migrations agree with it")
struct SampleFieldTests {
    static let samplesColumns = ["session_id", "t", "elapsed"] + SampleField.allCases.map(\.column)

    @Test("The SQLite store's samples table, as its migrations make it, has SampleField's columns in its order")
    func sqliteSchema() throws {
        let path = Fixture.temporaryDirectory() + "/store.sqlite"
        _ = try SessionDatabase(path: path)
        let queue = try DatabaseQueue(path: path)
        let columns = try queue.read { db in try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info('samples') ORDER BY cid") }
        #expect(columns == Self.samplesColumns)
    }

    @Test("The lab's PostgreSQL samples table, as its migrations write it, has SampleField's columns in its order")
    func postgresSchema() throws {
        let created = LabSchema.migrations.flatMap(\.sql).filter { $0.contains("CREATE TABLE samples") }
        let statement = try #require(created.first, "a migration creates the samples table")
        #expect(created.count == 1)
        let body = statement[statement.range(of: "CREATE TABLE samples (")!.upperBound...]
        // Each column is a name followed by its type; constraints (PRIMARY KEY ...) are not.
        let columns = body.split(separator: ",").compactMap { part -> String? in
            let words = part.split(whereSeparator: \.isWhitespace)
            guard let name = words.first, words.count >= 2, name.allSatisfy({ $0.isLowercase || $0 == "_" }) else { return nil }
            return String(name)
        }
        #expect(columns == Self.samplesColumns)
    }

    @Test("The session log writes a sample's fields under the stores' column names, in that order")
    func logKeys() {
        var sample = SensorSample(session: .dive, time: .seconds(1), elapsed: .seconds(1))
        for field in SampleField.readings { sample[keyPath: field.reading!] = Double(field.rawValue) + 0.5 }
        sample.submerged = true
        var json = JSONLineWriter(capacity: 256)
        EventEncoding.write(SimulationEvent(time: .zero, kind: .sample(sample)), into: &json)
        let line = String(decoding: json.bytes, as: UTF8.self)
        let positions = SampleField.allCases.map { line.range(of: "\"\($0.column)\":")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "\(line)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "in column order: \(line)")
    }
}
