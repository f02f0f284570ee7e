import ActionButtonCore
import Foundation
import GRDB
import Telemetry

/// A stored session's row, read and checked. The store is outside input — a file anyone
/// can edit by hand — so every value is checked for what a recorder writes before anything
/// shows, sums or exports it: its storage class (a number column holding text is damage,
/// not a zero), its kind and status, and times that make sense together (a session does not
/// end before it starts, nor start before 1970 or after 2100). A session that fails is
/// refused as damaged; the others are unaffected.
struct StoredSession {
    var id: Int64
    var kind: SessionLifecycle.Kind
    var workoutStyle: String?
    var activity: ActivityKind?
    var app: String
    var runName: String
    var source: String
    var seed: Int?
    var clock: String
    /// Wall-clock nanoseconds since 1970 at `start`.
    var wallStart: Int64
    /// On the run's time line.
    var start: Int64
    var end: Int64?
    var status: RecordedSession.Status
    var sampleInterval: Int64
    var poolLength: Double
    var routeStart: (latitude: Double, longitude: Double)
    var routeBearing: Double

    /// Why a session cannot be read: `its end (0:00:00.290) is before its start (0:00:01.290)`.
    struct Damage: Error {
        var problem: String
    }

    /// How far any time may be from zero: a century, in nanoseconds. Nothing a recorder
    /// writes comes near; inside it, sums and differences of times cannot overflow.
    static let timeLimit: Int64 = 3_155_760_000 * 1_000_000_000
    /// 2100-01-01 UTC in nanoseconds since 1970: a wall clock past it is not a recording's.
    /// (A board without a real-time clock may well record in 1970, so that is allowed.)
    /// With `timeLimit`, every wall-clock time of a session fits in 64 bits (to 2262).
    static let latestWallClock: Int64 = 4_102_444_800 * 1_000_000_000

    init(_ row: Row) throws(Damage) {
        id = try Self.integer(row, "id")!
        let kindText = try Self.text(row, "kind")!
        guard let kind = SessionLifecycle.Kind(rawValue: kindText) else {
            throw Damage(problem: "its kind is \"\(kindText)\"; expected workout or dive")
        }
        self.kind = kind
        workoutStyle = try Self.text(row, "workout_style", optional: true)
        let activityText = try Self.text(row, "activity", optional: true)
        activity = try activityText.map { text throws(Damage) in
            guard let activity = ActivityKind(rawValue: text) else {
                throw Damage(problem: "its activity is \"\(text)\"; expected one of "
                             + ActivityKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return activity
        }
        app = try Self.text(row, "app")!
        runName = try Self.text(row, "run_name")!
        source = try Self.text(row, "source")!
        clock = try Self.text(row, "clock")!
        seed = try Self.integer(row, "seed", optional: true).map { Int($0) }
        let statusText = try Self.text(row, "status")!
        guard let status = RecordedSession.Status(rawValue: statusText) else {
            throw Damage(problem: "its status is \"\(statusText)\"; expected one of "
                         + RecordedSession.Status.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self.status = status
        start = try Self.integer(row, "start_t")!
        guard Self.isNearZero(start) else { throw Damage(problem: "it starts at \(Timestamp(nanoseconds: start))") }
        end = try Self.integer(row, "end_t", optional: true)
        if let end {
            guard end >= start else {
                throw Damage(problem: "its end (\(Timestamp(nanoseconds: end))) is before its start (\(Timestamp(nanoseconds: start)))")
            }
            guard end <= start + Self.timeLimit else { throw Damage(problem: "it ends at \(Timestamp(nanoseconds: end))") }
        }
        wallStart = try Self.integer(row, "wall_start")!
        guard (0...Self.latestWallClock).contains(wallStart) else {
            throw Damage(problem: "its wall_start, \(wallStart) ns since 1970, is not a time between 1970 and 2100")
        }
        sampleInterval = try Self.integer(row, "sample_interval")!
        guard sampleInterval > 0, sampleInterval <= 86_400_000_000_000 else {
            throw Damage(problem: "its sample interval is \(Duration.nanoseconds(sampleInterval))")
        }
        poolLength = try Self.real(row, "pool_length")!
        guard (0...10_000).contains(poolLength) else { throw Damage(problem: "its pool length is \(poolLength) m") }
        routeStart = (try Self.real(row, "route_latitude")!, try Self.real(row, "route_longitude")!)
        guard (-90...90).contains(routeStart.latitude), (-180...180).contains(routeStart.longitude) else {
            throw Damage(problem: "its route starts at \(routeStart.latitude), \(routeStart.longitude)")
        }
        // A store from before v5 (read where it cannot be migrated) has no such column.
        routeBearing = try Self.real(row, "route_bearing", optional: true) ?? RouteStart.standard.bearing
        guard (0...360).contains(routeBearing) else { throw Damage(problem: "its route heads \(routeBearing)°") }
    }

    /// Whether a time on a run's time line is within `timeLimit` of zero (checked without
    /// `abs`, which traps on the most negative value).
    static func isNearZero(_ time: Int64) -> Bool {
        time >= -timeLimit && time <= timeLimit
    }

    /// Whether a sample's time fits the session: from its start to its end (or, while it is
    /// unfinished, within the time limit of its start).
    func contains(sampleTime time: Int64) -> Bool {
        time >= start && time <= (end ?? start + Self.timeLimit)
    }

    // MARK: Values by storage class

    /// A whole number, as SQLite stores it. nil only for NULL, when `optional`.
    static func integer(_ row: Row, _ column: String, optional: Bool = false) throws(Damage) -> Int64? {
        try integer(value(row, column), "its \(column)", optional: optional)
    }

    static func real(_ row: Row, _ column: String, optional: Bool = false) throws(Damage) -> Double? {
        try real(value(row, column), "its \(column)", optional: optional)
    }

    static func text(_ row: Row, _ column: String, optional: Bool = false) throws(Damage) -> String? {
        let value = value(row, column)
        switch value.storage {
        case .string(let text): return text
        case .null where optional: return nil
        default: throw Damage(problem: "its \(column) holds \(describe(value)) where text belongs")
        }
    }

    static func integer(_ value: DatabaseValue, _ what: @autoclosure () -> String, optional: Bool = false) throws(Damage) -> Int64? {
        switch value.storage {
        case .int64(let number): return number
        case .null where optional: return nil
        default: throw Damage(problem: "\(what()) holds \(describe(value)) where a whole number belongs")
        }
    }

    /// A number (SQLite keeps a whole one in a REAL column as an integer).
    static func real(_ value: DatabaseValue, _ what: @autoclosure () -> String, optional: Bool = false) throws(Damage) -> Double? {
        switch value.storage {
        case .double(let number): return number
        case .int64(let number): return Double(number)
        case .null where optional: return nil
        default: throw Damage(problem: "\(what()) holds \(describe(value)) where a number belongs")
        }
    }

    private static func value(_ row: Row, _ column: String) -> DatabaseValue {
        (row[column] as DatabaseValue?) ?? .null
    }

    static func describe(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "nothing (NULL)"
        case .int64(let number): "the whole number \(number)"
        case .double(let number): "the number \(number)"
        case .string(let text): "the text \"\(text.prefix(40))\(text.count > 40 ? "…" : "")\""
        case .blob(let data): "\(data.count) bytes of binary data"
        }
    }
}
