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

        /// What went wrong, without the path: `No space left on device`.
        public var reason: String {
            switch self {
            case .cannotCreateDirectory(_, let why): why
            case .cannotOpen(_, let errno), .cannotWrite(_, let errno): "\(errno)"
            }
        }

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
        // Who writes it: a log without a footer whose process is gone was cut short.
        json.field("pid", Int(getpid()))
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
        /// Bytes of whole lines in the file.
        var bytesOnDisk: Int64 = 0
        var headerWritten = false

        init(path: String, descriptor: FileDescriptor, onWriteError: (@Sendable (LogError) -> Void)?) {
            self.path = path
            self.descriptor = descriptor
            self.onWriteError = onWriteError
        }

        func writeHeader(_ header: JSONLineWriter) {
            json = header
            write()
            headerWritten = writeError == nil
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
            var written = 0
            do {
                try json.bytes.withUnsafeBytes { buffer in
                    while written < buffer.count {
                        written += try descriptor.write(UnsafeRawBufferPointer(rebasing: buffer[written...]))
                    }
                }
                eventsWritten += pending
                // Start writing the batch to disk now (Linux begins writeback on this advice),
                // so that the sync at close waits for the last batch only, not the whole file.
                _ = posix_fadvise(descriptor.rawValue, off_t(bytesOnDisk), off_t(written), POSIX_FADV_DONTNEED)
                bytesOnDisk += Int64(written)
            } catch {
                keepWholeLines(of: written)
                let failure = LogError.cannotWrite(path, error as? Errno ?? .ioError)
                writeError = failure
                onWriteError?(failure)
            }
            pending = 0
            json.removeAll()
        }

        /// After a failed write (a full disk): the file keeps the lines that were written
        /// whole, and loses the start of the line that was not, so that every line of the log
        /// stays valid JSON; `eventsWritten` counts exactly the events it holds.
        private func keepWholeLines(of written: Int) {
            let whole = json.bytes[..<written].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            var lines = json.bytes[..<whole].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            if !headerWritten, lines > 0 { lines -= 1 }
            headerWritten = headerWritten || whole > 0
            eventsWritten += lines
            bytesOnDisk += Int64(whole)
            _ = ftruncate(descriptor.rawValue, off_t(bytesOnDisk))
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

    /// A log found without its footer, whose process is gone: its run was killed or crashed.
    public struct CutShortLog: Hashable, Sendable {
        public var path: String
        /// Complete event lines it holds (the header not counted).
        public var events: Int
        /// The time of its last event.
        public var lastTime: Timestamp
        /// Whether an incomplete last line (a write cut by the crash) was removed.
        public var droppedPartialLine: Bool
    }

    /// Finds the logs under `directory` that never got their footer and whose process is
    /// gone, and closes each with a footer that says it was cut short (`"cut_short":true`),
    /// so that each is reported once, on the next start after the crash (T4). A last line
    /// left incomplete by the crash is removed first, so that every line stays valid JSON.
    public static func recoverUnfinished(in directory: String,
                                         isAlive: (Int32) -> Bool = { kill($0, 0) == 0 || errno == EPERM }) -> [CutShortLog] {
        unfinished(in: directory).compactMap { path in
            guard let handle = FileHandle(forUpdatingAtPath: path) else { return nil }
            defer { try? handle.close() }
            guard let data = try? handle.readToEnd(), !data.isEmpty else { return nil }
            let bytes = [UInt8](data)
            let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            let header = String(decoding: lines.first ?? [], as: UTF8.self)
            if let pid = Self.number(after: "\"pid\":", in: header), let pid = Int32(pid), pid != getpid(), isAlive(pid) {
                return nil
            }
            // The last element after a final newline is empty; anything else there is a cut line.
            let partial = !(lines.last?.isEmpty ?? true)
            let complete = lines.dropLast().filter { !$0.isEmpty }
            let events = max(0, complete.count - 1)
            let last = complete.count > 1 ? String(decoding: complete.last!, as: UTF8.self) : ""
            let lastTime = Self.number(after: "{\"t\":", in: last).flatMap(Self.nanoseconds(fromSeconds:)) ?? 0
            if partial {
                let keep = bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
                try? handle.truncate(atOffset: UInt64(keep))
            }
            var json = JSONLineWriter(capacity: 128)
            json.beginObject()
            json.field("t", seconds: lastTime)
            json.field("event", "log-end")
            json.field("events", events)
            json.field("cut_short", true)
            json.endObject()
            _ = try? handle.seekToEnd()
            try? handle.write(contentsOf: Data(json.bytes))
            try? handle.synchronize()
            return CutShortLog(path: path, events: events, lastTime: Timestamp(nanoseconds: lastTime), droppedPartialLine: partial)
        }
    }

    /// The number written right after `key` in a log line (`"pid":123`, `{"t":1.5`).
    private static func number(after key: String, in line: String) -> String? {
        guard let range = line.range(of: key) else { return nil }
        let digits = line[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "-" }
        return digits.isEmpty ? nil : String(digits)
    }

    /// `1.28` → 1_280_000_000, exactly (the log writes times as exact seconds).
    static func nanoseconds(fromSeconds text: String) -> Int64? {
        let negative = text.hasPrefix("-")
        let parts = text.dropFirst(negative ? 1 : 0).split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int64(parts[0]) else { return nil }
        let fractionText = parts.count == 2 ? String(parts[1].prefix(9)) : ""
        guard fractionText.allSatisfy(\.isNumber) else { return nil }
        let fraction = Int64(fractionText.padding(toLength: 9, withPad: "0", startingAt: 0)) ?? 0
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return nil }
        return (negative ? -1 : 1) * (scaled + fraction)
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
