/// The clock intents should sleep on. Under the simulator it is the engine's clock, so a
/// `perform()` that sleeps 31 seconds in replay misses the deadline (A5) without anyone
/// waiting 31 seconds; outside it, it runs in real time.
public struct ActionButtonClock: Clock {
    public struct Instant: InstantProtocol {
        /// Time since the simulation (or, outside one, the process) began.
        public var offset: Duration

        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    public init() {}

    public var now: Instant {
        if let host = ActionButtonRuntime.current { return Instant(offset: host.now) }
        return Instant(offset: ContinuousClock.now - Self.processStart)
    }

    public var minimumResolution: Duration { .nanoseconds(1) }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        if let host = ActionButtonRuntime.current {
            try await host.sleep(until: deadline.offset)
        } else {
            try await ContinuousClock().sleep(until: Self.processStart.advanced(by: deadline.offset), tolerance: tolerance)
        }
    }

    private static let processStart = ContinuousClock.now
}
