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

    /// Opens the store for a reading command: errors are bad input (exit 2), and sessions
    /// recovered from a crash are reported.
    func open() throws -> SessionDatabase {
        do {
            let database = try SessionDatabase(path: path)
            Self.report(database)
            return database
        } catch {
            Terminal.error(error.description)
            throw ExitCode.badInput
        }
    }

    static func report(_ database: SessionDatabase) {
        for session in database.recovered {
            Terminal.warning("session \(session.id) was not ended when its run stopped; marked interrupted, \(session.samplesKept) samples kept (T4)")
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

    /// The session's number in the store, or says why there is none (exit 2).
    func id(in database: SessionDatabase) throws -> Int64 {
        do {
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
                    Terminal.error("the store \(database.path) has no \(choice.word) session yet; replay a scenario first")
                    throw ExitCode.badInput
                }
                return wanted.id
            }
        } catch let error as StoreError {
            Terminal.error(error.description)
            throw ExitCode.badInput
        }
    }

    /// Reads the session a row at a time (`SessionDatabase.read`): a store error, a session
    /// that is not there or one that is damaged is said, exit 2; what `body` throws is rethrown.
    func read<T>(from database: SessionDatabase, _ body: (any SessionRows) throws -> T) throws -> T {
        let id = try id(in: database)
        do {
            return try database.read(id: id, body)
        } catch let error as StoreError {
            Terminal.error(error.description)
            throw ExitCode.badInput
        }
    }

    typealias Listing = SessionDatabase.Listing
}

extension SessionReference.Choice {
    var word: String {
        switch self {
        case .lastWorkout: "workout"
        case .lastDive: "dive"
        default: ""
        }
    }
}
