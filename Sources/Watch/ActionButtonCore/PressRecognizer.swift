/// Turns button edges into gestures (rules P1–P4).
///
/// Pure and clock-free: it is handed edges with their timestamps, and asked to `advance`
/// to a time when `nextWakeup` comes due. It never reads a clock, so the same edges give
/// the same gestures at the same times, in replay and live alike.
///
/// Debounce (P2), as the kernel's gpio-keys driver does it: with a debounce time, an edge
/// only says that the line moved. Edges of a button less than the debounce time apart are
/// one burst; each edge after the first is dropped as a `bounce`. Once the button has been
/// quiet for the debounce time the burst is settled by the line's level, which is what its
/// last edge says (the kernel labels an edge by the level it reads after the interrupt, so
/// a label can repeat the one before): a level that differs from the button's state is the
/// accepted edge, at the time it settled; a level equal to it (a glitch, chatter in a held
/// press) is dropped as `unchanged`. So a 4 ms glitch is no press, and chatter in a long
/// hold does not end it. Every edge still ends up in exactly one bucket. Without a debounce
/// time edges count at once.
///
/// Boundaries are inclusive on the edge's side: a second button that goes down exactly
/// `chordWindow` after the first still makes a chord, and an up-edge at exactly the
/// window's end is still a press decided by its up-edge. A driver that has an edge and a
/// wake-up at the same instant must hand over the edge first.
public struct PressRecognizer: Sendable {
    public struct Configuration: Hashable, Sendable {
        /// P2: how long a button's line must be quiet before its level counts; an edge
        /// within this time of the button's previous edge is a bounce and is dropped. GPIO
        /// contacts bounce; evdev keyboards and gpio-keys debounce before the edge is sent.
        public var debounce: Duration
        /// P3: how long after the first down-edge a second button still makes a chord.
        public var chordWindow: Duration
        /// A12: an Action button held this long is a `hold` (the Siren).
        public var holdTime: Duration

        public init(debounce: Duration = .zero,
                    chordWindow: Duration = .milliseconds(150),
                    holdTime: Duration = .seconds(2)) {
            self.debounce = debounce
            self.chordWindow = chordWindow
            self.holdTime = holdTime
        }

        /// The [P] defaults for evdev devices: no software debounce.
        public static let evdev = Configuration()
        /// The [P] defaults for GPIO lines: 10 ms debounce (in the kernel with libgpiod 2.x,
        /// here with 1.6).
        public static let gpio = Configuration(debounce: .milliseconds(10))
    }

    /// Why an edge did not count.
    public enum DropReason: Hashable, Sendable, CustomStringConvertible {
        /// P2: it came `sincePrevious` after the previous edge of its button.
        case bounce(sincePrevious: Duration)
        /// The button was already in that state: a lost edge, a resync after SYN_DROPPED, or
        /// a burst of bounces that settled where it began (a glitch, chatter in a hold).
        case unchanged

        public var description: String {
            switch self {
            case .bounce(let since): "bounce (\(TimeFormat.duration(since)) after the previous edge)"
            case .unchanged: "button already in that state"
            }
        }
    }

    public enum Output: Hashable, Sendable {
        /// An edge that changed the button's state (P1). With a debounce time it is the
        /// settled level, at the time it settled.
        case accepted(Edge)
        case gesture(Gesture)
        case dropped(Edge, DropReason)
    }

    /// Counts for the user and the load tests: every edge ends up in exactly one bucket.
    public struct Counters: Hashable, Sendable {
        public var accepted = 0
        public var bounces = 0
        public var unchanged = 0
        public var presses = 0
        public var chords = 0
        public var holds = 0
        public var sideOnly = 0
        public var edges: Int { accepted + bounces + unchanged }

        public subscript(kind: Gesture.Kind) -> Int {
            switch kind {
            case .press: presses
            case .both: chords
            case .hold: holds
            case .side: sideOnly
            }
        }

        mutating func count(_ kind: Gesture.Kind) {
            switch kind {
            case .press: presses += 1
            case .both: chords += 1
            case .hold: holds += 1
            case .side: sideOnly += 1
            }
        }
    }

