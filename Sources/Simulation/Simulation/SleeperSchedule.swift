import ActionButtonCore

/// Who wakes when: the engine's virtual time, and the intents asleep on the engine's clock.
/// Sleepers wake earliest deadline first and, at one deadline, in the order they fell asleep,
/// so that two intents waking together report in the same order in every replay.
///
/// A value inside `HostState`, under the host's one lock: whether an intent is asleep is part
/// of quiescence and of report order, which read it together with the running work.
struct SleeperSchedule {
    struct Sleeper {
        var deadline: Timestamp
        var sequence: Int
        /// The launched intent task this sleep belongs to (nil for work the host never launched).
        var task: Int?
        var continuation: CheckedContinuation<Void, any Error>
    }

    /// Virtual time (a real clock keeps its own). It never goes back.
    private(set) var now = Timestamp.zero
    private var sleepers: [Sleeper] = []
    private var sequence = 0

    /// Virtual time: moves the clock to `time`, unless it is already later.
    mutating func advance(to time: Timestamp) { now = max(now, time) }

    /// The number of the next sleep, which orders sleepers with the same deadline.
    mutating func nextSequence() -> Int {
        sequence += 1
        return sequence
    }

    mutating func add(_ sleeper: Sleeper) { sleepers.append(sleeper) }

    /// Takes out the sleeper of that number (its sleep was cancelled), if it still sleeps.
    mutating func remove(sequence: Int) -> Sleeper? {
        sleepers.firstIndex { $0.sequence == sequence }.map { sleepers.remove(at: $0) }
    }

    /// Whether the launched task `task` is asleep on the engine's clock.
    func isAsleep(_ task: Int) -> Bool { sleepers.contains { $0.task == task } }

    /// Whether someone sleeps until `time` or before.
    func hasSleeper(dueBy time: Timestamp) -> Bool { sleepers.contains { $0.deadline <= time } }

    /// The earliest time a sleeper wants to wake.
    var earliestDeadline: Timestamp? {
        var earliest: Timestamp?
        for sleeper in sleepers where earliest.map({ sleeper.deadline < $0 }) ?? true { earliest = sleeper.deadline }
        return earliest
    }

    /// Virtual time: takes the single earliest sleeper due by `now`, if any.
    mutating func takeNextDue() -> Sleeper? {
        guard !sleepers.isEmpty, let index = sleepers.indices.filter({ sleepers[$0].deadline <= now })
            .min(by: { Self.wakesFirst(sleepers[$0], sleepers[$1]) })
        else { return nil }
        return sleepers.remove(at: index)
    }

    /// A live run: takes every sleeper due by `time`, in the order they wake.
    mutating func takeAllDue(by time: Timestamp) -> [Sleeper] {
        guard hasSleeper(dueBy: time) else { return [] }
        let due = sleepers.filter { $0.deadline <= time }
        sleepers.removeAll { $0.deadline <= time }
        return due.sorted(by: Self.wakesFirst)
    }

    /// The run ends: takes every sleeper, to be cancelled.
    mutating func takeAll() -> [Sleeper] {
        defer { sleepers.removeAll() }
        return sleepers
    }

    private static func wakesFirst(_ one: Sleeper, _ other: Sleeper) -> Bool {
        (one.deadline, one.sequence) < (other.deadline, other.sequence)
    }
}
