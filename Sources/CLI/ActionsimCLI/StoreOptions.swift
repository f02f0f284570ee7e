import ActionButtonCore
import ArgumentParser
import LabStore
import RunRecords
import SessionStore
import Telemetry

/// Where the session store is: every command that records or reads sessions shares these.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: ArgumentHelp(
        "Directory of the session store (actionsim.sqlite).",
        discussion: "Default: $XDG_DATA_HOME/actionsim, else ~/.local/share/actionsim.",
        valueName: "dir"))
    var dataDirectory: String?

    @Option(name: .customLong("db"), help: ArgumentHelp(
        "The session database: a SQLite file (overrides --data-dir), or a lab's PostgreSQL.",
        discussion: "A lab: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]. replay, run and record still record into the local store and forward its sessions to the lab from there; sessions, show, export and plot read the lab (unless --data-dir is given). Also ACTIONSIM_DB, or db: in the config file ($ACTIONSIM_CONFIG, else $XDG_CONFIG_HOME/actionsim/config.yaml); the command line wins, then the environment.",
        valueName: "file|url"))
    var databaseFile: String?

    @Option(name: .customLong("board"), help: ArgumentHelp(
        "This board's name in the lab (recording), or the one board whose sessions to read.",
        discussion: "1 to 64 letters, digits and - _ . : @. Also ACTIONSIM_BOARD, or board: in the config file. Recording without one: the host name; reading without one: every board.",
        valueName: "name"))
    var board: String?

    /// Where sessions go and come from, and the board: `LabSettings` decides.
    func settings() throws -> LabSettings {
        try LabSettings.resolve(db: databaseFile, dataDirectory: dataDirectory, board: board)
    }

    /// Opens the store for a reading command (`sessions`, `show`, `export`, `plot`), which
    /// needs no write access: errors are bad input (exit 2), and sessions recovered from a
    /// crash are reported.
    ///
    /// With a lab (`--db postgres://...`, ACTIONSIM_DB or the config file) and no local
    /// store named on the command line, the lab's database is read instead.
    func open(reporting: Bool = true) throws -> any SessionSource {
        let settings = try settings()
        if let url = settings.lab, !settings.readsLocal { return try LabDatabase(url: url) }
        let database = try SessionDatabase(readingFrom: settings.localPath)
        if reporting { Self.report(database) }
        return database
    }

    /// The board whose sessions a reading command shows: only a board named (--board,
    /// ACTIONSIM_BOARD or the config file), never the host name by default.
    var boardFilter: String? {
        get throws {
            let settings = try settings()
            return settings.boardNamed ? settings.board : nil
        }
    }

    static func report(_ database: SessionDatabase) {
        for line in RunRecords.recovered(database) { Terminal.warning(line) }
    }
}

/// A session named on the command line: its number, or `last`, `last-workout`, `last-dive`.
struct SessionReference: ExpressibleByArgument {
    enum Choice { case id(Int64), last, lastWorkout, lastDive }
    let choice: Choice

    init(_ choice: Choice) { self.choice = choice }

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

    /// The session's number in the store, or why there is none (bad input). `last`,
    /// `last-workout` and `last-dive` are of `board` when one is given.
    func id(in database: any SessionSource, board: String?) throws -> Int64 {
        switch choice {
        case .id(let number): return number
        case .last, .lastWorkout, .lastDive:
            let kind: SessionLifecycle.Kind? = switch choice {
            case .lastWorkout: .workout
            case .lastDive: .dive
            default: nil
            }
            guard let wanted = try database.lastSession(kind: kind, board: board) else {
                throw CommandError.badInput("the store \(database.location) has no \(choice.word)session\(board.map { " of board \($0)" } ?? "") yet; replay a scenario first")
            }
            return wanted
        }
    }

    /// Reads the session a row at a time (`SessionSource.read`, either engine); a session
    /// that is not there or is damaged is the store's error, and what `body` throws is rethrown.
    /// With `board`, a session of another board is refused, whichever way it was named.
    func read<T>(from database: any SessionSource, board: String?, _ body: (any SessionRows) throws -> T) throws -> T {
        let id = try id(in: database, board: board)
        return try database.read(id: id) { rows in
            if let board, rows.header.board != board {
                throw CommandError.badInput("session \(id) in \(database.location) is board \(rows.header.board.isEmpty ? "—" : rows.header.board)'s, not \(board)'s; `actionsim sessions --board \(board)` lists \(board)'s")
            }
            return try body(rows)
        }
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
