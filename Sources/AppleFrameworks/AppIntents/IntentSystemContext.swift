import Foundation

extension IntentModes {
    /// How an intent runs right now (Apple's page: "IntentModes.Current", watchOS 26): in the
    /// foreground or the background. Apple says not to make one; compare
    /// `systemContext.currentMode` with `.background` and `.foreground`.
    public struct Current: Hashable, Sendable, CustomDebugStringConvertible {
        let isForeground: Bool
        let canContinue: Bool

        package init(isForeground: Bool, canContinueInForeground: Bool) {
            self.isForeground = isForeground
            self.canContinue = isForeground || canContinueInForeground
        }

        /// The intent runs in the background (and may not come forward).
        public static var background: Current { Current(isForeground: false, canContinueInForeground: false) }
        /// The intent runs with the app in the foreground.
        public static var foreground: Current { Current(isForeground: true, canContinueInForeground: true) }

        /// Whether the intent may bring its app forward from here: true in the foreground, and
        /// in the background when its modes include a dynamic or deferred foreground.
        public var canContinueInForeground: Bool { canContinue }

        public var debugDescription: String { isForeground ? "foreground" : "background" }

        // Compared as Apple's values compare: by where the intent runs.
        public static func == (lhs: Current, rhs: Current) -> Bool { lhs.isForeground == rhs.isForeground }
        public func hash(into hasher: inout Hasher) { hasher.combine(isForeground) }
    }

    /// Where the Action button runs an intent with these modes, and whether its rules decide
    /// otherwise (pure; the engine asks it at each dispatch). Whether the app comes forward
    /// before or after is the system's (`InstalledApp.ControlSupport`).
    package struct Placement: Hashable, Sendable {
        /// How the intent runs.
        package var current: Current
        /// A start intent whose modes would not open the app first: the Action button opens it
        /// anyway (A3, A9).
        package var overriddenByActionButton: Bool

        package static func decide(_ modes: IntentModes, isStart: Bool, appInForeground: Bool) -> Placement {
            let immediate = modes.contains(.foreground(.immediate))
            let later = modes.contains(.foreground(.dynamic)) || modes.contains(.foreground(.deferred))
            if isStart {
                return Placement(current: .foreground, overriddenByActionButton: !immediate)
            }
            let foreground = appInForeground || immediate || modes.isEmpty
            return Placement(current: Current(isForeground: foreground, canContinueInForeground: later),
                             overriddenByActionButton: false)
        }
    }

    /// The modes as Swift writes them, for the log.
    package var written: String {
        var parts: [String] = []
        if contains(.background) { parts.append(".background") }
        if contains(.foreground(.immediate)) { parts.append(".foreground") }
        if contains(.foreground(.dynamic)) { parts.append(".foreground(.dynamic)") }
        if contains(.foreground(.deferred)) { parts.append(".foreground(.deferred)") }
        return "[" + parts.joined(separator: ", ") + "]"
    }
}

/// What the system tells an intent while it performs (Apple's page: "IntentSystemContext"):
/// how it runs (`currentMode`).
public struct IntentSystemContext: Sendable {
    /// In the foreground or the background (watchOS 26).
    public var currentMode: IntentModes.Current
    /// Whether the intent runs by voice alone (Siri with no screen); never on the Action button.
    public var isVoiceOnly: Bool { false }
}

/// The intent the simulated watch is performing in this task: which call of `perform()` and
/// how it runs. The engine sets it around each `perform()`; tasks the intent starts inherit it.
package struct IntentRun: Sendable {
    package var invocation: Int
    package var mode: IntentModes.Current

    package init(invocation: Int, mode: IntentModes.Current) {
        self.invocation = invocation
        self.mode = mode
    }

    @TaskLocal package static var current: IntentRun?
}

extension AppIntent {
    /// What the system says while this intent performs (Apple's page: "systemContext").
    /// Outside a `perform()` the simulated watch called, the intent counts as in the foreground.
    public var systemContext: IntentSystemContext {
        IntentSystemContext(currentMode: IntentRun.current?.mode ?? .foreground)
    }

    /// Brings the app forward, after asking the wearer if `alwaysConfirm` (Apple's page:
    /// "continueInForeground(_:alwaysConfirm:)", watchOS 26). The simulated wearer agrees; the
    /// log says so.
    public func continueInForeground(_ dialog: IntentDialog? = nil, alwaysConfirm: Bool = true) async throws {
        if systemContext.currentMode == .foreground {
            ActionButtonRuntime.current?.log("\(IntentIdentity(self).reference.name) continues in the foreground (the app is already open)")
        } else {
            comeForward("continues in the foreground", dialog: dialog, alwaysConfirm: alwaysConfirm)
        }
    }

    /// The app comes forward, after the wearer is asked (when `alwaysConfirm` or there is a
    /// dialog) and agrees; the log says `NAME <what>[, asking “dialog”: the wearer agrees]`.
    func comeForward(_ what: String, dialog: IntentDialog?, alwaysConfirm: Bool) {
        let asked = alwaysConfirm || dialog != nil
        let prompt = dialog.map { " “\($0.full.key)”" } ?? ""
        ActionButtonRuntime.current?.log("\(IntentIdentity(self).reference.name) \(what)\(asked ? ", asking\(prompt): the wearer agrees" : "")")
        ActionButtonRuntime.current?.bringAppForward()
    }
}
