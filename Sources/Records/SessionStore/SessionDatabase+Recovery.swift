import ActionButtonCore
import Foundation
import GRDB
import OutputFiles
import SimulationEvents
import Telemetry

// Recovery (T4): sessions whose process is gone, found when the store is opened.
extension SessionDatabase {
    /// Read-only: the sessions recovery would mark, reported without marking them.
    func findInterrupted(isAlive: (Int32) -> Bool) throws(StoreError) -> [RecoveredSession] {
        do {
            return try queue.read { db in
                let rows = try Row.fetchAll(db, sql: "SELECT id, pid FROM sessions WHERE status = 'active'")
                var found: [RecoveredSession] = []
                for row in rows {
                    guard let id = try? row.decode(Int64.self, forColumn: "id") else { continue }
                    if let pid = try? row.decode(Int32?.self, forColumn: "pid"), isAlive(pid) { continue }
                    let kept = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM samples WHERE session_id = ?", arguments: [id]) ?? 0
                    found.append(RecoveredSession(id: id, samplesKept: kept, marked: false))
                }
                return found
            }
        } catch {
            throw StoreError.wrap(error, path: path, doing: "look for unfinished sessions")
        }
    }

    /// A session reported interrupted but not marked so (a read-only store) reads as interrupted.
    func status(_ stored: RecordedSession.Status, of id: Int64) -> RecordedSession.Status {
        stored == .active && recovered.contains(where: { $0.id == id && !$0.marked }) ? .interrupted : stored
    }

    func recoverInterrupted(isAlive: (Int32) -> Bool) throws(StoreError) -> [RecoveredSession] {
        do {
            return try queue.write { db in
                let rows = try Row.fetchAll(db, sql: "SELECT id, pid FROM sessions WHERE status = 'active'")
                var recovered: [RecoveredSession] = []
                for row in rows {
                    let id: Int64 = try row.decode(forColumn: "id")
                    let pid: Int32? = try? row.decode(Int32?.self, forColumn: "pid")
                    if let pid, isAlive(pid) { continue }
                    let lastSample = try Int64.fetchOne(db, sql: "SELECT MAX(t) FROM samples WHERE session_id = ?", arguments: [id])
                    let lastEvent = try Int64.fetchOne(db, sql: "SELECT MAX(t) FROM events WHERE session_id = ?", arguments: [id])
                    let start = try Int64.fetchOne(db, sql: "SELECT start_t FROM sessions WHERE id = ?", arguments: [id]) ?? 0
                    let end = [lastSample, lastEvent, start].compactMap { $0 }.max() ?? start
                    try db.execute(sql: "UPDATE sessions SET status = 'interrupted', end_t = ? WHERE id = ?", arguments: [end, id])
                    try db.execute(sql: "INSERT INTO events (session_id, t, kind, label) VALUES (?, ?, 'interrupted', ?)",
                                   arguments: [id, end, "the recording process stopped before the session ended"])
                    let kept = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM samples WHERE session_id = ?", arguments: [id]) ?? 0
                    recovered.append(RecoveredSession(id: id, samplesKept: kept))
                }
                return recovered
            }
        } catch {
            throw StoreError.wrap(error, path: path, doing: "recover unfinished sessions")
        }
    }
}
