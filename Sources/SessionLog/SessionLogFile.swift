import ActionButtonCore
import Foundation
import Simulation
import SystemPackage

/// The session log on disk: JSON Lines, one file per run (`replay`, `run`), opened with a
/// header line and closed with a footer. Events are buffered and written in batches; a
/// batch is on disk once `flush()` returns. A file without its footer was cut short, and
/// `SessionLogFile.unfinished(in:)` finds it on the next start.
public final class SessionLogFile: SimulationEventSink {
    public struct Header: Sendable {
        public var source: String
        public var name: String
        public var app: String
        public var settings: String
        public var seed: Int?
        public var clock: String

        public init(source: String, name: String, app: String, settings: String, seed: Int?, clock: String) {
            self.source = source
            self.name = name
            self.app = app
            self.settings = settings
            self.seed = seed
            self.clock = clock
        }
    }

    public enum LogError: Error, CustomStringConvertible {
        case cannotCreateDirectory(String, String)
        case cannotOpen(String, Errno)
        case cannotWrite(String, Errno)

        public var description: String {
            switch self {
            case .cannotCreateDirectory(let path, let why): "cannot create the log directory \(path): \(why)"
            case .cannotOpen(let path, let errno): "cannot open the session log \(path): \(errno)"
            case .cannotWrite(let path, let errno): "cannot write the session log \(path): \(errno)"
            }
        }
    }

    public let path: String
    /// The file and its encoder, used only on `queue`.
    private let writer: Writer
    /// Encodes and writes batches in order, off the thread that records events, so that a
    /// write (or a full disk) never holds up the engine — in a live run, the next press.
    private let queue: DispatchQueue
    /// Batches handed to `queue` and not yet written; the next hand-off waits below two.
    private let inFlight = DispatchSemaphore(value: 2)
    /// Events recorded since the last hand-off.
    private var batch: [SimulationEvent] = []
    private var lastHandOff: Int64
    private let monotonicNanoseconds: () -> Int64
    private var closed = false

    /// Hand a batch to the writer once this many events wait, or this long after the last
    /// one: a crash of the process loses at most the last second or so (T4).
    public var batchEvents = 512
    public var batchInterval: Int64 = 1_000_000_000

    /// Events on disk so far (exact once `flush()` or `close(at:)` has returned).
    public var eventsWritten: Int { queue.sync { writer.eventsWritten } }
    /// The first write error, if any; the run goes on in memory and says so at the end.
    public var writeError: LogError? { queue.sync { writer.writeError } }

