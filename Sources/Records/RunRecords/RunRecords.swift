import ActionButtonCore
import SessionLog
import SessionStore
import SimulationEvents
import Telemetry

/// What a run records, the same for `replay`, `run` and `record`: its session log (JSON
/// Lines, one file per run) and its sessions with their samples in the session store. It
/// opens both, puts them in the run's chain of sinks after the run's own output (the
/// timeline or JSON Lines on standard output, a web page), closes them together at the
/// end, and says what they hold.
///
/// Either can be refused when it opens (a log directory with a file in its way, a store
/// that is not one): the run goes on without it, and `opened` says so, in the run's words.
/// Writing fails later only for lack of room: the run goes on in memory, and `close(at:)`
/// says what each file holds.
public final class RunRecords {
    /// How the files are written.
    public enum Writing: Sendable {
        /// A replay: the log writes its batches on a queue of its own and is not synced to
        /// disk (replaying again makes the same events, S2); the store commits on its own thread.
        case replay
        /// A live run: the loop writes the log and commits the store itself after each
        /// wake-up (no thread woken for them), and the log is synced.
        case live
    }

    public struct Places: Sendable {
        /// nil: no session log (`--no-log`).
        public var logDirectory: String?
        /// nil: no session store (`--no-store`).
        public var storePath: String?
        /// How long to wait for a store another writer holds, in seconds (`--store-wait`).
        public var storeWait: Double

        public init(logDirectory: String?, storePath: String?, storeWait: Double = SessionDatabase.defaultBusyTimeout) {
            self.logDirectory = logDirectory
            self.storePath = storePath
            self.storeWait = storeWait
        }
    }

    public let log: SessionLogFile?
    public let recorder: SessionRecorder?
    /// What to tell the user now: logs and sessions a crashed run left, a file that could not
    /// be opened.
    public let opened: [String]
    /// The store was asked for but stayed locked by another writer: the run goes on without
    /// it, and the command ends saying its sessions were not stored (exit status 4).
    public var storeLocked: Bool { lockedStore != nil }
    /// The store that stayed locked, if one did.
    private let lockedStore: String?

    /// - Parameters:
    ///   - run: what every session of the run shares (the log's header says the same).
    ///   - settings: the watch's settings in words, for the log's header.
    ///   - monotonicOrigin: a live run's `CLOCK_MONOTONIC` time at zero on its time line.
    ///   - doing: the run in a word, for what is said without a file ("replaying", "running").
    ///   - onLogWriteError: called once, when the log first fails to write (a full disk).
    public init(run: RecordingRun, settings: String, monotonicOrigin: Timestamp? = nil, places: Places, writing: Writing,
                doing: String, onLogWriteError: (@Sendable (SessionLogFile.LogError) -> Void)? = nil) {
        var opened: [String] = []
        var log: SessionLogFile?
        if let directory = places.logDirectory {
            // T4: a crash loses at most the last unflushed batch of a log, and the next run
            // that writes logs here says so, once.
            for cut in SessionLogFile.cutShort(in: directory) {
                let end = cut.endsMidLine ? "; its last line, torn by the crash, is removed" : ""
                opened.append("warning: session log \(cut.path) was cut short: it has no log-end footer, so the run that wrote it was killed or crashed; at most its last unflushed batch is missing\(end) (T4)")
                SessionLogFile.markReported(cut, by: run.source)
            }
            do {
                log = try SessionLogFile(directory: directory, header: .init(
                    source: run.source, name: run.name, app: run.app, settings: settings, seed: run.seed, clock: run.clock,
                    monotonicOrigin: monotonicOrigin), onWriteError: onLogWriteError)
                switch writing {
                case .replay: log!.syncsToDisk = false
                case .live: log!.writesInline = true
                }
            } catch {
                opened.append("warning: \(error); \(doing) without a session log")
            }
        }
        var recorder: SessionRecorder?
        var lockedStore: String?
        if let path = places.storePath {
            do {
                let database = try SessionDatabase(path: path, busyTimeout: places.storeWait)
                opened += Self.recovered(database)
                recorder = SessionRecorder(database: database, run: run)
                if case .live = writing { recorder!.commitsInline = true }
            } catch .locked {
                lockedStore = path
                opened.append("warning: session database \(path) stayed locked by another writer for the \(TimeFormat.duration(.seconds(places.storeWait))) this command waits; "
                              + "\(doing) without the session store, and ending with exit status 4 (--store-wait SECONDS waits longer; --no-store stores nothing)")
            } catch {
                opened.append("warning: \(error); \(doing) without the session store")
            }
        }
        self.lockedStore = lockedStore
        self.log = log
        self.recorder = recorder
        self.opened = opened
    }

    /// The log, then the store: in the run's chain after its output.
    public var sinks: [any SimulationEventSink] {
        (log.map { [$0] } ?? []) + (recorder.map { [$0] } ?? [])
    }

    /// Who still gets every event when the log cannot be written: `output` and the store.
    public func stillRecording(besides output: String) -> String {
        output + (recorder != nil ? " and the session store" : "")
    }

    /// Ends both at `time` (the log's last batch and footer are written while the store
    /// commits its last rows) and says what they hold: the log's path, or how much of the
    /// run it holds; the store's sessions, or what was not stored.
    ///
    /// A session still open is stored interrupted (the run stopped under it), or ended when
    /// `endingOpenSession` gives why (the person running it quit: `q`).
    /// `howToEnd`, said when a session was still open and is stored as interrupted: how the
    /// run could have ended it (a replay: a step that ends it).
    public func close(at time: Timestamp, output: String, endingOpenSession reason: String? = nil, howToEnd: String? = nil) -> [String] {
        log?.beginClose(at: time)
        let storeError = recorder?.close(openSession: reason.map { .end(reason: $0, at: time) } ?? .interrupt)
        let logError = log?.close(at: time)
        var notes: [String] = []
        if let log {
            if let error = logError {
                let written = log.eventsWritten
                notes.append("warning: the session log \(log.path) holds the first \(written) of \(written + log.eventsNotWritten) events only "
                             + "(\(error.reason)); the run went on in memory: \(stillRecording(besides: output)) have every event")
            } else {
                notes.append("session log: \(log.path)")
            }
        }
        if let path = lockedStore {
            notes.append("warning: no session of this run was stored: \(path) stayed locked by another writer; "
                         + (log != nil && logError == nil ? "the session log has every event" : "\(output) has every event"))
        }
        if let recorder {
            notes += StoreReport.lines(recorder, error: storeError, logHasEverything: log != nil && logError == nil)
            if let reason, storeError == nil, !recorder.endedByRequest.isEmpty {
                let ids = recorder.endedByRequest.map(String.init).joined(separator: ", ")
                notes.append("session \(ids) \(reason), stored as ended")
            }
            if storeError == nil, let id = recorder.interruptedAtClose {
                notes.append("session \(id) was still running at \(time), when the run stopped: stored as interrupted"
                             + (howToEnd.map { "; \($0)" } ?? ""))
            }
        }
        return notes
    }

    /// Sessions a crashed run left open, now closed as interrupted (T4).
    public static func recovered(_ database: SessionDatabase) -> [String] {
        database.recovered.map { session in
            let marked = session.marked ? "marked interrupted" : "shown as interrupted (the store is read-only, so it is not marked)"
            return "session \(session.id) was not ended when its run stopped; \(marked), \(session.samplesKept) samples kept (T4)"
        }
    }
}
