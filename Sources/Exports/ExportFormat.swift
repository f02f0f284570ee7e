import ActionButtonCore
import Simulation
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

/// Turns a recorded session into a file's bytes. Pure: the same session gives the same bytes.
public enum Exporter {
    public static func export(_ session: RecordedSession, as format: ExportFormat) throws(ExportError) -> [UInt8] {
        guard format.kinds.contains(session.kind) else { throw .unsupported(format, session.kind, id: session.id) }
        switch format {
        case .fit:
            guard !session.samples.isEmpty else { throw .noSamples(id: session.id) }
            return FITActivityExport.encode(session)
        case .tcx:
            guard !session.samples.isEmpty else { throw .noSamples(id: session.id) }
            return TCXExport.encode(session)
        case .gpx:
            guard let route = SimulatedRoute(session: session) else { throw .noRoute(format, session.activity, id: session.id) }
            return GPXExport.encode(session, route: route)
        case .csv:
            return CSVExport.encode(session)
        case .uddf:
            return UDDFExport.encode(session)
        case .subsurface:
            return SubsurfaceExport.encode(session)
        }
    }
}
