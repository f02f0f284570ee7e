import ActionButtonCore
import AppIntents
import Simulation
import SimulationEvents

/// Turns events into the timeline `actionsim replay` prints: one line per event, with
/// the time, the input (edge or gesture), the session state and next action after the
/// event, and what happened. State columns are folded from the events themselves.
public struct TimelineRenderer {
    public var colors: Bool
    /// Sensor samples are 1 per second; they flood a timeline unless asked for.
    public var showSamples: Bool
    /// Wide enough for the longest intent name the run can donate.
    public var nextActionWidth: Int
    /// The columns: all of them, or a compact line for a narrow terminal (`Layout.for(width:)`).
    public var layout: Layout
    private var state = TimelineState()

    /// How a timeline line is laid out.
    public enum Layout: Hashable, Sendable {
        /// Time, input, session, next action and event, each in its column.
        case wide
        /// For a terminal `width` columns wide (a Pi's console, SSH from a phone): time, input
        /// and event, the event cut to the width with "…", so that each event is one line.
        /// The session and the next action are said by their own events.
        case compact(width: Int)

        /// The wide layout needs about 100 columns for most events; below that, compact.
        public static func `for`(width: Int?) -> Layout {
            guard let width, width < 100 else { return .wide }
            return .compact(width: max(width, 40))
        }
    }

    public init(colors: Bool, showSamples: Bool = false, intentNames: [String] = [], layout: Layout = .wide) {
        self.colors = colors
        self.showSamples = showSamples
        self.nextActionWidth = max(14, (intentNames.map(\.count).max() ?? 0) + 2)
        self.layout = layout
    }

    public var header: String {
        let text: String
        switch layout {
        case .wide: text = pad("TIME", 12) + "  " + pad("INPUT", 12) + pad("SESSION", 9) + pad("NEXT ACTION", nextActionWidth) + "EVENT"
        case .compact: text = pad("TIME", 12) + pad("INPUT", 10) + "EVENT"
        }
        return colors ? text.bold : text
    }

    /// The line for an event, or nil for events the timeline leaves to other lines.
    public mutating func line(for event: SimulationEvent) -> String? {
        let before = state
        state.apply(event)
        guard let (input, text, tone) = describe(event) else { return nil }
        if case .compact(let width) = layout {
            let time = pad(TimeFormat.clock(event.time.nanoseconds), 12)
            let inputColumn = pad(input, 10)
            let room = width - 12 - inputColumn.count - 1
            let event = text.count > room ? String(text.prefix(max(room - 1, 1))) + "…" : text
            guard colors else { return time + inputColumn + event }
            return time.dim + inputColumn.cyan + tone.apply(event)
        }
        let time = pad(TimeFormat.clock(event.time.nanoseconds), 12)
        let session = pad(state.session.rawValue, 9)
        let next = pad(state.nextAction?.name ?? "—", nextActionWidth)
        guard colors else { return time + "  " + pad(input, 12) + session + next + text }
        let sessionText = state.session != before.session ? session.bold : session.dim
        let nextText = state.nextAction != before.nextAction ? next.bold : next.dim
        return time.dim + "  " + pad(input, 12).cyan + sessionText + nextText + tone.apply(text)
    }

    enum Tone {
        case plain, intent, good, bad, quiet, warn
        func apply(_ text: String) -> String {
            switch self {
            case .plain: text
            case .intent: text.bold
            case .good: text.green
            case .bad: text.red.bold
            case .quiet: text.dim
            case .warn: text.yellow
            }
        }
    }

    private func describe(_ event: SimulationEvent) -> (String, String, Tone)? {
        switch event.kind {
        case .edge(let edge):
            return (edgeText(edge), "", .plain)
        case .edgeDropped(let edge, let reason):
            return (edgeText(edge), "dropped: \(reason) (P2)", .quiet)
        case .gesture(let gesture):
            let decided = gesture.time != gesture.edgeTime && gesture.kind != .hold
                ? " (chord window ran out while held)" : ""
            return ("▸ " + gesture.kind.rawValue, decided.isEmpty ? "" : "press" + decided, .plain)
        case .performing(let invocation, let parameters):
            let arguments = parameters.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
            let latency = invocation.latency > .zero ? ", \(TimeFormat.duration(invocation.latency)) after the edge" : ""
            return ("", "▶ perform \(invocation.intent.name)(\(arguments)) [\(invocation.role)\(latency)]", .intent)
        case .system(let systemEvent):
            return describe(systemEvent)
        case .session(let change, let style, let activity):
            switch change {
            case .started(let kind):
                let detail = [style, activity.flatMap { $0.name == style ? nil : "HealthKit \($0)" }].compactMap { $0 }
                return ("", "\(kind) session started" + (detail.isEmpty ? "" : " (\(detail.joined(separator: ", ")))"), .good)
            case .paused: return ("", "session paused", .plain)
            case .resumed: return ("", "session resumed", .plain)
            case .ended: return ("", "session ended", .plain)
            }
        case .sessionRefused(let command, let rejection):
            return ("", "session refused to \(command.rawValue): \(rejection)", .warn)
        case .donation(let intent, let donor):
            return ("", "donate(result:) by \(donor.name): next action \(intent.name)", .plain)
        case .marker(let marker):
            return ("", "\(marker) marked", .plain)
        case .sample(let sample):
            guard showSamples else { return nil }
            return ("", Self.sampleText(sample), .quiet)
        case .warning(let warning):
            return ("", "⚠ \(warning)", .warn)
        case .appLog(let text):
            return ("", "app: " + text, .quiet)
        case .dialog(let intent, let text):
            return ("", "\(intent.name) says “\(text)”", .plain)
        case .haptic(let pattern):
            return ("", "haptic \(pattern) (the wrist is tapped)", .plain)
        case .step(let text):
            return ("· step", text, .plain)
        }
    }

