import SessionStore

/// What a run (`replay`, `run`, `record`) says about the session store at its end: which
/// sessions it stored and how to look at them; and when a write failed (a full disk), what
/// was not stored and why. A session none of whose samples were stored is never the one
/// pointed at.
public enum StoreReport {
    public static func lines(_ recorder: SessionRecorder, error: StoreError?, logHasEverything: Bool) -> [String] {
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
        let path = recorder.database.path
        if let gone = recorder.database.goneFromPath {
            let listed = "session\(ids.count == 1 ? "" : "s") " + ids.map(String.init).joined(separator: ", ")
            return lines + ["warning: the session store \(path) \(gone): \(listed) (\(samples) samples) went with it, and `actionsim show` "
                            + "cannot find \(ids.count == 1 ? "it" : "them")" + (logHasEverything ? "; the session log has every event" : "")]
        }
        guard error != nil else {
            let listed = "session\(ids.count == 1 ? "" : "s") " + ids.map(String.init).joined(separator: ", ")
            return lines + ["session store: \(path) (\(listed), \(samples) samples; `actionsim show \(ids.last!)`)"]
        }
        let held = ids.map { id in
            let count = recorder.samplesCommitted(inSession: id)
            return count > 0 ? "session \(id) with \(count) samples" : "session \(id) with its start only, no samples"
        }
        let pointer = ids.last { recorder.samplesCommitted(inSession: $0) > 0 }
        lines.append("session store: \(path) holds " + listed(held)
                     + (pointer.map { "; `actionsim show \($0)` shows what was stored" } ?? ""))
        return lines
    }

    private static func listed(_ parts: [String]) -> String {
        parts.count <= 1 ? parts.joined() : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }
}
