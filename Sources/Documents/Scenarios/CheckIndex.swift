import ActionButtonCore
import SimulationEvents

/// Which of a run's open event checks an event can match, found without looking at the
/// others: checks are filed by the kind of event they count (an intent's by its name), and
/// `log:` checks by their text, all of which one pass over the event's log line finds
/// (`TextSearch`). `ExpectationTracker` then decides each candidate as before.
struct CheckIndex {
    private enum Key: Hashable {
        case intent(String), error, ignored, gesture, dropped, marker, deadline, log(Int)
    }

    /// An entry is live while its generation is the check's current one (removal is lazy:
    /// a bucket drops dead entries when it is next read).
    private struct Entry { var id: Int; var generation: Int }

    private var buckets: [Key: [Entry]] = [:]
    private var generations: [Int] = []
    private var filed: [Bool] = []
    private var texts: [String: Int] = [:]
    private var search = TextSearch()
    /// Texts that are not ASCII: Swift compares them by grapheme, as the log check does, so
    /// they are searched for one by one.
    private var otherTexts: [(text: String, pattern: Int)] = []

    var hasLogChecks: Bool { !texts.isEmpty }

    mutating func add(_ id: Int, _ check: Expectation.Check) {
        guard let key = key(for: check) else { return }
        while generations.count <= id {
            generations.append(0)
            filed.append(false)
        }
        guard !filed[id] else { return }
        generations[id] += 1
        filed[id] = true
        buckets[key, default: []].append(Entry(id: id, generation: generations[id]))
    }

    mutating func remove(_ id: Int, _ check: Expectation.Check) {
        guard id < filed.count else { return }
        filed[id] = false
    }

    /// The checks filed under what `event` is, in the order they were added.
    mutating func candidates(for event: SimulationEvent, logLine: String?) -> [Int] {
        var keys: [Key] = []
        switch event.kind {
        case .performing(let invocation, _):
            keys.append(.intent(invocation.intent.name))
            if invocation.intent.title != invocation.intent.name { keys.append(.intent(invocation.intent.title)) }
        case .system(.errorShown): keys.append(.error)
        case .system(.gestureIgnored), .system(.keyIgnored): keys.append(.ignored)
        case .gesture: keys.append(.gesture)
        case .edgeDropped: keys.append(.dropped)
        case .marker: keys.append(.marker)
        case .system(.startResolved): keys.append(.deadline)
        default: break
        }
        if let logLine {
            for pattern in search.patterns(in: Array(logLine.utf8)) { keys.append(.log(pattern)) }
            for other in otherTexts where logLine.contains(other.text) { keys.append(.log(other.pattern)) }
        }
        var ids: [Int] = []
        for key in keys {
            guard var entries = buckets[key] else { continue }
            entries.removeAll { !filed[$0.id] || generations[$0.id] != $0.generation }
            ids += entries.map(\.id)
            buckets[key] = entries.isEmpty ? nil : entries
        }
        // In the order the checks were added, as the verdicts are made (a check back from
        // sleep is filed again at its bucket's end).
        if keys.count > 1 { ids = Array(Set(ids)) }
        ids.sort()
        return ids
    }

    private mutating func key(for check: Expectation.Check) -> Key? {
        switch check {
        case .intent(let name, _, _): .intent(name)
        case .error: .error
        case .ignored: .ignored
        case .gesture: .gesture
        case .dropped: .dropped
        case .marker: .marker
        case .deadline: .deadline
        case .log(let text): .log(pattern(for: text))
        case .state, .nextAction, .app: nil
        }
    }

    private mutating func pattern(for text: String) -> Int {
        if let known = texts[text] { return known }
        let number = texts.count
        texts[text] = number
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            search.add(Array(text.utf8), as: number)
        } else {
            otherTexts.append((text, number))
        }
        return number
    }
}

/// Finds which of many byte strings occur in a text in one pass over it (Aho and Corasick's
/// automaton), however many there are. Built as strings are added; ready again at the next
/// search.
struct TextSearch {
    private var next: [[UInt8: Int32]] = [[:]]
    private var fallback: [Int32] = [0]
    /// The patterns that end at a node, with those of its fallbacks.
    private var ends: [[Int]] = [[]]
    private var built = true

    mutating func add(_ bytes: [UInt8], as pattern: Int) {
        var node = 0
        for byte in bytes {
            if let child = next[node][byte] {
                node = Int(child)
            } else {
                next.append([:])
                fallback.append(0)
                ends.append([])
                next[node][byte] = Int32(next.count - 1)
                node = next.count - 1
            }
        }
        ends[node].append(pattern)
        built = false
    }

    /// Every pattern that occurs in `text`, each once.
    mutating func patterns(in text: [UInt8]) -> [Int] {
        if !built { build() }
        guard next.count > 1 else { return [] }
        var found: [Int] = []
        var node = 0
        for byte in text {
            while node != 0, next[node][byte] == nil { node = Int(fallback[node]) }
            node = Int(next[node][byte] ?? 0)
            if !ends[node].isEmpty { found += ends[node] }
        }
        if found.count > 1 { found = Array(Set(found)).sorted() }
        return found
    }

    /// Breadth first: each node's fallback is the longest proper suffix of its path that is
    /// also a path from the root. Patterns at the fallback end here too.
    private mutating func build() {
        let ownEnds = ends.map { Set($0) }
        var queue: [Int] = []
        for (_, child) in next[0] {
            fallback[Int(child)] = 0
            queue.append(Int(child))
        }
        var head = 0
        var merged = ends
        while head < queue.count {
            let node = queue[head]
            head += 1
            merged[node] = Array(ownEnds[node].union(merged[Int(fallback[node])]))
            for (byte, child) in next[node] {
                var candidate = Int(fallback[node])
                while candidate != 0, next[candidate][byte] == nil { candidate = Int(fallback[candidate]) }
                let target = next[candidate][byte].map(Int.init) ?? 0
                fallback[Int(child)] = Int32(target == Int(child) ? 0 : target)
                queue.append(Int(child))
            }
        }
        ends = merged
        built = true
    }
}

/// A check and a time (a window's end or start), earliest first, then in the order added.
struct Closing: Comparable {
    var time: Timestamp
    var id: Int

    static func < (left: Closing, right: Closing) -> Bool {
        (left.time, left.id) < (right.time, right.id)
    }
}

/// A binary min-heap.
struct Heap<Element: Comparable> {
    private var items: [Element] = []

    var first: Element? { items.first }

    mutating func push(_ element: Element) {
        items.append(element)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child] < items[parent] else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func pop() -> Element? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let top = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < items.count, items[left] < items[smallest] { smallest = left }
            if right < items.count, items[right] < items[smallest] { smallest = right }
            guard smallest != parent else { break }
            items.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }
}
