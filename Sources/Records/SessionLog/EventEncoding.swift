import ActionButtonCore
import AppIntents
import SimulationEvents

/// The session log's JSON Lines schema (T4): one object per event, `t` in exact seconds
/// on the run's time line, `event` naming the kind. docs/records.md documents every field.
public enum EventEncoding {
    public static func write(_ event: SimulationEvent, into json: inout JSONLineWriter) {
        json.beginObject()
        json.field("t", seconds: event.time.nanoseconds)
        switch event.kind {
        case .edge(let edge):
            json.field("event", "edge")
            json.field("button", edge.button.rawValue)
            json.field("edge", edge.direction.rawValue)
        case .edgeDropped(let edge, let reason):
            json.field("event", "edge-dropped")
            json.field("button", edge.button.rawValue)
            json.field("edge", edge.direction.rawValue)
            switch reason {
            case .bounce(let since):
                json.field("reason", "bounce")
                json.field("since", seconds: since.nanoseconds)
            case .unchanged:
                json.field("reason", "unchanged")
            }
        case .gesture(let gesture):
            json.field("event", "gesture")
            json.field("gesture", gesture.kind.rawValue)
            json.field("edge_t", seconds: gesture.edgeTime.nanoseconds)
        case .performing(let invocation, let parameters):
            json.field("event", "intent-performing")
            invocationFields(invocation, into: &json)
            if !parameters.isEmpty { json.field("parameters", pairs: parameters.map { ($0.name, $0.value) }) }
            json.field("gesture", invocation.gesture.kind.rawValue)
            json.field("latency", seconds: invocation.latency.nanoseconds)
        case .system(let systemEvent):
            write(systemEvent, into: &json)
        case .session(let change, let style, let activity):
            json.field("event", "session")
            switch change {
            case .started(let kind):
                json.field("change", "started")
                json.field("kind", kind.rawValue)
                if let style { json.field("workout_style", style) }
                if let activity { json.field("activity", activity.name) }
            case .paused: json.field("change", "paused")
            case .resumed: json.field("change", "resumed")
            case .ended: json.field("change", "ended")
            }
        case .sessionRefused(let command, let rejection):
            json.field("event", "session-refused")
            json.field("command", command.rawValue)
            json.field("reason", rejection.description)
        case .donation(let intent, let donor):
            json.field("event", "donation")
            json.field("intent", intent.name)
            json.field("title", intent.title)
            json.field("donor", donor.name)
        case .marker(let marker):
            json.field("event", "marker")
            json.field("marker", marker.kind)
            if let label = marker.label { json.field("label", label) }
        case .sample(let sample):
            json.field("event", "sample")
            json.field("session", sample.session.rawValue)
            json.field("elapsed", seconds: sample.elapsed.nanoseconds)
            for field in SampleField.allCases {
                if field == .submerged {
                    if let v = sample.submerged { json.field(field.key, v) }
                } else if let v = field.number(in: sample) {
                    json.field(field.key, v)
                }
            }
            if let v = sample.ascentRate { json.field("ascent_rate", v) }
        case .warning(let warning):
            warningFields(warning, into: &json)
        case .appLog(let text):
            json.field("event", "app-log")
            json.field("message", text)
        case .dialog(let intent, let text):
            json.field("event", "dialog")
            json.field("intent", intent.name)
            json.field("text", text)
        case .haptic(let pattern):
            json.field("event", "haptic")
            json.field("haptic", pattern)
        case .step(let text):
            json.field("event", "step")
            json.field("step", text)
        }
        json.endObject()
    }

