import ArgumentParser
import Exports
import Foundation
import OutputFiles
import SessionLog
import SessionStore
import Telemetry

extension ExportFormat: ExpressibleByArgument {}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a recorded session in a format other tools read.",
        discussion: """
        Workouts: fit (Garmin FIT activity), tcx (Training Center XML v2), gpx (GPX 1.1 with heart rate in Garmin's TrackPointExtension v2, on a simulated route), csv. Dives: uddf (UDDF 3.2), subsurface (Subsurface XML), csv. The session is read from the store and written a row at a time: a session of any length takes the same memory. Times: FIT and TCX give each lap's timer time (pauses left out) and FIT its elapsed time too; the workout CSV has elapsed_s (since the start, pauses included) and timer_s (pauses left out).

        A file is written whole or not at all: a new file, or a regular file (also through a symbolic link), is replaced by a rename once complete. A device, FIFO or /dev/fd/N (-o >(gzip > f)) is written in place. A write that fails (a full disk, a closed pipe) exits 4 and says why.
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
        try session.read(from: database, board: try store.boardFilter) { rows in
            // Refused before the file is opened: nothing is written for a session the format cannot hold.
            try Exporter.check(rows, as: format)
            // The rows stream from the store's cursors through a 64 kB buffer into the file.
            let file = try OutputFile(output)
            let written = try Exporter.export(rows, as: format, to: OutputSink(file))
            try file.commit()
            if output != "-" {
                Terminal.note("wrote \(TerminalText.oneLine(output)): session \(rows.header.id) (\(rows.header.kind)) as \(format), \(written) bytes")
            }
        }
    }

    static func format(forFile path: String) -> ExportFormat? {
        let ext = (path as NSString).pathExtension.lowercased()
        return ExportFormat.allCases.first { $0.fileExtension == ext || $0.rawValue == ext }
    }
}

/// An output file as the exports' and plots' byte sink: every chunk goes through its
/// buffer, and a failed write is its `OutputFileError`.
final class OutputSink: ByteSink {
    let file: OutputFile

    init(_ file: OutputFile) { self.file = file }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        try file.write(bytes)
    }
}