    private func describe(_ event: SystemEvent) -> (String, String, Tone)? {
        switch event {
        case .appLaunched(let app):
            return ("", "launch \(app) (foreground)", .plain)
        case .appMovedToBackground(let app):
            return ("", "\(app) goes to the background: no session at wrist-down (A5)", .plain)
        case .wristDown(let stays):
            return stays ? ("", "app stays in the foreground", .quiet) : nil
        case .intentDispatched(let invocation):
            return ("", "▶ perform \(invocation.intent.name) [\(invocation.role)]", .intent)
        case .performSkipped(let app, let intent):
            return ("", "\(intent.name) not performed: \(app) never requested health authorization (A4)", .warn)
        case .intentReturned(let invocation, let donated):
            return ("", "✓ \(invocation.intent.name) returned" + (donated.map { " .result(actionButtonIntent: \($0.name))" } ?? ""), .good)
        case .intentThrew(let invocation, let message):
            return ("", "✗ \(invocation.intent.name) threw: \(message)", .bad)
        case .startResolved(_, let outcome):
            switch outcome {
            case .met(let after): return ("", "start deadline met in \(TimeFormat.duration(after)) (A5)", .good)
            case .threw: return nil
            case .missed: return ("", "✗ start deadline missed (A5)", .bad)
            }
        case .errorShown(let error):
            return ("", "ERROR shown [\(error.code.rawValue)]: \(error.message)", .bad)
        case .nextActionChanged(_, let to, let cause):
            switch cause {
            case .donation, .result: return nil // the donation or the returned result says it
            case .sessionEnded, .newSession, .donationDeleted:
                return to == nil ? ("", "next action cleared (\(cause))", .quiet) : nil
            }
        case .sessionChanged:
            return nil // the session line and the SESSION column say it
        case .gestureIgnored(_, let reason):
            return ("", "ignored: \(reason)", .quiet)
        case .keyIgnored(let key):
            return ("key", "\(key) ignored: not the Action or side button (A12)", .quiet)
        case .suggestedWorkoutsChanged(let options):
            return ("", "suggested workouts re-read: \(options.map(\.id).joined(separator: ", "))", .plain)
        case .healthAuthorizationRequested(let app):
            return ("", "\(app) requested health authorization", .plain)
        case .startIntentDoesNotOpenApp(let intent):
            return ("", "⚠ \(SessionWarning.startOpensApp(intent: intent.name))", .warn)
        case .controlToggled(let intent, let isOn):
            return ("", "control \(intent.name) is now \(isOn ? "on" : "off")", .plain)
        }
    }

    private func edgeText(_ edge: Edge) -> String { "\(edge.button) \(edge.direction == .down ? "↓" : "↑")" }

    static func sampleText(_ sample: SensorSample) -> String {
        var parts: [String] = []
        if let v = sample.heartRate { parts.append("HR \(Int(v.rounded())) bpm") }
        if let v = sample.distance { parts.append(String(format1(v / 1000)) + " km") }
        if let v = sample.activeEnergy { parts.append("\(Int(v.rounded())) kcal") }
        if let v = sample.depth { parts.append("depth \(format1(v)) m") }
        if let v = sample.waterTemperature { parts.append("\(format1(v)) °C") }
        return "sample: " + parts.joined(separator: ", ")
    }

    static func format1(_ value: Double) -> String {
        let scaled = (value * 100).rounded() / 100
        return "\(scaled)"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        let count = text.count
        return count >= width ? text + " " : text + String(repeating: " ", count: width - count)
    }
}