    /// What one button is doing, as far as gestures go.
    private enum Phase: Hashable, Sendable {
        case up
        /// Down, nothing decided yet: a chord is still possible until `downAt + chordWindow`.
        case pending(downAt: Int64)
        /// Down, its single gesture already emitted; an Action button may still become a hold.
        case committed(downAt: Int64, holdAt: Int64?)
        /// Down as part of a chord that has already been emitted.
        case chorded
    }

    /// A button's raw edges while they settle (P2, with a debounce time).
    private struct Burst: Hashable, Sendable {
        /// The time of its last edge, and the direction that edge says the line is in.
        var lastEdgeAt: Int64
        var level: EdgeDirection
        /// When it settles: its last edge plus the debounce time.
        var settlesAt: Int64
    }

    public let configuration: Configuration
    public private(set) var counters = Counters()

    private let debounceNs: Int64
    private let chordNs: Int64
    private let holdNs: Int64
    private var action: Phase = .up
    private var side: Phase = .up
    private var burst: (action: Burst?, side: Burst?) = (nil, nil)
    /// Edges are never allowed to go back in time, even if two devices interleave.
    private var latest: Int64 = .min

    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        self.debounceNs = max(0, configuration.debounce.nanoseconds)
        self.chordNs = max(0, configuration.chordWindow.nanoseconds)
        self.holdNs = max(0, configuration.holdTime.nanoseconds)
    }

    /// The latest time it was handed, by an edge or by `advance(to:)`; nil before the first.
    /// An edge handed over later with an earlier time counts at this time instead: a driver
    /// that cannot hand an edge over in time says so (the live loop's "read late").
    public var time: Timestamp? { latest == .min ? nil : Timestamp(nanoseconds: latest) }

    /// Whether a button is down, as far as accepted edges say.
    public func isDown(_ button: Button) -> Bool { phase(button) != .up }

    /// The earliest time at which `advance(to:)` would emit something, if any.
    public var nextWakeup: Timestamp? {
        // Asked at every step of a replay: the buttons one by one, not as an array.
        var next = earliest(due(action), due(side))
        if debounceNs > 0 { next = earliest(next, earliest(burst.action?.settlesAt, burst.side?.settlesAt)) }
        return next.map { Timestamp(nanoseconds: $0) }
    }

    private func earliest(_ a: Int64?, _ b: Int64?) -> Int64? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    /// When a button's window or hold time runs out, if one is running.
    private func due(_ phase: Phase) -> Int64? {
        switch phase {
        case .pending(let downAt): downAt &+ chordNs
        case .committed(_, let holdAt?): holdAt
        case .up, .chorded, .committed(_, nil): nil
        }
    }

    /// Feeds one edge. Windows that ran out strictly before the edge are settled first.
    public mutating func handle(_ edge: Edge) -> [Output] {
        var outputs: [Output] = []
        handle(edge, into: &outputs)
        return outputs
    }

    /// Settles every window and hold time that has run out by `time`.
    public mutating func advance(to time: Timestamp) -> [Output] {
        var outputs: [Output] = []
        advance(to: time, into: &outputs)
        return outputs
    }

    /// As `handle(_:)`, appending to a caller's buffer (no allocation per edge on hot paths).
    public mutating func handle(_ edge: Edge, into outputs: inout [Output]) {
        let t = max(edge.time.nanoseconds, latest)
        latest = t
        expire(before: t, inclusive: false, into: &outputs)
        let button = edge.button
        guard debounceNs > 0 else {
            accept(edge, at: t, reportedAs: edge, into: &outputs)
            return
        }
        // A burst that settles exactly now settles before this edge: the edge is the
        // debounce time after the burst's last one, so not part of it.
        for other in Button.allCases { if let open = burstOf(other), open.settlesAt == t { settle(other, open, into: &outputs) } }
        if var open = burstOf(button) {
            counters.bounces += 1
            outputs.append(.dropped(edge, .bounce(sincePrevious: .nanoseconds(t &- open.lastEdgeAt))))
            open.lastEdgeAt = t
            open.level = edge.direction
            open.settlesAt = t &+ debounceNs
            setBurst(button, open)
        } else {
            setBurst(button, Burst(lastEdgeAt: t, level: edge.direction, settlesAt: t &+ debounceNs))
        }
    }

    /// An edge that counts now: without a debounce time, or a burst's settled level.
    private mutating func accept(_ edge: Edge, at t: Int64, reportedAs reported: Edge, into outputs: inout [Output]) {
        let button = edge.button
        let isDown = phase(button) != .up
        if isDown == (edge.direction == .down) {
            counters.unchanged += 1
            outputs.append(.dropped(reported, .unchanged))
            return
        }
        counters.accepted += 1
        outputs.append(.accepted(reported))

        switch edge.direction {
        case .down:
            if case .pending(let otherDownAt) = phase(button.other), t &- otherDownAt <= chordNs {
                setPhase(button, .chorded)
                setPhase(button.other, .chorded)
                emit(Gesture(.both, at: Timestamp(nanoseconds: t)), into: &outputs)
            } else {
                setPhase(button, .pending(downAt: t))
            }
        case .up:
            if case .pending = phase(button) {
                emit(Gesture(single(button), at: Timestamp(nanoseconds: t)), into: &outputs)
            }
            setPhase(button, .up)
        }
    }

    /// The line has been quiet for the debounce time: its level decides.
    private mutating func settle(_ button: Button, _ open: Burst, into outputs: inout [Output]) {
        setBurst(button, nil)
        let settled = Edge(button, open.level, at: Timestamp(nanoseconds: open.settlesAt))
        accept(settled, at: open.settlesAt, reportedAs: settled, into: &outputs)
    }

    /// As `advance(to:)`, appending to a caller's buffer.
    public mutating func advance(to time: Timestamp, into outputs: inout [Output]) {
        let t = max(time.nanoseconds, latest)
        latest = t
        expire(before: t, inclusive: true, into: &outputs)
    }

    // MARK: - Internals

    private mutating func expire(before t: Int64, inclusive: Bool, into outputs: inout [Output]) {
        // A pending press can turn into a committed one whose hold time has also run out by
        // `t`; settle in deadline order so the press is always logged before its hold.
        while let due = nextWakeup?.nanoseconds, inclusive ? due <= t : due < t {
            // A settling burst is an edge at `due`, and an edge at a window's end is inside it.
            for button in Button.allCases {
                if let open = burstOf(button), open.settlesAt == due { settle(button, open, into: &outputs) }
            }
            for button in Button.allCases {
                switch phase(button) {
                case .pending(let downAt) where downAt &+ chordNs == due:
                    let holdAt: Int64? = button == .action ? downAt &+ holdNs : nil
                    setPhase(button, .committed(downAt: downAt, holdAt: holdAt))
                    emit(Gesture(single(button), at: Timestamp(nanoseconds: due),
                                 edgeTime: Timestamp(nanoseconds: downAt)), into: &outputs)
                case .committed(let downAt, let holdAt?) where holdAt == due:
                    setPhase(button, .committed(downAt: downAt, holdAt: nil))
                    emit(Gesture(.hold, at: Timestamp(nanoseconds: due),
                                 edgeTime: Timestamp(nanoseconds: downAt)), into: &outputs)
                default:
                    break
                }
            }
        }
    }

    private mutating func emit(_ gesture: Gesture, into outputs: inout [Output]) {
        counters.count(gesture.kind)
        outputs.append(.gesture(gesture))
    }

    private func single(_ button: Button) -> Gesture.Kind { button == .action ? .press : .side }

    private func phase(_ button: Button) -> Phase { button == .action ? action : side }

    private mutating func setPhase(_ button: Button, _ phase: Phase) {
        if button == .action { action = phase } else { side = phase }
    }

    private func burstOf(_ button: Button) -> Burst? { button == .action ? burst.action : burst.side }

    private mutating func setBurst(_ button: Button, _ value: Burst?) {
        if button == .action { burst.action = value } else { burst.side = value }
    }
}

// Codable so that a simulated watch in another process can send what happened (ActionButtonHarness).
extension PressRecognizer.DropReason: Codable {}
extension PressRecognizer.Configuration: Codable {}
