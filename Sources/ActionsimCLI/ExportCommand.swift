import ArgumentParser
import Exports
import Foundation
import SessionStore
import Telemetry

extension ExportFormat: ExpressibleByArgument {}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a recorded session in a format other tools read.",
        discussion: """
        Workouts: fit (Garmin FIT activity), tcx (Training Center XML v2), gpx (GPX 1.1 with heart rate in Garmin's TrackPointExtension v2, on a simulated route), csv. Dives: uddf (UDDF 3.2), subsurface (Subsurface XML), csv. The file is written whole or not at all.
        """)

    @Argument(help: ArgumentHelp("The session: a number, last, last-workout or last-dive.", valueName: "session"))
    var session: SessionReference

    @Option(name: .shortAndLong, help: ArgumentHelp("fit, tcx, gpx, csv, uddf or subsurface (default: from the file's extension).", valueName: "format"))
    var format: ExportFormat?

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write (- for standard output).", valueName: "file"))
    var output: String

    func validate() throws {
        if format == nil, Self.format(forFile: output) == nil {
            throw ValidationError("cannot tell the format from \"\(output)\"; add --format with one of: \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    @OptionGroup var store: StoreOptions

    func run() throws {
        let format = self.format ?? Self.format(forFile: output)!
        let database = try store.open()
        try session.read(from: database) { rows in
            // Refused before the file is opened: nothing is written for a session the format cannot hold.
            do { try Exporter.check(rows, as: format) } catch let error as ExportError {
                Terminal.error(error.description)
                throw ExitCode.badInput
            }
            // The rows stream from the store's cursors to the file through a 64 kB buffer.
            let sink = ByteArraySink()
            let written = try Exporter.export(rows, as: format, to: sink)
            try OutputFile.write(sink.bytes, to: output)
            if output != "-" {
                Terminal.note("wrote \(output): session \(rows.header.id) (\(rows.header.kind)) as \(format), \(written) bytes")
            }
        }
    }

    static func format(forFile path: String) -> ExportFormat? {
        let ext = (path as NSString).pathExtension.lowercased()
        return ExportFormat.allCases.first { $0.fileExtension == ext || $0.rawValue == ext }
    }
}

/// Writes a command's output file whole (temp + rename), or to standard output for `-`.
enum OutputFile {
    static func write(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            Terminal.error("cannot write \(path): \((error as NSError).localizedDescription)")
            throw ExitCode.badInput
        }
    }
}
