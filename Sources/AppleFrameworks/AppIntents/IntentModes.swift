/// Whether an intent runs with the app in the foreground or in the background (Apple's page:
/// "IntentModes", watchOS 26), as `AppIntent.supportedModes` says:
/// `static let supportedModes: IntentModes = [.background, .foreground(.dynamic)]`.
///
/// On the Action button a start intent always opens the app: the system launches it first
/// (A9). A start intent whose modes do not bring the app forward at once (`.background`, or
/// only a dynamic or deferred foreground) is performed all the same, and the simulated watch
/// warns of it as it does of `openAppWhenRun = false`, at install and at each start.
public struct IntentModes: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// When and how the system brings the app forward (Apple's page: "IntentModes.ForegroundMode").
    public struct ForegroundMode: Hashable, Sendable {
        let bit: Int

        /// Before the action runs.
        public static var immediate: ForegroundMode { ForegroundMode(bit: 1 << 1) }
        /// Only if the intent asks to continue in the foreground while it runs.
        public static var dynamic: ForegroundMode { ForegroundMode(bit: 1 << 2) }
        /// While the action runs or just before it completes.
        public static var deferred: ForegroundMode { ForegroundMode(bit: 1 << 3) }
    }

    /// The action may run entirely in the background.
    public static var background: IntentModes { IntentModes(rawValue: 1 << 0) }
    /// The action needs the foreground: the same as `.foreground(.immediate)`.
    public static var foreground: IntentModes { .foreground(.immediate) }

    public static func foreground(_ foregroundMode: ForegroundMode) -> IntentModes { IntentModes(rawValue: foregroundMode.bit) }

    /// Whether the app comes to the foreground before the action runs.
    var opensAppAtOnce: Bool { contains(.foreground(.immediate)) }
    /// Whether the system brings the app forward as the action ends, having not at its start
    /// (`.foreground(.deferred)` without `.foreground`).
    var opensAppWhenDone: Bool { !opensAppAtOnce && contains(.foreground(.deferred)) }
}

extension AppIntent {
    /// What an intent that says nothing of its modes runs as: in the foreground if it opens
    /// the app when run (Apple's older `openAppWhenRun`), else in the background.
    public static var supportedModes: IntentModes { openAppWhenRun ? .foreground : .background }
}
