/// Turns button edges into gestures (rules P1–P4).
///
/// Pure and clock-free: it is handed edges with their timestamps, and asked to `advance`
/// to a time when `nextWakeup` comes due. It never reads a clock, so the same edges give
/// the same gestures at the same times, in replay and live alike.
///
/// Boundaries are inclusive on the edge's side: a second button that goes down exactly
/// `chordWindow` after the first still makes a chord, and an up-edge at exactly the
/// window's end is still a press decided by its up-edge. A driver that has an edge and a
/// wake-up at the same instant must hand over the edge first.
public struct PressRecognizer: Sendable {
    public struct Configuration: Hashable, Sendable {
        /// P2: an edge within this time of the previous accepted edge of the same button is
        /// a bounce and is dropped. GPIO contacts bounce; evdev keyboards debounce in firmware.
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
        /// The [P] defaults for GPIO lines: 10 ms software debounce (libgpiod 1.6 has none).
        public static let gpio = Configuration(debounce: .milliseconds(10))
    }

    /// Why an edge did not count.
    public enum DropReason: Hashable, Sendable, CustomStringConvertible {
        /// P2: it came `sincePrevious` after the previous accepted edge of its button.
        case bounce(sincePrevious: Duration)
        /// The button was already in that state (a lost edge, or a resync after SYN_DROPPED).
        case unchanged

        public var description: String {
            switch self {
            case .bounce(let since): "bounce (\(TimeFormat.duration(since)) after the previous edge)"
            case .unchanged: "button already in that state"
            }
        }
    }

    public enum Output: Hashable, Sendable {
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

    public let configuration: Configuration
    public private(set) var counters = Counters()

    private let debounceNs: Int64
    private let chordNs: Int64
    private let holdNs: Int64
    private var action: Phase = .up
    private var side: Phase = .up
    private var lastAccepted: (action: Int64?, side: Int64?) = (nil, nil)
    /// Edges are never allowed to go back in time, even if two devices interleave.
    private var latest: Int64 = .min

    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        self.debounceNs = max(0, configuration.debounce.nanoseconds)
        self.chordNs = max(0, configuration.chordWindow.nanoseconds)
        self.holdNs = max(0, configuration.holdTime.nanoseconds)
    }

    /// Whether a button is down, as far as accepted edges say.
    public func isDown(_ button: Button) -> Bool { phase(button) != .up }

    /// The earliest time at which `advance(to:)` would emit something, if any.
    public var nextWakeup: Timestamp? {
        // Asked at every step of a replay: the two buttons one by one, not as an array.
        switch (due(action), due(side)) {
        case (nil, nil): nil
        case (let one?, nil), (nil, let one?): Timestamp(nanoseconds: one)
        case (let a?, let b?): Timestamp(nanoseconds: min(a, b))
        }
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
        if let previous = lastAcceptedTime(button), t &- previous < debounceNs {
            counters.bounces += 1
            outputs.append(.dropped(edge, .bounce(sincePrevious: .nanoseconds(t &- previous))))
            return
        }
        let isDown = phase(button) != .up
        if isDown == (edge.direction == .down) {
            counters.unchanged += 1
            outputs.append(.dropped(edge, .unchanged))
            return
        }
        counters.accepted += 1
        setLastAccepted(button, t)

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

    private func lastAcceptedTime(_ button: Button) -> Int64? {
        button == .action ? lastAccepted.action : lastAccepted.side
    }

    private mutating func setLastAccepted(_ button: Button, _ t: Int64) {
        if button == .action { lastAccepted.action = t } else { lastAccepted.side = t }
    }
}

// Codable so that a simulated watch in another process can send what happened (ActionButtonHarness).
extension PressRecognizer.DropReason: Codable {}
extension PressRecognizer.Configuration: Codable {}
