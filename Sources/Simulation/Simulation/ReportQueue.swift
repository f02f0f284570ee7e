import ActionButtonCore

/// What intents and app code reported, stamped with the engine's time, waiting for the
/// engine's driver to take it; and, in virtual time, the reports held back to keep the order
/// fixed (see `HostState.queue`).
///
/// A value inside `HostState`, under the host's one lock: whether a report is held depends on
/// the running work and the sleepers at that very moment.
struct ReportQueue {
    typealias Entry = (Timestamp, SimulationHost.Report)

    private var ready: [Entry] = []
    /// Reports made by tasks a still-running intent started, by that intent's task.
    private var held: [Int: [Entry]] = [:]

    /// Nothing waits for the engine (held reports are not yet its to take).
    var isEmpty: Bool { ready.isEmpty }

    mutating func append(_ entry: Entry) { ready.append(entry) }

    /// Holds `entry` until the launched task `task` suspends or finishes.
    mutating func hold(_ entry: Entry, for task: Int) { held[task, default: []].append(entry) }

    /// The launched task suspended or finished: what it held goes out, in the order made.
    mutating func release(heldBy task: Int) {
        guard let entries = held.removeValue(forKey: task) else { return }
        ready.append(contentsOf: entries)
    }

    /// Takes every report ready, oldest first.
    mutating func take() -> [Entry] {
        // Asked at every step of a replay and nearly always empty: answer without touching
        // (and so reallocating) the buffer.
        if ready.isEmpty { return [] }
        defer { ready = [] }
        return ready
    }
}

/// Who is reporting: the launched intent task the code belongs to, and whether it is that
/// task itself or a task it started (told apart by the Swift task's identity).
struct ReportOrigin {
    var task: Int?
    var identity: Int?

    /// The code running now, in the launched task `task` (the host's task-local value).
    init(task: Int?) {
        self.task = task
        identity = task == nil ? nil : Self.currentIdentity()
    }

    /// The identity of the Swift task running now.
    static func currentIdentity() -> Int? {
        withUnsafeCurrentTask { $0?.hashValue }
    }
}
