import Synchronization

/// The arrays a sink hands from the engine's thread to its writer's thread, one batch at a
/// time, taken back once written and used again.
///
/// A fresh array per batch (90–190 kB for 512 log events or 1,024 store rows) is memory
/// the kernel has not mapped yet: the engine's thread took a page fault every 4 kB it
/// appended, about 370 in a 2-hour dive replay. A recycled array's pages are already
/// there; only the first batches, before any has come back, are new (the dive's replay:
/// 1,882 page faults in all before, 1,765 after). At most `limit` arrays wait here; more
/// are freed.
public final class BatchRecycler<Element: Sendable>: Sendable {
    /// Elements each new array has room for.
    public let capacity: Int
    private let limit: Int
    private let spare = Mutex<[[Element]]>([])

    public init(capacity: Int, limit: Int = 9) {
        self.capacity = capacity
        self.limit = limit
    }

    /// An empty array with room for `capacity` elements: a recycled one if there is one.
    public func emptyBatch() -> [Element] {
        if let batch = spare.withLock({ $0.popLast() }) { return batch }
        var batch: [Element] = []
        batch.reserveCapacity(capacity)
        return batch
    }

    /// Empties `batch` and keeps its storage for `emptyBatch()`. The caller must hold the
    /// only reference to it (an array another variable shares would be copied, not kept).
    public func recycle(_ batch: inout [Element]) {
        batch.removeAll(keepingCapacity: true)
        guard batch.capacity >= capacity else { return }
        let kept = batch
        batch = []
        spare.withLock { if $0.count < limit { $0.append(kept) } }
    }
}

/// One batch on its way to a writer's thread, in a box the writer can empty in place, so
/// that its array comes back unshared for `BatchRecycler.recycle(_:)`.
public final class HandedBatch<Element: Sendable>: @unchecked Sendable {
    // Set by the thread that hands it off, then touched only by the one writer it is handed
    // to (through a queue, which orders the two).
    public var elements: [Element]

    public init(_ elements: consuming [Element]) { self.elements = elements }
}