    private static func write(_ event: SystemEvent, into json: inout JSONLineWriter) {
        switch event {
        case .appLaunched(let app):
            json.field("event", "app-launched")
            json.field("app", app)
        case .appMovedToBackground(let app):
            json.field("event", "app-background")
            json.field("app", app)
        case .wristDown(let stays):
            json.field("event", "wrist-down")
            json.field("app_stays_foreground", stays)
        case .intentDispatched(let invocation):
            json.field("event", "intent-performing")
            invocationFields(invocation, into: &json)
        case .performSkipped(let app, let intent):
            json.field("event", "perform-skipped")
            json.field("app", app)
            json.field("intent", intent.name)
            json.field("reason", "never-requested-health-authorization")
        case .intentReturned(let invocation, let donated):
            json.field("event", "intent-returned")
            invocationFields(invocation, into: &json)
            json.field("action_button_intent", donated?.name)
        case .intentThrew(let invocation, let message):
            json.field("event", "intent-threw")
            invocationFields(invocation, into: &json)
            json.field("message", message)
        case .startResolved(let invocation, let outcome):
            json.field("event", "start-deadline")
            json.field("id", invocation.id)
            json.field("intent", invocation.intent.name)
            switch outcome {
            case .met(let after):
                json.field("outcome", "met")
                json.field("after", seconds: after.nanoseconds)
            case .threw(let message):
                json.field("outcome", "threw")
                json.field("message", message)
            case .missed(let returned, let started):
                json.field("outcome", "missed")
                json.field("returned", returned)
                json.field("session_started", started)
            }
        case .errorShown(let error):
            json.field("event", "error-shown")
            json.field("code", error.code.rawValue)
            json.field("message", error.message)
        case .nextActionChanged(let from, let to, let cause):
            json.field("event", "next-action")
            json.field("intent", to?.name)
            json.field("title", to?.title)
            json.field("previous", from?.name)
            json.field("cause", causeCode(cause))
        case .sessionChanged(let from, let to):
            json.field("event", "state")
            json.field("session", to.rawValue)
            json.field("previous", from.rawValue)
        case .gestureIgnored(let gesture, let reason):
            json.field("event", "ignored")
            json.field("gesture", gesture.kind.rawValue)
            json.field("reason", reason.code)
            if case .busy(let intent) = reason { json.field("busy_with", intent.name) }
        case .keyIgnored(let key):
            json.field("event", "ignored")
            json.field("key", key)
            json.field("reason", "other-key")
        case .suggestedWorkoutsChanged(let options):
            json.field("event", "suggested-workouts")
            json.field("workouts", list: options.map(\.id))
        case .healthAuthorizationRequested(let app):
            json.field("event", "health-authorization-requested")
            json.field("app", app)
        case .startIntentDoesNotOpenApp(let intent):
            warningFields(.startOpensApp(intent: intent.name), into: &json)
        case .controlToggled(let intent, let isOn):
            json.field("event", "control-toggled")
            json.field("intent", intent.name)
            json.field("is_on", isOn)
        }
    }

    /// A warning as the log writes it: its code, its numbers and names, and its sentence.
    private static func warningFields(_ warning: SessionWarning, into json: inout JSONLineWriter) {
        json.field("event", "warning")
        json.field("code", warning.code.rawValue)
        for (name, value) in warning.values { json.field(name, value) }
        for (name, value) in warning.names { json.field(name, value) }
        json.field("message", warning.description)
    }

    private static func invocationFields(_ invocation: Invocation, into json: inout JSONLineWriter) {
        json.field("id", invocation.id)
        json.field("intent", invocation.intent.name)
        json.field("title", invocation.intent.title)
        json.field("role", roleCode(invocation.role))
    }

    public static func roleCode(_ role: Invocation.Role) -> String {
        switch role {
        case .start: "start"
        case .nextAction: "next-action"
        case .pause: "pause"
        case .resume: "resume"
        case .control: "control"
        }
    }

    static func causeCode(_ cause: NextActionCause) -> String {
        switch cause {
        case .result: "result"
        case .donation: "donation"
        case .donationDeleted: "donation-deleted"
        case .sessionEnded: "session-ended"
        case .newSession: "new-session"
        }
    }
}