    /// The default place: `$XDG_DATA_HOME/actionsim/logs`, else `~/.local/share/actionsim/logs`.
    public static var defaultDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/actionsim/logs" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share/actionsim/logs"
    }

    /// Creates `<directory>/<UTC time>-<name>.jsonl` (never overwriting) and writes its header.
    /// `onWriteError` is called once, on the writer's queue, when a write first fails (a
    /// full disk, say), so that the user hears of it when it happens and not only at the end.
    public init(directory: String, header: Header, now: Date = Date(),
                monotonicNanoseconds: @escaping () -> Int64 = { RealClock.monotonicNow().nanoseconds },
                onWriteError: (@Sendable (LogError) -> Void)? = nil) throws(LogError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateDirectory(directory, (error as NSError).localizedDescription)
        }
        let stamp = Self.fileStamp(now)
        let base = directory + "/" + stamp + "-" + Self.safeName(header.name)
        var candidate = base + ".jsonl"
        var attempt = 1
        var opened: FileDescriptor?
        var lastError = Errno.noSuchFileOrDirectory
        while opened == nil && attempt < 1000 {
            do {
                opened = try FileDescriptor.open(FilePath(candidate), .writeOnly,
                                                 options: [.create, .exclusiveCreate, .append, .closeOnExec],
                                                 permissions: [.ownerReadWrite, .groupRead])
            } catch Errno.fileExists {
                attempt += 1
                candidate = base + "-\(attempt).jsonl"
            } catch {
                lastError = error as? Errno ?? .ioError
                break
            }
        }
        guard let opened else { throw .cannotOpen(candidate, lastError) }
        self.path = candidate
        self.writer = Writer(path: candidate, descriptor: opened, onWriteError: onWriteError)
        self.queue = DispatchQueue(label: "actionsim.session-log")
        self.monotonicNanoseconds = monotonicNanoseconds
        self.lastHandOff = monotonicNanoseconds()
        batch.reserveCapacity(batchEvents)

        var json = JSONLineWriter(capacity: 512)
        json.beginObject()
        json.field("event", "log-start")
        json.field("format", "actionsim-session-log")
        json.field("version", 1)
        json.field("source", header.source)
        json.field("name", header.name)
        json.field("app", header.app)
        json.field("settings", header.settings)
        if let seed = header.seed { json.field("seed", seed) }
        json.field("clock", header.clock)
        json.field("wall_clock", ISO8601DateFormatter().string(from: now))
        json.endObject()
        writer.writeHeader(json)
    }

    deinit {
        if !closed {
            let writer = self.writer
            queue.sync { writer.closeFile() }
        }
    }

    public func record(_ event: SimulationEvent) {
        batch.append(event)
        if batch.count >= batchEvents || monotonicNanoseconds() - lastHandOff >= batchInterval { handOff() }
    }

    /// Writes every buffered event. After it returns, they survive a crash of this process.
    public func flush() {
        handOff()
        let writer = self.writer
        queue.sync { writer.write() }
    }

    /// Gives the recorded events to the writer queue, which encodes and writes them.
    private func handOff() {
        lastHandOff = monotonicNanoseconds()
        guard !batch.isEmpty, !closed else { return }
        let events = batch, writer = self.writer, inFlight = self.inFlight
        batch = []
        batch.reserveCapacity(batchEvents)
        inFlight.wait()
        queue.async {
            writer.encode(events)
            writer.write()
            inFlight.signal()
        }
    }

    /// Writes the footer, syncs and closes. Returns the first write error, if there was one.
    @discardableResult
    public func close(at time: Timestamp) -> LogError? {
        guard !closed else { return writeError }
        handOff()
        closed = true
        let writer = self.writer
        return queue.sync {
            writer.writeFooter(at: time)
            writer.closeFile()
            return writer.writeError
        }
    }

    /// The file and its encoder: touched only on the log's queue.
    private final class Writer: @unchecked Sendable {
        let path: String
        let descriptor: FileDescriptor
        let onWriteError: (@Sendable (LogError) -> Void)?
        var json = JSONLineWriter()
        var pending = 0
        var eventsWritten = 0
        var writeError: LogError?
        var fileClosed = false

        init(path: String, descriptor: FileDescriptor, onWriteError: (@Sendable (LogError) -> Void)?) {
            self.path = path
            self.descriptor = descriptor
            self.onWriteError = onWriteError
        }

        func writeHeader(_ header: JSONLineWriter) {
            json = header
            write()
        }

        func encode(_ events: [SimulationEvent]) {
            for event in events { EventEncoding.write(event, into: &json) }
            pending += events.count
        }

        /// Writes what is encoded; after the first error, drops it (the run goes on in memory).
        func write() {
            guard !json.bytes.isEmpty, writeError == nil, !fileClosed else {
                json.removeAll()
                pending = 0
                return
            }
            do {
                _ = try json.bytes.withUnsafeBytes { try descriptor.writeAll($0) }
                eventsWritten += pending
            } catch {
                let failure = LogError.cannotWrite(path, error as? Errno ?? .ioError)
                writeError = failure
                onWriteError?(failure)
            }
            pending = 0
            json.removeAll()
        }

        func writeFooter(at time: Timestamp) {
            json.beginObject()
            json.field("t", seconds: time.nanoseconds)
            json.field("event", "log-end")
            json.field("events", eventsWritten + pending)
            json.endObject()
            write()
        }

        func closeFile() {
            guard !fileClosed else { return }
            _ = fsync(descriptor.rawValue)
            try? descriptor.close()
            fileClosed = true
        }
    }

    /// Logs under `directory` that never got their footer: their run was killed or crashed,
    /// and at most the last unflushed batch is missing from them (T4).
    public static func unfinished(in directory: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().compactMap { name in
            let path = directory + "/" + name
            guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
            defer { try? handle.close() }
            let size = (try? handle.seekToEnd()) ?? 0
            try? handle.seek(toOffset: size > 512 ? size - 512 : 0)
            let tail = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
            return tail.contains("\"event\":\"log-end\"") ? nil : path
        }
    }

    static func fileStamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }

    static func safeName(_ name: String) -> String {
        let allowed = name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" }
        let text = String(allowed.prefix(60))
        return text.isEmpty ? "session" : text
    }
}

/// Writes events as JSON Lines to a file descriptor (standard output for `--json`).
public final class JSONLinesStream: SimulationEventSink {
    private let descriptor: FileDescriptor
    private var json = JSONLineWriter()

    public init(descriptor: FileDescriptor = .standardOutput) { self.descriptor = descriptor }

    public func record(_ event: SimulationEvent) {
        EventEncoding.write(event, into: &json)
        if json.count >= 1 << 16 { flush() }
    }

    public func flush() {
        guard !json.bytes.isEmpty else { return }
        _ = try? json.bytes.withUnsafeBytes { try descriptor.writeAll($0) }
        json.removeAll()
    }
}
