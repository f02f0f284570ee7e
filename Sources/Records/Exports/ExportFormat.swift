import ActionButtonCore
import Telemetry

/// The formats `actionsim export` writes, each for the tools that already read it.
public enum ExportFormat: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Garmin FIT activity file (Garmin Connect, Strava, GoldenCheetah, fitdecode, ...).
    case fit
    /// Garmin Training Center XML v2.
    case tcx
    /// GPX 1.1 with heart rate in Garmin's TrackPointExtension v2.
    case gpx
    /// Comma-separated samples, for spreadsheets and pandas.
    case csv
    /// Universal Dive Data Format 3.2.
    case uddf
    /// Subsurface's own XML dive log.
    case subsurface

    public var description: String { rawValue }

    public var fileExtension: String {
        switch self {
        case .subsurface: "ssrf"
        default: rawValue
        }
    }

    /// Which session kinds the format can hold.
    public var kinds: Set<SessionLifecycle.Kind> {
        switch self {
        case .fit, .tcx, .gpx: [.workout]
        case .csv: [.workout, .dive]
        case .uddf, .subsurface: [.dive]
        }
    }

    public static func formats(for kind: SessionLifecycle.Kind) -> [ExportFormat] {
        allCases.filter { $0.kinds.contains(kind) }
    }
}

public enum ExportError: Error, Hashable, Sendable, CustomStringConvertible {
    case unsupported(ExportFormat, SessionLifecycle.Kind, id: Int64)
    case noRoute(ExportFormat, ActivityKind?, id: Int64)
    case noSamples(id: Int64)

    public var description: String {
        switch self {
        case .unsupported(let format, let kind, let id):
            let fits = ExportFormat.formats(for: kind).map(\.rawValue).joined(separator: ", ")
            return "session \(id) is a \(kind); \(format) holds \(format.kinds.map(\.rawValue).sorted().joined(separator: " and ")) sessions only. For a \(kind), export one of: \(fits)"
        case .noRoute(let format, let activity, let id):
            return "session \(id) is \(activity.map { "a \($0) workout" } ?? "a workout") that does not move, so it has no route for \(format); export fit, tcx or csv"
        case .noSamples(let id):
            return "session \(id) has no samples to export"
        }
    }
}

/// Writes a recorded session in a format other tools read, streamed: rows are read in
/// order from the session's cursors and written through a 64 kB buffer to a `ByteSink`, so
/// the memory an export takes does not depend on the session's length. Pure: the same
/// session gives the same bytes.
public enum Exporter {
    /// Whether `format` can hold the session, without writing anything: what to ask before
    /// opening the file. Throws the `ExportError` that `export` would.
    public static func check(_ rows: some SessionRows, as format: ExportFormat) throws {
        let session = rows.header
        guard format.kinds.contains(session.kind) else { throw ExportError.unsupported(format, session.kind, id: session.id) }
        switch format {
        case .fit, .tcx:
            // One row read, not a count of them all.
            guard try rows.samples().next() != nil else { throw ExportError.noSamples(id: session.id) }
        case .gpx:
            guard SimulatedRoute(header: session) != nil else { throw ExportError.noRoute(format, session.activity, id: session.id) }
        case .csv, .uddf, .subsurface:
            break
        }
    }

    /// Writes the session to `sink`; returns how many bytes it wrote. Throws an
    /// `ExportError` before writing anything, or what reading the rows or the sink threw.
    @discardableResult
    public static func export(_ rows: some SessionRows, as format: ExportFormat, to sink: any ByteSink) throws -> Int {
        try check(rows, as: format)
        let out = ExportWriter(sink)
        switch format {
        case .fit: try FITActivityExport.write(rows, to: out)
        case .tcx: try TCXExport.write(rows, to: out)
        case .gpx: try GPXExport.write(rows, route: SimulatedRoute(header: rows.header)!, to: out)
        case .csv: try CSVExport.write(rows, to: out)
        case .uddf: try UDDFExport.write(rows, to: out)
        case .subsurface: try SubsurfaceExport.write(rows, to: out)
        }
        try out.flush()
        return out.bytesWritten
    }

    /// The whole file in memory (tests, small sessions).
    public static func export(_ session: RecordedSession, as format: ExportFormat) throws -> [UInt8] {
        let sink = ByteArraySink()
        try export(session, as: format, to: sink)
        return sink.bytes
    }
}
