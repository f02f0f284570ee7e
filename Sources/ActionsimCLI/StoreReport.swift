import SessionStore

/// What a run (`replay`, `run`, `record`) says about the session store at its end: which
/// sessions it stored and how to look at them; and when a write failed (a full disk), what
/// was not stored and why. A session none of whose samples were stored is never the one
/// pointed at.
enum StoreReport {
    static func lines(_ recorder: SessionRecorder, error: StoreError?, logHasEverything: Bool) -> [String] {
        var lines: [String] = []
        let ids = recorder.sessionIDs
        let samples = recorder.samplesCommitted
        if let error {
            let lost = recorder.notStored
            var parts = ["\(lost.samples) of \(samples + lost.samples) samples",
                         "\(lost.events) of \(recorder.eventsCommitted + lost.events) events"]
            if lost.sessions > 0 {
                parts.append("\(lost.sessions) of \(ids.count + lost.sessions) sessions (not even their start)")
            }
            lines.append("warning: \(error); not stored: " + listed(parts)
                         + (logHasEverything ? "; the session log has every event" : ""))
        }
        guard !ids.isEmpty else { return lines }
        var text = "session store: \(recorder.database.path) (session\(ids.count == 1 ? "" : "s") "
            + ids.map(String.init).joined(separator: ", ") + ", \(samples) samples"
        if error == nil {
            text += "; `actionsim show \(ids.last!)`"
        } else {
            let withSamples = ids.filter { recorder.samplesCommitted(inSession: $0) > 0 }
            let empty = ids.filter { !withSamples.contains($0) }
            if !empty.isEmpty {
                text += empty.count == 1 ? "; session \(empty[0]) has its start only, no samples"
                    : "; sessions " + empty.map(String.init).joined(separator: ", ") + " have their start only, no samples"
            }
            if let last = withSamples.last { text += "; `actionsim show \(last)` for what was stored" }
        }
        lines.append(text + ")")
        return lines
    }

    private static func listed(_ parts: [String]) -> String {
        parts.count <= 1 ? parts.joined() : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }
}
