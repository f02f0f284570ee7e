/// The two buttons the simulator knows. Any other key is reported by name and ignored (A12).
public enum Button: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case action
    case side

    public var other: Button { self == .action ? .side : .action }
    public var description: String { rawValue }
}

/// Which way a button moved.
public enum EdgeDirection: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case down
    case up

    public var description: String { rawValue }
}

/// One button edge (P1): the raw material every input source produces. evdev's
/// autorepeat (value 2) never becomes an `Edge`; the device layer drops it.
public struct Edge: Hashable, Sendable, CustomStringConvertible {
    public var button: Button
    public var direction: EdgeDirection
    /// When it happened: the kernel's event time for real devices, virtual time in replay.
    public var time: Timestamp

    public init(_ button: Button, _ direction: EdgeDirection, at time: Timestamp) {
        self.button = button
        self.direction = direction
        self.time = time
    }

    public var description: String { "\(button) \(direction) at \(time)" }
}

// Codable so that a simulated watch in another process can send what happened (ActionButtonHarness).
extension Button: Codable {}
extension EdgeDirection: Codable {}
extension Edge: Codable {}
