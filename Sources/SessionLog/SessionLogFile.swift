import ActionButtonCore
import Foundation
import Simulation
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

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
        /// Live runs: the `CLOCK_MONOTONIC` time at `t` = 0, so that `t` + this is the time
        /// on the clock the kernel stamps input events with (evdev, gpiod, evemu-record).
        public var monotonicOrigin: Timestamp?

        public init(source: String, name: String, app: String, settings: String, seed: Int?, clock: String,
                    monotonicOrigin: Timestamp? = nil) {
            self.source = source
            self.name = name
            self.app = app
            self.settings = settings
            self.seed = seed
            self.clock = clock
            self.monotonicOrigin = monotonicOrigin
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
    private let descriptor: FileDescriptor
    private var json = JSONLineWriter()
    private var pending = 0
    public private(set) var eventsWritten = 0
    /// Events let go after `writeError`: they reached the other sinks, not this file.
    public private(set) var eventsNotWritten = 0
    /// The first write error, if any; the run goes on in memory and says so at the end.
    public private(set) var writeError: LogError?
    private var closed = false
    /// Batches are written once this many bytes are waiting.
    private let batchBytes = 1 << 16

    /// The default place: `$XDG_DATA_HOME/actionsim/logs`, else `~/.local/share/actionsim/logs`.
    public static var defaultDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/actionsim/logs" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share/actionsim/logs"
    }

    /// Creates `<directory>/<UTC time>-<name>.jsonl` (never overwriting) and writes its header.
    public init(directory: String, header: Header, now: Date = Date()) throws(LogError) {
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
        self.descriptor = opened
        // Held until the process ends, however it ends: `unfinished(in:)` skips a log whose
        // writer is still running (it has no footer yet, but was not cut short).
        _ = flock(opened.rawValue, LOCK_EX | LOCK_NB)

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
        if let origin = header.monotonicOrigin { json.field("monotonic_origin", seconds: origin.nanoseconds) }
        json.field("wall_clock", UTCTimestamp.iso8601(now))
        json.endObject()
        flush()
    }

    deinit {
        if !closed { try? descriptor.close() }
    }

    public func record(_ event: SimulationEvent) {
        EventEncoding.write(event, into: &json)
        pending += 1
        if json.count >= batchBytes { flush() }
    }

    /// Writes every buffered event. After it returns, they survive a crash of this process.
    /// After a write failed (a full disk), events are counted and let go: the run goes on.
    public func flush() {
        guard !json.bytes.isEmpty else { return }
        if writeError == nil {
            do {
                _ = try json.bytes.withUnsafeBytes { try descriptor.writeAll($0) }
                eventsWritten += pending
            } catch {
                writeError = .cannotWrite(path, error as? Errno ?? .ioError)
                eventsNotWritten += pending
            }
        } else {
            eventsNotWritten += pending
        }
        pending = 0
        json.removeAll()
    }

    /// Writes the footer, syncs and closes. Returns the first write error, if there was one.
    @discardableResult
    public func close(at time: Timestamp) -> LogError? {
        guard !closed else { return writeError }
        json.beginObject()
        json.field("t", seconds: time.nanoseconds)
        json.field("event", "log-end")
        json.field("events", eventsWritten + pending)
        json.endObject()
        flush()
        _ = fsync(descriptor.rawValue)
        try? descriptor.close()
        closed = true
        return writeError
    }

    /// A log that never got its footer and whose writer is gone: its run was killed or
    /// crashed, and at most the last unflushed batch is missing from it (T4).
    public struct CutShort: Hashable, Sendable {
        public var path: String
        /// The last line stops mid-way (the process died inside a write).
        public var endsMidLine: Bool
    }

    /// Logs under `directory` that never got their footer, were not reported yet
    /// (`markReported`), and that no running process still writes.
    public static func unfinished(in directory: String) -> [String] { cutShort(in: directory).map(\.path) }

    /// `unfinished(in:)`, with what each file's end looks like.
    public static func cutShort(in directory: String) -> [CutShort] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().compactMap { name in
            let path = directory + "/" + name
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { Glibc.close(descriptor) }
            // A writer still running holds its lock: its log is not finished, but not cut short either.
            guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return nil }
            let size = lseek(descriptor, 0, SEEK_END)
            var tail = [UInt8](repeating: 0, count: Int(min(size, 512)))
            let count = tail.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, size - off_t($0.count)) }
            guard count == tail.count else { return nil }
            let text = String(decoding: tail, as: UTF8.self)
            if text.contains("\"event\":\"log-end\"") || text.contains("\"event\":\"log-cut-short\"") { return nil }
            return CutShort(path: path, endsMidLine: tail.last != UInt8(ascii: "\n"))
        }
    }

    /// Appends a `log-cut-short` line to a log `cutShort(in:)` found, so that the file itself
    /// says so and the next start does not report it again. Returns false if it cannot write.
    @discardableResult
    public static func markReported(_ log: CutShort, by source: String, now: Date = Date()) -> Bool {
        var json = JSONLineWriter(capacity: 256)
        json.beginObject()
        json.field("event", "log-cut-short")
        json.field("noticed", UTCTimestamp.iso8601(now))
        json.field("by", source)
        if log.endsMidLine { json.field("last_line", "incomplete") }
        json.endObject()
        let descriptor = open(log.path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { Glibc.close(descriptor) }
        let bytes = (log.endsMidLine ? [UInt8(ascii: "\n")] : []) + json.bytes
        return bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count
    }

    static func fileStamp(_ date: Date) -> String { UTCTimestamp.compact(date) }

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
