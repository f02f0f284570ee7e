/// Where an export's or a plot's bytes go, chunk by chunk: a file, standard output, a pipe,
/// memory. The exports only ever call `write`; opening, committing or discarding the file
/// is the caller's (the command line's output file), so this module does no I/O itself.
public protocol ByteSink: AnyObject {
    /// Takes the next chunk. A failure (a full disk, a closed pipe) is thrown and stops the export.
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// Keeps the bytes in memory: for tests, and for callers that want the whole file.
public final class ByteArraySink: ByteSink {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer) {
        self.bytes.append(contentsOf: bytes)
    }
}

/// Counts the bytes and forgets them.
public final class CountingSink: ByteSink {
    public private(set) var count = 0

    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer) {
        count += bytes.count
    }
}
