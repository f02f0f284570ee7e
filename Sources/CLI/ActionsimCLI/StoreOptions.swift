import ArgumentParser
import SessionStore
import Telemetry

/// Where the session store is: every command that records or reads sessions shares these.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: ArgumentHelp(
        "Directory of the session store (actionsim.sqlite).",
        discussion: "Default: $XDG_DATA_HOME/actionsim, else ~/.local/share/actionsim.",
        valueName: "dir"))
    var dataDirectory: String?

    @Option(name: .customLong("db"), help: ArgumentHelp("The session database file itself (overrides --data-dir).", valueName: "file"))
    var databaseFile: String?

    var path: String { databaseFile ?? SessionDatabase.defaultPath(dataDirectory: dataDirectory) }

    /// Opens the store for a reading command (`sessions`, `show`, `export`, `plot`), which
    /// needs no write access: errors are bad input (exit 2), and sessions recovered from a
    /// crash are reported.
    func open() throws -> SessionDatabase {
        let database = try SessionDatabase(readingFrom: path)
        Self.report(database)
        return database
    }

    static func report(_ database: SessionDatabase) {
        for session in database.recovered {
            let marked = session.marked ? "marked interrupted"
                : "shown as interrupted (the store is read-only, so it is not marked)"
            Terminal.warning("session \(session.id) was not ended when its run stopped; \(marked), \(session.samplesKept) samples kept (T4)")
        }
    }
}

/// A session named on the command line: its number, or `last`, `last-workout`, `last-dive`.
struct SessionReference: ExpressibleByArgument {
    enum Choice { case id(Int64), last, lastWorkout, lastDive }
    let choice: Choice

    init?(argument: String) {
        switch argument {
        case "last": choice = .last
        case "last-workout": choice = .lastWorkout
        case "last-dive": choice = .lastDive
        default:
            guard let id = Int64(argument), id > 0 else { return nil }
            choice = .id(id)
        }
    }

    static var defaultCompletionKind: CompletionKind { .default }

    /// The session's number in the store, or why there is none (bad input).
    func id(in database: SessionDatabase) throws -> Int64 {
        switch choice {
        case .id(let number): return number
        case .last, .lastWorkout, .lastDive:
            let listings = try database.sessions()
            let wanted: Listing? = switch choice {
            case .lastWorkout: listings.last { $0.kind == .workout }
            case .lastDive: listings.last { $0.kind == .dive }
            default: listings.last
            }
            guard let wanted else {
                throw CommandError.badInput("the store \(database.path) has no \(choice.word)session yet; replay a scenario first")
            }
            return wanted.id
        }
    }

    /// Reads the session a row at a time (`SessionDatabase.read`); a session that is not
    /// there or is damaged is a `StoreError`, and what `body` throws is rethrown.
    func read<T>(from database: SessionDatabase, _ body: (any SessionRows) throws -> T) throws -> T {
        try database.read(id: try id(in: database), body)
    }

    typealias Listing = SessionDatabase.Listing
}

extension SessionReference.Choice {
    var word: String {
        switch self {
        case .lastWorkout: "workout "
        case .lastDive: "dive "
        default: ""
        }
    }
}
