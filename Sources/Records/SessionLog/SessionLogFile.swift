import ActionButtonCore
import Foundation
import OutputFiles
import Simulation
import SimulationEvents
import SystemCalls
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
    ///
    /// Its thread runs at nice +10. In a replay the engine, the log and the store are three
    /// busy threads on what is often two cores, and the replay is done only when the store
    /// has committed its last row: the store is the critical path, and at equal priority it
    /// got about two thirds of a core while the log took its share. The log has room to wait
    /// (batches queue up behind it) and nothing waits for it until it is closed.
    private let queue = WorkerThread(name: "actionsim log", nice: 10)
    /// Batches handed to `queue` and not yet written; the next hand-off waits below eight.
    /// Deep enough that a replay's engine, on two cores shared with the store's writer,
    /// seldom waits for this queue (with two it often did); shallow enough to bound memory.
    private let inFlight = DispatchSemaphore(value: 8)
    /// Events recorded since the last hand-off. Appended to at every event, by the one
    /// thread that records (the engine's), never re-entered: the run-time exclusivity check
    /// would be most of an append's cost.
    @exclusivity(unchecked)
    private var batch: [SimulationEvent]
    /// Where written batches' arrays come back to, for the next batch.
    private let recycler: BatchRecycler<SimulationEvent>
    private var lastHandOff: Int64
    private let monotonicNanoseconds: () -> Int64
    private var closed = false

    /// Hand a batch to the writer once this many events wait, or this long after the last
    /// one: a crash of the process loses at most the last second or so (T4).
    public let batchEvents = 512
    public var batchInterval: Int64 = 1_000_000_000
    /// Write only when `flush()` is called or `batchEvents` wait, on the calling thread. A
    /// replay wants the queue (the engine goes on while the disk writes); the live loop,
    /// which flushes after each wake-up, wants no other thread woken for it (idle cost, P4).
    public var writesInline = false
    /// Whether the log is made durable against a power loss: writeback started after each
    /// batch and an `fsync` at close. A live run's presses happen once and its log is synced;
    /// a replay's log is made again, byte for byte, by replaying, and is left to the OS like
    /// the store's commits (SQLite's synchronous=NORMAL). Either way, a crash of the process
    /// loses nothing written. Set before the first event.
    public var syncsToDisk: Bool {
        get { writer.syncsToDisk }
        set { writer.syncsToDisk = newValue }
    }

    /// Events on disk so far (exact once `flush()` or `close(at:)` has returned).
    public var eventsWritten: Int { queue.sync { writer.eventsWritten } }
    /// Events let go after `writeError`: they reached the other sinks, not this file.
    public var eventsNotWritten: Int { queue.sync { writer.eventsNotWritten } }
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
            try OutputFile.createDirectories(directory)
        } catch {
            throw .cannotCreateDirectory(directory, error.reason)
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
        OutputFile.readsInput(candidate, as: "the session log this command writes")
        // Held until the process ends, however it ends: `cutShort(in:)` skips a log whose
        // writer is still running (it has no footer yet, but was not cut short).
        _ = flock(opened.rawValue, LOCK_EX | LOCK_NB)
        self.writer = Writer(path: candidate, descriptor: opened, onWriteError: onWriteError)
        self.monotonicNanoseconds = monotonicNanoseconds
        self.lastHandOff = monotonicNanoseconds()
        self.recycler = BatchRecycler(capacity: batchEvents)
        self.batch = recycler.emptyBatch()

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
        if let origin = header.monotonicOrigin { json.field("monotonic_origin", seconds: origin.nanoseconds) }
        json.field("wall_clock", UTCTimestamp.iso8601(now))
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
        if writesInline {
            if batch.count >= batchEvents { flush() }
        } else if batch.count >= batchEvents || monotonicNanoseconds() - lastHandOff >= batchInterval {
            handOff()
        }
    }

    /// Writes every buffered event. After it returns, they survive a crash of this process.
    /// After a write failed (a full disk), events are counted and let go: the run goes on.
    /// The last batch is encoded and written on the calling thread (after any still queued).
    public func flush() {
        lastHandOff = monotonicNanoseconds()
        guard !closed else { return }
        let events = takeBatch(), writer = self.writer, recycler = self.recycler
        queue.sync {
            writer.write(events.elements)
            recycler.recycle(&events.elements)
        }
    }

    /// Gives the recorded events to the writer queue, which encodes and writes them.
    private func handOff() {
        lastHandOff = monotonicNanoseconds()
        guard !batch.isEmpty, !closed else { return }
        let events = takeBatch(), writer = self.writer, inFlight = self.inFlight, recycler = self.recycler
        inFlight.wait()
        queue.async {
            writer.write(events.elements)
            recycler.recycle(&events.elements)
            inFlight.signal()
        }
    }

    /// The events recorded since the last write, leaving an empty batch of the usual size.
    private func takeBatch() -> HandedBatch<SimulationEvent> {
        let events = HandedBatch(batch)
        batch = recycler.emptyBatch()
        return events
    }

    /// Writes the footer, syncs and closes. Returns the first write error, if there was one.
    @discardableResult
    public func close(at time: Timestamp) -> LogError? {
        beginClose(at: time)
        return writeError
    }

    /// Starts `close(at:)` on the log's queue and returns at once, so that the caller can
    /// close the store meanwhile: the log's last write (and `fsync`, if it syncs) and the
    /// store's last commit then overlap.
    /// `close(at:)`, `writeError` or `eventsWritten` wait until it is done.
    public func beginClose(at time: Timestamp) {
        guard !closed else { return }
        closed = true
        let events = takeBatch(), writer = self.writer
        queue.async {
            writer.write(events.elements)
            writer.writeFooter(at: time)
            writer.closeFile()
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
        var eventsNotWritten = 0
        var writeError: LogError?
        var fileClosed = false
        /// Bytes of whole lines in the file.
        var bytesOnDisk: Int64 = 0
        var headerWritten = false
        var syncsToDisk = true

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

        /// Encodes `events` and writes them after what is already encoded.
        func write(_ events: [SimulationEvent]) {
            for event in events { EventEncoding.write(event, into: &json) }
            pending += events.count
            write()
        }

        /// Writes what is encoded; after the first error, drops it (the run goes on in memory).
        func write() {
            guard !json.bytes.isEmpty, writeError == nil, !fileClosed else {
                eventsNotWritten += pending
                json.removeAll()
                pending = 0
                return
            }
            var written = 0
            let before = eventsWritten
            do {
                try json.bytes.withUnsafeBytes { buffer in
                    while written < buffer.count {
                        written += try descriptor.write(UnsafeRawBufferPointer(rebasing: buffer[written...]))
                    }
                }
                eventsWritten += pending
                // Start writing the batch to disk now (Linux begins writeback on this advice),
                // so that the sync at close waits for the last batch only, not the whole file.
                if syncsToDisk { _ = posix_fadvise(descriptor.rawValue, off_t(bytesOnDisk), off_t(written), POSIX_FADV_DONTNEED) }
                bytesOnDisk += Int64(written)
            } catch {
                keepWholeLines(of: written)
                eventsNotWritten += pending - (eventsWritten - before)
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
            if syncsToDisk { _ = fsync(descriptor.rawValue) }
            try? descriptor.close()
            fileClosed = true
        }
    }

    /// A log that never got its footer and whose writer is gone: its run was killed or
    /// crashed, and at most the last unflushed batch is missing from it (T4).
    public struct CutShort: Hashable, Sendable {
        public var path: String
        /// The last line stops mid-way (the process died inside a write).
        public var endsMidLine: Bool
        /// Where the last whole line ends, when the file ends mid-line: `markReported` cuts
        /// the torn line there, so that every line of the log stays valid JSON.
        var wholeLinesEnd: off_t? = nil
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
            guard tail.last != UInt8(ascii: "\n") else { return CutShort(path: path, endsMidLine: false) }
            let end = tail.lastIndex(of: UInt8(ascii: "\n")).map { size - off_t(tail.count - $0 - 1) }
            return CutShort(path: path, endsMidLine: true, wholeLinesEnd: end)
        }
    }

    /// Appends a `log-cut-short` line to a log `cutShort(in:)` found, so that the file itself
    /// says so and the next start does not report it again. A last line torn by the crash is
    /// removed first (it is not valid JSON, and the line says so). Returns false if it cannot write.
    @discardableResult
    public static func markReported(_ log: CutShort, by source: String, now: Date = Date()) -> Bool {
        var json = JSONLineWriter(capacity: 256)
        json.beginObject()
        json.field("event", "log-cut-short")
        json.field("noticed", UTCTimestamp.iso8601(now))
        json.field("by", source)
        let descriptor = open(log.path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { Glibc.close(descriptor) }
        var separator: [UInt8] = []
        if log.endsMidLine {
            if let end = log.wholeLinesEnd, ftruncate(descriptor, end) == 0 {
                json.field("last_line", "incomplete, removed")
            } else {
                json.field("last_line", "incomplete")
                separator = [UInt8(ascii: "\n")]
            }
        }
        json.endObject()
        let bytes = separator + json.bytes
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
