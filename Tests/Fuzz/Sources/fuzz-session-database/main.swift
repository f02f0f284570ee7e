// A session database as the commands that read one use it: the bytes become the file; the
// store opens it (schema check, migration, recovery of unfinished sessions) and lists its
// sessions, as `actionsim sessions` does; each session is loaded, summarised, exported in
// every format its kind allows and plotted, as `show`, `export` and `plot` do.
import Exports
import Foundation
import FuzzSupport
import SessionStore
import Telemetry

FuzzInput.main { bytes, count in
    FuzzInput.run(bytes, count) { data in
        let path = FuzzInput.scratch + "/actionsim.sqlite"
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
        try data.write(to: URL(fileURLWithPath: path))
        // Every process that recorded is gone: recovery runs on whatever the file holds.
        let database = try SessionDatabase(path: path, isAlive: { _ in false })
        for listing in try database.sessions().prefix(4) {
            // As `show`, `export` and `plot` read it: a row at a time from the store's cursors.
            _ = try? database.read(id: listing.id) { rows in
                _ = try? SessionSummary(rows)
                for format in ExportFormat.formats(for: rows.header.kind) { _ = try? Exporter.export(rows, as: format, to: CountingSink()) }
                _ = try? SVGPlot.render(rows, to: CountingSink())
            }
        }
    }
}
