import ActionButtonCore

/// The keyboard as the two buttons, for `actionsim run` without a device. A terminal only
/// reports keys going down, never up, so a tap makes a whole press (down and up at the same
/// instant) and the capitals hold a button down until pressed again; holding both, or
/// holding Action past the hold time, makes chords and the Siren hold.
public struct TerminalKeyMap: Sendable {
    public private(set) var actionHeld = false
    public private(set) var sideHeld = false

    public init() {}

    /// The help the terminal shows at start and on `?`.
    public static let help = """
        keys: a or space  press Action          s  press side
              b           Action + side together (pause / resume a workout, next action in a dive)
              A           hold Action down / let it go (held 2 s: the Siren hold)
              S           hold side down / let it go
              w           wrist down            e  end the session
              ?           this help             q  quit (or Ctrl-C)
        """

    /// What one byte typed at `time` means.
    public mutating func handle(_ byte: UInt8, at time: Int64) -> [SourceItem] {
        switch byte {
        case UInt8(ascii: "a"), UInt8(ascii: " "):
            return tap(.action, held: &actionHeld, at: time)
        case UInt8(ascii: "s"):
            return tap(.side, held: &sideHeld, at: time)
        case UInt8(ascii: "b"):
            var items: [SourceItem] = []
            if !actionHeld { items.append(.edge(.action, .down, time: time, resynced: false)) }
            if !sideHeld { items.append(.edge(.side, .down, time: time, resynced: false)) }
            items.append(.edge(.side, .up, time: time, resynced: false))
            items.append(.edge(.action, .up, time: time, resynced: false))
            actionHeld = false
            sideHeld = false
            return items
        case UInt8(ascii: "A"):
            actionHeld.toggle()
            return [.edge(.action, actionHeld ? .down : .up, time: time, resynced: false)]
        case UInt8(ascii: "S"):
            sideHeld.toggle()
            return [.edge(.side, sideHeld ? .down : .up, time: time, resynced: false)]
        case UInt8(ascii: "w"):
            return [.command(.wristDown, time: time)]
        case UInt8(ascii: "e"):
            return [.command(.endSession, time: time)]
        case UInt8(ascii: "?"), UInt8(ascii: "h"):
            return [.command(.help, time: time)]
        case UInt8(ascii: "q"), 0x04:  // q, Ctrl-D
            return [.command(.quit, time: time)]
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
            return []
        case 0x21...0x7e:
            // A12: any other key is logged and otherwise ignored.
            return [.otherKey(String(UnicodeScalar(byte)), time: time)]
        default:
            return []
        }
    }

    /// A tap presses and releases at once; on a button held with its capital, it lets go.
    private func tap(_ button: Button, held: inout Bool, at time: Int64) -> [SourceItem] {
        if held {
            held = false
            return [.edge(button, .up, time: time, resynced: false)]
        }
        return [.edge(button, .down, time: time, resynced: false), .edge(button, .up, time: time, resynced: false)]
    }
}
