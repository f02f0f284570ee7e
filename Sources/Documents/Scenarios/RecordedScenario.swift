import ActionButtonCore
import Foundation
import SessionLog

/// Raw input captured from real buttons (or an evemu recording), as a scenario that
/// `actionsim replay` turns back into the same session (S3): every edge with its exact
/// kernel time, on the recording's own time line (a live run's: zero when it started, as
/// in its session log; an evemu recording's: its times as written), and optionally what the
/// live session did, as expectations at exact times, so that `actionsim test` checks the
/// replay matches. A press at 6.95 s in the recording is at 6.95 s in the replay.
///
/// Up to `inlineLimit` steps and expectations are written in the scenario itself; a longer
/// recording writes them to a steps file beside it (JSON Lines, `StepsFile`), which the
/// scenario names and a replay reads a line at a time: a recording of any length is read
/// back, in the memory of a short one.
public struct RecordedScenario: Sendable {
    public enum Step: Hashable, Sendable {
        case edge(Button, EdgeDirection)
        case key(String)
        case wristDown
        case endSession
    }

    /// Times on the recording's time line, written as they are.
    public var steps: [(time: Timestamp, step: Step)] = []
    /// What the live session did, each at its time on the same time line.
    public var expectations: [(time: Timestamp, check: Check)] = []

    /// One event check of an expectation: `gesture: press`, `intent: "MarkLapIntent"`,
    /// `ignored: busy`, `dropped: bounce`.
    public struct Check: Hashable, Sendable {
        public var key: String
        public var value: String

        public init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }

        /// As a YAML flow mapping's entry (an intent's name quoted, the rest are plain words).
        var yaml: String { "\(key): \(key == "intent" ? ScenarioText.quoted(value) : value)" }
    }

    /// The most steps and expectations a recording writes in the scenario itself.
    public static let inlineLimit = 10_000

    /// Whether the recording is too long for the scenario itself: its steps go to a steps file.
    public var needsStepsFile: Bool { steps.count + expectations.count > Self.inlineLimit }

    /// Where a scenario's steps file goes: beside it, `run.yaml` → `run.steps.jsonl`.
    public static func stepsFilePath(forScenario path: String) -> String {
        var base = path
        for suffix in [".yaml", ".yml"] where base.hasSuffix(suffix) {
            base.removeLast(suffix.count)
            break
        }
        return base + ".steps.jsonl"
    }
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

    /// The scenario; with `stepsFile`, it names that file (relative to the scenario) for its
    /// steps and expectations instead of listing them.
    public func yaml(_ header: Header, stepsFile: String? = nil) -> String {
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
        if let stepsFile {
            lines.append("# \(steps.count) steps and \(expectations.count) expectations (what the session did), a line each,")
            lines.append("# read a line at a time as the replay goes.")
            lines.append("steps-file: \(ScenarioText.quoted(stepsFile))")
            return lines.joined(separator: "\n") + "\n"
        }
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
                lines.append("  - {at: \(at(time)), within: 0s, \(check.yaml)}")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The steps file's text, handed to `write` a chunk of lines at a time: the steps and the
    /// expectations (sorted by time, each window opening at its time) merged in time order,
    /// at the same time the steps first.
    public func writeStepsFile<Failure: Error>(_ write: (String) throws(Failure) -> Void) throws(Failure) {
        func at(_ time: Timestamp) -> String { JSONLineWriter.quoted(ScenarioText.duration(max(0, time.nanoseconds))) }
        let checks = expectations.sorted { $0.time < $1.time }
        var chunk = ""
        chunk.reserveCapacity(1 << 16)
        func flush(_ force: Bool) throws(Failure) {
            guard force || chunk.utf8.count >= 1 << 16 else { return }
            try write(chunk)
            chunk.removeAll(keepingCapacity: true)
        }
        var nextCheck = 0
        for (time, step) in steps {
            while nextCheck < checks.count, checks[nextCheck].time < time {
                let (time, check) = checks[nextCheck]
                chunk += "{\"expect\":{\"at\":\(at(time)),\"within\":\"0s\",\(JSONLineWriter.quoted(check.key)):\(JSONLineWriter.quoted(check.value))}}\n"
                nextCheck += 1
                try flush(false)
            }
            let body: String
            switch step {
            case .edge(let button, let direction): body = "\"button\":\"\(button)\",\"edge\":\"\(direction)\""
            case .key(let name): body = "\"key\":\(JSONLineWriter.quoted(name))"
            case .wristDown: body = "\"wrist\":\"down\""
            case .endSession: body = "\"end\":\"session\""
            }
            chunk += "{\"at\":\(at(time)),\(body)}\n"
            try flush(false)
        }
        for (time, check) in checks[nextCheck...] {
            chunk += "{\"expect\":{\"at\":\(at(time)),\"within\":\"0s\",\(JSONLineWriter.quoted(check.key)):\(JSONLineWriter.quoted(check.value))}}\n"
            try flush(false)
        }
        try flush(true)
    }
}
