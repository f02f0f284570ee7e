/// What a run of edges meant, as decided by the `PressRecognizer`.
public struct Gesture: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// The Action button alone (P3): emitted at its up-edge, or when the chord window
        /// runs out while it is still held, whichever comes first.
        case press
        /// Action and side pressed together within the chord window (P3, A7, A8).
        case both
        /// The Action button held past the hold time: the Siren on a real watch (A12).
        case hold
        /// The side button alone (A12): logged, otherwise ignored.
        case side

        public var description: String { rawValue }
    }

    public var kind: Kind
    /// When the gesture was decided: the deciding edge's time, or the instant a window
    /// or the hold time ran out. Dispatch latency is measured from here (P4).
    public var time: Timestamp
    /// The kernel time of the edge behind the decision: the deciding edge itself, or the
    /// down-edge whose window or hold time ran out.
    public var edgeTime: Timestamp

    public init(_ kind: Kind, at time: Timestamp, edgeTime: Timestamp? = nil) {
        self.kind = kind
        self.time = time
        self.edgeTime = edgeTime ?? time
    }

    public var description: String { "\(kind) at \(time)" }
}

// Codable so that a simulated watch in another process can send what happened (ActionButtonHarness).
extension Gesture: Codable {}
extension Gesture.Kind: Codable {}
