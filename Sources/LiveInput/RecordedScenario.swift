import ActionButtonCore
import Foundation

/// Raw input captured from real buttons (or an evemu recording), as a scenario that
/// `actionsim replay` turns back into the same session (S3): every edge with its exact
/// kernel time, on the recording's own time line (a live run's: zero when it started, as
/// in its session log; an evemu recording's: its times as written), and optionally what the
/// live session did, as expectations at exact times, so that `actionsim test` checks the
/// replay matches. A press at 6.95 s in the recording is at 6.95 s in the replay.
public struct RecordedScenario: Sendable {
    public enum Step: Hashable, Sendable {
        case edge(Button, EdgeDirection)
        case key(String)
        case wristDown
        case endSession
    }

    /// Times on the recording's time line, written as they are.
    public var steps: [(time: Timestamp, step: Step)] = []
    /// `(time, check)` pairs such as `(t, "gesture: press")`, on the same time line.
    public var expectations: [(time: Timestamp, check: String)] = []
    /// Where the recording stopped, on the same time line.
    public var end: Timestamp?

    public init() {}

    public struct Header: Sendable {
        public var name: String
        /// Comment lines at the top (without `# `).
        public var comments: [String]
        /// The apps as the scenario should name them.
        public var apps: [App]

        public enum App: Hashable, Sendable {
            /// A manifest, by its path relative to the scenario (or absolute).
            case file(String)
            /// A Swift app built into `actionsim`.
            case swift(String)

            var yaml: String {
                switch self {
                case .file(let path): ScenarioText.quoted(path)
                case .swift(let name): "{swift: \(ScenarioText.quoted(name))}"
                }
            }

            /// How a setup's app is named from a scenario in `directory`; nil for an inline manifest.
            public init?(_ source: SessionSetup.AppSource, from directory: String) {
                switch source {
                case .file(let path): self = .file(ScenarioText.relativePath(path, from: directory))
                // Read back as the built-in manifest wherever the scenario is, unless a file of
                // that name is beside it.
                case .builtIn(let path): self = .file(path)
                case .swift(let name): self = .swift(name)
                case .inline: return nil
                }
            }
        }
        public var settings: ActionButtonSettings
        public var seed: Int
        public var recognizer: PressRecognizer.Configuration

        public init(name: String, comments: [String], apps: [App], settings: ActionButtonSettings,
                    seed: Int, recognizer: PressRecognizer.Configuration) {
            self.name = name
            self.comments = comments
            self.apps = apps
            self.settings = settings
            self.seed = seed
            self.recognizer = recognizer
        }
    }

    public func yaml(_ header: Header) -> String {
        var lines = header.comments.map { "# " + ScenarioText.comment($0) }
        lines.append("name: \(ScenarioText.quoted(header.name))")
        lines.append("rules: [S3]")
        lines.append("apps: [\(header.apps.map(\.yaml).joined(separator: ", "))]")
        lines.append("settings: \(ScenarioText.settings(header.settings))")
        lines.append("seed: \(header.seed)")
        lines.append("# The press timings the recording was made with (P2, P3): replay must use the same.")
        lines.append("recognizer: \(ScenarioText.recognizer(header.recognizer))")
        func at(_ time: Timestamp) -> String { ScenarioText.duration(max(0, time.nanoseconds)) }
        if let end, end > .zero { lines.append("until: \(at(end))") }
        if steps.isEmpty {
            lines.append("steps: []")
        } else {
            lines.append("steps:")
            for (time, step) in steps {
                let body: String
                switch step {
                case .edge(let button, let direction): body = "button: \(button), edge: \(direction)"
                case .key(let name): body = "key: \(ScenarioText.quoted(name))"
                case .wristDown: body = "wrist: down"
                case .endSession: body = "end: session"
                }
                lines.append("  - {at: \(at(time)), \(body)}")
            }
        }
        if !expectations.isEmpty {
            lines.append("# What the live session did; `actionsim test` checks that the replay does the same (S3).")
            lines.append("expect:")
            for (time, check) in expectations {
                lines.append("  - {at: \(at(time)), within: 0s, \(check)}")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
