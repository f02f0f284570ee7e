import Foundation
import LabStore
import SessionStore
import YAMLDocuments

/// Where sessions are stored and read, and which board this is: the one place that reads
/// `--db`, `--data-dir` and `--board`, the environment (`ACTIONSIM_DB`, `ACTIONSIM_BOARD`)
/// and the config file (`db:`, `board:`), and decides between them.
///
/// Precedence, highest first: the command line, the environment, the config file, the
/// default. A `--db` (or `ACTIONSIM_DB`, or `db:`) that is a `postgres://` URL names the
/// lab's database; anything else names the local SQLite file. `--data-dir` on the command
/// line is the local store's directory, and a reading command given it (or a `--db` file)
/// reads that store even when a lab is configured.
///
/// - Recording (`replay`, `run`, `record`): sessions go to the local store, and, with a lab,
///   are forwarded to it from there (the outbox).
/// - Reading (`sessions`, `show`, `export`, `plot`): the lab when there is one, else the
///   local store; `--board` picks one board's sessions.
struct LabSettings: Sendable {
    /// The local SQLite store.
    var localPath: String
    /// The lab's database, when there is one.
    var lab: LabURL?
    /// This board's name (`--board`, else `ACTIONSIM_BOARD`, `board:`, the host name).
    var board: String
    /// Whether the board was named (a reading command filters by it only then).
    var boardNamed: Bool
    /// Whether a reading command reads the local store though a lab is configured.
    var readsLocal: Bool
    /// Where each setting came from, for messages.
    var source: [String: String] = [:]

    static let environmentDB = "ACTIONSIM_DB"
    static let environmentBoard = "ACTIONSIM_BOARD"
    static let environmentConfig = "ACTIONSIM_CONFIG"

    static func resolve(db: String?, dataDirectory: String?, board: String?,
                        environment: [String: String] = ProcessInfo.processInfo.environment) throws -> LabSettings {
        let config = try ConfigFile.load(environment: environment)
        // The first of command line, environment, config file that says it.
        let dbChoice: (value: String, from: String)? = db.map { ($0, "--db") }
            ?? environment[environmentDB].flatMap { $0.isEmpty ? nil : ($0, environmentDB) }
            ?? config?.db.map { ($0, "\(config!.path): db") }
        let boardChoice: (value: String, from: String)? = board.map { ($0, "--board") }
            ?? environment[environmentBoard].flatMap { $0.isEmpty ? nil : ($0, environmentBoard) }
            ?? config?.board.map { ($0, "\(config!.path): board") }

        var lab: LabURL?
        var localFile: String?
        if let dbChoice {
            // An empty path went to SQLite, which said "could not activate WAL Mode at path: ".
            guard !dbChoice.value.isEmpty else {
                throw CommandError.badInput("\(dbChoice.from) '': the path is empty; give a SQLite file's path, or a lab's postgres://USER@HOST/DATABASE")
            }
            if LabURL.isURL(dbChoice.value) {
                do { lab = try LabURL(parsing: dbChoice.value) } catch {
                    throw CommandError.badInput(dbChoice.from == "--db" ? error.description
                                                : "\(dbChoice.from): " + error.description.replacingOccurrences(of: "--db ", with: ""))
                }
            } else if dbChoice.from == "--db" || dataDirectory == nil {
                // A file named by the environment or the config file gives way to --data-dir.
                localFile = dbChoice.value
            }
        }
        let localPath = localFile ?? SessionDatabase.defaultPath(dataDirectory: dataDirectory)
        let boardName = try boardChoice.map { choice in try Self.checkBoard(choice.value, from: choice.from) } ?? Self.hostName()
        var settings = LabSettings(localPath: localPath, lab: lab, board: boardName, boardNamed: boardChoice != nil,
                                   readsLocal: dataDirectory != nil || (db != nil && !LabURL.isURL(db!)))
        if let dbChoice { settings.source["db"] = dbChoice.from }
        if let boardChoice { settings.source["board"] = boardChoice.from }
        return settings
    }

    /// A board name: printable, up to 64 characters (it labels metrics and rows).
    static func checkBoard(_ name: String, from: String) throws -> String {
        guard !name.isEmpty, name.count <= 64,
              name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || "-_.:@".unicodeScalars.contains($0) }) else {
            throw CommandError.badInput("\(from) \"\(name)\": a board's name is 1 to 64 letters, digits and - _ . : @ (it labels the lab's rows and metrics)")
        }
        return name
    }

    /// The host name (the default board).
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (try? checkBoard(name, from: "")) ?? "localhost"
    }
}

/// The config file: `$ACTIONSIM_CONFIG`, else `$XDG_CONFIG_HOME/actionsim/config.yaml`, else
/// `~/.config/actionsim/config.yaml`. Optional; a file that is there must be right.
///
/// ```yaml
/// db: postgres://actionsim@lab-db.local/lab    # or a SQLite file
/// board: pi-07
/// ```
struct ConfigFile {
    var path: String
    var db: String?
    var board: String?

    static func path(environment: [String: String]) -> (path: String, named: Bool) {
        if let named = environment[LabSettings.environmentConfig], !named.isEmpty { return (named, true) }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return (config + "/actionsim/config.yaml", false) }
        return ((environment["HOME"] ?? NSHomeDirectory()) + "/.config/actionsim/config.yaml", false)
    }

    static func load(environment: [String: String]) throws -> ConfigFile? {
        let (path, named) = path(environment: environment)
        // Only a file named by ACTIONSIM_CONFIG must exist.
        if !named, !FileManager.default.fileExists(atPath: path) { return nil }
        let document = try YAMLDocument(contentsOf: path)
        let mapping = try document.root.mapping("the config file")
        try mapping.rejectUnknownKeys(["db", "board"])
        return ConfigFile(path: path, db: try mapping["db"]?.string("db"), board: try mapping["board"]?.string("board"))
    }
}
